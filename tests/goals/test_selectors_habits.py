"""Today's habits: those the schedule names today, a weekly one until its week is met, any
done today anyway; paused and archived ones never; only the person's own."""

from __future__ import annotations

import datetime as dt

import pytest

from goals import selectors
from goals.models import HabitCheckIn
from tests.factories import make_user
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


@pytest.mark.parametrize(
    ("now", "due_at"),
    [
        # The night clocks go back in Madrid (25 October 2026): 07:30 is 06:30 UTC again.
        (dt.datetime(2026, 10, 25, 5, 0, tzinfo=dt.UTC), dt.datetime(2026, 10, 25, 6, 30)),
        # The night they go forward (29 March 2026): 07:30 is 05:30 UTC.
        (dt.datetime(2026, 3, 29, 4, 0, tzinfo=dt.UTC), dt.datetime(2026, 3, 29, 5, 30)),
    ],
)
def test_a_reminder_is_due_at_its_wall_time_across_a_dst_night(now, due_at):
    rosa = make_user("rosa", timezone="Europe/Madrid")
    habit = make_habit(rosa, reminder_time=dt.time(7, 30), start_date=dt.date(2026, 1, 1))
    (due,) = selectors.habit_reminders_due(now=now, since=now, until=now + dt.timedelta(hours=3))
    assert (due.habit_id, due.due_at, due.day) == (
        habit.pk,
        due_at.replace(tzinfo=dt.UTC),
        now.date(),
    )


def test_a_reminder_on_the_far_side_of_the_date_line_is_due_on_that_side_s_day():
    kiri = make_user("tem", timezone="Pacific/Kiritimati")  # UTC+14
    make_habit(kiri, reminder_time=dt.time(9, 0), start_date=dt.date(2026, 1, 1))
    now = dt.datetime(2026, 12, 1, 18, 0, tzinfo=dt.UTC)  # 08:00 on the 2nd there
    (due,) = selectors.habit_reminders_due(now=now, since=now, until=now + dt.timedelta(hours=2))
    assert (due.due_at, due.calendar_date) == (
        dt.datetime(2026, 12, 1, 19, 0, tzinfo=dt.UTC),
        dt.date(2026, 12, 2),
    )


def test_a_zone_postgresql_does_not_know_holds_back_only_that_persons_reminders():
    rosa = make_user("rosa", timezone="Europe/Madrid")
    odd = make_user("odd", timezone="Europe/Madrid")
    type(odd).objects.filter(pk=odd.pk).update(timezone="localtime")  # Python knows it
    for person in (rosa, odd):
        make_habit(person, reminder_time=dt.time(7, 30), start_date=dt.date(2026, 1, 1))
    now = dt.datetime(2026, 12, 2, 6, 0, tzinfo=dt.UTC)

    due = selectors.habit_reminders_due(now=now, since=now, until=now + dt.timedelta(hours=1))

    assert [row.user_id for row in due] == [rosa.pk]
