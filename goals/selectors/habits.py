"""Reads of habits, scoped to one person: their habits, one habit, and a habit's days (what
was ticked, and which days its schedule asks for)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import connection
from django.db.models import Count, QuerySet

from delight.models import User
from delight.selectors import owned_or_not_found
from goals.models import Habit, HabitCheckIn
from goals.progress.habit_streaks import HabitStreak, asks_for, habit_streak

CALENDAR_DAYS_MAX = 400


def habit_list(*, user: User, status: str | None = None) -> QuerySet[Habit]:
    habits = Habit.objects.owned_by(user)
    return habits.filter(status=status) if status else habits


def habits_kept(*, user: User) -> list[Habit]:
    """The habits the person keeps or has paused (not archived, not merely suggested)."""
    kept = (Habit.Status.ACTIVE, Habit.Status.PAUSED)
    return list(Habit.objects.owned_by(user).filter(status__in=kept))


def goal_habits(*, user: User, goal_id: int) -> list[Habit]:
    """The habits serving one of the person's goals, those its plan suggests included
    (archived ones left out)."""
    habits = Habit.objects.owned_by(user).filter(goal_id=goal_id)
    return list(habits.exclude(status=Habit.Status.ARCHIVED).order_by("created_at", "id"))


def habit_days_most(*, user: User) -> int:
    """The days done of the person's habit done on the most days (0 without any)."""
    done = HabitCheckIn.objects.owned_by(user).filter(state=HabitCheckIn.State.DONE)
    counts = done.values("habit_id").annotate(days=Count("id")).values_list("days", flat=True)
    return max(counts, default=0)


def habits_active(*, user: User) -> list[Habit]:
    return list(habit_list(user=user, status=Habit.Status.ACTIVE))


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
    habits = habits_active(user=user)
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


HABIT_CHOICE = "habit:"  # how a habit is told from a mission among a conversation's choices


def habit_choices(*, user: User, today: dt.date) -> list[tuple[str, str]]:
    """("habit:<id>", title) of today's habits not yet done, for a conversation to refer to
    by name beside the open missions ("did my walk")."""
    rows = habits_today(user=user, today=today)
    return [(f"{HABIT_CHOICE}{row.habit.pk}", row.habit.title) for row in rows if not row.done]


def habit_streaks(*, user: User, habits: list[Habit], today: dt.date) -> dict[int, HabitStreak]:
    """Each habit's streak at `today`, its check-ins read in one query."""
    states: dict[int, dict[dt.date, str]] = {habit.pk: {} for habit in habits}
    checkins = HabitCheckIn.objects.owned_by(user).filter(habit_id__in=list(states)).order_by()
    for habit_id, day, state in checkins.values_list("habit_id", "day", "state"):
        states[habit_id][day] = state
    return {habit.pk: habit_streak(habit, states[habit.pk], today=today) for habit in habits}


def habit_calendar(*, user: User, habit: Habit, start: dt.date, end: dt.date) -> list[HabitDay]:
    """Each of the person's habit's days from `start` to `end` (at most CALENDAR_DAYS_MAX)."""
    return calendar_days(habit, habit_ticks(user=user, habit=habit, start=start), start, end)


Tick = tuple[str, int | None]  # a day's check-in: its state and number


def habit_ticks(*, user: User, habit: Habit, start: dt.date | None = None) -> dict[dt.date, Tick]:
    """The habit's check-ins by day (from `start`, else all), in one read."""
    checkins = HabitCheckIn.objects.owned_by(user).filter(habit=habit).order_by()  # a dict
    checkins = checkins.filter(day__gte=start) if start else checkins
    return {
        day: (state, value) for day, state, value in checkins.values_list("day", "state", "value")
    }


def ticked_states(ticks: dict[dt.date, Tick]) -> dict[dt.date, str]:
    """What was ticked by day, without the numbers (what a streak reads)."""
    return {day: state for day, (state, _) in ticks.items()}


def calendar_days(
    habit: Habit, ticks: dict[dt.date, Tick], start: dt.date, end: dt.date
) -> list[HabitDay]:
    """Each day from `start` to `end`: asked for or not, and what was ticked (pure)."""
    days = []
    for offset in range((end - start).days + 1):
        day = start + dt.timedelta(days=offset)
        state, value = ticks.get(day, ("", None))
        days.append(HabitDay(day, due_on(habit, day), state, value))
    return days


# -- reminders ------------------------------------------------------------------------------

# The reminders of active habits due in a window, on each person's clock: for their lived
# today and tomorrow, the day's wall time (a time before their day start falls on the next
# calendar date), kept when the schedule asks for that day (a weekly habit any day: whether
# its week is met is checked when due).
#
# 1. Each person's lived today and the window in their wall time are worked out once per
#    person (three zone conversions each), not once per habit and day.
# 2. Each habit's two days are kept by plain timestamp sums against that wall window,
#    widened by three hours: a zone's clock change (two hours at most, in Antarctica/Troll)
#    moves a wall time by less, so no reminder of the window is dropped here.
# 3. Only those left are converted to the instant they are due and held to the window
#    exactly (the widening lets none too early or too late through).
_REMINDERS_DUE = """
-- A zone PostgreSQL does not know (Python's tzdata may name more) would fail the statement
-- for everyone: such a person's reminders wait until their zone is one it knows. Their
-- people are read first (MATERIALIZED), so no zone of theirs is ever converted.
WITH people AS MATERIALIZED (
    SELECT id, timezone, make_time(day_start_hour, 0, 0) AS day_start,
        ((%(now)s::timestamptz AT TIME ZONE timezone)
            - make_interval(hours => day_start_hour))::date AS today,
        (%(since)s::timestamptz AT TIME ZONE timezone) - interval '3 hours' AS wall_since,
        (%(until)s::timestamptz AT TIME ZONE timezone) + interval '3 hours' AS wall_until
    FROM delight_user
    WHERE is_active AND timezone IN (SELECT name FROM pg_timezone_names)
), near AS (
    SELECT h.user_id, h.id, u.timezone, w.day, w.wall
    FROM goals_habit h
    JOIN people u ON u.id = h.user_id
    CROSS JOIN LATERAL (
        SELECT lived.day, lived.day + (h.reminder_time < u.day_start)::int + h.reminder_time
            AS wall
        FROM (SELECT u.today + n AS day FROM (VALUES (0), (1)) AS ahead(n)) AS lived
    ) AS w
    WHERE h.status = 'active' AND h.reminder_time IS NOT NULL
      AND w.day >= h.start_date
      AND w.wall > u.wall_since AND w.wall <= u.wall_until
      AND (h.schedule IN ('daily', 'weekly')
           OR (h.schedule = 'weekdays' AND extract(isodow FROM w.day)::int - 1 = ANY(h.weekdays))
           OR (h.schedule = 'every' AND (w.day - h.start_date) %% h.every_days = 0))
)
SELECT d.user_id, d.id, d.due_at, (d.due_at AT TIME ZONE d.timezone)::date, d.day
FROM (SELECT near.*, near.wall AT TIME ZONE near.timezone AS due_at FROM near) AS d
WHERE d.due_at > %(since)s AND d.due_at <= %(until)s
"""


@dataclass(frozen=True)
class ReminderDue:
    user_id: int
    habit_id: int
    due_at: dt.datetime
    calendar_date: dt.date  # the person's calendar date of due_at (a daily maximum's day)
    day: dt.date  # the person's lived day it reminds of


def habit_reminders_due_query(
    *, now: dt.datetime, since: dt.datetime, until: dt.datetime
) -> tuple[str, dict[str, dt.datetime]]:
    """The statement listing everyone's habit reminders due after `since` and by `until`
    (user_id, habit_id, due_at, calendar_date, day: ReminderDue's fields), and its
    parameters; a planner inserts its rows in one statement, never reading them here."""
    return _REMINDERS_DUE, {"now": now, "since": since, "until": until}


def habit_reminders_due(
    *, now: dt.datetime, since: dt.datetime, until: dt.datetime
) -> list[ReminderDue]:
    """Everyone's habit reminders due after `since` and by `until` (one statement)."""
    with connection.cursor() as cursor:
        cursor.execute(*habit_reminders_due_query(now=now, since=since, until=until))
        return [ReminderDue(*row) for row in cursor.fetchall()]


@dataclass(frozen=True)
class HabitReminder:
    """A habit's reminder for a day, checked when it is due: why not to send it ("" to
    send), and what its words say."""

    habit: Habit
    problem: str
    streak: HabitStreak
    week_done: int | None


def habit_reminder(*, user: User, habit_id: int, day: dt.date) -> HabitReminder | None:
    """The habit's reminder for `day` as things are now; None when the habit is gone."""
    habit = Habit.objects.owned_by(user).filter(pk=habit_id).first()
    if habit is None:
        return None
    states = ticked_states(habit_ticks(user=user, habit=habit))
    streak = habit_streak(habit, states, today=day)
    monday = day - dt.timedelta(days=day.weekday())
    week_done = None
    if habit.schedule == Habit.Schedule.WEEKLY:
        week = (monday + dt.timedelta(days=n) for n in range(7))
        week_done = sum(states.get(d) == HabitCheckIn.State.DONE for d in week)
    return HabitReminder(
        habit, _reminder_problem(habit, states.get(day), week_done, day), streak, week_done
    )


def _reminder_problem(habit: Habit, state: str | None, week_done: int | None, day: dt.date) -> str:
    """Why the reminder is not wanted now, in plain words for staff ("" when it is)."""
    if habit.status != Habit.Status.ACTIVE:
        return "The habit is paused or archived."
    if habit.reminder_time is None:
        return "Its reminder was turned off."
    if state == HabitCheckIn.State.DONE:
        return "It was done already that day."
    if state == HabitCheckIn.State.SKIPPED:
        return "It was skipped on purpose that day."
    if week_done is not None:
        return "Its times this week are done." if week_done >= (habit.times_per_week or 1) else ""
    return "" if asks_for(habit, day) else "Its schedule no longer asks for that day."
