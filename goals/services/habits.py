"""Habits and their check-ins (every write): a habit made, changed or removed; a day of it
ticked (done, with a number for a measurable one, or skipped on purpose) or unticked, on the
person's own days, up to CHECKIN_DAYS_BACK back."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import Habit, HabitCheckIn
from goals.selectors import goal_get

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
    habit = _habit_for_update(user=user, habit_id=habit_id)
    _apply(habit, user=user, changes=changes)
    habit.full_clean()
    habit.save()
    return habit


@transaction.atomic
def habit_delete(*, user: User, habit_id: int) -> None:
    """Remove a habit and its check-ins (archiving keeps them: status "archived")."""
    _habit_for_update(user=user, habit_id=habit_id).delete()


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
    """
    habit = _habit_for_update(user=user, habit_id=habit_id)
    _check_day(user=user, day=day, now=now)
    if state not in HabitCheckIn.State.values:
        raise ValidationError({"state": f"Say one of: {', '.join(HabitCheckIn.State.values)}."})
    if value is not None and not habit.measurable:
        raise ValidationError({"value": "This habit is done or not: it takes no number."})
    if habit.measurable and state == HabitCheckIn.State.DONE and value is None:
        value = habit.target
    checkin = HabitCheckIn.objects.filter(habit=habit, day=day).first() or HabitCheckIn(
        habit=habit, user=user, day=day
    )
    checkin.state, checkin.value, checkin.note = state, value, note.strip()
    checkin.full_clean()
    checkin.save()
    if day < habit.start_date and state == HabitCheckIn.State.DONE:
        habit.start_date = day
        habit.save(update_fields=["start_date", "updated_at"])
    return checkin


@transaction.atomic
def habit_checkin_clear(
    *, user: User, habit_id: int, day: dt.date, now: dt.datetime | None = None
) -> bool:
    """Untick the habit on `day`; whether there was a check-in to take back."""
    habit = _habit_for_update(user=user, habit_id=habit_id)
    _check_day(user=user, day=day, now=now)
    deleted, _ = HabitCheckIn.objects.filter(habit=habit, day=day).delete()
    return bool(deleted)


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


def _habit_for_update(*, user: User, habit_id: int) -> Habit:
    return owned_or_not_found(
        Habit.objects.select_for_update(),
        user=user,
        pk=habit_id,
        message="There is no such habit.",
    )


def _apply(habit: Habit, *, user: User, changes: dict[str, Any]) -> None:
    unknown = set(changes) - set(HABIT_FIELDS)
    if unknown:
        raise ValueError(f"Unknown habit fields: {', '.join(sorted(unknown))}")
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
