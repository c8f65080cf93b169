"""A habit's streak on its own schedule: days for a daily, weekdays or every-N-days habit
(a skip on purpose neutral, today not yet a miss), weeks for an N-times-a-week habit."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db.backends.postgresql.psycopg_any import DateRange

from goals.models import Habit
from goals.progress.habit_streaks import habit_streak

MONDAY = dt.date(2026, 3, 2)


def habit(**fields) -> Habit:
    return Habit(title="Walk", category="health", start_date=MONDAY, **fields)


def days(*offsets: int, state: str = "done") -> dict[dt.date, str]:
    return {MONDAY + dt.timedelta(days=n): state for n in offsets}


@pytest.mark.parametrize(
    ("fields", "states", "today", "expected"),
    [
        # Every day: three done, today (the 4th) not yet: still 3.
        ({}, days(0, 1, 2), 3, (3, 3, "days", 1.0)),
        # A miss yesterday breaks it; the best stays.
        ({}, days(0, 1, 2), 4, (0, 3, "days", 0.75)),
        # A skip on purpose neither adds nor breaks.
        ({}, {**days(0, 1, 3), **days(2, state="skipped")}, 3, (3, 3, "days", 1.0)),
        # Mon, Wed, Fri only: the days between are not asked for.
        ({"schedule": "weekdays", "weekdays": [0, 2, 4]}, days(0, 2, 4), 6, (3, 3, "days", 1.0)),
        # Every third day: days 0, 3, 6; day 3 missed, day 6 done today.
        ({"schedule": "every", "every_days": 3}, days(0, 6), 6, (1, 1, "days", 0.667)),
    ],
)
def test_a_day_habit_counts_the_days_it_asks_for(fields, states, today, expected):
    streak = habit_streak(habit(**fields), states, today=MONDAY + dt.timedelta(days=today))
    assert (streak.current, streak.best, streak.unit, streak.rate) == expected


def test_a_weekly_habit_counts_weeks_and_this_week_breaks_nothing_before_it_ends():
    weekly = habit(schedule="weekly", times_per_week=3)
    two_weeks = days(0, 2, 4, 7, 8, 10)  # weeks 1 and 2 met
    this_week = {**two_weeks, **days(14)}  # week 3: one so far
    streak = habit_streak(weekly, this_week, today=MONDAY + dt.timedelta(days=16))
    assert (streak.current, streak.best, streak.unit, streak.rate) == (2, 2, "weeks", 1.0)
    missed_week = {**days(0, 2, 4), **days(14, 15, 16)}  # week 2 had none
    streak = habit_streak(weekly, missed_week, today=MONDAY + dt.timedelta(days=16))
    assert (streak.current, streak.best) == (1, 1)
    assert streak.rate == pytest.approx(0.667, abs=0.001)


def test_before_anything_was_asked_for_there_is_no_rate():
    streak = habit_streak(habit(), {}, today=MONDAY)
    assert (streak.current, streak.best, streak.rate) == (0, 0, None)


def test_strength_halves_toward_kept_in_thirteen_days_whatever_the_schedule():
    # Kept perfectly for 14 days: a daily habit (14 occasions) and an every-other-day one
    # (7 occasions) are equally strong; 13 days of a daily habit make it half strong.
    today = MONDAY + dt.timedelta(days=14)
    daily = habit_streak(habit(), days(*range(14)), today=today)
    every_other = habit_streak(
        habit(schedule="every", every_days=2), days(*range(0, 14, 2)), today=today
    )
    assert daily.strength == pytest.approx(1 - 0.5 ** (14 / 13), abs=0.001)
    assert every_other.strength == pytest.approx(daily.strength, abs=0.001)
    thirteen = habit_streak(habit(), days(*range(13)), today=MONDAY + dt.timedelta(days=13))
    assert thirteen.strength == pytest.approx(0.5, abs=0.001)


def test_a_miss_lowers_strength_and_a_skip_or_today_leaves_it():
    kept = habit_streak(habit(), days(0, 1, 2, 3), today=MONDAY + dt.timedelta(days=4))
    missed = habit_streak(habit(), days(0, 1, 3), today=MONDAY + dt.timedelta(days=4))
    skipped = habit_streak(
        habit(), {**days(0, 1, 3), **days(2, state="skipped")}, today=MONDAY + dt.timedelta(days=4)
    )
    assert missed.strength < kept.strength
    assert (
        skipped.strength
        == habit_streak(habit(), days(0, 1, 2), today=MONDAY + dt.timedelta(days=3)).strength
    )


def paused(start: int, end: int | None) -> DateRange:
    """Paused from MONDAY + start to MONDAY + end (excluded; None: still paused)."""
    upper = None if end is None else MONDAY + dt.timedelta(days=end)
    return DateRange(MONDAY + dt.timedelta(days=start), upper, "[)")


def test_the_days_a_habit_was_paused_are_neutral_and_the_streak_goes_on():
    walk = habit(pauses=[paused(3, 8)])  # paused Thursday, resumed the Tuesday after

    streak = habit_streak(walk, days(0, 1, 2, 8, 9), today=MONDAY + dt.timedelta(days=9))

    assert (streak.current, streak.best, streak.rate) == (5, 5, 1.0)


def test_a_habit_paused_now_breaks_nothing_while_it_waits():
    walk = habit(pauses=[paused(2, None)])
    streak = habit_streak(walk, days(0, 1), today=MONDAY + dt.timedelta(days=20))
    assert (streak.current, streak.rate) == (2, 1.0)


def test_a_week_paused_in_part_and_not_met_is_neutral_but_a_met_one_counts():
    weekly = habit(schedule="weekly", times_per_week=2, pauses=[paused(9, 12)])
    kept = days(0, 1, 14, 15)  # week 2 paused midweek with nothing done; week 3 met
    streak = habit_streak(weekly, kept, today=MONDAY + dt.timedelta(days=20))
    assert (streak.current, streak.rate) == (2, 1.0)
    met_anyway = {**kept, **days(7, 8)}
    streak = habit_streak(weekly, met_anyway, today=MONDAY + dt.timedelta(days=20))
    assert streak.current == 3
