"""What the turn reads back from the conversation so far: the last messages, what it was
last about, and a recalled memory as the context carries it."""

from __future__ import annotations

from typing import Any

from companion import when
from companion.dialogue.cues import asks_for_ideas
from companion.models import Memory
from companion.selectors import previous_topic
from companion.turn.common import TurnDeps
from companion.turn.topics import recent_matter

# How many messages back a deed told by pointing ("did it") may find the mission meant: two
# exchanges (she named the run; "maybe a slow one"; her answer; "did it. 5k slow").
LOOK_BACK = 4


def said_last(history: list[dict[str, Any]], count: int) -> tuple[str, ...]:
    """The last `count` messages of the conversation, latest first."""
    return tuple(m["content"] for m in reversed(history[-count:]))


def own_last(history: list[dict[str, Any]]) -> tuple[str, ...]:
    """The person's messages among the last LOOK_BACK, latest first."""
    return tuple(m["content"] for m in reversed(history[-LOOK_BACK:]) if m["role"] == "user")


def earlier_about(deps: TurnDeps, act: str, text: str, history: list[dict[str, Any]]) -> str:
    """For "where were we?": what this conversation was last about, else the last one; for
    a request for an idea, what was said last of its matter ("something for the up
    strokes"), else what this conversation was last about ("what should i say to her")."""
    topic = deps.session_at_start.get("topic", "")
    if act == "advice_request" or asks_for_ideas(text):
        return recent_matter(text, history) or topic
    if act != "resume":
        return ""
    return topic or previous_topic(user=deps.user, session_id=deps.conversation_id)


def memory_row(memory: Memory, score: float, reasons: list[str], dated: bool) -> dict[str, Any]:
    """A recalled memory as the context carries it; a dated one says when it happened."""
    content = memory.content
    if dated and memory.said_on is not None and memory.happened_on is not None:
        found = when.happened(content, memory.said_on)
        content = when.dated_text(content, found) if found else content
    return {
        "id": memory.pk,
        "content": content,
        "key": memory.key,
        "tier": memory.tier,
        "score": score,
        "reasons": reasons,
    }
