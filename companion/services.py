"""Every write on memories: create (with dedupe and supersede), update, delete, touch, prune
and re-embed. Each write validates with full_clean(); an invalid write changes nothing."""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import logging
import re
import statistics
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.http import Http404
from django.utils import timezone
from pgvector.django import CosineDistance

from companion import selectors
from companion.models import (
    IDEMPOTENCY_KEY_MAX_CHARS,
    Actor,
    AgentCheckpoint,
    AgentState,
    ChangeKind,
    CompanionProfile,
    Conversation,
    CrisisEvent,
    Memory,
    MemoryChange,
    Source,
    Tier,
    Turn,
    validate_message,
)
from companion.runner import (
    STATE_SCHEMA_VERSION,
    Checkpoint,
    CheckpointNotFound,
    Runner,
    TurnInput,
    TurnState,
    canonical_json,
    no_events,
)
from companion.turn import GRAPH, NODE_LABELS, TurnDeps, final_dialogue, turn_result
from delight.ai.embeddings import normalise_words
from delight.ai.engine import Engine
from delight.ai.guard import model_budget
from delight.ai.runtime import engine_or_default, usage_collected
from delight.ai.types import ExtractedFact, Usage
from delight.locks import liveness_lock, lock_key
from delight.models import User
from delight.rows import prepared_cursor
from delight.text import is_blank, validate_text

# Cosine similarity at or above which a new fact is the same fact said again. Measured with
# the hashing embedder: rewordings of one fact ("I love hiking in the mountains" / "I love
# hiking in mountains") score 0.93-1.0, while related but different facts ("likes hiking" /
# "likes running") stay below 0.6. Neural embedders score paraphrases lower, so the setting
# MEMORY_DUPLICATE_SIMILARITY can tune it per deployment.
DUPLICATE_SIMILARITY = 0.92
# A reinforcement adds half of the new evidence the noisy-OR way: 0.7 seen twice -> 0.805.
REINFORCE_WEIGHT = 0.5
DEFAULT_TASK_TTL_DAYS = 30

# Fields full_clean need not check when a service builds the memory itself: the vector is
# derived, and each link is an object the service already holds or has just read (Django
# validates a foreign key with a query).
TRUSTED_LINKS = ["embedding", "user", "goal", "mission", "superseded_by"]

Outcome = Literal["created", "reinforced", "superseded"]
_UNSET: Any = object()


logger = logging.getLogger("companion")


@dataclass(frozen=True)
class MemoryWrite:
    memory: Memory
    outcome: Outcome


def duplicate_similarity() -> float:
    return float(getattr(settings, "MEMORY_DUPLICATE_SIMILARITY", DUPLICATE_SIMILARITY))


def task_expiry(*, now: dt.datetime | None = None) -> dt.datetime:
    days = int(getattr(settings, "MEMORY_TASK_TTL_DAYS", DEFAULT_TASK_TTL_DAYS))
    return (now or timezone.now()) + dt.timedelta(days=days)


def normalised_text(text: str) -> str:
    """Case, accents, punctuation and spacing do not make a different fact."""
    return " ".join(normalise_words(text))


def _clean_tags(tags: Iterable[str]) -> list[str]:
    """Lower-case, trimmed, blank ones (invisible characters too) dropped, first occurrence
    kept; validation reports any that are too long or hold refused characters."""
    seen: dict[str, None] = {}
    for tag in tags:
        cleaned = str(tag).strip().lower()
        if not is_blank(cleaned):
            seen.setdefault(cleaned, None)
    return list(seen)


def _lock_user_memories(user: Any) -> None:
    # Serialises memory writes per person, so two concurrent "same fact" writes cannot both
    # decide the fact is new. NO KEY UPDATE does not block inserts that reference the user.
    user_model = get_user_model()
    list(user_model.objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))


def _record(*, memory: Memory, kind: str, actor: str, old: str = "", new: str = "") -> None:
    MemoryChange.objects.create(
        memory=memory,
        user_id=memory.user_id,
        memory_ref=memory.pk,
        kind=kind,
        old_content=old,
        new_content=new,
        actor=actor,
    )


# The near-duplicate check shortlists as many sketches as recall does for its 40-row list.
DUPLICATE_SHORTLIST = 200


def _same_fact(*, user: Any, tier: str, content: str, vector: list[float], embedder: str):
    """The active memory in this tier that says the same thing, if any.

    1. The nearest vector from the same embedder, if it is similar enough: recall's two
       stages (sketches shortlist DUPLICATE_SHORTLIST, exact vectors re-rank them), not an
       exact scan of every vector in the tier (~9 ms at 10,000 memories).
    2. Otherwise identical normalised text, among memories whose vectors another embedder
       made (not comparable until `reembed_memories` has run); under the same embedder
       identical text has the same vector, so step 1 found it.
    """
    nearest = selectors.memory_nearest(
        user_id=user.pk,
        vector=vector,
        embedder=embedder,
        tiers=[tier],
        shortlist=DUPLICATE_SHORTLIST,
    )
    if nearest and nearest[0][1] >= duplicate_similarity():
        return Memory.objects.get(pk=nearest[0][0], user_id=user.pk)
    target = normalised_text(content)
    # Two ranges rather than "<>", so the (user, active, embedder, …) index finds these rows,
    # usually none, at once instead of the person's every memory being read.
    another = Q(embedder__lt=embedder) | Q(embedder__gt=embedder)
    others = Memory.objects.filter(another, user=user, tier=tier, active=True)
    for candidate in others.filter(content__iexact=content.strip()).only("id", "content"):
        if normalised_text(candidate.content) == target:
            return candidate
    return None


def _reinforce(
    *, memory: Memory, user: Any, confidence: float, tags: list[str], metadata: dict, actor: str
) -> Memory:
    now = timezone.now()
    memory.confidence = round(
        memory.confidence + (1.0 - memory.confidence) * confidence * REINFORCE_WEIGHT, 4
    )
    memory.tags = _clean_tags([*memory.tags, *tags])
    memory.metadata = {**memory.metadata, **metadata}
    if memory.tier == Tier.TASK:
        memory.expires_at = task_expiry(now=now)
    # The key and content are unchanged, and the field validators check the confidence
    # range the constraints repeat: validating those would cost a query each.
    memory.full_clean(exclude=TRUSTED_LINKS, validate_constraints=False)
    memory.save()
    memories_touch(user=user, ids=[memory.pk], now=now)
    _record(memory=memory, kind=ChangeKind.REINFORCED, actor=actor, new=memory.content)
    return memory


def _check_links(*, user: Any, goal_id: int | None, mission_id: int | None) -> None:
    """A memory may only point at the person's own goal and mission."""
    from goals import selectors as goals_selectors

    try:
        if goal_id is not None:
            goals_selectors.goal_get(user=user, goal_id=goal_id)
        if mission_id is not None:
            goals_selectors.mission_get(user=user, mission_id=mission_id)
    except Http404 as missing:
        raise ValidationError("The linked goal or mission does not exist.") from missing


@transaction.atomic
def memory_create(
    *,
    user: Any,
    content: str,
    tier: str,
    source: str,
    key: str = "",
    tags: Iterable[str] = (),
    metadata: dict | None = None,
    confidence: float = 0.7,
    actor: str = Actor.ELIZA,
    goal_id: int | None = None,
    mission_id: int | None = None,
    engine: Engine | None = None,
) -> MemoryWrite:
    """Store a fact, unless it is already known.

    1. Build and validate the new memory first (sizes, tier, source, confidence): an invalid
       fact raises ValidationError before anything is read or written.
    2. Lock the person's memories for the rest of the transaction.
    3. Same `key` as an active memory: the same fact (identical text or similar vector)
       reinforces it; a different fact supersedes it (the old one stays, inactive, with
       `superseded_by` set and a "superseded" change that keeps the old value and the actor).
    4. No key: a near-duplicate in the same tier reinforces it.
    5. Otherwise a new memory is created, with a "created" change.
    """
    embedder = engine_or_default(engine).embedder
    now = timezone.now()
    memory = Memory(
        user=user,
        tier=tier,
        content=content.strip(),
        key=key.strip(),
        tags=_clean_tags(tags),
        metadata=metadata if metadata is not None else {},
        source=source,
        confidence=confidence,
        goal_id=goal_id,
        mission_id=mission_id,
        embedder=embedder.name,
        expires_at=task_expiry(now=now) if tier == Tier.TASK else None,
    )
    _check_links(user=user, goal_id=goal_id, mission_id=mission_id)
    # The key slot is checked below (supersede), so the constraint is not validated here; the
    # links are the caller's user and the goal and mission _check_links has just read.
    memory.full_clean(exclude=TRUSTED_LINKS, validate_constraints=False)
    memory.embedding = embedder.embed_one(memory.content)
    _lock_user_memories(user)

    previous = None
    if memory.key:
        previous = Memory.objects.filter(user=user, key=memory.key, active=True).first()
    if previous is not None:
        same = normalised_text(previous.content) == normalised_text(memory.content) or (
            previous.embedder == embedder.name
            and 1.0 - _distance(previous, memory.embedding) >= duplicate_similarity()
        )
    else:
        previous = _same_fact(
            user=user,
            tier=tier,
            content=memory.content,
            vector=memory.embedding,
            embedder=embedder.name,
        )
        same = previous is not None
    if same:
        reinforced = _reinforce(
            memory=previous,
            user=user,
            confidence=memory.confidence,
            tags=memory.tags,
            metadata=memory.metadata,
            actor=actor,
        )
        return MemoryWrite(memory=reinforced, outcome="reinforced")

    if previous is not None:
        # Free the key slot before the new fact takes it (one active memory per key).
        Memory.objects.filter(pk=previous.pk).update(active=False, updated_at=now)
    memory.save()
    _record(memory=memory, kind=ChangeKind.CREATED, actor=actor, new=memory.content)
    if previous is None:
        return MemoryWrite(memory=memory, outcome="created")
    Memory.objects.filter(pk=previous.pk).update(superseded_by=memory)
    previous.refresh_from_db()
    _record(
        memory=previous,
        kind=ChangeKind.SUPERSEDED,
        actor=actor,
        old=previous.content,
        new=memory.content,
    )
    return MemoryWrite(memory=memory, outcome="superseded")


def memory_remember(
    *, user: User, content: str, tier: str, source: str, actor: str = Actor.ELIZA, **fields: Any
) -> None:
    """The one way news from another app becomes a memory (companion.receivers): written by
    memory_create once the caller's transaction has committed, in a transaction of its own;
    a failure is logged and never undoes or interrupts the caller."""

    def write() -> None:
        try:
            memory_create(
                user=user, content=content, tier=tier, source=source, actor=actor, **fields
            )
        except Exception:
            logger.exception("could not remember a %s %s memory for %s", source, tier, user.pk)

    transaction.on_commit(write)


def _distance(memory: Memory, vector: list[float]) -> float:
    return (
        Memory.objects.filter(pk=memory.pk)
        .annotate(distance=CosineDistance("embedding", vector))
        .values_list("distance", flat=True)
        .get()
    )


def _owned(*, memory: Memory, user: Any) -> Memory:
    """The memory, re-read and locked, only if it belongs to `user` (else DoesNotExist)."""
    return Memory.objects.select_for_update().get(pk=memory.pk, user_id=user.pk)


@transaction.atomic
def memory_update(
    *,
    memory: Memory,
    user: Any,
    content: str = _UNSET,
    tags: Iterable[str] = _UNSET,
    tier: str = _UNSET,
    actor: str = Actor.USER,
    engine: Engine | None = None,
) -> Memory:
    """Edit a memory's content, tags or tier; new content is re-embedded.

    1. Re-read and lock the memory, scoped to `user`; only active memories can be edited.
    2. Apply the changes and validate; a tier change sets or clears the task expiry.
    3. Re-embed when the content changed, save, and record an "updated" change.
    """
    fresh = _owned(memory=memory, user=user)
    if not fresh.active:
        raise ValidationError(
            "This memory was replaced by a newer one; edit the newer one instead.",
            code="superseded",
        )
    old_content = fresh.content
    if content is not _UNSET:
        fresh.content = content.strip()
    if tags is not _UNSET:
        fresh.tags = _clean_tags(tags)
    if tier is not _UNSET and tier != fresh.tier:
        fresh.tier = tier
        fresh.expires_at = task_expiry() if tier == Tier.TASK else None
    fresh.full_clean(exclude=["embedding"])
    if fresh.content != old_content:
        embedder = engine_or_default(engine).embedder
        fresh.embedding = embedder.embed_one(fresh.content)
        fresh.embedder = embedder.name
    fresh.save()
    _record(memory=fresh, kind=ChangeKind.UPDATED, actor=actor, old=old_content, new=fresh.content)
    return fresh


@transaction.atomic
def memory_delete(*, memory: Memory, user: Any, actor: str = Actor.USER) -> int:
    """Delete a memory so that it is really gone; return how many rows were removed.

    1. Re-read and lock the memory, scoped to `user`.
    2. Collect the older versions it superseded (they hold earlier values of the same fact).
    3. Delete them all; their history rows go with them (CASCADE), content included.
    4. Keep one content-free "deleted" change (memory_ref = the old id) for staff.
    """
    fresh = _owned(memory=memory, user=user)
    ids = [fresh.pk]
    frontier = [fresh.pk]
    while frontier:
        frontier = list(
            Memory.objects.filter(superseded_by__in=frontier, user_id=user.pk).values_list(
                "pk", flat=True
            )
        )
        ids.extend(frontier)
    Memory.objects.filter(pk__in=ids).delete()
    MemoryChange.objects.create(
        memory=None, user_id=user.pk, memory_ref=fresh.pk, kind=ChangeKind.DELETED, actor=actor
    )
    return len(ids)


# Marks the person's own memories among the ids as used now: one statement on the narrow
# MemoryUse table (the ids are checked against the owner by the SELECT).
MEMORIES_TOUCH = """
INSERT INTO companion_memoryuse (memory_id, access_count, last_accessed_at)
SELECT id, 1, %(now)s::timestamptz FROM companion_memory
WHERE user_id = %(user)s::bigint AND id = ANY(%(ids)s::bigint[])
ON CONFLICT (memory_id) DO UPDATE
SET access_count = companion_memoryuse.access_count + 1,
    last_accessed_at = excluded.last_accessed_at
"""


def memories_touch(*, user: Any, ids: Iterable[int], now: dt.datetime | None = None) -> int:
    """Mark memories as used (one statement, written out: it ends every turn that recalled
    something); only the user's own are touched. Returns how many."""
    with prepared_cursor() as cursor:
        cursor.execute(
            MEMORIES_TOUCH, {"now": now or timezone.now(), "user": user.pk, "ids": list(ids)}
        )
        return cursor.rowcount


@transaction.atomic
def memories_prune_expired(*, now: dt.datetime | None = None) -> int:
    """Delete task memories whose expiry has passed (with their history); return the count."""
    expired = Memory.objects.filter(tier=Tier.TASK, expires_at__lte=now or timezone.now())
    ids = list(expired.values_list("pk", flat=True))
    Memory.objects.filter(pk__in=ids).delete()
    return len(ids)


def memories_reembed(*, engine: Engine | None = None, batch_size: int = 500) -> int:
    """Re-embed every memory whose vector came from another embedder; return the count.

    1. Take the next batch of stale memories (by id) and embed their content in one call.
    2. Write the vectors and the embedder's name in one transaction per batch, so a long
       run holds no long transaction and an interrupted run resumes where it stopped.
    3. Repeat until no stale memory is left.
    """
    embedder = engine_or_default(engine).embedder
    done = 0
    last_id = 0
    while True:
        batch = list(
            Memory.objects.exclude(embedder=embedder.name)
            .filter(pk__gt=last_id)
            .order_by("pk")
            .only("id", "content")[:batch_size]
        )
        if not batch:
            return done
        vectors = embedder.embed([memory.content for memory in batch])
        for memory, vector in zip(batch, vectors, strict=True):
            memory.embedding = vector
            memory.embedder = embedder.name
        with transaction.atomic():
            Memory.objects.bulk_update(batch, ["embedding", "embedder"])
        done += len(batch)
        last_id = batch[-1].pk


# -- agent state and checkpoints -------------------------------------------------------------

CHECKPOINT_IDLE = dt.timedelta(days=1)  # sessions quiet this long keep one checkpoint a turn

# A checkpoint in one statement, so one round trip: insert it unless the turn already has one
# at this seq or later (read backwards on the unique index, however long the session), and
# move the agent state to the node it resumes from. The unique (agent state, turn, seq)
# constraint still refuses a concurrent duplicate. The state goes in as the runner's JSON
# text, parsed once, by PostgreSQL; the table's constraints check lengths, seq >= 0 and the
# JSON. Unless synchronous, set_config(..., true) relaxes synchronous_commit for the current
# transaction only. Prepared on each connection (delight.rows.prepared_cursor): parsing and
# planning it took longer than running it (bench/vs_langgraph.py: 3.8 -> 2.3 ms a turn).
CHECKPOINT_INSERT = """
WITH checkpoint AS (
    INSERT INTO companion_agentcheckpoint
        (agent_state_id, turn_id, node, seq, state, checksum, created_at)
    SELECT %(agent_state)s::bigint, %(turn_id)s::text, %(node)s::text, %(seq)s::int,
        %(state)s::jsonb, %(checksum)s::text, now()
    WHERE %(seq)s::int > COALESCE((
        SELECT seq FROM companion_agentcheckpoint
        WHERE agent_state_id = %(agent_state)s::bigint AND turn_id = %(turn_id)s::text
        ORDER BY seq DESC LIMIT 1
    ), -1)
    AND (%(synchronous)s::boolean OR set_config('synchronous_commit', 'off', true) = 'off')
    RETURNING id, state
)
UPDATE companion_agentstate SET
    current_node = COALESCE(checkpoint.state ->> 'current_node', %(node)s::text),
    current_turn = %(turn_id)s::text,
    schema_version = COALESCE(
        (checkpoint.state ->> 'schema_version')::smallint, %(version)s::smallint
    ),
    updated_at = now()
FROM checkpoint
WHERE companion_agentstate.id = %(agent_state)s::bigint
RETURNING checkpoint.id
"""


def agent_state_open(
    *, user: Any, session_id: uuid.UUID | None = None, agent_type: str = "eliza"
) -> AgentState:
    """The person's agent state for a session, created on first use (a new session id
    when none is given). The usual case (the session exists) is one read without a
    transaction around it; get_or_create makes the first use's create atomic."""
    if session_id is not None:
        found = selectors.agent_state_find(user=user, session_id=session_id, agent_type=agent_type)
        if found is not None:
            return found
    state, _ = AgentState.objects.get_or_create(
        user=user,
        session_id=session_id or uuid.uuid4(),
        agent_type=agent_type,
        defaults={"schema_version": STATE_SCHEMA_VERSION},
    )
    return state


def checkpoint_save(
    *, agent_state: AgentState, turn_id: str, node: str, seq: int, state_json: str, checksum: str
) -> int:
    """Keep the turn's state after `node` and return the checkpoint's id; the sequence only
    moves forward (ValueError otherwise).

    One statement, atomic on its own (no transaction.atomic: BEGIN and COMMIT would be two
    more round trips a node): called alone it commits at once; in the runner's step
    transaction it commits with the node's writes. Either way it is committed, and visible,
    before the next node runs, so a worker that crashes resumes from it.

    Unless CHECKPOINT_SYNCHRONOUS_COMMIT is set, the outermost transaction it commits in does
    not wait for its WAL flush (synchronous_commit = off for that transaction only). A crash
    of the PostgreSQL server or of the machine can then lose the last fraction of a second of
    steps, each node's writes with its checkpoint, and the turn resumes from an earlier node;
    the server's next synchronous commit (the next message being kept, say) flushes them, as WAL is
    flushed in order. Nested in a savepoint, it leaves the caller's durability alone.
    """
    params = {
        "agent_state": agent_state.pk,
        "turn_id": turn_id,
        "node": node,
        "seq": seq,
        "state": state_json,
        "checksum": checksum,
        "version": STATE_SCHEMA_VERSION,
        # In a savepoint, the commit belongs to a caller's transaction: leave it alone.
        "synchronous": settings.CHECKPOINT_SYNCHRONOUS_COMMIT or bool(connection.savepoint_ids),
    }
    with prepared_cursor() as cursor:
        cursor.execute(CHECKPOINT_INSERT, params)
        row = cursor.fetchone()
    if row is None:
        last = selectors.checkpoint_latest(agent_state=agent_state, turn_id=turn_id)
        raise ValueError(f"checkpoint seq {seq} is not after {last.seq if last else 0}")
    return row[0]


class DatabaseCheckpointStore:
    """The runner's `CheckpointStore` on one agent state's `AgentCheckpoint` rows."""

    def __init__(self, agent_state: AgentState) -> None:
        self.agent_state = agent_state

    def save(self, turn_id: str, node: str, seq: int, state_json: str, checksum: str) -> None:
        checkpoint_save(
            agent_state=self.agent_state,
            turn_id=turn_id,
            node=node,
            seq=seq,
            state_json=state_json,
            checksum=checksum,
        )

    def latest(self, turn_id: str) -> Checkpoint | None:
        row = selectors.checkpoint_latest(agent_state=self.agent_state, turn_id=turn_id)
        if row is None:
            return None
        return Checkpoint(row.turn_id, row.node, row.seq, canonical_json(row.state), row.checksum)


@transaction.atomic
def checkpoints_compact(*, now: dt.datetime | None = None) -> int:
    """Keep only each turn's last checkpoint in sessions idle for CHECKPOINT_IDLE, so storage
    grows with turns, not with nodes; return how many rows went."""
    idle_before = (now or timezone.now()) - CHECKPOINT_IDLE
    last_seq = (
        AgentCheckpoint.objects.filter(
            agent_state=OuterRef("agent_state"), turn_id=OuterRef("turn_id")
        )
        .order_by("-seq")
        .values("seq")[:1]
    )
    deleted, _ = AgentCheckpoint.objects.filter(
        agent_state__updated_at__lt=idle_before, seq__lt=Subquery(last_seq)
    ).delete()
    return deleted


# -- what Eliza learns in a turn -------------------------------------------------------------


def user_emotion_set(
    *, user: Any, scores: dict[str, float], dominant: str, now: dt.datetime
) -> None:
    """Keep how the person feels now; `emotion_changed_at` moves only when the dominant
    emotion changes, and nothing is written when nothing changed. One UPDATE, atomic on its
    own: no transaction.atomic, whose savepoint would cost the turn two more round trips."""
    if scores == user.emotion_scores and dominant == user.emotion_dominant:
        return
    fields = {"emotion_scores": scores, "emotion_dominant": dominant}
    if dominant != user.emotion_dominant:
        fields["emotion_changed_at"] = now
    get_user_model().objects.filter(pk=user.pk).update(**fields)
    for name, value in fields.items():
        setattr(user, name, value)


@transaction.atomic
def crisis_event_record(
    *,
    user: Any,
    conversation_id: uuid.UUID,
    turn_id: uuid.UUID,
    level: int,
    reason: str,
    matched: list[str],
) -> CrisisEvent:
    """Flag a crisis turn for staff (once per turn, however often the turn is resumed)."""
    event, _ = CrisisEvent.objects.get_or_create(
        turn_id=turn_id,
        defaults={
            "user": user,
            "conversation_id": conversation_id,
            "level": level,
            "reason": reason[:300] or "safety screen",
            "matched": matched,
        },
    )
    return event


@transaction.atomic
def crisis_events_review(*, events: QuerySet[CrisisEvent], staff: Any) -> int:
    """Mark crisis events as reviewed by a staff member (those not reviewed yet)."""
    return events.filter(reviewed_at__isnull=True).update(
        reviewed_at=timezone.now(), reviewed_by=staff
    )


def memory_create_quietly(
    *, user: Any, fact: ExtractedFact, engine: Engine, turn_id: uuid.UUID
) -> dict[str, Any]:
    """Store an extracted fact; a fact the memory rules refuse is reported, not raised."""
    try:
        write = memory_create(
            user=user,
            content=fact.content,
            tier=fact.tier,
            key=fact.key,
            tags=fact.tags,
            confidence=fact.confidence,
            source=Source.CONVERSATION,
            metadata={"turn": str(turn_id)},
            engine=engine,
        )
    except ValidationError as refused:
        return {"content": fact.content, "error": "; ".join(refused.messages)}
    return {"content": fact.content, "memory_id": write.memory.pk, "outcome": write.outcome}


PROFILE_PREFIXES = {
    "name": ("Name is ",),
    "occupation": ("Works as a ", "Works as an ", "Works as "),
    "location": ("Lives in ",),
}
INTEREST_PREFIXES = ("Loves ", "Likes ", "Enjoys ")
INTERESTS_MAX = 20


def _strip_prefix(content: str, prefixes: Iterable[str]) -> str:
    for prefix in prefixes:
        if content.startswith(prefix):
            return content[len(prefix) :]
    return content


def communication_style(texts: Sequence[str]) -> str:
    """A coarse reading of how someone writes, over their recent messages (one message
    alone says little): expressive (emoji or "!!" in a third of them), else brief, detailed
    or conversational by their median length in words."""
    expressive = sum(1 for text in texts if re.search(r"[\U0001F300-\U0001FAFF]|!{2,}", text))
    if expressive * 3 >= len(texts):
        return "expressive"
    words = statistics.median(len(text.split()) for text in texts)
    return "brief" if words <= 8 else "detailed" if words >= 40 else "conversational"


def profile_learn(
    *, user: Any, facts: Iterable[ExtractedFact], texts: Sequence[str]
) -> dict[str, Any]:
    """Update what Eliza knows of the person from a message's facts and their recent
    messages (`texts`, the latest last); return what changed.

    1. Read the profile and work out the changes (no lock: most messages change nothing).
    2. Only if something changed, lock the profile row (creating it on first use), apply the
       changes to the current row, validate and save.
    """
    facts = list(facts)
    try:
        current = user.companion_profile  # read once per user object, then cached on it
    except CompanionProfile.DoesNotExist:
        current = CompanionProfile(user=user)
    if not _profile_changes(current, facts, texts):
        return {}
    with transaction.atomic():
        profile, _ = CompanionProfile.objects.select_for_update().get_or_create(user=user)
        changed = _profile_changes(profile, facts, texts)
        for name, value in changed.items():
            setattr(profile, name, value)
        profile.full_clean()
        profile.save()
    user.companion_profile = profile  # the next turn on this user object sees it
    return changed


def _profile_changes(
    profile: CompanionProfile, facts: list[ExtractedFact], texts: Sequence[str]
) -> dict[str, Any]:
    """The new values a message's facts and style give the profile (fields that differ)."""
    changed: dict[str, Any] = {}
    interests = list(profile.interests)
    for fact in facts:
        if fact.key in PROFILE_PREFIXES:
            value = _strip_prefix(fact.content, PROFILE_PREFIXES[fact.key]).rstrip(".")[:100]
            if value and getattr(profile, fact.key) != value:
                changed[fact.key] = value
        elif fact.key.startswith("likes:") and fact.content.startswith(INTEREST_PREFIXES):
            interest = _strip_prefix(fact.content, INTEREST_PREFIXES).rstrip(".")[:100]
            if interest not in interests:
                interests = [*interests, interest][-INTERESTS_MAX:]
                changed["interests"] = interests
    style = communication_style(texts)
    if style != profile.communication_style:
        changed["communication_style"] = style
    return changed


# -- the turn ----------------------------------------------------------------------------------


class SessionBusy(Exception):
    """Another message of this session is still being answered."""


def session_lock_key(conversation_id: uuid.UUID) -> int:
    """The liveness lock a session's turn holds while it runs (delight.locks)."""
    return lock_key("turn-session", conversation_id)


def _clean_key(key: str | None) -> str:
    """The client's idempotency key, stripped ("" when it sent none)."""
    key = (key or "").strip()
    try:
        validate_text(key, limit=IDEMPOTENCY_KEY_MAX_CHARS, noun="idempotency key", blank=True)
    except ValidationError as refused:
        raise ValidationError({"idempotency_key": refused.error_list}) from None
    return key


def turn_begin(
    *,
    user: Any,
    text: str,
    conversation: Conversation | None,
    idempotency_key: str,
    new_conversation_id: uuid.UUID | None = None,
) -> Turn:
    """Keep the message and open its turn in `conversation` (a new one, with
    `new_conversation_id` when given, when None).

    The message is saved before anything can fail. Raises ValidationError for a bad message
    and SessionBusy when the session already has a running turn. In a session that exists
    this is one INSERT, atomic on its own; a new session and its first turn are created in
    one transaction.
    """
    if conversation is not None:
        return _turn_open(user=user, text=text, conversation=conversation, key=idempotency_key)
    with transaction.atomic():
        conversation = Conversation(
            id=new_conversation_id or uuid.uuid4(), user=user, title=text.strip()[:120]
        )
        # The user is the caller and the id is new: only the fields need checking.
        conversation.full_clean(exclude=["user"], validate_unique=False)
        conversation.save(force_insert=True)
        return _turn_open(user=user, text=text, conversation=conversation, key=idempotency_key)


def _turn_open(*, user: Any, text: str, conversation: Conversation, key: str) -> Turn:
    turn = Turn(
        id=uuid.uuid4(), conversation=conversation, user=user, idempotency_key=key, text=text
    )
    # The one-running-turn and key constraints are the database's to enforce (below).
    turn.full_clean(
        exclude=["conversation", "user"], validate_unique=False, validate_constraints=False
    )
    # Inside a transaction the INSERT needs a savepoint, so that a clash leaves the
    # transaction usable; on its own it needs none (two round trips saved a message).
    guard = transaction.atomic() if connection.in_atomic_block else contextlib.nullcontext()
    try:
        with guard:
            turn.save(force_insert=True)
    except IntegrityError as clash:
        raise SessionBusy(
            "Eliza is still answering the previous message of this session."
        ) from clash
    return turn


def message_send(
    *,
    user: Any,
    text: str,
    session_id: uuid.UUID | None = None,
    idempotency_key: str | None = None,
    engine: Engine | None = None,
    emit: Callable[[str, dict[str, Any]], None] | None = None,
    concurrent_tools: bool = True,
    arrived_at: float | None = None,
) -> dict[str, Any]:
    """One message in, Eliza's whole answer out (the REST body; `emit` gets live events).
    The model budget counts from `arrived_at` (time.monotonic() when the message arrived,
    before it waited for a connection), so it bounds what the person waits.

    1. Validate the message (nothing changes when it is refused).
    2. A key seen before returns that turn's answer instead of running a second turn.
    3. Take the session's liveness lock: if someone alive holds it, a turn of this session
       is being answered right now (SessionBusy). The lock is taken before the message is
       kept, so a running turn whose lock is free was cut off by a crash.
    4. Holding it: finish such a cut-off turn first, keep the message, run its turn.
    """
    validate_message(text)
    key = _clean_key(idempotency_key)
    if key and (previous := selectors.turn_by_key(user=user, idempotency_key=key)):
        return _answer_again(turn=previous, engine=engine, emit=emit, arrived_at=arrived_at)
    conversation = None
    if session_id is not None:
        conversation = selectors.conversation_get(user=user, conversation_id=session_id)
    conversation_id = conversation.pk if conversation is not None else uuid.uuid4()
    run = functools.partial(
        turn_execute, engine=engine, concurrent_tools=concurrent_tools, arrived_at=arrived_at
    )
    with liveness_lock(session_lock_key(conversation_id)) as ours:
        if not ours:
            raise SessionBusy("Eliza is still answering the previous message of this session.")
        if conversation is not None:
            for cut_off in selectors.turns_unfinished().filter(conversation=conversation):
                run(turn=cut_off, resume=True)
        turn = turn_begin(
            user=user,
            text=text,
            conversation=conversation,
            idempotency_key=key or uuid.uuid4().hex,
            new_conversation_id=conversation_id,
        )
        return run(turn=turn, emit=emit)


def _answer_again(
    *, turn: Turn, engine: Engine | None, emit: Callable | None, arrived_at: float | None
) -> dict[str, Any]:
    """The answer of a message sent before: kept, or finished now if it was cut off."""
    if turn.status == Turn.Status.DONE:
        return turn.result
    with liveness_lock(session_lock_key(turn.conversation_id)) as ours:
        if not ours:
            raise SessionBusy("This message is still being answered.")
        turn.refresh_from_db(fields=["status", "result"])  # it may have just finished
        if turn.status == Turn.Status.DONE:
            return turn.result
        return turn_execute(turn=turn, engine=engine, emit=emit, resume=True, arrived_at=arrived_at)


def _turn_deps(
    *, turn: Turn, engine: Engine | None, emit: Callable | None, concurrent_tools: bool
) -> TurnDeps:
    return TurnDeps(
        user=turn.user,
        engine=engine_or_default(engine),
        conversation_id=turn.conversation_id,
        turn_id=turn.pk,
        emit=emit if emit is not None else no_events,
        concurrent_tools=concurrent_tools,
    )


def turn_execute(
    *,
    turn: Turn,
    engine: Engine | None = None,
    emit: Callable[[str, dict[str, Any]], None] | None = None,
    concurrent_tools: bool = True,
    resume: bool = False,
    arrived_at: float | None = None,
) -> dict[str, Any]:
    """Run a turn to its end (with `resume`, from its last checkpoint), then finish it; its
    model calls keep to one budget from `arrived_at` (or from now)."""
    deps = _turn_deps(turn=turn, engine=engine, emit=emit, concurrent_tools=concurrent_tools)
    agent_state = agent_state_open(user=turn.user, session_id=turn.conversation_id)

    def on_event(kind: str, payload: dict[str, Any]) -> None:
        if kind == "state":
            node = payload["node"]
            deps.emit("state", {"node": node, "label": NODE_LABELS.get(node, "")})

    store = DatabaseCheckpointStore(agent_state)
    runner = Runner(GRAPH, store, on_event, transaction.atomic)
    deps.dialogue_at_start = agent_state.state_data.get("dialogue") or {}
    budget = model_budget(settings.ELIZA_MODEL_BUDGET_SECONDS, started=arrived_at)
    with usage_collected() as usage, budget:
        deps.usage = usage
        if resume and store.latest(str(turn.pk)) is not None:
            state = runner.resume(str(turn.pk), deps=deps)
        else:
            state = runner.run(runner.new_turn(_turn_input(turn)), deps=deps)
    return turn_finish(turn=turn, agent_state=agent_state, state=state, usage=usage)


def _turn_input(turn: Turn) -> TurnInput:
    return TurnInput(
        user_id=turn.user_id,
        session_id=str(turn.conversation_id),
        message_id=str(turn.pk),
        text=turn.text,
        idempotency_key=turn.idempotency_key,
    )


def turn_replay(*, turn: Turn, from_node: str, engine: Engine | None = None) -> TurnState:
    """What the current code would do with a past turn from `from_node` on; writes nothing.

    1. Load the turn's latest checkpoint, verifying its checksum (CorruptCheckpoint).
    2. Forget what `from_node` and the nodes after it produced (outputs and trace); the
       turn's own time and its conversation state at the time stand in for "now".
    3. Replay in a sandbox: nodes compute but do not write, checkpoints go to a throwaway
       store, and no event reaches the person.
    """
    agent_state = AgentState.objects.get(user=turn.user, session_id=turn.conversation_id)
    store = DatabaseCheckpointStore(agent_state)
    checkpoint = store.latest(str(turn.pk))
    if checkpoint is None:
        raise CheckpointNotFound(f"no checkpoint for turn {turn.pk}")
    state = TurnState.from_json(checkpoint.state_json, checksum=checkpoint.checksum)
    ran = [entry["node"] for entry in state.trace]
    if from_node not in ran:
        raise ValidationError(f"This turn did not run {from_node!r}; it ran {', '.join(ran)}.")
    keep = ran[: ran.index(from_node)]
    before = state.output("receive_input").get("dialogue_before")
    state.outputs = {node: state.outputs[node] for node in keep if node in state.outputs}
    state.trace = state.trace[: len(keep)]
    deps = _turn_deps(turn=turn, engine=engine, emit=None, concurrent_tools=False)
    deps.now = turn.created_at
    deps.dialogue_at_start = before
    runner = Runner(GRAPH, store, atomic=transaction.atomic)
    return runner.replay(state.to_json(), from_node, sandbox=True, deps=deps)


# The end of a turn in one statement, so one round trip: mark the turn done (only if it is
# still running: a turn another process finished keeps that answer), add it to the
# session's figures and move the agent state on, all three or none. Like a checkpoint it
# does not wait for its WAL flush unless asked to: if the server crashed first, the turn is
# still "running" and the recovery job finishes it again from its checkpoints.
TURN_FINISH = """
WITH finished AS (
    UPDATE companion_turn
    SET status = 'done', reply = %(reply)s::text, result = %(result)s::jsonb, finished_at = now()
    WHERE id = %(turn)s::uuid AND status = 'running'
      AND (%(synchronous)s::boolean OR set_config('synchronous_commit', 'off', true) = 'off')
    RETURNING conversation_id
), counted AS (
    UPDATE companion_conversation SET
        turns = turns + 1,
        tokens = tokens + %(tokens)s::int,
        cost_usd = cost_usd + %(cost)s::numeric,
        tool_calls = tool_calls + %(tool_calls)s::int,
        tool_failures = tool_failures + %(tool_failures)s::int,
        response_ms_total = response_ms_total + %(response_ms)s::float8,
        crisis_turns = crisis_turns + %(crisis)s::int,
        last_message_at = now()
    WHERE id IN (SELECT conversation_id FROM finished)
), moved AS (
    UPDATE companion_agentstate SET
        conversation_state = %(conversation_state)s::text,
        pending_slot = %(pending_slot)s::text,
        state_data = %(state_data)s::jsonb,
        updated_at = now()
    WHERE id = %(agent_state)s::bigint AND EXISTS (SELECT FROM finished)
)
SELECT count(*) FROM finished
"""


def turn_finish(
    *, turn: Turn, agent_state: AgentState, state: Any, usage: list[Usage]
) -> dict[str, Any]:
    """Store the answer, the session's figures and where the conversation now stands, in
    one statement (TURN_FINISH); return the turn's answer."""
    dialogue = final_dialogue(state)
    result = turn_result(state, dialogue)
    tools = state.output("respond").get("tools", [])
    data = {**agent_state.state_data, "dialogue": dialogue.to_dict()}
    goal = state.output("recall_context").get("goal")
    if goal:
        data["goal_id"] = goal["id"]
    params = {
        "turn": turn.pk,
        "reply": result["reply"],
        "result": _json_param(Turn, "result", result),
        "synchronous": settings.CHECKPOINT_SYNCHRONOUS_COMMIT or connection.in_atomic_block,
        "tokens": sum(u.prompt_tokens + u.completion_tokens for u in usage),
        "cost": sum((Decimal(str(u.cost_usd)) for u in usage), Decimal(0)),
        "tool_calls": len(tools),
        "tool_failures": sum(1 for run in tools if not run["ok"]),
        "response_ms": sum(entry["ms"] for entry in state.trace),
        "crisis": 1 if result["crisis"]["triggered"] else 0,
        "agent_state": agent_state.pk,
        "conversation_state": dialogue.state.value,
        "pending_slot": dialogue.pending_slot or "",
        "state_data": _json_param(AgentState, "state_data", data),
    }
    with prepared_cursor() as cursor:
        cursor.execute(TURN_FINISH, params)
        (finished,) = cursor.fetchone()
    if not finished:  # another process finished it first: its answer stands
        return Turn.objects.get(pk=turn.pk).result
    return result


def _json_param(model: type[Any], name: str, value: Any) -> Any:
    """`value` adapted for a hand-written statement as the ORM adapts the JSON field."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def turns_recover(*, engine: Engine | None = None) -> int:
    """Finish every turn cut off by a crash (running, its session's liveness lock free);
    return how many were finished. A turn someone alive is answering is left alone."""
    finished = 0
    for turn in selectors.turns_unfinished().select_related("user"):
        with liveness_lock(session_lock_key(turn.conversation_id)) as ours:
            if ours and Turn.objects.filter(pk=turn.pk, status=Turn.Status.RUNNING).exists():
                turn_execute(turn=turn, engine=engine, resume=True)
                finished += 1
    return finished
