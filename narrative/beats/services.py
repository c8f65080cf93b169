"""Writes of the beat pipeline: a beat asked for (once per trigger), claimed by one worker,
committed whole (text, provenance, world changes, Essence) or released for another try;
and a side chapter bought with Essence."""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django_q.tasks import async_task

from delight.errors import NotFound
from delight.events import announce
from delight.models import User
from delight.realtime import send_on_commit
from narrative import realtime, selectors, signals
from narrative.beats.changes import changes_read
from narrative.beats.plan import CHAPTER_REWARD
from narrative.ledger import essence_earn, essence_spend
from narrative.models import Beat, BeatTrigger, EssenceKind, Story
from narrative.notices import beat_tell
from narrative.scenario import scenario_chapter
from narrative.services import story_start, world_apply

# A worker killed mid-beat lets it go after this: once django-q has surely killed it (its
# writer's liveness lock keeps a second writer off a beat still being written in any case).
CLAIM = settings.JOB_CLAIM
ATTEMPTS_MAX = 3  # tries before a beat is given up (with the reason, for staff)
RETRY_AFTER = dt.timedelta(minutes=1)  # times the attempt number
WRITE_TASK = "narrative.tasks.write_story_beat"


@transaction.atomic
def beat_request(
    *,
    user: User,
    kind: str,
    key: str,
    at: dt.datetime | None = None,
    detail: dict[str, Any] | None = None,
) -> Beat | None:
    """Ask for a beat because of ``key`` (a mission, a milestone, …), once per key.

    1. A key heard before asks for nothing (a retried job, a signal sent twice).
    2. The person's pending beat takes the trigger; with none pending, one is opened (of two
       at once, the second joins the first: one pending beat per person).
    3. A beat of missions alone waits for the person's evening (evening_of): the minute's
       sweep writes the day's missions as one passage then.
    4. Otherwise it waits STORY_GATHER_SECONDS more for what comes next (at most
       STORY_GATHER_MAX_SECONDS after it was opened), then the sweep has it written; with no
       wait, the narrator writes it in the background once this commits (the sweep takes it
       up if the job is lost).
    """
    at = at or timezone.now()
    if BeatTrigger.objects.owned_by(user).filter(key=key).exists():
        return None
    story = story_start(user=user)
    beat = _pending_beat(user=user, story=story, at=at)
    try:
        with transaction.atomic():
            BeatTrigger.objects.create(
                user=user, beat=beat, kind=kind, key=key, detail=detail or {}, at=at
            )
    except IntegrityError:  # the same key, at the same moment, from another worker
        return None
    gather = dt.timedelta(seconds=settings.STORY_GATHER_SECONDS)
    evening = evening_of(user=user, beat=beat, at=at)
    if evening is not None:
        _beat_due(beat, due=max(evening, at + gather))
        return beat
    if beat.due_at is not None and beat.due_at > at + gather:
        _beat_due(beat, due=None)  # held for the evening: told now, with what joined it
    if gather:
        _beat_wait(beat, at=at)
    else:
        _beat_write_enqueue(beat.pk)
    return beat


def evening_of(*, user: User, beat: Beat, at: dt.datetime) -> dt.datetime | None:
    """When a beat asked for at `at` that tells only missions is written: at the person's
    evening, so a day's missions make one fuller passage; None: as any other beat.

    1. None unless STORY_DAILY, every trigger of the beat is a mission, and the story has a
       passage (its opening is told at once).
    2. Before this evening (STORY_EVENING_HOUR on their clock): this evening.
    3. Later: None (at once), unless a passage was written since this evening: then the
       next evening's.
    """
    if not settings.STORY_DAILY:
        return None
    if beat.triggers.exclude(kind=BeatTrigger.Kind.MISSION).exists():
        return None  # a quest, a goal, a milestone, a return, a choice: told at once
    latest = selectors.beat_latest(user=user)
    if latest is None or latest.written_at is None:
        return None
    local = at.astimezone(user.zone)
    evening = _evening(local.date(), user)
    if local < evening:
        return evening
    if latest.written_at < evening:
        return None
    return _evening(local.date() + dt.timedelta(days=1), user)


def _evening(day: dt.date, user: User) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(settings.STORY_EVENING_HOUR), tzinfo=user.zone)


def _beat_due(beat: Beat, *, due: dt.datetime | None) -> None:
    if due != beat.due_at:
        beat.due_at = due
        beat.save(update_fields=["due_at"])


def _beat_wait(beat: Beat, *, at: dt.datetime) -> None:
    gather = dt.timedelta(seconds=settings.STORY_GATHER_SECONDS)
    latest = beat.requested_at + dt.timedelta(seconds=settings.STORY_GATHER_MAX_SECONDS)
    due = min(max(at + gather, beat.due_at or at), max(latest, beat.requested_at + gather))
    _beat_due(beat, due=due)


def _beat_write_enqueue(beat_id: int) -> None:
    transaction.on_commit(lambda: async_task(WRITE_TASK, beat_id))


@transaction.atomic
def beat_trigger_withdraw(*, user: User, key: str) -> bool:
    """Take back the trigger `key` while its beat is still waiting to be written (a mission
    that was not done after all); a beat left with nothing to tell goes too. Whether it was
    withdrawn: a passage already written stays as it was told."""
    trigger = (
        BeatTrigger.objects.owned_by(user)
        .select_related("beat")
        .filter(key=key, beat__status=Beat.Status.PENDING)
        .first()
    )
    if trigger is None:
        return False
    beat = trigger.beat
    trigger.delete()
    if not beat.triggers.exists():
        beat.delete()
    return True


def _pending_beat(*, user: User, story: Story, at: dt.datetime) -> Beat:
    pending = Beat.objects.owned_by(user).filter(status=Beat.Status.PENDING)
    found = pending.select_for_update().first()
    if found is not None:
        return found
    try:
        with transaction.atomic():
            return Beat.objects.create(user=user, story=story, requested_at=at)
    except IntegrityError:  # another trigger opened it a moment ago
        return pending.select_for_update().get()


# Claims the beat if it waits, or its writer's claim lapsed, and no other beat of the person
# is being written (one scene at a time: each is planned on the world the last one left).
# One statement, so of two workers exactly one gets it.
CLAIM_SQL = """
UPDATE narrative_beat AS beat
SET status = 'writing', claimed_until = %(until)s, attempts = beat.attempts + 1
WHERE beat.id = %(id)s
    AND (
        (beat.status = 'pending' AND (beat.due_at IS NULL OR beat.due_at <= %(now)s))
        OR (beat.status = 'writing' AND beat.claimed_until < %(now)s)
    )
    AND NOT EXISTS (
        SELECT 1 FROM narrative_beat AS other
        WHERE other.user_id = beat.user_id AND other.id <> beat.id
            AND other.status = 'writing' AND other.claimed_until >= %(now)s
    )
RETURNING beat.id
"""


def beat_claim(*, beat_id: int, now: dt.datetime | None = None) -> Beat | None:
    """The beat, now held by the caller for CLAIM; None if it is written, given up, held,
    still gathering (the sweep takes it when due), or waits for the person's beat being
    written (whose commit asks for it again)."""
    now = now or timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(CLAIM_SQL, {"id": beat_id, "now": now, "until": now + CLAIM})
        claimed = cursor.fetchone()
    return Beat.objects.select_related("user", "story").get(pk=beat_id) if claimed else None


@transaction.atomic
def beat_commit(
    *,
    beat_id: int,
    selected: dict[str, Any],
    draft: dict[str, Any],
    validation: list[dict[str, Any]],
) -> Beat:
    """Write the beat: its words, what it cites, its world changes and its Essence, together.

    1. Lock the beat; one already written is returned as it is (a resumed commit).
    2. Apply the draft's world changes at the scene's instant (world_apply checks every
       invariant again under the story's lock and refuses the whole beat otherwise).
    3. Move the story to the beat's chapter; a chapter finished earns its Essence (once).
    4. Keep the beat with its provenance and the validation of every draft tried; give its
       notice; announce it and tell the person's open pages once this commits.
    """
    beat = Beat.objects.select_for_update().select_related("user", "story").get(pk=beat_id)
    if beat.status != Beat.Status.WRITING:
        return beat
    story = beat.story
    at = dt.datetime.fromisoformat(selected["at"])
    changes, problems = changes_read(draft["changes"])
    if problems:
        raise ValidationError(problems)
    world_apply(story=story, changes=changes, at=at)
    position = selected["position"]
    Story.objects.filter(pk=story.pk).update(act=position["act"], chapter=position["chapter"])
    if position["finished"]:
        _chapter_reward(user=beat.user, data=story.scenario.data, finished=position["finished"])
    _beat_fill(beat, selected=selected, draft=draft, validation=validation, at=at)
    beat_tell(beat=beat)
    announce(signals.beat_written, sender=Beat, user=beat.user, beat=beat)
    send_on_commit(partial(realtime.beat_written_send, beat), what="a story beat")
    waiting = Beat.objects.owned_by(beat.user).filter(status=Beat.Status.PENDING).first()
    if waiting is not None:  # asked for while this one was written: its turn now
        _beat_write_enqueue(waiting.pk)
    return beat


def _chapter_reward(*, user: User, data: dict[str, Any], finished: list[int]) -> None:
    act, number = finished
    essence_earn(
        user=user,
        key=f"chapter:{act}.{number}",
        amount=CHAPTER_REWARD,
        kind=EssenceKind.EARNED_CHAPTER,
        note=f"Chapter “{scenario_chapter(data, act, number).name}” finished",
    )


def _beat_fill(
    beat: Beat,
    *,
    selected: dict[str, Any],
    draft: dict[str, Any],
    validation: list[dict[str, Any]],
    at: dt.datetime,
) -> None:
    position = selected["position"]
    beat.status = Beat.Status.WRITTEN
    beat.kind = selected["kind"]
    beat.written_at = at
    beat.act, beat.chapter = position["act"], position["chapter"]
    beat.place = selected["place"]
    beat.title = draft["title"][: Beat._meta.get_field("title").max_length]
    beat.text = draft["text"]
    beat.source = draft["source"][: Beat._meta.get_field("source").max_length]
    beat.provenance = selected["provenance"]
    beat.changes = draft["changes"]
    beat.told = draft.get("told", [])
    beat.validation = validation
    beat.choice = selected["choice"]
    beat.claimed_until = None
    beat.failure = ""
    beat.save()


@transaction.atomic
def beat_fail(*, beat_id: int, reason: str, now: dt.datetime | None = None) -> Beat:
    """A try that could not write the beat: its claim ends in a while and the sweep tries
    again, or it is given up after ATTEMPTS_MAX with the reason (staff see it)."""
    now = now or timezone.now()
    beat = Beat.objects.select_for_update().get(pk=beat_id)
    if beat.status != Beat.Status.WRITING:
        return beat
    beat.failure = reason[: Beat._meta.get_field("failure").max_length]
    if beat.attempts >= ATTEMPTS_MAX:
        beat.status = Beat.Status.FAILED
        beat.claimed_until = None
    else:
        beat.claimed_until = now + RETRY_AFTER * beat.attempts
    beat.save(update_fields=["failure", "status", "claimed_until"])
    return beat


@transaction.atomic
def story_choice_take(*, user: User, beat_id: int) -> Beat:
    """Spend Essence on the side chapter a beat offers, and ask for that chapter.

    1. The beat is the person's own and written (NotFound otherwise) and offers a choice.
    2. Spend its cost, once per choice (a short balance is refused, nothing changes; a
       choice taken before spends nothing more).
    3. Ask for the side chapter (a trigger keyed by the choice: asked for once).
    """
    beat = selectors.beat_get(user=user, beat_id=beat_id)
    if beat is None:
        raise NotFound("No such passage in your story.")
    choice = beat.choice
    if not choice:
        raise ValidationError("This passage offers no choice.")
    essence_spend(user=user, key=choice["key"], amount=int(choice["cost"]), note=choice["label"])
    beat_request(
        user=user,
        kind=BeatTrigger.Kind.CHOICE,
        key=choice["key"],
        detail={
            "beat": beat.pk,
            "label": choice["label"],
            "host": choice.get("host"),
            "item": choice.get("item"),
            "told": choice.get("told"),
        },
    )
    return beat
