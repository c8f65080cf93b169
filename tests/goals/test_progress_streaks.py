"""Streaks: the timezone matrix (0 double credits, 0 wrong resets), freezes, milestones
and Loop-style strength."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

import pytest

from goals.progress.days import LivedDay, credit, lived_day
from goals.progress.streaks import MULTIPLIER, Streak, streak_of, strength

NY, BERLIN, SYDNEY = "America/New_York", "Europe/Berlin", "Australia/Sydney"
AUCKLAND, LA, KATHMANDU = "Pacific/Auckland", "America/Los_Angeles", "Asia/Kathmandu"
UTC = "UTC"


def at(zone: str, text: str, *, fold: int = 0) -> dt.datetime:
    """An aware instant from wall-clock time in `zone` ("YYYY-MM-DD HH:MM")."""
    return dt.datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone), fold=fold)


def d(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def daily(zone: str, first: str, count: int, *, time: str = "12:00") -> list[tuple[str, str]]:
    """One activity a day at `time` in `zone` for `count` days from `first`."""
    start = d(first)
    return [(zone, f"{start + dt.timedelta(days=i)} {time}") for i in range(count)]


def dates(first: str, count: int) -> list[str]:
    return [str(d(first) + dt.timedelta(days=i)) for i in range(count)]


@dataclass(frozen=True)
class Case:
    events: list[tuple[str, str]]  # (zone, local wall time), in the order they happened
    now: tuple[str, str]  # the person's current zone and wall time
    credited: list[str]
    current: int
    longest: int
    frozen: list[str]
    held: int
    day_start_hour: int = 0


def lived(case: Case) -> list[LivedDay]:
    return [
        lived_day(at(zone, text), zone=zone, day_start_hour=case.day_start_hour)
        for zone, text in case.events
    ]


MATRIX: dict[str, Case] = {
    # -- DST: activity every day around the change, and at 01:30 / 02:30 on the night ------
    "new york spring forward": Case(
        events=[
            *daily(NY, "2024-03-08", 2),
            (NY, "2024-03-10 01:30"),
            (NY, "2024-03-10 02:30"),  # does not exist: 03:30 EDT
            *daily(NY, "2024-03-11", 2),
        ],
        now=(NY, "2024-03-12 20:00"),
        credited=dates("2024-03-08", 5),
        current=5,
        longest=5,
        frozen=[],
        held=0,
    ),
    "new york spring forward, day starts at 2": Case(
        events=[
            (NY, "2024-03-09 12:00"),
            (NY, "2024-03-10 01:30"),  # before the day start: the 9th
            (NY, "2024-03-10 02:30"),  # 03:30 EDT: after the (gap-shifted) start, the 10th
            (NY, "2024-03-11 01:59"),  # still the 10th
            (NY, "2024-03-11 12:00"),
        ],
        now=(NY, "2024-03-11 20:00"),
        credited=dates("2024-03-09", 3),
        current=3,
        longest=3,
        frozen=[],
        held=0,
        day_start_hour=2,
    ),
    "new york fall back": Case(
        events=[*daily(NY, "2024-11-01", 2), (NY, "2024-11-03 01:30"), *daily(NY, "2024-11-03", 2)],
        now=(NY, "2024-11-04 20:00"),
        credited=dates("2024-11-01", 4),
        current=4,
        longest=4,
        frozen=[],
        held=0,
    ),
    "new york fall back, both 01:30s before a 02:00 day start": Case(
        events=[
            (NY, "2024-11-02 12:00"),
            (NY, "2024-11-03 01:30"),
            (NY, "2024-11-03 02:30"),
            (NY, "2024-11-04 02:30"),
        ],
        now=(NY, "2024-11-04 20:00"),
        credited=dates("2024-11-02", 3),
        current=3,
        longest=3,
        frozen=[],
        held=0,
        day_start_hour=2,
    ),
    "berlin spring forward": Case(
        events=[
            *daily(BERLIN, "2024-03-29", 2),
            (BERLIN, "2024-03-31 01:30"),
            (BERLIN, "2024-03-31 02:30"),
            *daily(BERLIN, "2024-04-01", 2),
        ],
        now=(BERLIN, "2024-04-02 20:00"),
        credited=dates("2024-03-29", 5),
        current=5,
        longest=5,
        frozen=[],
        held=0,
    ),
    "berlin fall back, day starts at 3": Case(
        events=[
            (BERLIN, "2024-10-26 12:00"),
            (BERLIN, "2024-10-27 02:30"),  # the 26th, twice over
            (BERLIN, "2024-10-27 12:00"),
            (BERLIN, "2024-10-28 01:30"),  # the 27th
            (BERLIN, "2024-10-28 03:30"),
        ],
        now=(BERLIN, "2024-10-28 20:00"),
        credited=dates("2024-10-26", 3),
        current=3,
        longest=3,
        frozen=[],
        held=0,
        day_start_hour=3,
    ),
    "sydney spring forward, day starts at 2": Case(
        events=[
            *daily(SYDNEY, "2024-10-04", 2),
            (SYDNEY, "2024-10-06 01:30"),  # the 5th
            (SYDNEY, "2024-10-06 02:30"),  # 03:30 AEDT: the 6th
            *daily(SYDNEY, "2024-10-07", 1),
        ],
        now=(SYDNEY, "2024-10-07 20:00"),
        credited=dates("2024-10-04", 4),
        current=4,
        longest=4,
        frozen=[],
        held=0,
        day_start_hour=2,
    ),
    "sydney fall back": Case(
        events=[
            *daily(SYDNEY, "2024-04-05", 2),
            (SYDNEY, "2024-04-07 01:30"),
            (SYDNEY, "2024-04-07 02:30"),
            *daily(SYDNEY, "2024-04-08", 2),
        ],
        now=(SYDNEY, "2024-04-09 20:00"),
        credited=dates("2024-04-05", 5),
        current=5,
        longest=5,
        frozen=[],
        held=0,
    ),
    "a day missed across a spring-forward night breaks": Case(
        events=[*daily(BERLIN, "2024-03-29", 2), *daily(BERLIN, "2024-04-01", 2)],
        now=(BERLIN, "2024-04-02 20:00"),
        credited=["2024-03-29", "2024-03-30", "2024-04-01", "2024-04-02"],
        current=2,
        longest=2,
        frozen=[],
        held=0,
    ),
    # -- the date line ------------------------------------------------------------------------
    "auckland to los angeles: a date lived twice is credited once": Case(
        events=[
            *daily(AUCKLAND, "2024-06-01", 3, time="09:00"),
            (AUCKLAND, "2024-06-03 19:00"),  # boards in the evening ...
            (LA, "2024-06-03 10:00"),  # ... lands the morning of the same date
            *daily(LA, "2024-06-04", 2),
        ],
        now=(LA, "2024-06-05 20:00"),
        credited=dates("2024-06-01", 5),
        current=5,
        longest=5,
        frozen=[],
        held=0,
    ),
    "los angeles to auckland: a skipped date does not break": Case(
        events=[
            *daily(LA, "2024-06-01", 2, time="09:00"),
            (LA, "2024-06-02 22:00"),  # boards late ...
            (AUCKLAND, "2024-06-04 10:00"),  # ... the 3rd never happens
            *daily(AUCKLAND, "2024-06-05", 1),
        ],
        now=(AUCKLAND, "2024-06-05 20:00"),
        credited=["2024-06-01", "2024-06-02", "2024-06-04", "2024-06-05"],
        current=4,
        longest=4,
        frozen=[],
        held=0,
    ),
    "los angeles to auckland with a whole day lived idle breaks": Case(
        events=[*daily(LA, "2024-06-01", 2), *daily(AUCKLAND, "2024-06-05", 1)],
        now=(AUCKLAND, "2024-06-05 20:00"),
        credited=["2024-06-01", "2024-06-02", "2024-06-05"],
        current=1,
        longest=2,
        frozen=[],
        held=0,
    ),
    # -- night owls -----------------------------------------------------------------------------
    "activity at 03:00 with day start 4 counts for the day before": Case(
        events=[
            (BERLIN, "2024-05-02 03:00"),
            (BERLIN, "2024-05-03 03:00"),
            (BERLIN, "2024-05-04 03:00"),
        ],
        now=(BERLIN, "2024-05-04 20:00"),  # the 4th not active yet: still alive
        credited=dates("2024-05-01", 3),
        current=3,
        longest=3,
        frozen=[],
        held=0,
        day_start_hour=4,
    ),
    "a night owl's 03:00 after a day start of 4 keeps yesterday alive until 04:00": Case(
        events=[(BERLIN, "2024-05-01 12:00"), (BERLIN, "2024-05-03 03:00")],
        now=(BERLIN, "2024-05-03 03:30"),
        credited=["2024-05-01", "2024-05-02"],
        current=2,
        longest=2,
        frozen=[],
        held=0,
        day_start_hour=4,
    ),
    # -- Kathmandu, +05:45 ----------------------------------------------------------------------
    "kathmandu around its quarter-hour midnight": Case(
        events=[
            (KATHMANDU, "2024-01-01 23:59"),  # 18:14 UTC
            (KATHMANDU, "2024-01-02 00:00"),  # 18:15 UTC, the next date
            (KATHMANDU, "2024-01-03 00:00"),
        ],
        now=(KATHMANDU, "2024-01-03 20:00"),
        credited=dates("2024-01-01", 3),
        current=3,
        longest=3,
        frozen=[],
        held=0,
    ),
    "kathmandu with day start 4": Case(
        events=[(KATHMANDU, "2024-01-02 03:59"), (KATHMANDU, "2024-01-02 04:00")],
        now=(KATHMANDU, "2024-01-02 20:00"),
        credited=["2024-01-01", "2024-01-02"],
        current=2,
        longest=2,
        frozen=[],
        held=0,
        day_start_hour=4,
    ),
    # -- two zones, the same UTC hour ---------------------------------------------------------
    "two zones in the same utc hour on two local dates": Case(
        events=[(NY, "2024-06-01 19:10"), ("Europe/London", "2024-06-02 00:30")],  # 23:10Z, 23:30Z
        now=("Europe/London", "2024-06-02 20:00"),
        credited=["2024-06-01", "2024-06-02"],
        current=2,
        longest=2,
        frozen=[],
        held=0,
    ),
    "two zones in the same utc hour on one local date": Case(
        events=[(BERLIN, "2024-06-01 12:05"), ("Asia/Tokyo", "2024-06-01 19:40")],  # 10:05Z, 10:40Z
        now=("Asia/Tokyo", "2024-06-01 20:00"),
        credited=["2024-06-01"],
        current=1,
        longest=1,
        frozen=[],
        held=0,
    ),
    # -- misses and freezes -------------------------------------------------------------------
    "a missed day with no freeze breaks": Case(
        events=[*daily(UTC, "2024-02-01", 3), *daily(UTC, "2024-02-05", 2)],
        now=(UTC, "2024-02-06 20:00"),
        credited=[*dates("2024-02-01", 3), *dates("2024-02-05", 2)],
        current=2,
        longest=3,
        frozen=[],
        held=0,
    ),
    "a missed day after 7 days uses the freeze": Case(
        events=[*daily(UTC, "2024-02-01", 7), *daily(UTC, "2024-02-09", 2)],
        now=(UTC, "2024-02-10 20:00"),
        credited=[*dates("2024-02-01", 7), *dates("2024-02-09", 2)],
        current=9,  # the frozen day does not count
        longest=9,
        frozen=["2024-02-08"],
        held=0,
    ),
    "two missed days after 14 days use both freezes": Case(
        events=[*daily(UTC, "2024-02-01", 14), *daily(UTC, "2024-02-17", 1)],
        now=(UTC, "2024-02-17 20:00"),
        credited=[*dates("2024-02-01", 14), "2024-02-17"],
        current=15,
        longest=15,
        frozen=["2024-02-15", "2024-02-16"],
        held=0,
    ),
    "a third missed day after 14 days breaks": Case(
        events=[*daily(UTC, "2024-02-01", 14), *daily(UTC, "2024-02-18", 2)],
        now=(UTC, "2024-02-19 20:00"),
        credited=[*dates("2024-02-01", 14), *dates("2024-02-18", 2)],
        current=2,
        longest=14,
        frozen=["2024-02-15", "2024-02-16"],
        held=0,
    ),
    "freezes held are capped at two": Case(
        events=daily(UTC, "2024-02-01", 21),
        now=(UTC, "2024-02-21 20:00"),
        credited=dates("2024-02-01", 21),
        current=21,
        longest=21,
        frozen=[],
        held=2,
    ),
    # -- now -----------------------------------------------------------------------------------
    "alive when today is not yet active": Case(
        events=daily(UTC, "2024-02-01", 5),
        now=(UTC, "2024-02-06 23:59"),
        credited=dates("2024-02-01", 5),
        current=5,
        longest=5,
        frozen=[],
        held=0,
    ),
    "broken when a whole day passed since the last day": Case(
        events=daily(UTC, "2024-02-01", 5),
        now=(UTC, "2024-02-07 00:00"),
        credited=dates("2024-02-01", 5),
        current=0,
        longest=5,
        frozen=[],
        held=0,
    ),
    "a whole day passed since the last day is covered by a held freeze": Case(
        events=daily(UTC, "2024-02-01", 7),
        now=(UTC, "2024-02-09 10:00"),
        credited=dates("2024-02-01", 7),
        current=7,
        longest=7,
        frozen=["2024-02-08"],
        held=0,
    ),
    "two whole days passed with one freeze held break": Case(
        events=daily(UTC, "2024-02-01", 7),
        now=(UTC, "2024-02-10 10:00"),
        credited=dates("2024-02-01", 7),
        current=0,
        longest=7,
        frozen=["2024-02-08"],
        held=0,
    ),
    "now in a zone ahead of the last day's: no whole day lived yet": Case(
        events=daily(LA, "2024-06-01", 2, time="20:00"),
        now=(AUCKLAND, "2024-06-04 10:00"),  # 06-03 22:00 UTC, the 2nd ended 07:00 UTC
        credited=dates("2024-06-01", 2),
        current=2,
        longest=2,
        frozen=[],
        held=0,
    ),
}


@pytest.mark.parametrize("case", MATRIX.values(), ids=MATRIX.keys())
def test_timezone_matrix(case: Case) -> None:
    days = lived(case)
    credited = credit(days)
    zone, text = case.now
    streak = streak_of(days, now=at(zone, text), zone=zone, day_start_hour=case.day_start_hour)

    assert [str(day.date) for day in credited] == case.credited
    assert len({day.date for day in credited}) == len(credited)  # 0 double credits
    assert streak.current == case.current  # 0 wrong resets
    assert streak.longest == case.longest
    assert [str(date) for date in streak.frozen] == case.frozen
    assert streak.freezes_held == case.held
    assert streak.last_day == d(case.credited[-1])


def streak_of_daily(first: str, count: int, *, now: str) -> Streak:
    days = [
        lived_day(at(UTC, f"{date} 12:00"), zone=UTC, day_start_hour=0)
        for date in dates(first, count)
    ]
    return streak_of(days, now=at(UTC, now), zone=UTC, day_start_hour=0)


@pytest.mark.parametrize(("perfect_days", "strength"), [(7, 0.31), (30, 0.80), (90, 0.99)])
def test_strength_of_perfect_days_matches_loop_habit_tracker(
    perfect_days: int, strength: float
) -> None:
    last = d("2024-01-01") + dt.timedelta(days=perfect_days - 1)
    # Measured on the last active day, before any later miss is walked.
    streak = streak_of_daily("2024-01-01", perfect_days, now=f"{last} 20:00")
    assert streak.strength == pytest.approx(strength, abs=0.005)


def test_one_miss_after_30_days_never_shows_zero() -> None:
    # 30 days hold two freezes: three idle days use both, and the third is a real miss.
    streak = streak_of_daily("2024-01-01", 30, now="2024-02-03 10:00")
    assert streak.current == 0
    assert streak.frozen == (d("2024-01-31"), d("2024-02-01"))
    assert streak.strength == pytest.approx((1 - MULTIPLIER**30) * MULTIPLIER)
    assert streak.strength > 0.7
    done = {d(date) for date in dates("2024-01-01", 30)}
    assert strength(done, {d("2024-01-31")}, today=d("2024-02-01")) > 0.7


def test_strength_follows_the_loop_formula_on_a_mixed_sequence() -> None:
    days = [
        lived_day(at(UTC, f"{date} 12:00"), zone=UTC, day_start_hour=0)
        for date in ("2024-01-01", "2024-01-03", "2024-01-04")
    ]
    streak = streak_of(days, now=at(UTC, "2024-01-04 20:00"), zone=UTC, day_start_hour=0)
    m = MULTIPLIER
    expected = (((1 - m) * m) * m + (1 - m)) * m + (1 - m)
    assert streak.strength == pytest.approx(expected)


def test_a_frozen_day_leaves_strength_unchanged() -> None:
    days = [
        lived_day(at(UTC, f"{date} 12:00"), zone=UTC, day_start_hour=0)
        for date in [*dates("2024-01-01", 7), "2024-01-09"]
    ]
    streak = streak_of(days, now=at(UTC, "2024-01-09 20:00"), zone=UTC, day_start_hour=0)
    assert streak.frozen == (d("2024-01-08"),)
    assert streak.strength == pytest.approx(1 - MULTIPLIER**8)


def test_a_date_skipped_over_the_date_line_is_neutral_for_strength() -> None:
    case = MATRIX["los angeles to auckland: a skipped date does not break"]
    zone, text = case.now
    streak = streak_of(lived(case), now=at(zone, text), zone=zone, day_start_hour=0)
    assert streak.strength == pytest.approx(1 - MULTIPLIER**4)


def test_today_counts_for_strength_only_once_active() -> None:
    waiting = streak_of_daily("2024-01-01", 5, now="2024-01-06 10:00")
    assert waiting.strength == pytest.approx(1 - MULTIPLIER**5)


def test_milestones_are_reached_by_every_streak_and_the_next_one_is_named() -> None:
    days = [
        lived_day(at(UTC, f"{date} 12:00"), zone=UTC, day_start_hour=0)
        for date in [*dates("2024-01-01", 14), *dates("2024-01-20", 7)]
    ]
    streak = streak_of(days, now=at(UTC, "2024-01-26 20:00"), zone=UTC, day_start_hour=0)
    assert streak.milestones == (
        (7, d("2024-01-07")),
        (14, d("2024-01-14")),
        (7, d("2024-01-26")),
    )
    assert streak.current == 7
    assert streak.started_on == d("2024-01-20")
    assert streak.next_milestone == 14


def test_a_streak_of_thirty_days_names_a_hundred_next() -> None:
    streak = streak_of_daily("2024-01-01", 30, now="2024-01-30 20:00")
    assert [days for days, _ in streak.milestones] == [7, 14, 30]
    assert streak.milestones[-1] == (30, d("2024-01-30"))
    assert streak.next_milestone == 100


def test_no_days_is_no_streak() -> None:
    streak = streak_of([], now=at(UTC, "2024-01-01 12:00"), zone=UTC, day_start_hour=0)
    assert (streak.current, streak.longest, streak.started_on, streak.last_day) == (
        0,
        0,
        None,
        None,
    )
    assert streak.strength == 0.0
    assert streak.next_milestone == 7
