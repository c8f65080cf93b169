"""Reads of habits, scoped to one person: their habits, one habit, and a habit's days (what
was ticked, and which days its schedule asks for)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import QuerySet

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import Habit, HabitCheckIn
from goals.progress.habit_streaks import HabitStreak, asks_for, habit_streak

CALENDAR_DAYS_MAX = 400


def habit_list(*, user: User, status: str | None = None) -> QuerySet[Habit]:
    habits = Habit.objects.owned_by(user)
    return habits.filter(status=status) if status else habits


def habit_get(*, user: User, habit_id: int) -> Habit:
    return owned_or_not_found(Habit, user=user, pk=habit_id, message="There is no such habit.")


def due_on(habit: Habit, day: dt.date) -> bool:
    """Whether the habit, active, asks for `day` (see `asks_for`)."""
    return habit.status == Habit.Status.ACTIVE and asks_for(habit, day)


@dataclass(frozen=True)
class HabitDay:
    day: dt.date
    due: bool
    state: str  # "done", "skipped" or "" (not ticked)
    value: int | None


def habits_done_on(*, user: User, day: dt.date) -> set[int]:
    """The ids of the person's habits ticked done on `day`."""
    done = HabitCheckIn.objects.owned_by(user).filter(day=day, state=HabitCheckIn.State.DONE)
    return set(done.values_list("habit_id", flat=True))


@dataclass(frozen=True)
class HabitToday:
    """An active habit on the person's today: ticked or not, and for a weekly one how many of
    its week's times are done."""

    habit: Habit
    done: bool
    week_done: int | None  # a weekly habit's days done this week (Monday on), else None


def habits_today(*, user: User, today: dt.date) -> list[HabitToday]:
    """The habits today asks for: the active ones its schedule names today, the weekly ones
    whose week is not yet met, and any done today anyway; two queries."""
    habits = list(habit_list(user=user, status=Habit.Status.ACTIVE))
    monday = today - dt.timedelta(days=today.weekday())
    done_days: dict[int, set[dt.date]] = {habit.pk: set() for habit in habits}
    week = HabitCheckIn.objects.owned_by(user).filter(
        habit_id__in=list(done_days), day__range=(monday, today), state=HabitCheckIn.State.DONE
    )
    for habit_id, day in week.values_list("habit_id", "day"):
        done_days[habit_id].add(day)
    shown = []
    for habit in habits:
        done = today in done_days[habit.pk]
        weekly = habit.schedule == Habit.Schedule.WEEKLY
        count = len(done_days[habit.pk]) if weekly else None
        needed = habit.times_per_week or 1
        open_week = count is not None and habit.start_date <= today and count < needed
        if done or open_week or asks_for(habit, today):
            shown.append(HabitToday(habit, done, count))
    return shown


def habit_streaks(*, user: User, habits: list[Habit], today: dt.date) -> dict[int, HabitStreak]:
    """Each habit's streak at `today`, its check-ins read in one query."""
    states: dict[int, dict[dt.date, str]] = {habit.pk: {} for habit in habits}
    checkins = HabitCheckIn.objects.owned_by(user).filter(habit_id__in=list(states))
    for habit_id, day, state in checkins.values_list("habit_id", "day", "state"):
        states[habit_id][day] = state
    return {habit.pk: habit_streak(habit, states[habit.pk], today=today) for habit in habits}


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
