"""Habits and their check-ins (every write): a habit made, changed or removed; a day of it
ticked (done, with a number for a measurable one, or skipped on purpose) or unticked, on the
person's own days, up to CHECKIN_DAYS_BACK back."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.backends.postgresql.psycopg_any import DateRange
from django.db.models import Min
from django.utils import timezone

from delight.events import announce
from delight.models import User
from delight.selectors import owned_or_not_found
from goals import signals
from goals.models import ActivityEvent, Habit, HabitCheckIn
from goals.selectors import goal_get
from goals.services.common import event_record, reject_unknown
from goals.services.consistency import consistency_forget, consistency_recount
from goals.services.recount import progress_recount_enqueue

Kind = ActivityEvent.Kind
DONE = HabitCheckIn.State.DONE
SUGGESTED, PAUSED = Habit.Status.SUGGESTED, Habit.Status.PAUSED

CHECKIN_DAYS_BACK = 30
HABIT_FIELDS = (
    "title",
    "category",
    "goal_id",
    "schedule",
    "times_per_week",
    "weekdays",
    "every_days",
    "target",
    "unit",
    "status",
    "start_date",
    "reminder_time",
)


@transaction.atomic
def habit_create(*, user: User, title: str, category: str, **fields: Any) -> Habit:
    """A new habit of the person's, starting today on their clock unless told when; a goal
    it serves must be theirs. An invalid value changes nothing (ValidationError)."""
    habit = Habit(user=user, title=title.strip(), category=category)
    _apply(habit, user=user, changes=fields)
    if habit.start_date is None:
        habit.start_date = user.local_day(timezone.now())
    habit.full_clean()
    habit.save()
    return habit


@transaction.atomic
def habit_update(*, user: User, habit_id: int, **changes: Any) -> Habit:
    """Change a habit; a suggested one taken on (made active) starts on the person's today,
    so the days it waited for their yes ask for nothing; a pause is kept from the day it is
    paused to the day it is resumed (or archived), so its days stay neutral."""
    return _habit_change(_habit_for_update(user=user, habit_id=habit_id), changes=changes)


def _habit_change(habit: Habit, *, changes: dict[str, Any]) -> Habit:
    """`habit_update`'s work on a habit already read under its lock."""
    user, before = habit.user, habit.status
    _apply(habit, user=user, changes=changes)
    today = user.local_day(timezone.now())
    if before == SUGGESTED and habit.status != SUGGESTED and "start_date" not in changes:
        habit.start_date = today
    if (before == PAUSED) != (habit.status == PAUSED):
        habit.pauses = _pauses_after(habit.pauses, paused=habit.status == PAUSED, today=today)
    habit.full_clean()
    habit.save()
    return habit


@transaction.atomic
def habit_take(*, user: User, habit_id: int) -> Habit:
    """Take on a habit a goal's plan suggests: it is the person's from their today."""
    habit = _habit_for_update(user=user, habit_id=habit_id)
    if habit.status != SUGGESTED:
        raise ValidationError("This habit is yours already.", code="invalid_state")
    return _habit_change(habit, changes={"status": Habit.Status.ACTIVE})


@transaction.atomic
def habit_reject(*, user: User, habit_id: int) -> Habit:
    """Say no to a habit a goal's plan suggests: it goes (nothing was ticked on it); the
    habit as it was."""
    habit = _habit_for_update(user=user, habit_id=habit_id)
    if habit.status != SUGGESTED:
        raise ValidationError(
            "Only a suggested habit can be turned down; archive one you keep.",
            code="invalid_state",
        )
    habit.delete()
    return habit


@transaction.atomic
def habit_delete(*, user: User, habit_id: int) -> None:
    """Remove a habit, its check-ins and the days of work they counted (archiving keeps
    them all: status "archived"); the consistency index is counted again from the first."""
    habit = _habit_for_update(user=user, habit_id=habit_id)
    days = ActivityEvent.objects.owned_by(user).filter(habit=habit, kind=Kind.HABIT_DONE)
    first = days.aggregate(first=Min("local_date"))["first"]
    days.delete()
    habit.delete()
    if first is not None and first < user.local_day(timezone.now()):
        consistency_recount(user=user, since=first)


@transaction.atomic
def habit_checkin(
    *,
    user: User,
    habit_id: int,
    day: dt.date,
    state: str = HabitCheckIn.State.DONE,
    value: int | None = None,
    note: str = "",
    now: dt.datetime | None = None,
) -> HabitCheckIn:
    """Tick the habit on the person's `day` (again: the new state replaces the old).

    1. The day is theirs to tick: not after their today, at most CHECKIN_DAYS_BACK back.
    2. A number only for a measurable habit; done without one counts its target.
    3. Keep it, once per habit and day; a day done before the habit's start moves its start
       there (it was kept before it was written down).
    4. When the day became done or stopped being done, count it again (`_recount`).
    """
    habit = _habit_for_update(user=user, habit_id=habit_id)
    _check_day(user=user, day=day, now=now)
    if habit.status == SUGGESTED:
        raise ValidationError({"habit": "This habit is only suggested: take it on first."})
    if state not in HabitCheckIn.State.values:
        raise ValidationError({"state": f"Say one of: {', '.join(HabitCheckIn.State.values)}."})
    if value is not None and not habit.measurable:
        raise ValidationError({"value": "This habit is done or not: it takes no number."})
    if habit.measurable and state == HabitCheckIn.State.DONE and value is None:
        value = habit.target
    checkin = HabitCheckIn.objects.filter(habit=habit, day=day).first() or HabitCheckIn(
        habit=habit, user=user, day=day
    )
    was_done = checkin.pk is not None and checkin.state == DONE
    checkin.state, checkin.value, checkin.note = state, value, note.strip()
    # Its fields only: the habit and person were just read, and the day's one check-in was
    # looked for under the habit's lock (three reads fewer a tick).
    checkin.full_clean(exclude=["habit", "user"], validate_unique=False, validate_constraints=False)
    checkin.save()
    if day < habit.start_date and state == DONE:
        habit.start_date = day
        habit.save(update_fields=["start_date", "updated_at"])
    if was_done != (state == DONE):
        _recount(habit=habit, day=day, done=state == DONE, now=now or timezone.now())
    return checkin


@transaction.atomic
def habit_checkin_clear(
    *, user: User, habit_id: int, day: dt.date, now: dt.datetime | None = None
) -> bool:
    """Untick the habit on `day`; whether there was a check-in to take back."""
    habit = _habit_for_update(user=user, habit_id=habit_id)
    _check_day(user=user, day=day, now=now)
    checkin = HabitCheckIn.objects.filter(habit=habit, day=day).first()
    if checkin is None:
        return False
    checkin.delete()
    if checkin.state == DONE:
        _recount(habit=habit, day=day, done=False, now=now or timezone.now())
    return True


@transaction.atomic
def habit_checkin_toggle(
    *, user: User, habit_id: int, day: dt.date, now: dt.datetime | None = None
) -> bool:
    """The calendar's tap: tick the habit on `day`, or untick it when it was ticked; whether
    it is ticked now."""
    if habit_checkin_clear(user=user, habit_id=habit_id, day=day, now=now):
        return False
    habit_checkin(user=user, habit_id=habit_id, day=day, now=now)
    return True


def _recount(*, habit: Habit, day: dt.date, done: bool, now: dt.datetime) -> None:
    """A day of the habit became done, or stopped being: everything counted from it follows.

    1. The day's work: one `habit_done` activity event on that day, or none (the streaks,
       charts and insights read these).
    2. A past day changes the consistency index from that day on: its snapshots are
       forgotten (and written again by the recount job).
    3. Announce it (the story's Essence for the day; taken back when undone).
    4. What is counted from the whole history (the streaks and the habits' own streaks,
       their milestones, the open pages' streak, the insights) is counted by the person's
       recount job (goals.services.recount), not in the request.
    """
    user = habit.user
    if done:
        event_record(user=user, kind=Kind.HABIT_DONE, now=now, habit=habit, day=day)
        announce(signals.habit_done, sender=Habit, habit=habit, day=day, at=now)
    else:
        ActivityEvent.objects.owned_by(user).filter(
            habit=habit, kind=Kind.HABIT_DONE, local_date=day
        ).delete()
        announce(signals.habit_undone, sender=Habit, habit=habit, day=day)
    if day < user.local_day(now):
        consistency_forget(user=user, since=day, now=now)  # the recount job writes them again
    progress_recount_enqueue(user=user, now=now)


def _pauses_after(pauses: list[DateRange], *, paused: bool, today: dt.date) -> list[DateRange]:
    """The pauses with one begun today, or the open one ended today (gone if it began today:
    a pause taken back the same day leaves nothing)."""
    if paused:
        return [*pauses, DateRange(today, None, "[)")]
    closed = [span for span in pauses if span.upper is not None]
    opened = [span.lower for span in pauses if span.upper is None]
    return closed + [DateRange(start, today, "[)") for start in opened if start < today]


def _habit_for_update(*, user: User, habit_id: int) -> Habit:
    habit = owned_or_not_found(
        Habit.objects.select_for_update(),
        user=user,
        pk=habit_id,
        message="There is no such habit.",
    )
    habit.user = user  # theirs: the recounts and the story's receivers read it, unread again
    return habit


def _apply(habit: Habit, *, user: User, changes: dict[str, Any]) -> None:
    reject_unknown(changes, HABIT_FIELDS)
    if changes.get("status") == SUGGESTED:
        raise ValidationError({"status": "Only a goal's plan suggests a habit."})
    if changes.get("goal_id") is not None:
        goal_get(user=user, goal_id=changes["goal_id"])  # theirs, or NotFound
    for name, value in changes.items():
        setattr(habit, name, sorted(value) if name == "weekdays" else value)


def _check_day(*, user: User, day: dt.date, now: dt.datetime | None) -> None:
    today = user.local_day(now or timezone.now())
    if day > today:
        raise ValidationError({"day": "That day hasn't come yet on your clock."})
    if day < today - dt.timedelta(days=CHECKIN_DAYS_BACK):
        raise ValidationError(
            {"day": f"Days more than {CHECKIN_DAYS_BACK} days back can't be changed."}
        )
