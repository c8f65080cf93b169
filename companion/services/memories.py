"""Memory writes: create with dedupe and supersede, update, delete, touch, prune, re-embed,
and `memory_remember` for other apps' news. Each write validates with full_clean(); an
invalid write changes nothing."""

from __future__ import annotations

import datetime as dt
import logging
import re
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from pgvector.django import CosineDistance

from companion import selectors, when
from companion.models import (
    Actor,
    ChangeKind,
    Memory,
    MemoryChange,
    Source,
    Tier,
)
from companion.services.threads import memory_context_of, thread_previous
from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default
from delight.ai.text import normalise_words
from delight.ai.types import ExtractedFact
from delight.models import User
from delight.rows import prepared_cursor
from delight.text import is_blank
from goals import selectors as goals_selectors

# A reinforcement adds half of the new evidence the noisy-OR way: 0.7 seen twice -> 0.805.
REINFORCE_WEIGHT = 0.5

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
    """Cosine similarity at or above which a new fact is the same fact said again.

    The default, 0.92, holds for both offline embedders: rewordings of one fact ("I love hiking
    in the mountains" / "I love hiking in mountains") score 0.97-1.0 with MiniLM and 0.93-1.0
    with hashing, while related but different facts ("likes hiking" / "likes running") stay at
    most 0.86 and 0.6. Another embedder may need another value: MEMORY_DUPLICATE_SIMILARITY.
    """
    return settings.MEMORY_DUPLICATE_SIMILARITY


def task_expiry(*, now: dt.datetime | None = None) -> dt.datetime:
    return (now or timezone.now()) + dt.timedelta(days=settings.MEMORY_TASK_TTL_DAYS)


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


def _lock_user_memories(user: User) -> None:
    # Serialises memory writes per person, so two concurrent "same fact" writes cannot both
    # decide the fact is new. NO KEY UPDATE does not block inserts that reference the user.
    list(User.objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))


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


def _same_fact(
    *, user: User, tier: str, content: str, vector: list[float], embedder: str
) -> Memory | None:
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
    *,
    memory: Memory,
    user: User,
    confidence: float,
    tags: list[str],
    metadata: dict[str, Any],
    actor: str,
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


def _check_links(*, user: User, goal_id: int | None, mission_id: int | None) -> None:
    """A memory may only point at the person's own goal and mission: another's, or one that
    does not exist, is NotFound (a 404, as for the goal's own address)."""
    if goal_id is not None:
        goals_selectors.goal_get(user=user, goal_id=goal_id)
    if mission_id is not None:
        goals_selectors.mission_get(user=user, mission_id=mission_id)


@transaction.atomic
def memory_create(
    *,
    user: User,
    content: str,
    tier: str,
    source: str,
    key: str = "",
    tags: Iterable[str] = (),
    metadata: dict[str, Any] | None = None,
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
    5. Otherwise a new memory is created, with a "created" change, and with the thread it
       continues as its context (services.threads).
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
    if same and previous is not None:
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
        # Free the key slot before the new fact takes it (one active memory per key); the
        # old fact held until now.
        Memory.objects.filter(pk=previous.pk).update(active=False, valid_to=now, updated_at=now)
    # Only a memory that is made reads its thread (a reinforced one keeps its own).
    memory.context, memory.context_embedding = memory_context_of(
        previous=thread_previous(user=user, memory=memory, now=now), embedding=memory.embedding
    )
    _date(memory, saved=user.local_day(now))
    memory.valid_from = now
    memory.save()
    _record(memory=memory, kind=ChangeKind.CREATED, actor=actor, new=memory.content)
    _close_what_a_loss_ends(memory=memory, actor=actor, now=now)
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


# An unkeyed memory that says where or as what the person works ("I work as a paralegal
# at Hartley & Sons", written on the Memories page): a job left ends it.
_WORK_SAID = re.compile(
    r"\b(?:i|they|she|he) (?:work|works|worked|am working|is working) (?:as|at|for|in)\b"
    r"|\bmy (?:job|work) (?:is|at)\b|\bworks? (?:as|at|for) ",
    re.IGNORECASE,
)
_JOB_KEYS = ("employer", "occupation")
# What a birth ends: the pregnancy ("My partner Jess is pregnant, due in March").
_PREGNANCY_SAID = re.compile(
    r"\bpregnan\w*|\bexpecting (?:a|our|their|her|my)\b|\bdue (?:in|on|date)\b", re.IGNORECASE
)


def _close_what_a_loss_ends(*, memory: Memory, actor: str, now: dt.datetime) -> None:
    """A loss ends every other fact that names the one lost ("Has a cat called Miso" for
    "Miso died", keyed or not), a job left every unkeyed fact of that work, a birth what was
    said of the pregnancy: closed, kept as history, superseded by it."""
    name = str(memory.metadata.get("value", ""))
    if "loss" in memory.tags and name:
        named = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE)
        keys = Q(key="") | Q(key__startswith="pet:") | Q(key__startswith="relation:")
    elif "change" in memory.tags and memory.key in _JOB_KEYS:
        named, keys = _WORK_SAID, Q(key="")
    elif "birth" in memory.tags:
        named, keys = _PREGNANCY_SAID, Q(key="") | Q(key__startswith="relation:")
    else:
        return
    ended = [
        old
        for old in Memory.objects.filter(user_id=memory.user_id, active=True)
        .filter(keys)
        .exclude(pk=memory.pk)
        if named.search(old.content)
    ]
    for old in ended:
        Memory.objects.filter(pk=old.pk).update(
            active=False, valid_to=now, superseded_by=memory, updated_at=now
        )
        _record(
            memory=old, kind=ChangeKind.SUPERSEDED, actor=actor, old=old.content, new=memory.content
        )


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


def _date(memory: Memory, *, saved: dt.date) -> None:
    """Set when `memory` was said and when what it tells happened (companion.when)."""
    memory.said_on = when.said_on(memory.metadata, saved)
    found = when.happened(memory.content, memory.said_on)
    memory.happened_on, memory.happened_span = (found.on, found.span) if found else (None, "")


def _distance(memory: Memory, vector: list[float]) -> float:
    distance: float = (
        Memory.objects.filter(pk=memory.pk)
        .annotate(distance=CosineDistance("embedding", vector))
        .values_list("distance", flat=True)
        .get()
    )
    return distance


def _owned(*, memory: Memory, user: User) -> Memory:
    """The memory, re-read and locked, only if it belongs to `user` (else DoesNotExist)."""
    return Memory.objects.select_for_update().get(pk=memory.pk, user_id=user.pk)


@transaction.atomic
def memory_update(
    *,
    memory: Memory,
    user: User,
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
        _date(fresh, saved=fresh.said_on or user.local_day(fresh.created_at))
        fresh.embedder = embedder.name
    fresh.save()
    _record(memory=fresh, kind=ChangeKind.UPDATED, actor=actor, old=old_content, new=fresh.content)
    return fresh


@transaction.atomic
def memory_delete(*, memory: Memory, user: User, actor: str = Actor.USER) -> int:
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


def memories_touch(*, user: User, ids: Iterable[int], now: dt.datetime | None = None) -> int:
    """Mark memories as used (one statement, written out: it ends every turn that recalled
    something); only the user's own are touched. Returns how many."""
    with prepared_cursor() as cursor:
        cursor.execute(
            MEMORIES_TOUCH, {"now": now or timezone.now(), "user": user.pk, "ids": list(ids)}
        )
        touched: int = cursor.rowcount
        return touched


@transaction.atomic
def memories_prune_expired(*, now: dt.datetime | None = None) -> int:
    """Delete task memories whose expiry has passed (with their history); return the count."""
    expired = Memory.objects.filter(tier=Tier.TASK, expires_at__lte=now or timezone.now())
    ids = list(expired.values_list("pk", flat=True))
    Memory.objects.filter(pk__in=ids).delete()
    return len(ids)


# Re-embedding: a batch is one person's memories, so it takes one person's revision lock;
# 64 texts embed in ~0.25 s with the local model, all that person's memory writes wait.
REEMBED_BATCH = 64

# A person with memories another embedder made, found by `memory_by_embedder` (two ranges
# rather than "<>", so the index finds them, usually none, without reading every memory).
_STALE_PERSON = """
SELECT user_id FROM companion_memory
WHERE embedder < %(embedder)s::text OR embedder > %(embedder)s::text
LIMIT 1
"""

# Their stale memories, claimed: rows another transaction holds are skipped, never waited
# for, so two workers never take the same memory and never wait on each other's rows.
_STALE_CLAIM = """
SELECT id, content FROM companion_memory
WHERE user_id = %(user_id)s::bigint
  AND (embedder < %(embedder)s::text OR embedder > %(embedder)s::text)
ORDER BY id
LIMIT %(size)s::int
FOR UPDATE SKIP LOCKED
"""


@transaction.atomic
def memories_reembed_batch(*, engine: Engine | None = None, size: int = REEMBED_BATCH) -> int:
    """Re-embed one batch of memories whose vector another embedder made; return how many
    (0: nothing was left to claim).

    1. Find a person with such memories.
    2. Take the person's memory revision (`memory_revision_of`, migration 0011): it locks
       their MemoryRevision row until commit, before any memory row is locked. A turn
       writing their memories locks a memory row and then that same revision row, so
       taking the revision first (and claiming rows without waiting, step 3) leaves no
       lock cycle; a second worker on the same person waits here, then claims what is left.
    3. Claim up to `size` of their stale memories (FOR UPDATE SKIP LOCKED).
    4. Embed the contents in one call; write the vectors and the embedder's name (the
       sketches follow, kept by PostgreSQL; `updated_at` does not move: nothing the person
       said changed). The batch commits as a whole: a crash loses only the batch in flight,
       whose rows are then stale and unlocked, for the next run to claim.
    """
    embedder = engine_or_default(engine).embedder
    with connection.cursor() as cursor:
        cursor.execute(_STALE_PERSON, {"embedder": embedder.name})
        person = cursor.fetchone()
        if person is None:
            return 0
        cursor.execute("SELECT memory_revision_of(%s::bigint)", [person[0]])
        cursor.execute(
            _STALE_CLAIM, {"user_id": person[0], "embedder": embedder.name, "size": size}
        )
        claimed = cursor.fetchall()
    if not claimed:
        return 0
    vectors = embedder.embed([content for _, content in claimed])
    batch = [
        # The context vector leant toward another embedder's vector: dropped, not mixed.
        Memory(pk=pk, embedding=vector, embedder=embedder.name, context_embedding=None)
        for (pk, _), vector in zip(claimed, vectors, strict=True)
    ]
    Memory.objects.bulk_update(batch, ["embedding", "embedder", "context_embedding"])
    return len(batch)


def memories_reembed(
    *, engine: Engine | None = None, batch_size: int = REEMBED_BATCH, seconds: float | None = None
) -> int:
    """Re-embed memories whose vector another embedder made, batch after batch (each its
    own transaction, see memories_reembed_batch), until none is left or, with `seconds`,
    until a batch ends that long after the start; return the count.

    Resumable by design: what is left to do is the memories whose `embedder` is not the
    current one, so a run that stops anywhere leaves the next run exactly the rest. A run
    also stops at a batch that claims nothing: none is left, or what is left is held by
    another transaction (a worker that finished that person first, a turn), for the next run.
    """
    deadline = None if seconds is None else time.monotonic() + seconds
    done = 0
    while count := memories_reembed_batch(engine=engine, size=batch_size):
        done += count
        if deadline is not None and time.monotonic() >= deadline:
            break
    return done


# -- what Eliza learns in a turn -------------------------------------------------------------


def memory_create_quietly(
    *, user: User, fact: ExtractedFact, engine: Engine, turn_id: uuid.UUID
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
            metadata={"turn": str(turn_id), **({"value": fact.value} if fact.value else {})},
            engine=engine,
        )
    except ValidationError as refused:
        return {"content": fact.content, "error": "; ".join(refused.messages)}
    return {"content": fact.content, "memory_id": write.memory.pk, "outcome": write.outcome}
