"""Reads of progress across people (goals.progress.selectors)."""

from __future__ import annotations

import datetime as dt

from goals.models import ActivityEvent, MissionSession
from goals.progress import selectors
from goals.progress.selectors import activity_hours
from tests.goals.factories import make_event, make_goal, make_habit, make_mission

Kind = ActivityEvent.Kind
SINCE = dt.datetime(2026, 5, 1, tzinfo=dt.UTC)


def test_activity_hours_count_each_activity_on_the_clock_of_the_zone_it_happened_in(
    owner, outsider
):
    moment = dt.datetime(2026, 5, 10, 17, 30, tzinfo=dt.UTC)
    make_event(owner, Kind.TALKED, moment)  # 19:30 in Paris
    make_event(owner, Kind.MISSION_COMPLETED, moment, zone="Asia/Tokyo")  # 02:30 in Tokyo
    make_event(owner, Kind.TALKED, SINCE - dt.timedelta(hours=1))  # before the window
    make_event(outsider, Kind.TALKED, moment)  # 13:30 in New York

    hours = activity_hours(user_ids=[owner.pk], since=SINCE)

    assert hours == {owner.pk: {19: 1, 2: 1}}


def test_activity_hours_read_an_imported_offset_east_of_greenwich_as_east(owner):
    moment = dt.datetime(2026, 5, 10, 19, 10, tzinfo=dt.UTC)
    make_event(owner, Kind.MISSION_COMPLETED, moment, zone="+01:00")  # 20:10 there
    make_event(owner, Kind.MISSION_COMPLETED, moment, zone="-03:00")  # 16:10 there
    make_event(owner, Kind.MISSION_COMPLETED, moment, zone="+05:45")  # 00:55 the next day

    hours = activity_hours(user_ids=[owner.pk], since=SINCE)

    assert hours == {owner.pk: {20: 1, 16: 1, 0: 1}}


def test_missions_done_since_are_the_newest_first_with_their_count_and_only_the_persons(
    owner, outsider
):
    mission = make_mission(make_goal(owner), title="Walk 2 km")
    make_event(owner, Kind.MISSION_COMPLETED, SINCE - dt.timedelta(days=1), mission=mission)
    for hours in (1, 2, 3):
        make_event(
            owner, Kind.MISSION_COMPLETED, SINCE + dt.timedelta(hours=hours), mission=mission
        )
    make_event(
        owner, Kind.MISSION_COMPLETED, SINCE + dt.timedelta(hours=4), metadata={"title": "Yoga"}
    )
    make_event(
        outsider, Kind.MISSION_COMPLETED, SINCE + dt.timedelta(hours=5), metadata={"title": "x"}
    )
    now = SINCE + dt.timedelta(days=1)

    done, count = selectors.progress_missions_done(user=owner, since=SINCE, now=now, limit=2)

    assert count == 4
    assert [(m["title"], m["mission"]) for m in done] == [("Yoga", None), ("Walk 2 km", mission.pk)]
    assert [m["goal"] for m in done] == ["", mission.goal.title]
    latest = selectors.progress_latest_mission_done(user=owner, now=SINCE)
    assert latest is not None
    assert latest["title"] == "Walk 2 km"  # the one before SINCE


def test_habits_kept_since_are_counted_by_their_days_most_first_and_only_the_persons(
    owner, outsider
):
    walk, read = make_habit(owner, title="Morning walk"), make_habit(owner, title="Read")
    make_event(owner, Kind.HABIT_DONE, SINCE - dt.timedelta(days=1), habit=walk)  # before
    for days in (1, 2, 3):
        make_event(owner, Kind.HABIT_DONE, SINCE + dt.timedelta(days=days), habit=walk)
    make_event(owner, Kind.HABIT_DONE, SINCE + dt.timedelta(days=1), habit=read)
    make_event(outsider, Kind.HABIT_DONE, SINCE + dt.timedelta(days=1), habit=make_habit(outsider))
    now = SINCE + dt.timedelta(days=5)

    kept = selectors.progress_habits_kept(user=owner, since=SINCE, now=now, limit=3)

    assert [(h["title"], h["days"]) for h in kept] == [("Morning walk", 3), ("Read", 1)]


def test_focus_minutes_and_the_latest_words_come_from_sessions_ended_since(owner):
    mission = make_mission(make_goal(owner))
    for minutes, ended, words in ((25, 1, "felt slow"), (15, 2, ""), (40, -1, "old words")):
        MissionSession.objects.create(
            user=owner,
            mission=mission,
            status=MissionSession.Status.COMPLETED,
            started_at=SINCE,
            planned_minutes=minutes,
            actual_minutes=minutes,
            ended_at=SINCE + dt.timedelta(hours=ended),
            reflection=words,
            notes=f"noted: {words}" if minutes == 15 else "",
        )
    now = SINCE + dt.timedelta(days=1)

    assert selectors.progress_focus_minutes(user=owner, since=SINCE, now=now) == 40
    latest = selectors.progress_latest_session_words(
        user=owner, since=SINCE, now=now, field="reflection"
    )
    assert latest is not None
    assert latest[1] == "felt slow"  # the newest with words
    notes = selectors.progress_latest_session_words(user=owner, since=SINCE, now=now, field="notes")
    assert notes is not None
    assert notes[1] == "noted: "  # jotted during the newest session


def test_a_habits_days_this_month_count_its_days_on_the_persons_clock_and_only_theirs(
    owner, outsider
):
    walk, read = make_habit(owner, title="Morning walk"), make_habit(owner, title="Read")
    # 05:30 on 1 December in UTC is 06:30 in Paris, on the owner's 1 December; 01:30 in Paris
    # is still their 30 November (their day starts later).
    make_event(owner, Kind.HABIT_DONE, dt.datetime(2026, 12, 1, 5, 30, tzinfo=dt.UTC), habit=walk)
    make_event(owner, Kind.HABIT_DONE, dt.datetime(2026, 12, 1, 0, 30, tzinfo=dt.UTC), habit=read)
    make_event(owner, Kind.HABIT_DONE, dt.datetime(2026, 11, 29, 12, tzinfo=dt.UTC), habit=walk)
    for day in (3, 4):
        make_event(owner, Kind.HABIT_DONE, dt.datetime(2026, 12, day, 8, tzinfo=dt.UTC), habit=walk)
    make_event(owner, Kind.HABIT_DONE, dt.datetime(2026, 12, 9, 8, tzinfo=dt.UTC), habit=walk)
    other = make_habit(outsider)
    make_event(outsider, Kind.HABIT_DONE, dt.datetime(2026, 12, 3, 8, tzinfo=dt.UTC), habit=other)
    now = dt.datetime(2026, 12, 8, 20, tzinfo=dt.UTC)

    days = selectors.progress_habit_days_this_month(
        user=owner, habit_ids=[walk.pk, read.pk, other.pk], now=now
    )

    assert days == {walk.pk: 3}  # 1, 3 and 4 December: not November, not after now
