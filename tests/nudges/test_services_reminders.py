"""Habit reminders: planned from the habit's time on the person's clock, once a day, only on
the days it asks for; delivered once when due, skipped with the reason when the day no
longer wants them (done, skipped, paused, turned off, over), moved out of quiet hours,
bounded by the daily maximum; two workers at once send one."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from goals import services as goals_services
from goals.models import Habit, HabitCheckIn
from nudges import services
from nudges.models import Notification, ScheduledSend
from tests.factories import make_user
from tests.goals.factories import make_habit

State = ScheduledSend.State
# Wednesday 2 December 2026, 06:00 UTC: 07:00 in Madrid (day start 04:00, quiet 22-07).
NOW = dt.datetime(2026, 12, 2, 6, 0, tzinfo=dt.UTC)
AT_0730 = dt.datetime(2026, 12, 2, 6, 30, tzinfo=dt.UTC)
MINUTE = dt.timedelta(minutes=1)


@pytest.fixture
def rosa(db):
    return make_user("rosa", timezone="Europe/Madrid", quiet_hours_end=dt.time(7, 0))


@pytest.fixture
def walk(rosa) -> Habit:
    return make_habit(
        rosa, title="Morning walk", reminder_time=dt.time(7, 30), start_date=dt.date(2026, 11, 1)
    )


def reminders_of(user) -> list[Notification]:
    return list(Notification.objects.owned_by(user).filter(kind=Notification.Kind.REMINDER))


def planned(user) -> list[tuple[dt.datetime, dt.date, str]]:
    sends = ScheduledSend.objects.owned_by(user).filter(step="habit").order_by("due_at")
    return [(s.due_at, s.local_date, s.state) for s in sends]


def test_a_reminder_is_planned_at_its_time_on_the_persons_clock_once(walk, rosa):
    assert services.habit_reminders_plan(now=NOW) == 1
    assert services.habit_reminders_plan(now=NOW + MINUTE) == 0
    assert planned(rosa) == [(AT_0730, dt.date(2026, 12, 2), State.PENDING)]


@pytest.mark.parametrize(
    ("fields", "plans"),
    [
        ({"schedule": "weekdays", "weekdays": [2]}, 1),  # Wednesday
        ({"schedule": "weekdays", "weekdays": [0, 4]}, 0),
        ({"schedule": "every", "every_days": 2, "start_date": dt.date(2026, 11, 30)}, 1),
        ({"schedule": "every", "every_days": 2, "start_date": dt.date(2026, 12, 1)}, 0),
        ({"schedule": "weekly", "times_per_week": 3}, 1),
        ({"status": "paused"}, 0),
        ({"start_date": dt.date(2026, 12, 3)}, 0),
        ({"reminder_time": None}, 0),
    ],
)
def test_only_the_days_a_habit_asks_for_are_planned(rosa, fields, plans):
    make_habit(
        rosa, **{"reminder_time": dt.time(7, 30), "start_date": dt.date(2026, 11, 1), **fields}
    )
    assert services.habit_reminders_plan(now=NOW) == plans


def test_a_time_before_the_day_start_belongs_to_the_night_after_the_day(rosa):
    make_habit(rosa, reminder_time=dt.time(1, 30), start_date=dt.date(2026, 11, 1))
    # At 00:40 on the 3rd in Madrid, Rosa's day is still the 2nd: its 01:30 is the 3rd's.
    late = dt.datetime(2026, 12, 2, 23, 40, tzinfo=dt.UTC)
    services.habit_reminders_plan(now=late)
    assert planned(rosa) == [
        (dt.datetime(2026, 12, 3, 0, 30, tzinfo=dt.UTC), dt.date(2026, 12, 3), State.PENDING)
    ]


def test_a_reminder_moved_before_it_was_sent_moves_too(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    goals_services.habit_update(user=rosa, habit_id=walk.pk, reminder_time=dt.time(7, 45))
    assert services.habit_reminders_plan(now=NOW + MINUTE) == 1
    assert planned(rosa)[0][0] == AT_0730 + 15 * MINUTE


def test_a_due_reminder_is_given_once_with_the_habit_and_its_streak(walk, rosa):
    for ago in (1, 2):
        HabitCheckIn.objects.create(
            habit=walk, user=rosa, day=dt.date(2026, 12, 2) - dt.timedelta(days=ago)
        )
    services.habit_reminders_plan(now=NOW)

    assert services.nudges_deliver(now=AT_0730 - MINUTE) == 0
    assert services.nudges_deliver(now=AT_0730) == 1
    assert services.nudges_deliver(now=AT_0730 + MINUTE) == 0

    (note,) = reminders_of(rosa)
    assert note.title == "Morning walk: a small tick for today"
    assert note.body == "You're on 2 days in a row. A tick today keeps it going."
    assert note.url == f"/habits/{walk.pk}/"
    assert planned(rosa)[0][2] == State.SENT


def test_a_streak_of_one_day_is_said_as_one(walk, rosa):
    HabitCheckIn.objects.create(habit=walk, user=rosa, day=dt.date(2026, 12, 1))
    services.habit_reminders_plan(now=NOW)
    services.nudges_deliver(now=AT_0730)

    (note,) = reminders_of(rosa)
    assert note.body == "You're on 1 day in a row. A tick today makes it two."


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"checkin": "done"}, "It was done already that day."),
        ({"checkin": "skipped"}, "It was skipped on purpose that day."),
        ({"status": "paused"}, "The habit is paused or archived."),
        ({"reminder_time": None}, "Its reminder was turned off."),
    ],
)
def test_a_day_that_no_longer_wants_its_reminder_skips_it_with_the_reason(
    walk, rosa, change, reason
):
    services.habit_reminders_plan(now=NOW)
    if "checkin" in change:
        goals_services.habit_checkin(
            user=rosa, habit_id=walk.pk, day=dt.date(2026, 12, 2), state=change["checkin"], now=NOW
        )
    else:
        goals_services.habit_update(user=rosa, habit_id=walk.pk, **change)

    services.nudges_deliver(now=AT_0730)

    send = ScheduledSend.objects.get(habit=walk)
    assert (send.state, send.reason) == (State.SKIPPED, reason)
    assert reminders_of(rosa) == []


def test_a_habit_removed_takes_its_planned_reminders_with_it(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    goals_services.habit_delete(user=rosa, habit_id=walk.pk)
    assert planned(rosa) == []


def test_a_reminder_left_by_a_habit_removed_while_it_was_planned_is_skipped(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    # The habit goes in a transaction that could not see the plan (no constraint holds it).
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM goals_habit WHERE id = %s", [walk.pk])

    assert services.nudges_deliver(now=AT_0730) == 0
    send = ScheduledSend.objects.get(user=rosa, step="habit")
    assert (send.state, send.reason) == (State.SKIPPED, "The habit was removed.")
    assert reminders_of(rosa) == []


def test_quiet_hours_hold_a_reminder_until_they_end_the_same_day(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    rosa.quiet_hours_end = dt.time(8, 0)
    rosa.save(update_fields=["quiet_hours_end"])

    services.nudges_deliver(now=AT_0730)
    assert reminders_of(rosa) == []
    eight = dt.datetime(2026, 12, 2, 7, 0, tzinfo=dt.UTC)
    assert planned(rosa) == [(eight, dt.date(2026, 12, 2), State.PENDING)]
    services.nudges_deliver(now=eight)
    assert len(reminders_of(rosa)) == 1


@pytest.mark.django_db(transaction=True)  # a give counts toward the maximum once committed
def test_the_daily_maximum_skips_a_reminder_rather_than_send_one_more(walk, rosa):
    rosa.daily_nudge_max = 1
    rosa.save(update_fields=["daily_nudge_max"])
    read = make_habit(rosa, title="Read", reminder_time=dt.time(7, 30), start_date=walk.start_date)
    services.habit_reminders_plan(now=NOW)

    services.nudges_deliver(now=AT_0730)

    assert len(reminders_of(rosa)) == 1
    skipped = ScheduledSend.objects.get(state=State.SKIPPED)
    assert skipped.habit_id in (walk.pk, read.pk)
    assert skipped.reason == "The daily maximum of notes was reached."


def test_a_day_over_before_it_could_be_sent_is_skipped_not_sent_late(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    services.nudges_deliver(now=AT_0730 + dt.timedelta(days=1))
    send = ScheduledSend.objects.get(habit=walk)
    assert (send.state, send.reason) == (State.SKIPPED, "Its day was over before it could be sent.")


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_a_reminder_once(rosa, walk):
    services.habit_reminders_plan(now=NOW)
    start = threading.Barrier(2)

    def worker() -> None:
        start.wait()
        try:
            services.nudges_deliver(now=AT_0730)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert len(reminders_of(rosa)) == 1
    assert ScheduledSend.objects.get(habit=walk).state == State.SENT


def test_a_reminder_whose_worker_died_mid_send_is_sent_by_the_next_run_once(walk, rosa):
    services.habit_reminders_plan(now=NOW)
    # A worker claimed it at 07:30 and died before giving it: its claim lapses.
    ScheduledSend.objects.filter(habit=walk).update(
        state=State.SENDING, claimed_until=AT_0730 + 5 * MINUTE, attempts=1
    )
    assert services.nudges_deliver(now=AT_0730 + MINUTE) == 0  # still the dead one's

    assert services.nudges_deliver(now=AT_0730 + 6 * MINUTE) == 1

    assert len(reminders_of(rosa)) == 1
    assert ScheduledSend.objects.get(habit=walk).state == State.SENT
