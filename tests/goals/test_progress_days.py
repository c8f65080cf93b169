"""Lived days: the local date of an activity in its zone, shifted by the day start."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from goals.progress.days import (
    credit,
    day_of,
    day_start,
    lived_day,
    offset_name,
    whole_days,
    zone_info,
)

UTC = dt.UTC


def local(zone: str, text: str, *, fold: int = 0) -> dt.datetime:
    """An aware instant from wall-clock time in `zone` ("YYYY-MM-DD HH:MM")."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone), fold=fold)


def utc(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize(
    ("zone", "moment", "day_start_hour", "date"),
    [
        # Spring-forward nights: 02:30 does not exist, zoneinfo reads it as 03:30 summer time.
        ("America/New_York", "2024-03-10 01:30", 0, "2024-03-10"),
        ("America/New_York", "2024-03-10 02:30", 0, "2024-03-10"),
        ("America/New_York", "2024-03-10 01:30", 2, "2024-03-09"),
        ("America/New_York", "2024-03-10 02:30", 2, "2024-03-10"),
        ("Europe/Berlin", "2024-03-31 01:30", 2, "2024-03-30"),
        ("Europe/Berlin", "2024-03-31 02:30", 2, "2024-03-31"),
        ("Australia/Sydney", "2024-10-06 01:30", 2, "2024-10-05"),
        ("Australia/Sydney", "2024-10-06 02:30", 2, "2024-10-06"),
        # Before the day start: the day before.
        ("Europe/Berlin", "2024-05-02 03:00", 4, "2024-05-01"),
        ("Europe/Berlin", "2024-05-02 04:00", 4, "2024-05-02"),
        ("Europe/Berlin", "2024-05-02 00:00", 0, "2024-05-02"),
    ],
)
def test_an_activity_counts_for_its_local_date_shifted_by_the_day_start(
    zone: str, moment: str, day_start_hour: int, date: str
) -> None:
    day = lived_day(local(zone, moment), zone=zone, day_start_hour=day_start_hour)
    assert day.date == dt.date.fromisoformat(date)
    assert day.zone == zone
    assert day.starts_at <= local(zone, moment) < day.ends_at


@pytest.mark.parametrize(
    ("zone", "moment", "day_start_hour", "date"),
    [
        ("America/New_York", "2024-11-03 01:30", 0, "2024-11-03"),
        ("America/New_York", "2024-11-03 01:30", 2, "2024-11-02"),
        ("Europe/Berlin", "2024-10-27 02:30", 0, "2024-10-27"),
        ("Europe/Berlin", "2024-10-27 02:30", 3, "2024-10-26"),
        ("Australia/Sydney", "2024-04-07 02:30", 0, "2024-04-07"),
        ("Australia/Sydney", "2024-04-07 02:30", 3, "2024-04-06"),
    ],
)
def test_an_hour_lived_twice_at_fall_back_counts_both_times_for_one_date(
    zone: str, moment: str, day_start_hour: int, date: str
) -> None:
    first, second = local(zone, moment, fold=0), local(zone, moment, fold=1)
    assert second.astimezone(UTC) - first.astimezone(UTC) == dt.timedelta(hours=1)
    days = [lived_day(m, zone=zone, day_start_hour=day_start_hour) for m in (first, second)]
    assert days[0] == days[1]
    assert days[0].date == dt.date.fromisoformat(date)


@pytest.mark.parametrize(
    ("zone", "date", "hours"),
    [
        ("America/New_York", "2024-03-10", 23),
        ("America/New_York", "2024-11-03", 25),
        ("Europe/Berlin", "2024-03-31", 23),
        ("Europe/Berlin", "2024-10-27", 25),
        ("Australia/Sydney", "2024-10-06", 23),
        ("Australia/Sydney", "2024-04-07", 25),
        ("Asia/Kathmandu", "2024-03-10", 24),
    ],
)
def test_a_day_of_a_dst_change_is_one_day_of_23_or_25_hours(
    zone: str, date: str, hours: int
) -> None:
    for day_start_hour in (0, 1):  # both before the change hour, so the day holds it
        day = day_of(dt.date.fromisoformat(date), zone=zone, day_start_hour=day_start_hour)
        assert day.ends_at - day.starts_at == dt.timedelta(hours=hours)
        assert day.starts_at.utcoffset() == dt.timedelta(0)


@pytest.mark.parametrize(
    ("zone", "date", "starts_at"),
    [
        ("America/New_York", "2024-03-10", "2024-03-10 07:00"),  # 03:00 EDT
        ("Europe/Berlin", "2024-03-31", "2024-03-31 01:00"),  # 03:00 CEST
        ("Australia/Sydney", "2024-10-06", "2024-10-05 16:00"),  # 03:00 AEDT
        ("Australia/Lord_Howe", "2024-10-06", "2024-10-05 15:30"),  # 02:30, a 30-minute gap
    ],
)
def test_a_day_starting_in_a_dst_gap_starts_at_the_first_instant_after_it(
    zone: str, date: str, starts_at: str
) -> None:
    assert day_start(dt.date.fromisoformat(date), zone=zone, day_start_hour=2) == utc(starts_at)


def test_a_day_starting_in_an_hour_lived_twice_starts_at_its_first_occurrence() -> None:
    start = day_start(dt.date(2024, 11, 3), zone="America/New_York", day_start_hour=1)
    assert start == utc("2024-11-03 05:00")  # 01:00 EDT, not 01:00 EST


def test_kathmandu_days_turn_at_a_quarter_to_the_utc_hour() -> None:
    zone = "Asia/Kathmandu"
    assert lived_day(utc("2024-01-01 18:14"), zone=zone, day_start_hour=0).date == dt.date(
        2024, 1, 1
    )
    day = lived_day(utc("2024-01-01 18:15"), zone=zone, day_start_hour=0)
    assert day.date == dt.date(2024, 1, 2)
    assert day.starts_at == utc("2024-01-01 18:15")
    assert day.ends_at == utc("2024-01-02 18:15")
    assert lived_day(utc("2024-01-01 22:14"), zone=zone, day_start_hour=4).date == dt.date(
        2024, 1, 1
    )


def test_a_naive_moment_is_refused() -> None:
    with pytest.raises(ValueError, match="aware"):
        lived_day(dt.datetime(2024, 1, 1, 12), zone="Europe/Berlin", day_start_hour=0)


def test_a_day_start_outside_the_day_is_refused() -> None:
    with pytest.raises(ValueError, match="day_start_hour"):
        day_start(dt.date(2024, 1, 1), zone="Europe/Berlin", day_start_hour=24)


def test_a_date_is_credited_once_by_its_first_activity_and_sorted() -> None:
    auckland = lived_day(
        local("Pacific/Auckland", "2024-06-03 20:00"), zone="Pacific/Auckland", day_start_hour=0
    )
    los_angeles = lived_day(
        local("America/Los_Angeles", "2024-06-03 10:00"),
        zone="America/Los_Angeles",
        day_start_hour=0,
    )
    earlier = lived_day(
        local("Pacific/Auckland", "2024-06-02 09:00"), zone="Pacific/Auckland", day_start_hour=0
    )
    assert auckland.date == los_angeles.date
    assert credit([auckland, los_angeles, earlier]) == [earlier, auckland]


def test_whole_days_are_only_those_entirely_inside_the_interval() -> None:
    zone = "Europe/Berlin"
    inside = whole_days(
        local(zone, "2024-03-30 12:00"),
        local(zone, "2024-04-02 00:00"),
        zone=zone,
        day_start_hour=0,
    )
    assert inside == [dt.date(2024, 3, 31), dt.date(2024, 4, 1)]
    assert (
        whole_days(utc("2024-01-02 00:00"), utc("2024-01-01 00:00"), zone=zone, day_start_hour=0)
        == []
    )


@pytest.mark.parametrize(
    ("zone", "moment", "expected"),
    [
        ("+05:45", "2026-03-01T22:30:00+00:00", dt.date(2026, 3, 2)),  # 04:15 local
        ("+05:45", "2026-03-01T22:00:00+00:00", dt.date(2026, 3, 1)),  # 03:45 local
        ("-03:00", "2026-03-02T06:59:00+00:00", dt.date(2026, 3, 1)),  # 03:59 local
    ],
)
def test_fixed_offset_zone_dates_in_its_own_wall_clock(zone, moment, expected):
    day = lived_day(dt.datetime.fromisoformat(moment), zone=zone, day_start_hour=4)
    assert day.date == expected


@pytest.mark.parametrize("zone", ["+24:00", "+05:60", "05:00", "Mars/Olympus"])
def test_unknown_zone_names_are_refused(zone):
    with pytest.raises((ValueError, KeyError)):
        zone_info(zone)


def test_offset_name_reads_back_as_the_same_clock():
    for minutes in (-720, -210, 0, 345, 840):
        offset = dt.timedelta(minutes=minutes)
        assert zone_info(offset_name(offset)).utcoffset(None) == offset
