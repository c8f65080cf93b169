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
