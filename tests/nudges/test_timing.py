"""When a nudge goes out (nudges/timing.py): the usual hour, quiet hours across midnight,
and send times across DST nights, odd offsets and the date line."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from nudges import timing

UTC = dt.UTC
NO_JITTER = dt.timedelta(0)
T = dt.time


def at(zone: str, *parts: int, fold: int = 0) -> dt.datetime:
    """A wall time in `zone`, as the UTC instant it is."""
    return dt.datetime(*parts, tzinfo=ZoneInfo(zone), fold=fold).astimezone(UTC)


def send(zone: str, not_before: dt.datetime, hour: int, **options) -> dt.datetime:
    options.setdefault("quiet_start", T(22))
    options.setdefault("quiet_end", T(8))
    options.setdefault("jitter", NO_JITTER)
    return timing.send_time(not_before=not_before, zone=ZoneInfo(zone), usual_hour=hour, **options)


# -- the usual hour ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hours", "expected"),
    [
        ({}, 18),  # nothing known: early evening
        ({7: 4}, 18),  # four activities say nothing yet
        ({7: 5}, 7),
        ({7: 3, 20: 2}, 7),
        ({9: 3, 21: 3}, 21),  # a tie: the later hour
        ({0: 6, 23: 2}, 0),
        ({13: 1, 14: 1, 15: 1, 16: 1, 17: 1}, 17),  # five hours once each: the latest
    ],
)
def test_the_usual_hour_is_the_most_active_one_once_five_activities_are_known(hours, expected):
    assert timing.usual_hour(hours) == expected


# -- quiet hours ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("local", "start", "end", "quiet"),
    [
        (T(23, 30), T(22), T(8), True),  # across midnight: the evening side
        (T(3), T(22), T(8), True),  # across midnight: the morning side
        (T(22), T(22), T(8), True),  # the start is quiet
        (T(8), T(22), T(8), False),  # the end is not
        (T(12), T(22), T(8), False),
        (T(13), T(12), T(14), True),  # within one day
        (T(14, 30), T(12), T(14), False),
        (T(3), T(0), T(0), False),  # equal ends: never quiet
        (T(22), T(22), T(22), False),
    ],
)
def test_quiet_hours_may_cross_midnight_and_equal_ends_mean_none(local, start, end, quiet):
    assert timing.in_quiet_hours(local, start, end) is quiet


# -- send times ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "not_before", "hour", "expected"),
    [
        # Before the usual hour: that day; after it: the next day.
        (
            "Europe/Paris",
            at("Europe/Paris", 2026, 6, 10, 9),
            18,
            at("Europe/Paris", 2026, 6, 10, 18),
        ),
        (
            "Europe/Paris",
            at("Europe/Paris", 2026, 6, 10, 19),
            18,
            at("Europe/Paris", 2026, 6, 11, 18),
        ),
        # Berlin's spring night (29 March 2026, 02:00 -> 03:00): 02:00 does not exist, it
        # moves forward to 03:00 CEST; quiet hours off so the hour itself is tested.
        (
            "Europe/Berlin",
            at("Europe/Berlin", 2026, 3, 28, 12),
            2,
            dt.datetime(2026, 3, 29, 1, tzinfo=UTC),
        ),
        # Berlin's autumn night (25 October 2026, 03:00 -> 02:00): 02:00 happens twice, the
        # first (CEST, 00:00 UTC) is taken.
        (
            "Europe/Berlin",
            at("Europe/Berlin", 2026, 10, 24, 12),
            2,
            dt.datetime(2026, 10, 25, 0, tzinfo=UTC),
        ),
        # New York's spring night (8 March 2026): 02:30 -> 03:30 EDT (07:30 UTC).
        (
            "America/New_York",
            at("America/New_York", 2026, 3, 7, 12),
            2,
            dt.datetime(2026, 3, 8, 7, tzinfo=UTC),
        ),
        # Kathmandu, +05:45: 18:00 there is 12:15 UTC.
        (
            "Asia/Kathmandu",
            dt.datetime(2026, 6, 10, 0, tzinfo=UTC),
            18,
            dt.datetime(2026, 6, 10, 12, 15, tzinfo=UTC),
        ),
        # Kiritimati (+14) is a day ahead of UTC: 18:00 of its 11 June is 04:00 UTC that day.
        (
            "Pacific/Kiritimati",
            dt.datetime(2026, 6, 10, 12, tzinfo=UTC),
            18,
            dt.datetime(2026, 6, 11, 4, tzinfo=UTC),
        ),
        # Pago Pago (-11) is a day behind: 18:00 of its 10 June is 05:00 UTC on 11 June.
        (
            "Pacific/Pago_Pago",
            dt.datetime(2026, 6, 10, 12, tzinfo=UTC),
            18,
            dt.datetime(2026, 6, 11, 5, tzinfo=UTC),
        ),
    ],
)
def test_a_nudge_goes_at_the_usual_hour_on_the_persons_own_clock(zone, not_before, hour, expected):
    assert send(zone, not_before, hour, quiet_start=T(0), quiet_end=T(0)) == expected


def test_the_jitter_is_added_after_the_usual_hour():
    jitter = dt.timedelta(minutes=7)
    not_before = at("Europe/Paris", 2026, 6, 10, 9)

    assert send("Europe/Paris", not_before, 18, jitter=jitter) == at(
        "Europe/Paris", 2026, 6, 10, 18, 7
    )


@pytest.mark.parametrize(
    ("zone", "hour", "quiet", "expected"),
    [
        # A night owl's usual hour (23:00) falls in quiet hours 22-08: held to 08:00.
        ("Europe/Paris", 23, (T(22), T(8)), at("Europe/Paris", 2026, 6, 11, 8, 5)),
        # Quiet hours ending at 02:30 on Berlin's spring night: the missing end moves forward.
        ("Europe/Berlin", 1, (T(0), T(2, 30)), dt.datetime(2026, 3, 29, 1, 35, tzinfo=UTC)),
        # New York's autumn night (1 November 2026): quiet until 01:30, which happens twice;
        # the first (EDT, 05:30 UTC) ends them.
        ("America/New_York", 0, (T(23), T(1, 30)), dt.datetime(2026, 11, 1, 5, 35, tzinfo=UTC)),
        # Equal ends: no quiet hours, 23:00 it is.
        ("Europe/Paris", 23, (T(22), T(22)), at("Europe/Paris", 2026, 6, 10, 23, 5)),
    ],
)
def test_a_nudge_due_in_quiet_hours_is_held_until_they_end(zone, hour, quiet, expected):
    days = {
        "Europe/Paris": (2026, 6, 10),
        "Europe/Berlin": (2026, 3, 28),
        "America/New_York": (2026, 10, 31),
    }
    not_before = at(zone, *days[zone], 12)
    start, end = quiet

    sent = send(
        zone, not_before, hour, quiet_start=start, quiet_end=end, jitter=dt.timedelta(minutes=5)
    )

    assert sent == expected
    local = sent.astimezone(ZoneInfo(zone)).time()
    assert not timing.in_quiet_hours(local, start, end)


def test_a_send_never_goes_before_its_earliest_time():
    not_before = at("Europe/Paris", 2026, 6, 10, 18, 10)

    sent = send("Europe/Paris", not_before, 18, jitter=dt.timedelta(minutes=3))

    assert sent == at("Europe/Paris", 2026, 6, 11, 18, 3)


@pytest.mark.parametrize(
    ("zone", "moment", "expected"),
    [
        ("Europe/Paris", at("Europe/Paris", 2026, 6, 10, 18), at("Europe/Paris", 2026, 6, 11, 0)),
        # Kiritimati (+14): at noon UTC on 10 June it is already 11 June there; its 12 June
        # begins at 10:00 UTC on 11 June.
        (
            "Pacific/Kiritimati",
            dt.datetime(2026, 6, 10, 12, tzinfo=UTC),
            dt.datetime(2026, 6, 11, 10, tzinfo=UTC),
        ),
        # Santiago skips midnight on its spring night (6 September 2026): the day begins
        # at 01:00 (04:00 UTC).
        (
            "America/Santiago",
            at("America/Santiago", 2026, 9, 5, 12),
            dt.datetime(2026, 9, 6, 4, tzinfo=UTC),
        ),
    ],
)
def test_the_next_local_day_starts_at_the_persons_midnight(zone, moment, expected):
    assert timing.next_day_start(moment, ZoneInfo(zone)) == expected


def test_the_jitter_is_a_few_minutes_the_same_for_a_send_and_spread_across_people():
    away = dt.datetime(2026, 6, 10, tzinfo=UTC)
    jitters = {timing.jitter_for(user, "day_2", away) for user in range(200)}

    assert timing.jitter_for(1, "day_2", away) == timing.jitter_for(1, "day_2", away)
    assert jitters == {dt.timedelta(minutes=m) for m in range(3, 13)}
