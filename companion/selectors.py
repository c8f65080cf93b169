"""Reads of memories, always scoped to one user: hybrid recall, lists, one memory, export."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import F, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone

from companion.models import (
    AgentCheckpoint,
    AgentState,
    Conversation,
    Memory,
    MemoryChange,
    Tier,
    Turn,
)
from delight.ai.embeddings import normalise_words
from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default

RRF_K = 60  # the constant of reciprocal rank fusion (Cormack et al.): 1 / (60 + rank)
CANDIDATES_PER_K = 4  # each list keeps 4k candidates (at least MIN_CANDIDATES) for fusion
MIN_CANDIDATES = 40
MAX_K = 100
# Boosts, in RRF units: rank 1 in one list is worth 1/61 = 0.0164 and rank 5 is 0.0154, so
# a boost of at most 0.001 reorders near-ties but never beats being found by both lists.
RECENCY_BOOST = 0.001  # halves every RECENCY_HALF_LIFE_DAYS since the last update
RECENCY_HALF_LIFE_DAYS = 30
RECENT_DAYS = 7  # "recent" in the reasons
FREQUENCY_BOOST = 0.001  # grows with log(access_count), full at FREQUENT_USES
FREQUENT_USES = 50
OFTEN_USED = 5  # "often used" in the reasons

# Columns people and staff never read: vectors (and the search vector) stay in the database.
UNREAD = ("embedding", "sketch", "search_vector")
EXPORT_FIELDS = (
    "id",
    "tier",
    "content",
    "key",
    "tags",
    "metadata",
    "source",
    "confidence",
    "goal_id",
    "mission_id",
    "embedder",
    "active",
    "superseded_by_id",
    "access_count",
    "created_at",
    "updated_at",
    "last_accessed_at",
    "expires_at",
)

# Stage 1 shortlists this many memories per meaning-list row (200 for k=10) by sketch.
# Stage 2 costs ~1 ms per 100 (a primary-key lookup and a heap page each), stage 1 ~0.4 ms
# per 1,000 memories; see memory_recall for the overlap with the exact list.
SHORTLIST_PER_CANDIDATE = 5

# Two stages in ONE statement, so both see the same snapshot and `now()`: stage 1 returns
# min(shortlist, eligible) rows and stage 2 keeps every one of them, so the list always has
# min(limit, eligible) rows and no fallback query is needed.
# Stage 1 ranks the user's 96-number sketches, read by an index-only scan of
# `memory_recall_sketches`; the query's sketch is computed once (the scalar subquery) by the
# same SQL function that made the stored ones. Stage 2 re-ranks the shortlist by the exact
# inner product of the full embeddings, fetched by primary key.
# The OFFSET 0 fence keeps the filter on the user inside the subquery: should an ANN index
# (HNSW/IVF) ever be added, the planner cannot turn this into "scan the index, then filter",
# which in pgvector 0.6 silently returns fewer than k rows.
# Vectors are unit length, so the inner product (<#> is its negative) orders exactly like
# cosine similarity and costs about half as much per row.
_MEANING_SQL = """
SELECT id, -negative_dot AS similarity FROM (
    SELECT id, embedding <#> %(vector)s::vector AS negative_dot
    FROM companion_memory
    WHERE user_id = %(user_id)s AND id = ANY(ARRAY(
        SELECT id FROM (
            SELECT id, sketch <#> (SELECT memory_sketch(%(vector)s::vector)) AS rough
            FROM companion_memory
            WHERE user_id = %(user_id)s AND active AND embedder = %(embedder)s
              AND (expires_at IS NULL OR expires_at > now())
              AND (%(tiers)s::text[] IS NULL OR tier = ANY(%(tiers)s::text[]))
            OFFSET 0
        ) mine
        ORDER BY rough, id
        LIMIT %(shortlist)s
    ))
) shortlist
ORDER BY negative_dot, id
LIMIT %(limit)s
"""

_WORDS_SQL = """
SELECT best.id, best.rank, ARRAY(
    SELECT unnest(tsvector_to_array(best.search_vector))
    INTERSECT SELECT unnest(tsvector_to_array(to_tsvector('english', %(words)s)))
    ORDER BY 1
) AS matched
FROM (
    SELECT id, search_vector, ts_rank_cd(search_vector, query) AS rank
    FROM companion_memory, websearch_to_tsquery('english', %(words)s) AS query
    WHERE user_id = %(user_id)s AND active AND search_vector @@ query
      AND (expires_at IS NULL OR expires_at > now())
      AND (%(tiers)s::text[] IS NULL OR tier = ANY(%(tiers)s::text[]))
    ORDER BY rank DESC, id DESC
    LIMIT %(limit)s
) best
ORDER BY best.rank DESC, best.id DESC
"""


@dataclass
class RecalledMemory:
    memory: Memory
    score: float
    reasons: list[str] = field(default_factory=list)


@dataclass
class _Candidate:
    score: float = 0.0
    reasons: list[str] = field(default_factory=list)
    found: bool = False  # still there when the boosts are read


def _tiers(tiers: Iterable[str] | None) -> list[str] | None:
    if tiers is None:
        return None
    chosen = list(dict.fromkeys(tiers))
    unknown = [tier for tier in chosen if tier not in Tier.values]
    if unknown:
        raise ValidationError(
            "Unknown tier %(tiers)s; use personal, project or task.",
            params={"tiers": ", ".join(unknown)},
            code="bad_tier",
        )
    return chosen or None


def _or_words(query: str) -> str:
    # Any word may match (websearch "or"); the words are bare [a-z0-9] tokens, so a query
    # can never inject tsquery syntax, and "or" itself is a stopword anyway.
    return " or ".join(word for word in normalise_words(query) if word != "or")


def _meaning_ranks(
    *, user_id: int, vector: list[float], embedder: str, tiers: list[str] | None, limit: int
) -> list[tuple[int, float]]:
    """The user's `limit` nearest memories as (id, similarity), best first (two stages)."""
    with connection.cursor() as cursor:
        cursor.execute(
            _MEANING_SQL,
            {
                "vector": str(list(vector)),
                "user_id": user_id,
                "embedder": embedder,
                "tiers": tiers,
                "limit": limit,
                "shortlist": limit * SHORTLIST_PER_CANDIDATE,
            },
        )
        return cursor.fetchall()


def _word_ranks(*, user_id: int, words: str, tiers, limit: int):
    if not words:
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            _WORDS_SQL, {"words": words, "user_id": user_id, "tiers": tiers, "limit": limit}
        )
        return cursor.fetchall()


def _boosts(*, updated_at, access_count: int, now) -> tuple[float, list[str]]:
    age_days = max((now - updated_at).total_seconds() / 86400, 0.0)
    recency = RECENCY_BOOST * 0.5 ** (age_days / RECENCY_HALF_LIFE_DAYS)
    uses = min(math.log1p(access_count) / math.log1p(FREQUENT_USES), 1.0)
    reasons = []
    if age_days <= RECENT_DAYS:
        reasons.append("recent")
    if access_count >= OFTEN_USED:
        reasons.append("often used")
    return recency + FREQUENCY_BOOST * uses, reasons


def memory_recall(
    *,
    user: Any,
    query: str,
    k: int = 10,
    tiers: Iterable[str] | None = None,
    engine: Engine | None = None,
) -> list[RecalledMemory]:
    """The user's k active memories that best answer `query`, best first, with reasons.

    1. Embed the query with the current embedder.
    2. Meaning list: the 4k (at least 40) nearest vectors by cosine similarity (computed as
       the inner product `<#>`: every embedder returns unit vectors), from this user's rows
       only, in two stages of one SQL statement. Why no ANN index: pgvector 0.6.2 has no
       iterative index scans, so an HNSW/IVF index filtered by user returns too few rows
       (often none).
       a. Shortlist: rank every eligible memory of the user by its 96-number `sketch` (a
          random projection of the embedding that PostgreSQL keeps) and keep the best 5 x 4k
          (200 for k=10). The sketches come from the covering B-tree `memory_recall_sketches`
          (user, active, embedder) INCLUDE (…, sketch) by an index-only scan: one person's
          sketches sit on contiguous leaf pages, a quarter of the vectors' bytes.
       b. Re-rank the shortlist by the exact inner product of the full embeddings.
       A user with no more eligible memories than that is ranked exactly. Measured by
       bench/recall.py on 1,000,000 rows (hashing-embedder vectors, 2 shared busy cores),
       whole recall: p95 13-18 ms at 10,000 memories (the old exact scan: 20-26 ms),
       61-83 ms at 100,000 (exact: 146-179 ms), 9-12 ms at 1,000 (exact: 7-8 ms: the
       shortlist costs more than it saves there). Overlap@10 with the exact list: 0.95 at
       1,000 memories, 0.99 at 10,000, 1.00 at 100,000. Always the full k. Vectors made by
       an earlier embedder are skipped until `reembed_memories` has run (not comparable).
    3. Words list: PostgreSQL full-text search, any of the query's words
       (`websearch_to_tsquery('english', 'a or b')`), ranked by `ts_rank_cd`, 4k rows.
    4. Fuse by reciprocal rank fusion: score = Σ 1 / (60 + rank) over the lists.
    5. Add the small recency and access-frequency boosts (module constants above).
    6. Sort, keep k, and load only those memories in full (never another user's: every
       step filters on the user, and the final load does again).
    Only active memories that have not expired are recalled. The meaning list alone returns
    min(k, the user's eligible memories), so a user with at least k memories gets k results.
    """
    if not 1 <= k <= MAX_K:
        raise ValidationError("k must be between 1 and %(max)s.", params={"max": MAX_K})
    chosen = _tiers(tiers)
    embedder = engine_or_default(engine).embedder
    limit = max(k * CANDIDATES_PER_K, MIN_CANDIDATES)
    candidates: dict[int, _Candidate] = {}

    meaning = _meaning_ranks(
        user_id=user.pk,
        vector=embedder.embed_one(query),
        embedder=embedder.name,
        tiers=chosen,
        limit=limit,
    )
    for rank, (memory_id, similarity) in enumerate(meaning, start=1):
        candidate = candidates.setdefault(memory_id, _Candidate())
        candidate.score += 1.0 / (RRF_K + rank)
        candidate.reasons.append(f"meaning {similarity:.2f} (rank {rank})")
    words = _word_ranks(user_id=user.pk, words=_or_words(query), tiers=chosen, limit=limit)
    for rank, (memory_id, _, matched) in enumerate(words, start=1):
        candidate = candidates.setdefault(memory_id, _Candidate())
        candidate.score += 1.0 / (RRF_K + rank)
        candidate.reasons.append(f"words: {', '.join(matched)} (rank {rank})")

    # Boosts need two columns of every candidate; only the k winners are loaded in full.
    now = timezone.now()
    usage = Memory.objects.filter(user_id=user.pk, pk__in=list(candidates)).values_list(
        "pk", "updated_at", "access_count"
    )
    for memory_id, updated_at, access_count in usage:
        candidate = candidates[memory_id]
        boost, reasons = _boosts(updated_at=updated_at, access_count=access_count, now=now)
        candidate.score = round(candidate.score + boost, 6)
        candidate.reasons.extend(reasons)
        candidate.found = True
    ranked = sorted(
        (item for item in candidates.items() if item[1].found),
        key=lambda item: (-item[1].score, -item[0]),
    )[:k]
    memories = Memory.objects.filter(user_id=user.pk, pk__in=[pk for pk, _ in ranked]).defer(
        *UNREAD
    )
    by_id = {memory.pk: memory for memory in memories}
    return [
        RecalledMemory(memory=by_id[pk], score=found.score, reasons=found.reasons)
        for pk, found in ranked
        if pk in by_id
    ]


def memory_list(
    *,
    user: Any,
    tier: str | None = None,
    source: str | None = None,
    q: str | None = None,
) -> QuerySet[Memory]:
    """The user's active memories, newest first, optionally by tier, source and text."""
    memories = Memory.objects.filter(user_id=user.pk, active=True).defer(*UNREAD)
    if tier:
        memories = memories.filter(tier=tier)
    if source:
        memories = memories.filter(source=source)
    if q:
        memories = memories.filter(content__icontains=q.strip())
    return memories.order_by("-updated_at", "-id")


def memory_get(*, user: Any, memory_id: int) -> Memory:
    """One of the user's memories; anyone else's answers 404 (Http404)."""
    return get_object_or_404(Memory.objects.filter(user_id=user.pk).defer(*UNREAD), pk=memory_id)


def memory_history(*, user: Any, memory_id: int) -> QuerySet[MemoryChange]:
    return MemoryChange.objects.filter(user_id=user.pk, memory_id=memory_id)


def _jsonable(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value


def memory_export(*, user: Any) -> dict:
    """Everything Eliza remembers about the user, with history, as JSON-ready data.

    Superseded (inactive) memories are included, since they are history the person owns;
    vectors are not (they are derived data and mean nothing to a person).
    """
    memories = Memory.objects.filter(user_id=user.pk).defer(*UNREAD).order_by("id")
    changes: dict[int, list[dict]] = {}
    for change in MemoryChange.objects.filter(user_id=user.pk, memory__isnull=False):
        changes.setdefault(change.memory_id, []).append(
            {
                "kind": change.kind,
                "old_content": change.old_content,
                "new_content": change.new_content,
                "actor": change.actor,
                "created_at": change.created_at.isoformat(),
            }
        )
    return {
        "user": user.get_username(),
        "exported_at": timezone.now().isoformat(),
        "memories": [
            {
                **{name: _jsonable(getattr(memory, name)) for name in EXPORT_FIELDS},
                "history": changes.get(memory.pk, []),
            }
            for memory in memories
        ],
    }


def checkpoint_latest(*, agent_state: AgentState, turn_id: str) -> AgentCheckpoint | None:
    """The turn's newest checkpoint (one indexed read)."""
    return (
        AgentCheckpoint.objects.filter(agent_state=agent_state, turn_id=turn_id)
        .order_by("-seq")
        .first()
    )


# -- conversations -----------------------------------------------------------------------------


def agent_state_data(*, user: Any, session_id: Any, agent_type: str = "eliza") -> dict[str, Any]:
    """The state data an agent keeps for a session ({} before its first turn)."""
    data = (
        AgentState.objects.filter(user=user, session_id=session_id, agent_type=agent_type)
        .values_list("state_data", flat=True)
        .first()
    )
    return data or {}


def conversation_list(*, user: Any) -> QuerySet[Conversation]:
    return Conversation.objects.filter(user=user).order_by(
        F("last_message_at").desc(nulls_last=True), "-created_at"
    )


def conversation_get(*, user: Any, conversation_id: Any) -> Conversation:
    """The person's own session; any other id (unknown, or another person's) is a 404."""
    conversation = Conversation.objects.filter(user=user, pk=conversation_id).first()
    if conversation is None:
        raise Http404("There is no such session.")
    return conversation


def agent_state_for(*, user: Any, session_id: Any, agent_type: str = "eliza") -> dict[str, Any]:
    """Where Eliza is in a session, as its owner may read it."""
    state = AgentState.objects.filter(
        user=user, session_id=session_id, agent_type=agent_type
    ).first()
    if state is None:
        return {"conversation_state": "idle", "pending_slot": None, "current_node": None}
    dialogue = state.state_data.get("dialogue") or {}
    return {
        "conversation_state": state.conversation_state,
        "pending_slot": state.pending_slot or None,
        "flow": dialogue.get("flow"),
        "slots": dialogue.get("slots", {}),
        "current_node": state.current_node or None,
        "current_turn": state.current_turn or None,
        "schema_version": state.schema_version,
        "updated_at": state.updated_at.isoformat(),
    }


def conversation_turns(*, user: Any, conversation_id: Any, limit: int = 100) -> list[Turn]:
    """The session's latest `limit` turns, oldest first."""
    turns = Turn.objects.filter(user=user, conversation_id=conversation_id).order_by("-created_at")
    return list(reversed(turns[:limit]))


def conversation_history(
    *, user: Any, conversation_id: Any, before: Any, turns: int
) -> list[dict[str, str]]:
    """The session's last `turns` answered turns before `before`, as chat messages."""
    rows = (
        Turn.objects.filter(user=user, conversation_id=conversation_id, status=Turn.Status.DONE)
        .exclude(pk=before)
        .order_by("-created_at")
        .values_list("text", "reply")[:turns]
    )
    history: list[dict[str, str]] = []
    for text, reply in reversed(rows):
        history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply}]
    return history


def turn_by_key(*, user: Any, idempotency_key: str) -> Turn | None:
    return Turn.objects.filter(user=user, idempotency_key=idempotency_key).first()


def turns_stale(*, now: dt.datetime) -> QuerySet[Turn]:
    """Running turns whose lease has passed: their process was cut off."""
    return Turn.objects.filter(status=Turn.Status.RUNNING, lease_until__lt=now)
