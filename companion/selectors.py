"""Reads of memories, always scoped to one user: hybrid recall, lists, one memory, export."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import F, QuerySet
from django.utils import timezone

from companion import recall_sql, rerank, sketches
from companion.models import (
    CompanionProfile,
    Conversation,
    Memory,
    MemoryChange,
    MemoryUse,
    Tier,
    Turn,
)
from companion.recall_sql import UNREAD
from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default
from delight.ai.text import normalise_words
from delight.errors import NotFound
from delight.models import AgentState, User
from delight.rows import model_from_row, prepared_cursor, read_owned
from delight.selectors import agent_state_find, one_or_not_found

# The constant of reciprocal rank fusion, 1 / (RRF_K + rank). Cormack et al.'s 60 flattens
# the lists' first ranks, where the answer usually is: chosen on the tuned part of
# bench/recall_longconv.py (R@5 any, k 60 -> 10: 59.6 -> 60.4%; untouched 56.7 -> 59.2%,
# LoCoMo 52.0 -> 58.2%, as simulated from the lists there).
RRF_K = 10
CANDIDATES_PER_K = 4  # each list keeps 4k candidates (at least MIN_CANDIDATES) for fusion
MIN_CANDIDATES = 40
MAX_K = 100
# Boosts, in RRF units: rank 1 in one list is worth 1/11 = 0.091 and rank 5 is 0.067, so a
# boost of at most 0.001 only breaks near-ties: never above a clearly better match.
RECENCY_BOOST = 0.001  # halves every RECENCY_HALF_LIFE_DAYS since the last update
RECENCY_HALF_LIFE_DAYS = 30
RECENT_DAYS = 7  # "recent" in the reasons
FREQUENCY_BOOST = 0.001  # grows with log(access_count), full at FREQUENT_USES
FREQUENT_USES = 50
OFTEN_USED = 5  # "often used" in the reasons

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
    "said_on",
    "happened_on",
    "happened_span",
    "created_at",
    "updated_at",
    "last_accessed_at",
    "expires_at",
)

# Stage 1 shortlists this many memories per meaning-list row (200 for k=10) by sketch.
# Stage 2 costs ~1 ms per 100 (a primary-key lookup and a heap page each), stage 1 ~0.4 ms
# per 1,000 memories; see memory_recall for the overlap with the exact list.
SHORTLIST_PER_CANDIDATE = 5


@dataclass
class RecalledMemory:
    memory: Memory
    score: float
    reasons: list[str] = field(default_factory=list)
    # The same reasons in plain words for a person ("matches “sister”"): no scores or ranks.
    why: list[str] = field(default_factory=list)


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


def _meaning_params(
    *,
    user_id: int,
    vector: list[float],
    embedder: str,
    tiers: list[str] | None,
    limit: int,
    shortlist: int | None = None,
    words: str = "",
) -> tuple[dict[str, Any], sketches.Lists | None]:
    """The parameters of the meaning list (and of the words list, for `words`), with the
    lists the process's copy made when it keeps one (companion.sketches), and those lists."""
    size = shortlist or limit * SHORTLIST_PER_CANDIDATE
    copied = sketches.lists(
        user_id=user_id,
        embedder=embedder,
        vector=vector,
        tiers=tiers,
        size=size,
        words=words,
        limit=limit,
    )
    params = {
        "vector": str(list(vector)),
        "user_id": user_id,
        "embedder": embedder,
        "tiers": tiers,
        "limit": limit,
        "shortlist": size,
        "revision": copied.revision if copied else None,
        "shortlisted": copied.shortlisted if copied else None,
        "worded": copied.worded if copied else None,
        "rare_worded": copied.rare_worded if copied else None,
        "words": words,
    }
    return params, copied


def memory_nearest(
    *,
    user_id: int,
    vector: list[float],
    embedder: str,
    tiers: list[str] | None = None,
    limit: int = 1,
    shortlist: int | None = None,
) -> list[tuple[int, float]]:
    """The user's `limit` active, unexpired memories nearest to `vector` as (id, cosine
    similarity), best first: recall's meaning list (two stages, see memory_recall), with
    `shortlist` sketches re-ranked exactly (default 5 per row asked for)."""
    params, _ = _meaning_params(
        user_id=user_id,
        vector=vector,
        embedder=embedder,
        tiers=tiers,
        limit=limit,
        shortlist=shortlist,
    )
    with connection.cursor() as cursor:
        cursor.execute(recall_sql.MEANING_SQL, params)
        rows: list[tuple[int, float]] = cursor.fetchall()
        return rows


@dataclass(frozen=True)
class _Signals:
    """Why a memory was recalled: its ranks in each stage, the words it matched, its age."""

    similarity: float
    meaning_rank: int | None
    words_rank: int | None
    matched: list[str]
    age_days: float
    uses: int

    def reasons(self) -> list[str]:
        """For staff (scores and ranks)."""
        reasons = []
        if self.meaning_rank is not None:
            reasons.append(f"meaning {self.similarity:.2f} (rank {self.meaning_rank})")
        if self.words_rank is not None:
            reasons.append(f"words: {', '.join(self.matched)} (rank {self.words_rank})")
        if self.age_days <= RECENT_DAYS:
            reasons.append("recent")
        if self.uses >= OFTEN_USED:
            reasons.append("often used")
        return reasons

    def plain(self) -> list[str]:
        """For the person (no score, no rank)."""
        why = []
        if self.words_rank is not None and self.matched:
            why.append("matches " + ", ".join(f"“{word}”" for word in self.matched))
        elif self.meaning_rank is not None:
            why.append("close in meaning")
        if self.uses >= OFTEN_USED:
            why.append("you mentioned this often")
        if self.age_days <= RECENT_DAYS:
            why.append("recent")
        return why


def memory_recall(
    *,
    user: User,
    query: str,
    k: int = 10,
    tiers: Iterable[str] | None = None,
    engine: Engine | None = None,
) -> list[RecalledMemory]:
    """The user's k active memories that best answer `query`, best first, with reasons.

    1. Embed the query with the current embedder (Python); the rest is one SQL statement.
    2. Meaning list: the 4k (at least 40) nearest vectors by cosine similarity (computed as
       the inner product `<#>`: every embedder returns unit vectors), from this user's rows
       only, in two stages. Why no ANN index: an HNSW index on the embeddings with
       pgvector 0.8.5's iterative scans (`hnsw.iterative_scan = relaxed_order`, defaults
       m 16, ef_search 40), measured against this design on bench/recall.py (1M rows, same
       minutes), did return k rows, but at 10,000 memories took p50 119-130 / p95 224-396 ms
       (this design: 6.8 / 11.3) with overlap@10 0.942 (0.993), and 0.919 at 100,000 (worst
       query 0.00): a person holds 1% of the rows, so the graph walk fetches and filters out
       ~110 heap rows of others for each one of theirs (4,400 for 40; 27,000 buffers).
       a. Shortlist: rank every eligible memory of the user by its 96-number `sketch` (a
          random projection of the embedding that PostgreSQL keeps) and keep the best 5 x 4k
          (200 for k=10). For a person with at least RECALL_CACHE_MIN_MEMORIES memories this
          runs in the process, on its copy of their sketches (companion.sketches), checked
          against the person's revision first and again inside the statement. Otherwise
          the sketches come from the covering B-tree `memory_recall_sketches` (user,
          active, embedder, tier) INCLUDE (…, sketch) by an index-only scan: one person's
          sketches sit on contiguous leaf pages, a quarter of the vectors' bytes.
       b. Re-rank the shortlist by the exact inner product of the full embeddings.
       A user with no more eligible memories than that is ranked exactly. Overlap@10 with
       the exact list (bench/recall.py): 0.95 at 1,000 memories, 0.99 at 10,000, 1.00 at
       100,000. Vectors made by an earlier embedder are skipped until `reembed_memories`
       has run (not comparable).
    3. Words lists: the memories holding any of the query's words (PostgreSQL's lexemes,
       `english`), ranked by `ts_rank`, 4k rows; and, for a person the process keeps a
       copy of, by BM25 over each memory's words and, counted lightly, those of what was
       said just before it (Memory.context): a word rare among the person's memories counts
       for more, 4k rows. With a copy both are ranked there
       (companion.sketches.words_ranked) and taken by the statement only at the copy's
       revision. Otherwise PostgreSQL ranks the first, and recall fuses two lists
       (`websearch_to_tsquery('english', 'a or b')`): words rare in this person's memories
       are found through the GIN index, asked for the words AND the owner's lexeme
       (`models.OwnerLexeme`), so it returns this person's matches only, however common
       the words are in other people's; words common in this person's memories by an
       index-only scan of `memory_recall_words` (the planner picks; ~2.8 ms of the
       statement for a word in 2,500 of 10,000 memories, ~0.1 ms from the copy). The third
       list, R@5 any on bench/recall_longconv.py (tuned | untouched | LoCoMo): 60.8 |
       59.6 | 58.0% -> 61.7 | 62.9 | 62.1% (plain BM25 alone: 57.5 | 53.8 | 60.1%).
    4. Fuse by reciprocal rank fusion: score = Σ 1 / (RRF_K + rank) over the lists.
    5. Add the small recency and access-frequency boosts (module constants above) and round
       to 6 places, so near-equal scores tie and fall back to the newer id.
    6. Sort, keep k, and load only those memories in full (never another user's: every
       step filters on the user, and the final load does again), with the words each one
       matched. The reasons are written from those columns.
    7. Second stage (companion.rerank), when the copy's lists were current and a learned
       model is shipped: step 6 keeps the best rerank.DEPTH (50), and each is read again as
       a pair with the query (its ranks, both cosines, its BM25 with and without what was
       said before it, who said it, whether it tells a time, its length) and ordered by the
       model's chance that it holds the answer; the k best are returned with that chance as
       their score. bench/recall_longconv.py, R@5 any (tuned | untouched | LoCoMo): first
       stage 66.8 | 64.0 | 66.2% -> both 78.9 | 76.5 | 76.9% (plain BM25 54.5 | 54.4 |
       60.1%). Only the k returned are built as memories; the candidates stay rows.
    Only active memories that have not expired are recalled. The meaning list alone returns
    min(k, the user's eligible memories), so a user with at least k memories gets k results.
    Measured by bench/recall.py on 1,000,000 rows (2 shared cores whose speed varies by
    up to 40% from run to run), in alternating A/Bs, p50 / p95 ms: 10,000 memories, three
    statements and two ORM reads 13.6 / 17.9, one statement 10.5 / 14.1 (the old exact scan
    20-26 p95), with the owner's lexeme 7.9 / 9.8 (before it, same minutes: 9.6 / 12.2);
    100,000: 57.7 / 77.9 -> 42.0 / 54.9 (exact: 146-179); 1,000: 4.0 / 5.4. At 10,000,
    stage 1 in PostgreSQL (an index-only scan of ~640 pages, 10,000 distances and a top-200
    sort) took ~6 ms of the statement's ~9.5; on the process's copy it takes ~0.3 ms plus a
    0.2 ms revision check, and the statement ~2 ms (+1.3 ms planning). Same machine, same
    minutes: 10,000 memories p50 14.6 -> 9.7 ms, p95 21.7 -> 12.7; 100,000: 76.9 -> 18.0.
    """
    if not 1 <= k <= MAX_K:
        raise ValidationError("k must be between 1 and %(max)s.", params={"max": MAX_K})
    learned = rerank.model()
    rows, copied = _first_stage(
        user=user,
        query=query,
        k=k,
        tiers=tiers,
        engine=engine,
        depth=rerank.DEPTH if learned else k,
    )
    if learned is None or copied is None or not rows:
        return [_recalled(row) for row in rows[:k]]
    candidates = [_candidate(row) for row in rows]
    words = copied.words_read([candidate.memory_id for candidate in candidates])
    chances = learned.scores(rerank.features(query, candidates, words))
    order = sorted(range(len(rows)), key=lambda i: (-chances[i], -candidates[i].memory_id))
    return [_recalled(rows[i], rerank.score_round(float(chances[i]))) for i in order[:k]]


def recall_candidates(
    *, user: User, query: str, engine: Engine | None = None
) -> tuple[list[rerank.Candidate], np.ndarray] | None:
    """What recall's second stage reads for `query`: the first stage's best rerank.DEPTH
    candidates and their words' scores (for learning its model: bench/recall_longconv.py);
    None without the process's copy, when recall has no second stage."""
    rows, copied = _first_stage(
        user=user, query=query, k=rerank.DEPTH, tiers=None, engine=engine, depth=rerank.DEPTH
    )
    if copied is None:
        return None
    candidates = [_candidate(row) for row in rows]
    return candidates, copied.words_read([candidate.memory_id for candidate in candidates])


def _first_stage(
    *,
    user: User,
    query: str,
    k: int,
    tiers: Iterable[str] | None,
    engine: Engine | None,
    depth: int,
) -> tuple[list[tuple[Any, ...]], sketches.Lists | None]:
    """The recall statement's best max(k, depth) rows with a copy (k without), and the
    copy's lists (None when there is no copy, or it is no longer current)."""
    embedder = engine_or_default(engine).embedder
    params, copied = _meaning_params(
        user_id=user.pk,
        vector=embedder.embed_one(query),
        embedder=embedder.name,
        tiers=_tiers(tiers),
        limit=max(k * CANDIDATES_PER_K, MIN_CANDIDATES),
        words=_or_words(query),
    )
    params |= {
        "k": max(k, depth) if copied is not None else k,
        "rrf_k": RRF_K,
        "recency": RECENCY_BOOST,
        "half_life": RECENCY_HALF_LIFE_DAYS,
        "frequency": FREQUENCY_BOOST,
        "frequent_uses": FREQUENT_USES,
    }
    with connection.cursor() as cursor:
        cursor.execute(recall_sql.RECALL_SQL, params)
        rows: list[tuple[Any, ...]] = cursor.fetchall()
    # The copy's words scores are read only at the revision it was made at.
    current = copied is not None and bool(rows) and rows[0][-1]
    return rows, copied if current else None


# Where the recall statement's columns are: the memory's, its use's, then the signals.
_MEMORY_END = len(recall_sql.RECALLED_FIELDS)
_USE_END = _MEMORY_END + len(recall_sql.USE_FIELDS)
_CONTENT = [field.name for field in recall_sql.RECALLED_FIELDS].index("content")


def _recalled(row: tuple[Any, ...], score: float | None = None) -> RecalledMemory:
    """One row of the recall statement as a recalled memory (with the second stage's
    `score`, when it ordered them)."""
    memory = model_from_row(Memory, recall_sql.RECALLED_FIELDS, row[:_MEMORY_END])
    use = row[_MEMORY_END:_USE_END]
    used = use[0] is not None  # the LEFT JOIN found a MemoryUse (its key comes first)
    memory.use_known(model_from_row(MemoryUse, recall_sql.USE_FIELDS, use) if used else None)
    fused, age_days, meaning, meaning_rank, words_rank, matched = row[_USE_END : _USE_END + 6]
    uses_count = memory.access_count
    signals = _Signals(meaning, meaning_rank, words_rank, matched, age_days, uses_count)
    return RecalledMemory(
        memory=memory,
        score=fused if score is None else score,
        reasons=signals.reasons(),
        why=signals.plain(),
    )


def _candidate(row: tuple[Any, ...]) -> rerank.Candidate:
    """One row of the recall statement as the second stage reads it."""
    similarity, context_similarity, plain_rank, rare_rank, _ = row[_USE_END + 6 :]
    return rerank.Candidate(
        memory_id=row[0],
        content=row[_CONTENT],
        similarity=similarity,
        context_similarity=context_similarity,
        meaning_rank=row[_USE_END + 3],
        words_rank=plain_rank,
        rare_rank=rare_rank,
    )


def _shown(user: User) -> QuerySet[Memory]:
    """The person's memories as they are shown and exported: no vectors, with their use."""
    return Memory.objects.owned_by(user).defer(*UNREAD).select_related("use")


def memory_list(
    *,
    user: User,
    tier: str | None = None,
    source: str | None = None,
    q: str | None = None,
) -> QuerySet[Memory]:
    """The user's active memories, newest first, optionally by tier, source and text."""
    memories = _shown(user).filter(active=True)
    if tier:
        memories = memories.filter(tier=tier)
    if source:
        memories = memories.filter(source=source)
    if q:
        memories = memories.filter(content__icontains=q.strip())
    return memories.order_by("-updated_at", "-id")


def memories_keyed(*, user: User, limit: int = 12) -> list[Memory]:
    """The user's active personal and project memories that hold a keyed fact (a relative,
    a pet, their city, a food they avoid…), newest first: what Eliza can say she knows."""
    keyed = _shown(user).filter(active=True, tier__in=[Tier.PERSONAL, Tier.PROJECT])
    return list(keyed.exclude(key="").order_by("-updated_at", "-id")[:limit])


def memory_get(*, user: User, memory_id: int) -> Memory:
    """One of the user's memories; anyone else's is NotFound."""
    return one_or_not_found(_shown(user), pk=memory_id)


def profile_get(*, user: User) -> CompanionProfile:
    """What Eliza has learned of the person; an unsaved, empty profile before she learns."""
    return CompanionProfile.objects.owned_by(user).first() or CompanionProfile(user=user)


def profile_memories(*, user: User) -> QuerySet[Memory]:
    """The person's active keyed personal memories (facts about them with a stable slot;
    goals and tasks are not "about" them), oldest first."""
    memories = _shown(user).filter(tier=Tier.PERSONAL, active=True).exclude(key="")
    return memories.order_by("created_at", "id")


def profile_memory_get(*, user: User, memory_id: int) -> Memory:
    """One of the memories the person's profile shows; any other is NotFound."""
    return one_or_not_found(profile_memories(user=user), pk=memory_id)


def memory_history(*, user: User, memory_id: int) -> QuerySet[MemoryChange]:
    return MemoryChange.objects.owned_by(user).filter(memory_id=memory_id)


def _jsonable(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value


def memory_export(*, user: User) -> dict[str, Any]:
    """Everything Eliza remembers about the user, with history, as JSON-ready data.

    Superseded (inactive) memories are included, since they are history the person owns;
    vectors are not (they are derived data and mean nothing to a person).
    """
    memories = _shown(user).order_by("id")
    changes: dict[int | None, list[dict[str, Any]]] = {}
    for change in MemoryChange.objects.owned_by(user).filter(memory__isnull=False):
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


# -- conversations -----------------------------------------------------------------------------

NO_SESSION = "There is no such session."


def agent_state_data(*, user: User, session_id: Any, agent_type: str = "eliza") -> dict[str, Any]:
    """The state data an agent keeps for a session ({} before its first turn)."""
    state = agent_state_find(user=user, session_id=session_id, agent_type=agent_type)
    return state.state_data if state is not None else {}


def conversation_list(*, user: User) -> QuerySet[Conversation]:
    return Conversation.objects.owned_by(user).order_by(
        F("last_message_at").desc(nulls_last=True), "-created_at"
    )


def conversation_get(*, user: User, conversation_id: Any) -> Conversation:
    """The person's own session; any other id (unknown, malformed, or another person's) is
    NotFound."""
    try:
        key = uuid.UUID(str(conversation_id))
    except ValueError:
        raise NotFound(NO_SESSION) from None
    conversation = read_owned(Conversation, user=user, where="id = %s::uuid", params=[key])
    if conversation is None:
        raise NotFound(NO_SESSION)
    return conversation


def previous_topic(*, user: User, session_id: Any) -> str:
    """What the person's last other conversation was about (its session's "topic", kept by
    the turn), for "where were we?" at the start of a new one; "" when there is none."""
    latest = (
        AgentState.objects.owned_by(user)
        .filter(agent_type=AgentState.AgentType.ELIZA, state_data__has_key="topic")
        .exclude(session_id=session_id)
        .order_by("-updated_at")
        .values_list("state_data", flat=True)
        .first()
    )
    return str((latest or {}).get("topic", ""))


def agent_state_for(*, user: User, session_id: Any, agent_type: str = "eliza") -> dict[str, Any]:
    """Where Eliza is in a session, as its owner may read it."""
    state = agent_state_find(user=user, session_id=session_id, agent_type=agent_type)
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


def conversation_turns(*, user: User, conversation_id: Any, limit: int = 100) -> list[Turn]:
    """The session's latest `limit` turns, oldest first."""
    turns = Turn.objects.owned_by(user).filter(conversation_id=conversation_id)
    turns = turns.order_by("-created_at")
    return list(reversed(turns[:limit]))


# Written out: it runs on every turn, and Django took longer to build it than to run it.
_HISTORY_SQL = """
SELECT text, reply FROM companion_turn
WHERE user_id = %s::bigint AND conversation_id = %s::uuid AND status = 'done'
  AND id IS DISTINCT FROM %s::uuid
ORDER BY created_at DESC
LIMIT %s::int
"""


def conversation_history(
    *, user: User, conversation_id: Any, before: Any, turns: int
) -> list[dict[str, str]]:
    """The session's last `turns` answered turns before `before`, as chat messages."""
    with prepared_cursor() as cursor:
        cursor.execute(_HISTORY_SQL, [user.pk, conversation_id, before, turns])
        rows = cursor.fetchall()
    history: list[dict[str, str]] = []
    for text, reply in reversed(rows):
        history += [{"role": "user", "content": text}, {"role": "assistant", "content": reply}]
    return history


def turn_by_key(*, user: User, idempotency_key: str) -> Turn | None:
    return Turn.objects.owned_by(user).filter(idempotency_key=idempotency_key).first()


def turns_unfinished() -> QuerySet[Turn]:
    """Every running turn, oldest first, whoever it belongs to (for recovery: whether a
    turn was cut off is its session's liveness lock's to say)."""
    return Turn.objects.filter(status=Turn.Status.RUNNING).order_by("created_at")
