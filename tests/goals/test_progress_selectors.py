"""Reads of progress across people (goals.progress.selectors)."""

from __future__ import annotations

import datetime as dt

from goals.models import ActivityEvent
from goals.progress.selectors import activity_hours
from tests.goals.factories import make_event

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
