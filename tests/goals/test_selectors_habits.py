"""Today's habits: those the schedule names today, a weekly one until its week is met, any
done today anyway; paused and archived ones never; only the person's own."""

from __future__ import annotations

import datetime as dt

import pytest

from goals import selectors
from goals.models import HabitCheckIn
from tests.goals.factories import make_habit

pytestmark = pytest.mark.django_db

WEDNESDAY = dt.date(2026, 12, 2)


def tick(habit, day: dt.date) -> None:
    HabitCheckIn.objects.create(habit=habit, user=habit.user, day=day)


def shown(user) -> dict[str, tuple[bool, int | None]]:
    rows = selectors.habits_today(user=user, today=WEDNESDAY)
    return {row.habit.title: (row.done, row.week_done) for row in rows}


def test_today_holds_what_the_schedules_ask_for_and_what_was_done(owner, outsider):
    start = WEDNESDAY - dt.timedelta(days=20)
    make_habit(owner, title="Walk", start_date=start)
    make_habit(owner, title="Gym", schedule="weekdays", weekdays=[0, 4], start_date=start)
    gym_anyway = make_habit(
        owner, title="Yoga", schedule="weekdays", weekdays=[0], start_date=start
    )
    tick(gym_anyway, WEDNESDAY)
    swim = make_habit(owner, title="Swim", schedule="weekly", times_per_week=2, start_date=start)
    tick(swim, WEDNESDAY - dt.timedelta(days=1))
    met = make_habit(owner, title="Row", schedule="weekly", times_per_week=1, start_date=start)
    tick(met, WEDNESDAY - dt.timedelta(days=2))
    make_habit(owner, title="Paused", status="paused", start_date=start)
    make_habit(owner, title="Later", start_date=WEDNESDAY + dt.timedelta(days=1))
    make_habit(outsider, title="Theirs", start_date=start)

    assert shown(owner) == {
        "Walk": (False, None),
        "Yoga": (True, None),
        "Swim": (False, 1),
    }
