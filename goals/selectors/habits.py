"""Reads of habits, scoped to one person: their habits, one habit, and a habit's days (what
was ticked, and which days its schedule asks for)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import Habit, HabitCheckIn

CALENDAR_DAYS_MAX = 400


def habit_list(*, user: User, status: str | None = None) -> QuerySet[Habit]:
    habits = Habit.objects.owned_by(user)
    return habits.filter(status=status) if status else habits


def habit_get(*, user: User, habit_id: int) -> Habit:
    return owned_or_not_found(Habit, user=user, pk=habit_id, message="There is no such habit.")


def due_on(habit: Habit, day: dt.date) -> bool:
    """Whether the habit's schedule asks for `day` (a weekly habit asks for no one day: any
    of its week's days counts toward its number)."""
    if day < habit.start_date or habit.status != Habit.Status.ACTIVE:
        return False
    kind = Habit.Schedule
    if habit.schedule == kind.DAILY:
        return True
    if habit.schedule == kind.WEEKDAYS:
        return day.weekday() in habit.weekdays
    if habit.schedule == kind.EVERY and habit.every_days:
        return (day - habit.start_date).days % habit.every_days == 0
    return False


@dataclass(frozen=True)
class HabitDay:
    day: dt.date
    due: bool
    state: str  # "done", "skipped" or "" (not ticked)
    value: int | None


def habit_calendar(*, user: User, habit_id: int, start: dt.date, end: dt.date) -> list[HabitDay]:
    """Each of the habit's days from `start` to `end` (at most CALENDAR_DAYS_MAX)."""
    habit = habit_get(user=user, habit_id=habit_id)
    ticked = {
        checkin.day: checkin
        for checkin in HabitCheckIn.objects.owned_by(user).filter(
            habit=habit, day__range=(start, end)
        )
    }
    days = []
    for offset in range((end - start).days + 1):
        day = start + dt.timedelta(days=offset)
        checkin = ticked.get(day)
        state = checkin.state if checkin else ""
        days.append(HabitDay(day, due_on(habit, day), state, checkin.value if checkin else None))
    return days
