"""Local days as instants: open intervals per day, merged into timelines, and the DST rules
for turning a wall time into an instant (see the package docstring)."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

from world.rules.spec import UserClock, Window, ZoneSpec

ONE_DAY = timedelta(days=1)
MIDNIGHT = time(0, 0)
Interval = tuple[datetime, datetime]


@dataclass(frozen=True)
class Timeline:
    """Merged open intervals, exact for instants in ``[valid_from, valid_until)``."""

    starts: tuple[datetime, ...]
    ends: tuple[datetime, ...]
    valid_from: datetime
    valid_until: datetime

    @classmethod
    def build(cls, zone: ZoneSpec, clock: UserClock, first_day: date, last_day: date) -> Timeline:
        """Intervals of the windows on local days ``first_day .. last_day``.

        Windows starting before ``first_day`` are missing, and they end before the
        next local midnight, so the result is exact from local midnight of
        ``first_day + 1`` to local midnight of ``last_day + 1``.
        """
        tz = clock.tz
        raw = [
            window_interval(window, day, tz)
            for day in days(first_day, last_day)
            for window in effective_windows(zone, clock)
        ]
        merged = merge(raw)
        return cls(
            starts=tuple(s for s, _ in merged),
            ends=tuple(e for _, e in merged),
            valid_from=localise(first_day + ONE_DAY, MIDNIGHT, tz),
            valid_until=localise(last_day + ONE_DAY, MIDNIGHT, tz),
        )

    def is_open(self, at: datetime) -> bool:
        index = bisect_right(self.starts, at) - 1
        return index >= 0 and at < self.ends[index]

    def flips(self) -> list[datetime]:
        """Merged boundaries strictly inside the exact range: the real flips."""
        bounds = sorted(self.starts + self.ends)
        return [b for b in bounds if self.valid_from < b < self.valid_until]

    def next_flip(self, after: datetime) -> datetime | None:
        flips = self.flips()
        index = bisect_right(flips, after)
        return flips[index] if index < len(flips) else None

    def previous_flip(self, at: datetime) -> datetime | None:
        """The last flip at or before ``at`` (``None`` if before the exact range)."""
        flips = self.flips()
        index = bisect_right(flips, at)
        return flips[index - 1] if index else None

    def flips_between(self, since: datetime, until: datetime) -> list[datetime]:
        """Flips ``b`` with ``since < b < until``."""
        flips = self.flips()
        return flips[bisect_right(flips, since) : bisect_left(flips, until)]


def effective_windows(zone: ZoneSpec, clock: UserClock) -> tuple[Window, ...]:
    """The zone's windows plus the productive hours when they override the zone."""
    productive = clock.productive_window
    if zone.productive_hours_override and productive is not None:
        return (*zone.open_windows, productive)
    return zone.open_windows


def always_open(zone: ZoneSpec, clock: UserClock) -> bool:
    """Open around the clock by construction: no windows, or a whole-day window."""
    if not zone.open_windows:
        return True
    return any(window.is_whole_day for window in effective_windows(zone, clock))


def window_interval(window: Window, day: date, tz: ZoneInfo) -> Interval:
    """The instants ``[start, end)`` of ``window`` opening on local ``day``."""
    end_day = day if window.start < window.end else day + ONE_DAY
    return (localise(day, window.start, tz), localise(end_day, window.end, tz))


def merge(intervals: Iterable[Interval]) -> list[Interval]:
    """Sort and merge overlapping or touching intervals; drop empty ones.

    1. Drop intervals with ``start >= end`` (a window inside a DST gap).
    2. Sort by start.
    3. Extend the last merged interval while the next one starts at or before its
       end (touching counts: [09:00, 12:00) + [12:00, 15:00) is one interval).
    """
    merged: list[Interval] = []
    for start, end in sorted(iv for iv in intervals if iv[0] < iv[1]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def days(first: date, last: date) -> Iterable[date]:
    day = first
    while day <= last:
        yield day
        day += ONE_DAY


@lru_cache(maxsize=16384)
def localise(day: date, wall: time, tz: ZoneInfo) -> datetime:
    """The UTC instant at which local ``day`` + ``wall`` happens in ``tz``.

    Pure, so it is memoised: the scheduler localises the same few wall times on the
    same few days for every distinct clock of a timezone.

    1. Attach ``tz`` with ``fold=0``; for a time that exists twice (fall-back
       overlap) this is its first occurrence.
    2. Convert to UTC and back: if the wall time survives the round trip it exists,
       and that instant is the answer.
    3. Otherwise the wall time falls in a spring-forward gap: return the first
       instant after the gap (see :func:`_first_instant_after_gap`).
    """
    naive = datetime.combine(day, wall)
    instant = naive.replace(tzinfo=tz, fold=0).astimezone(UTC)
    if instant.astimezone(tz).replace(tzinfo=None) == naive:
        return instant
    return _first_instant_after_gap(naive, tz)


def _first_instant_after_gap(naive: datetime, tz: ZoneInfo) -> datetime:
    """The first instant whose local wall time is at or after the skipped ``naive``.

    1. ``fold=1`` reads a gap time with the offset after the transition and
       ``fold=0`` with the offset before it; the transition instant lies between
       the two readings, and at the later reading the wall clock is already past
       ``naive``.
    2. Binary-search whole seconds (tz transitions are on whole seconds) for the
       first one whose local wall time is at or after ``naive``: that is the
       transition, i.e. the first valid instant after the gap.
    """
    readings = (
        naive.replace(tzinfo=tz, fold=0).timestamp(),
        naive.replace(tzinfo=tz, fold=1).timestamp(),
    )
    low, high = math.floor(min(readings)), math.ceil(max(readings))
    while low < high:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, tz).replace(tzinfo=None) >= naive:
            high = middle
        else:
            low = middle + 1
    return datetime.fromtimestamp(low, UTC)


def local_date(instant: datetime, tz: ZoneInfo) -> date:
    return instant.astimezone(tz).date()


def require_aware(value: object, name: str) -> None:
    if not isinstance(value, datetime):
        raise ValueError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {value.isoformat()}")


def in_windows(windows: Sequence[Window], at: datetime, tz: ZoneInfo) -> bool:
    """Whether ``at`` lies in one of ``windows``' intervals opened on days D-1 .. D+1.

    D is ``at``'s local date. D+1 matters only where a fall-back happens at local
    midnight (e.g. St. John's until 2011): the repeated hour then carries the previous
    date although it comes after the first occurrence of the new day's midnight.
    """
    day = local_date(at, tz)
    for window in windows:
        for opening_day in (day - ONE_DAY, day, day + ONE_DAY):
            start, end = window_interval(window, opening_day, tz)
            if start <= at < end:
                return True
    return False


def spans_midnight(start: datetime, end: datetime, tz: ZoneInfo) -> bool:
    """Whether a local midnight falls in ``[start, end)``."""
    local = start.astimezone(tz)
    day = local.date() if local.time() == MIDNIGHT else local.date() + ONE_DAY
    return localise(day, MIDNIGHT, tz) < end
