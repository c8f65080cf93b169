"""The exchange a memory continues: what was said just before it, kept with it as context.

A turn of a conversation often makes sense only beside its neighbours ("I chose them 'cause
they help LGBTQ+ folks with adoption" answers the turn before it). Read on long conversations
nobody here wrote (bench/recall_longconv.py), the previous turns' words counted lightly and a
vector leaning toward the previous turn found the turn that holds an answer far more often;
the next turns added nothing the previous ones did not, so a memory's context is fixed when
it is made and never rewritten.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import numpy as np

from companion.models import Memory
from delight.models import User

# How many of the thread's previous memories a memory keeps as context, and how much of each
# one's text (the gist: its beginning).
CONTEXT_MEMORIES = 2
CONTEXT_CHARS = 300
# How far the context vector leans toward the previous memory's: its embedding plus this much
# of the previous one's, made unit length again.
CONTEXT_LEAN = 0.3
# A memory continues a thread when the person's previous memory came from the same source
# this recently, and neither names another session: the values of their metadata keys that
# name one (a conversation, a session, a thread, a date) agree wherever both have one.
THREAD_GAP = dt.timedelta(minutes=30)
_SESSION_WORDS = ("conversation", "session", "thread", "date")


def memory_context_of(
    *, previous: Sequence[Memory], embedding: Sequence[float]
) -> tuple[str, list[float] | None]:
    """The context text and context vector of a memory whose thread's previous memories are
    `previous` (oldest first) and whose own vector is `embedding`; ("", None) for none."""
    if not previous:
        return "", None
    text = "\n".join(memory.content[:CONTEXT_CHARS] for memory in previous)
    leaned = np.asarray(embedding, dtype=np.float64) + CONTEXT_LEAN * np.asarray(
        previous[-1].embedding, dtype=np.float64
    )
    norm = float(np.linalg.norm(leaned))
    return text, (leaned / norm).tolist() if norm else None


def thread_previous(*, user: User, memory: Memory, now: dt.datetime) -> list[Memory]:
    """The memories, oldest first, that `memory` (not yet saved) continues: the person's last
    ones from its source, each within THREAD_GAP of the next, in the same session; [] when it
    starts a thread."""
    recent = Memory.objects.filter(
        user=user,
        source=memory.source,
        embedder=memory.embedder,
        created_at__gte=now - THREAD_GAP * CONTEXT_MEMORIES,
    ).order_by("-id")[:CONTEXT_MEMORIES]
    chosen: list[Memory] = []
    later_at, later_metadata = now, memory.metadata
    for earlier in recent:
        if later_at - earlier.created_at > THREAD_GAP or not _same_session(
            earlier.metadata, later_metadata
        ):
            break
        chosen.append(earlier)
        later_at, later_metadata = earlier.created_at, earlier.metadata
    return chosen[::-1]


def _same_session(first: dict[str, Any], second: dict[str, Any]) -> bool:
    def sessions(metadata: dict[str, Any]) -> dict[str, str]:
        return {
            key: str(value)
            for key, value in metadata.items()
            if any(word in key.lower() for word in _SESSION_WORDS)
        }

    one, other = sessions(first), sessions(second)
    return all(one[key] == other[key] for key in one.keys() & other.keys())
