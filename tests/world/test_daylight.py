"""Whether the sun is up where a person's timezone is (world.rules.daylight), against known
sunrises and sunsets (to the minute of published almanacs, give or take a few)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from world.rules.daylight import sun_is_up


def at(zone: str, value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value).replace(tzinfo=ZoneInfo(zone))


@pytest.mark.parametrize(
    ("zone", "before", "after"),
    [
        ("Europe/Lisbon", "2026-12-04 17:05", "2026-12-04 17:25"),  # sunset 17:14
        ("Europe/Lisbon", "2026-06-21 20:55", "2026-06-21 21:15"),  # sunset 21:05
        ("Australia/Sydney", "2026-12-04 19:40", "2026-12-04 20:05"),  # sunset 19:52
        ("America/New_York", "2026-12-04 16:20", "2026-12-04 16:40"),  # sunset 16:28
    ],
)
def test_the_sun_sets_where_and_when_the_almanac_says(zone, before, after):
    assert sun_is_up(zone, at(zone, before)) is True
    assert sun_is_up(zone, at(zone, after)) is False


def test_the_sun_rises_where_and_when_the_almanac_says():
    assert sun_is_up("America/New_York", at("America/New_York", "2026-12-04 06:55")) is False
    assert sun_is_up("America/New_York", at("America/New_York", "2026-12-04 07:15")) is True


def test_a_zone_with_no_place_leaves_it_to_the_clock():
    assert sun_is_up("UTC", dt.datetime(2026, 12, 4, 20, tzinfo=dt.UTC)) is None
    assert sun_is_up("Etc/GMT+3", dt.datetime(2026, 12, 4, 20, tzinfo=dt.UTC)) is None
