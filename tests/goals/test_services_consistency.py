"""The nightly consistency job: one snapshot per person per ended local date, written once
whatever runs twice, runs late or runs beside another worker."""

from __future__ import annotations

import datetime as dt

import pytest

from goals import services
from goals.models import ConsistencyClock, ConsistencySnapshot
from goals.progress.days import day_start
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db

# Wednesday 25 November 2026, 12:00 UTC: 13:00 in Madrid, 17:45 in Kathmandu, 04:00 in LA.
NOW = dt.datetime(2026, 11, 25, 12, 0, tzinfo=dt.UTC)


def joined(days: int, zone: str = "Europe/Madrid", name: str = "maria") -> object:
    return make_user(
        name, timezone=zone, day_start_hour=4, date_joined=NOW - dt.timedelta(days=days)
    )


def finish_at(user, when: dt.datetime, *, category: str = "health") -> None:
    mission = make_mission(make_goal(user, category=category))
    services.mission_complete(user=user, mission_id=mission.pk, now=when)


def dates(user) -> list[str]:
    return [
        s.date.isoformat() for s in ConsistencySnapshot.objects.filter(user=user).order_by("date")
    ]


def test_each_ended_day_since_joining_gets_one_snapshot_and_the_clock_waits_for_today():
    maria = joined(3)
    finish_at(maria, NOW - dt.timedelta(days=2))
    finish_at(maria, NOW - dt.timedelta(days=1))

    assert services.consistency_snapshots_write(now=NOW) == 3

    assert dates(maria) == ["2026-11-22", "2026-11-23", "2026-11-24"]
    latest = ConsistencySnapshot.objects.get(user=maria, date="2026-11-24")
    assert (latest.active, latest.streak, latest.missions_done) == (True, 2, 1)
    assert 0 < latest.value <= 1
    clock = ConsistencyClock.objects.get(user=maria)
    assert clock.due_at == day_start(dt.date(2026, 11, 26), zone="Europe/Madrid", day_start_hour=4)
    assert clock.claimed_until is None


def test_running_twice_writes_nothing_more():
    maria = joined(5)
    services.consistency_snapshots_write(now=NOW)
    ConsistencyClock.objects.update(due_at=NOW)  # as if the clock were lost: due again

    assert services.consistency_snapshots_write(now=NOW) == 0
    assert len(dates(maria)) == 5


def test_after_downtime_the_missed_days_are_written_once_each_in_order():
    maria = joined(2)
    services.consistency_snapshots_write(now=NOW)
    finish_at(maria, NOW + dt.timedelta(days=1))
    finish_at(maria, NOW + dt.timedelta(days=2))

    later = NOW + dt.timedelta(days=4)
    assert services.consistency_snapshots_write(now=later) == 4
    assert services.consistency_snapshots_write(now=later) == 0

    assert dates(maria)[-4:] == ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]
    by_date = {s.date.isoformat(): s for s in ConsistencySnapshot.objects.filter(user=maria)}
    assert [by_date[d].streak for d in ("2026-11-26", "2026-11-27", "2026-11-28")] == [1, 2, 0]


def test_each_person_is_written_up_to_their_own_last_ended_day():
    madrid = joined(2, "Europe/Madrid", "maria")
    kathmandu = joined(2, "Asia/Kathmandu", "sita")
    los_angeles = joined(2, "America/Los_Angeles", "ana")  # 04:00 there: the 24th just ended

    services.consistency_snapshots_write(now=NOW)

    assert dates(madrid)[-1] == "2026-11-24"
    assert dates(kathmandu)[-1] == "2026-11-24"
    assert dates(los_angeles)[-1] == "2026-11-24"
    before_la_day_end = NOW - dt.timedelta(minutes=1)  # 03:59 in LA: the 24th still runs
    ConsistencySnapshot.objects.filter(user=los_angeles).delete()
    ConsistencyClock.objects.filter(user=los_angeles).update(due_at=before_la_day_end)
    services.consistency_snapshots_write(now=before_la_day_end)
    assert dates(los_angeles)[-1] == "2026-11-23"


def test_a_person_claimed_by_another_worker_is_left_to_it():
    maria = joined(2)
    ConsistencyClock.objects.create(
        user=maria, due_at=NOW - dt.timedelta(days=1), claimed_until=NOW + dt.timedelta(minutes=5)
    )
    assert services.consistency_snapshots_write(now=NOW) == 0
    # The claim lapses (the worker died): the next run takes the person.
    assert services.consistency_snapshots_write(now=NOW + dt.timedelta(minutes=6)) == 2


def test_people_claimed_by_a_worker_that_died_are_written_at_once_not_when_the_claim_lapses(
    held_elsewhere,
):
    maria = joined(2)
    worker = held_elsewhere(4242)  # the claiming batch's liveness lock, held by its worker
    ConsistencyClock.objects.create(
        user=maria,
        due_at=NOW - dt.timedelta(days=1),
        claimed_until=NOW + dt.timedelta(minutes=10),
        claimed_by=4242,
    )
    assert services.consistency_snapshots_write(now=NOW) == 0  # it is alive: its people

    worker.die()  # kill -9

    assert services.consistency_snapshots_write(now=NOW) == 2
    assert ConsistencyClock.objects.get(user=maria).claimed_by is None


def test_a_day_not_ended_yet_is_never_written():
    maria = joined(0)
    assert services.consistency_snapshots_write(now=NOW) == 0
    assert dates(maria) == []


def test_only_names_the_people_to_write_now():
    maria = joined(2, name="maria")
    sita = joined(2, name="sita")
    services.consistency_snapshots_write(now=NOW, only=[maria.pk])
    assert len(dates(maria)) == 2
    assert dates(sita) == []


def test_forgetting_from_a_date_counts_those_days_again_with_the_new_history():
    maria = joined(4)
    services.consistency_snapshots_write(now=NOW)
    assert not ConsistencySnapshot.objects.get(user=maria, date="2026-11-23").active
    finish_at(maria, NOW - dt.timedelta(days=2))  # history that arrived late (an import)

    assert services.consistency_forget(user=maria, since=dt.date(2026, 11, 23), now=NOW) == 2
    assert services.consistency_snapshots_write(now=NOW) == 2

    assert ConsistencySnapshot.objects.get(user=maria, date="2026-11-23").active
    assert len(dates(maria)) == 4


def test_a_first_snapshot_continues_the_streak_of_older_history():
    maria = joined(1)
    for days in range(9, 1, -1):  # eight days in a row, from before she joined
        finish_at(maria, NOW - dt.timedelta(days=days))
    services.consistency_snapshots_write(now=NOW)
    first = ConsistencySnapshot.objects.filter(user=maria).order_by("date").first()
    assert first.date.isoformat() == "2026-11-16"  # her first activity
    last = ConsistencySnapshot.objects.get(user=maria, date="2026-11-24")
    assert last.frozen
    assert last.streak == 8


def test_nudges_answered_and_sent_make_their_part():
    maria = joined(3)
    services.nudge_outcome_record(user=maria, sent_at=NOW - dt.timedelta(days=3))
    services.nudge_outcome_record(user=maria, sent_at=NOW - dt.timedelta(days=3, hours=1))
    services.nudge_outcomes_answer(user=maria, at=NOW - dt.timedelta(days=2, hours=20))
    services.nudge_outcome_record(user=maria, sent_at=NOW - dt.timedelta(days=40))

    services.consistency_snapshots_write(now=NOW)

    assert ConsistencySnapshot.objects.get(user=maria, date="2026-11-24").nudge_response == 1.0


def test_a_talk_and_focus_minutes_make_depth():
    maria = joined(1)
    services.talk_record(user=maria, now=NOW - dt.timedelta(hours=20))
    assert not services.talk_record(user=maria, now=NOW - dt.timedelta(hours=19))
    mission = make_mission(make_goal(maria), estimated_minutes=30)
    session = services.session_start(
        user=maria, mission_id=mission.pk, now=NOW - dt.timedelta(hours=21)
    )
    services.session_complete(
        user=maria,
        session_id=session.pk,
        actual_minutes=30,
        now=NOW - dt.timedelta(hours=20, minutes=30),
    )
    services.consistency_snapshots_write(now=NOW)
    day = ConsistencySnapshot.objects.get(user=maria, date="2026-11-24")
    assert (day.talked, day.minutes) == (True, 30)
    assert day.engagement == pytest.approx(2 / 3 * 30 / 150 + 1 / 3 * 1 / 3)


def test_a_history_older_than_the_catch_up_is_counted_not_written():
    maria = joined(420)
    for days in range(408, 400, -1):  # eight days in a row, ending just before the catch-up
        finish_at(maria, NOW - dt.timedelta(days=days))

    assert services.consistency_snapshots_write(now=NOW) == 400

    first = ConsistencySnapshot.objects.filter(user=maria).order_by("date").first()
    assert first.date == dt.date(2026, 11, 24) - dt.timedelta(days=399)
    assert first.frozen  # the streak read from the history earned a freeze that covers it
    assert first.streak == 8
