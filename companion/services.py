"""Every write on memories: create (with dedupe and supersede), update, delete, touch, prune
and re-embed. Each write validates with full_clean(); an invalid write changes nothing."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, OuterRef, Subquery
from django.http import Http404
from django.utils import timezone
from pgvector.django import CosineDistance

from companion import selectors
from companion.models import (
    Actor,
    AgentCheckpoint,
    AgentState,
    ChangeKind,
    Memory,
    MemoryChange,
    Tier,
)
from companion.runner import STATE_SCHEMA_VERSION, Checkpoint, canonical_json
from delight.ai.embeddings import normalise_words
from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default

# Cosine similarity at or above which a new fact is the same fact said again. Measured with
# the hashing embedder: rewordings of one fact ("I love hiking in the mountains" / "I love
# hiking in mountains") score 0.93-1.0, while related but different facts ("likes hiking" /
# "likes running") stay below 0.6. Neural embedders score paraphrases lower, so the setting
# MEMORY_DUPLICATE_SIMILARITY can tune it per deployment.
DUPLICATE_SIMILARITY = 0.92
# A reinforcement adds half of the new evidence the noisy-OR way: 0.7 seen twice -> 0.805.
REINFORCE_WEIGHT = 0.5
DEFAULT_TASK_TTL_DAYS = 30

Outcome = Literal["created", "reinforced", "superseded"]
_UNSET: Any = object()


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
    """Lower-case, trimmed, first occurrence kept; validation reports any that are too long."""
    seen: dict[str, None] = {}
    for tag in tags:
        cleaned = str(tag).strip().lower()
        if cleaned:
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


def _same_fact(*, user: Any, tier: str, content: str, vector: list[float], embedder: str):
    """The active memory in this tier that says the same thing, if any.

    1. Identical normalised text is the same fact whatever the embedder.
    2. Otherwise the nearest vector from the same embedder, if it is similar enough.
    """
    mine = Memory.objects.filter(user=user, tier=tier, active=True)
    target = normalised_text(content)
    for candidate in mine.filter(content__iexact=content.strip()).only("id", "content"):
        if normalised_text(candidate.content) == target:
            return candidate
    nearest = (
        mine.filter(embedder=embedder)
        .annotate(distance=CosineDistance("embedding", vector))
        .order_by("distance")
        .first()
    )
    if nearest is not None and 1.0 - nearest.distance >= duplicate_similarity():
        return nearest
    return None


def _reinforce(
    *, memory: Memory, confidence: float, tags: list[str], metadata: dict, actor: str
) -> Memory:
    now = timezone.now()
    memory.confidence = round(
        memory.confidence + (1.0 - memory.confidence) * confidence * REINFORCE_WEIGHT, 4
    )
    memory.tags = _clean_tags([*memory.tags, *tags])
    memory.metadata = {**memory.metadata, **metadata}
    memory.access_count += 1
    memory.last_accessed_at = now
    if memory.tier == Tier.TASK:
        memory.expires_at = task_expiry(now=now)
    memory.full_clean(exclude=["embedding"])
    memory.save()
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
    # The key slot is checked below (supersede), so the constraint is not validated here.
    memory.full_clean(exclude=["embedding"], validate_constraints=False)
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


def memories_touch(*, user: Any, ids: Iterable[int]) -> int:
    """Mark memories as used just now (one UPDATE); only the user's own are touched."""
    return Memory.objects.filter(user_id=user.pk, pk__in=list(ids)).update(
        access_count=F("access_count") + 1, last_accessed_at=timezone.now()
    )


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


@transaction.atomic
def agent_state_open(
    *, user: Any, session_id: uuid.UUID | None = None, agent_type: str = "eliza"
) -> AgentState:
    """The person's agent state for a session, created on first use (a new session id
    when none is given)."""
    state, _ = AgentState.objects.get_or_create(
        user=user,
        session_id=session_id or uuid.uuid4(),
        agent_type=agent_type,
        defaults={"schema_version": STATE_SCHEMA_VERSION},
    )
    return state


@transaction.atomic
def checkpoint_save(
    *, agent_state: AgentState, turn_id: str, node: str, seq: int, state_json: str, checksum: str
) -> AgentCheckpoint:
    """Keep the turn's state after `node`; the sequence only moves forward (and the unique
    (agent state, turn, seq) constraint refuses a concurrent duplicate)."""
    last = selectors.checkpoint_latest(agent_state=agent_state, turn_id=turn_id)
    if last is not None and seq <= last.seq:
        raise ValueError(f"checkpoint seq {seq} is not after {last.seq}")
    state = json.loads(state_json)
    checkpoint = AgentCheckpoint(
        agent_state=agent_state, turn_id=turn_id, node=node, seq=seq, state=state, checksum=checksum
    )
    checkpoint.full_clean()
    checkpoint.save()
    AgentState.objects.filter(pk=agent_state.pk).update(
        current_node=state.get("current_node", node),
        current_turn=turn_id,
        schema_version=state.get("schema_version", STATE_SCHEMA_VERSION),
        updated_at=timezone.now(),
    )
    return checkpoint


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
