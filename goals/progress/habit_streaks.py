"""A habit's streak, on its own schedule (pure: its start, schedule, check-ins and today).

A habit asked for on days (every day, chosen weekdays, every N days) counts days: each day
its schedule asks for and it was done adds one; a day skipped on purpose neither adds nor
breaks; a day asked for and not done breaks it, except today, which is not over. A habit of
N times a week counts weeks (Monday to Sunday): a week with N done keeps it, this week
counts once it is met and breaks nothing before it ends. Days the habit was paused ask for
nothing, and a week with a paused day that was not met is neutral too. Its strength is
Loop's score: each occasion asked for (a day, or a week) pulls it toward 1 when kept,
toward 0 when missed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from goals.models import Habit, HabitCheckIn
from goals.progress.streaks import HALF_LIFE_DAYS

DONE, SKIPPED = HabitCheckIn.State.DONE, HabitCheckIn.State.SKIPPED


def asks_for(habit: Habit, day: dt.date) -> bool:
    """Whether the habit's schedule asks for `day`, from its start, outside its pauses (a
    weekly habit asks for no one day: any of its week's days counts toward its number)."""
    if day < habit.start_date or (habit.pauses and habit.paused_on(day)):
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
class HabitStreak:
    current: int
    best: int
    unit: str  # "days" or "weeks"
    rate: float | None  # done of what was asked for, so far (None before anything was)
    started_on: dt.date | None = None  # the first day (or week's Monday) of the current one
    strength: float = 0.0  # Loop's habit strength, 0-1: see `_decay`


def _decay(habit: Habit) -> float:
    """How much strength an occasion keeps of the one before (Loop Habit Tracker's score):
    half of it goes in HALF_LIFE_DAYS of the calendar, however often the habit is asked for,
    so a day of a daily habit weighs a little and a week of a weekly one much more."""
    if habit.schedule == Habit.Schedule.WEEKLY:
        days = 7.0
    elif habit.schedule == Habit.Schedule.WEEKDAYS:
        days = 7 / max(1, len(habit.weekdays))
    elif habit.schedule == Habit.Schedule.EVERY:
        days = float(habit.every_days or 1)
    else:
        days = 1.0
    return 0.5 ** (days / HALF_LIFE_DAYS)


def habit_streak(habit: Habit, states: dict[dt.date, str], *, today: dt.date) -> HabitStreak:
    """The habit's streak at `today` from its check-ins' states by day."""
    if habit.schedule == Habit.Schedule.WEEKLY:
        return _weekly(habit, states, today=today)
    current = best = asked = done = 0
    started_on, strength, keep = None, 0.0, _decay(habit)
    day = habit.start_date
    while day <= today:
        state = states.get(day)
        if asks_for(habit, day) and state != SKIPPED:
            if state == DONE:
                current, done = current + 1, done + 1
                started_on = started_on if current > 1 else day
                best = max(best, current)
            elif day < today:
                current, started_on = 0, None
            if day < today or state == DONE:  # today, not yet done, is not a miss yet
                asked += 1
                strength = strength * keep + (1 - keep) * (state == DONE)
        day += dt.timedelta(days=1)
    rate = round(done / asked, 3) if asked else None
    return HabitStreak(current, best, "days", rate, started_on, round(strength, 3))


def _weekly(habit: Habit, states: dict[dt.date, str], *, today: dt.date) -> HabitStreak:
    needed = habit.times_per_week or 1
    monday = habit.start_date - dt.timedelta(days=habit.start_date.weekday())
    this_monday = today - dt.timedelta(days=today.weekday())
    current = best = asked = met = 0
    started_on, strength, keep = None, 0.0, _decay(habit)
    while monday <= this_monday:
        week = [monday + dt.timedelta(days=n) for n in range(7)]
        count = sum(states.get(day) == DONE for day in week)
        if count < needed and habit.pauses and any(habit.paused_on(day) for day in week):
            monday += dt.timedelta(days=7)  # a week paused in part, not met: neutral
            continue
        if count >= needed:
            current, met = current + 1, met + 1
            started_on = started_on if current > 1 else monday
            best = max(best, current)
        elif monday < this_monday:
            current, started_on = 0, None
        if monday < this_monday or count >= needed:
            asked += 1
            strength = strength * keep + (1 - keep) * min(1.0, count / needed)
        monday += dt.timedelta(days=7)
    rate = round(met / asked, 3) if asked else None
    return HabitStreak(current, best, "weeks", rate, started_on, round(strength, 3))
