"""Lived days: the local date an activity counts for, in the zone it happened in.

A day runs from `day_start_hour` on its date to `day_start_hour` on the next date, in
wall-clock time of the zone (so a 23- or 25-hour day at a DST change is still one day).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from zoneinfo import ZoneInfo

UTC = dt.UTC
ONE_DAY = dt.timedelta(days=1)
_OFFSET = re.compile(r"^([+-])(\d{2}):(\d{2})$")


@lru_cache(maxsize=2048)  # every IANA zone (about 600) and the offsets seen
def zone_info(zone: str) -> dt.tzinfo:
    """The clock of `zone`: an IANA name ("Europe/Madrid"), or a fixed UTC offset written
    "+05:45" / "-03:00" (an imported time that carried only its offset).

    Raises ValueError for anything else.
    """
    match = _OFFSET.match(zone)
    if not match:
        return ZoneInfo(zone)
    sign, hours, minutes = match.groups()
    offset = dt.timedelta(hours=int(hours), minutes=int(minutes))
    if offset >= ONE_DAY or int(minutes) >= 60:
        raise ValueError(f"not a UTC offset: {zone}")
    return dt.timezone(-offset if sign == "-" else offset)


def offset_name(offset: dt.timedelta) -> str:
    """A fixed offset as `zone_info` reads it: +05:45, -03:00."""
    sign = "-" if offset < dt.timedelta(0) else "+"
    minutes = abs(int(offset.total_seconds())) // 60
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


@dataclass(frozen=True)
class LivedDay:
    """One local date a person was credited for, in the zone of its first activity."""

    date: dt.date
    zone: str  # IANA name, or a fixed offset ("+05:45") for imported times
    starts_at: dt.datetime  # aware UTC: `date` at day_start_hour in `zone`
    ends_at: dt.datetime  # aware UTC: the next date's start in `zone`

    @property
    def middle(self) -> dt.datetime:
        """Halfway through the day: where a day's work told after it sits."""
        return self.starts_at + (self.ends_at - self.starts_at) / 2


def day_start(date: dt.date, *, zone: str, day_start_hour: int) -> dt.datetime:
    """The aware UTC instant `date` starts at in `zone`.

    1. Read `date` at `day_start_hour` as wall-clock time in `zone` with fold=0 (an hour
       lived twice at fall-back starts at its first occurrence).
    2. If that wall time does not exist (spring-forward gap), the day starts at the first
       instant after the gap: the transition itself.
    """
    if not 0 <= day_start_hour <= 23:
        raise ValueError(f"day_start_hour must be 0..23, not {day_start_hour}")
    tz = zone_info(zone)
    wall = dt.datetime.combine(date, dt.time(day_start_hour))
    before = wall.replace(tzinfo=tz, fold=0).astimezone(UTC)
    if before.astimezone(tz).replace(tzinfo=None) == wall:
        return before
    # In a gap fold=0 reads the wall time with the offset before the change (too late) and
    # fold=1 with the offset after it (too early): the transition lies between the two.
    after = wall.replace(tzinfo=tz, fold=1).astimezone(UTC)
    return _transition(after, before, tz)


def _transition(low: dt.datetime, high: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """The first second in (low, high] whose UTC offset is already that of `high`."""
    offset = high.astimezone(tz).utcoffset()
    lo, hi = int(low.timestamp()), int(high.timestamp())
    # Offsets change on whole seconds, so a search over seconds lands on the change exactly.
    while hi - lo > 1:
        middle = (lo + hi) // 2
        if dt.datetime.fromtimestamp(middle, tz).utcoffset() == offset:
            hi = middle
        else:
            lo = middle
    return dt.datetime.fromtimestamp(hi, UTC)


@lru_cache(maxsize=8192)
def day_of(date: dt.date, *, zone: str, day_start_hour: int) -> LivedDay:
    """The day `date` of `zone`, with its start and end instants (pure, so memoised: a
    person's history reads the same few thousand days again and again)."""
    return LivedDay(
        date=date,
        zone=zone,
        starts_at=day_start(date, zone=zone, day_start_hour=day_start_hour),
        ends_at=day_start(date + ONE_DAY, zone=zone, day_start_hour=day_start_hour),
    )


def lived_day(moment: dt.datetime, *, zone: str, day_start_hour: int) -> LivedDay:
    """The day of `zone` an aware instant belongs to.

    1. Take the wall-clock date of `moment` in `zone`.
    2. If `moment` is before that date's start (before `day_start_hour`), it counts for the
       day before — compared as instants, so a day start inside a DST gap stays exact.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("moment must be an aware datetime")
    date = moment.astimezone(zone_info(zone)).date()
    day = day_of(date, zone=zone, day_start_hour=day_start_hour)
    if moment < day.starts_at:
        day = day_of(date - ONE_DAY, zone=zone, day_start_hour=day_start_hour)
    return day


def credit(days: Iterable[LivedDay]) -> list[LivedDay]:
    """Each date credited at most once, sorted by date.

    1. Walk `days` in the order given — the order their activities happened — and keep
       the first day seen for each date (a date lived twice keeps its first zone).
    2. Sort the kept days by date.
    """
    kept: dict[dt.date, LivedDay] = {}
    for day in days:
        kept.setdefault(day.date, day)
    return sorted(kept.values(), key=lambda day: day.date)


def whole_days(
    start: dt.datetime, end: dt.datetime, *, zone: str, day_start_hour: int
) -> list[dt.date]:
    """The dates of `zone` whose whole day lies inside [start, end), in date order.

    1. Find the day `start` falls in; if it began before `start`, begin with the next one.
    2. Take days while each ends at or before `end`.
    """
    if end <= start:
        return []
    day = lived_day(start, zone=zone, day_start_hour=day_start_hour)
    if day.starts_at < start:
        day = day_of(day.date + ONE_DAY, zone=zone, day_start_hour=day_start_hour)
    dates: list[dt.date] = []
    while day.ends_at <= end:
        dates.append(day.date)
        day = day_of(day.date + ONE_DAY, zone=zone, day_start_hour=day_start_hour)
    return dates
