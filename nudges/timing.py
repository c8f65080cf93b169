"""When a nudge goes out, in the person's own clock (pure: no database, no "now").

A nudge is sent at the hour the person is usually active (learned from the last 30 days,
early evening by default), a few minutes after it (a deterministic jitter: a nudge landing
the very moment a screen wakes does worse than one a little later), never in their quiet
hours (held until those end), and on a later day when their daily maximum is reached.
Every instant returned is in UTC; wall times are read in the person's zone, where a wall
time that does not exist (a spring-forward night) moves forward by the gap and one that
happens twice (an autumn night) is the first.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping
from zoneinfo import ZoneInfo

from delight.models import in_quiet_hours

DEFAULT_HOUR = 18  # early evening, for someone whose usual hour is not known yet
MIN_ACTIVITIES = 5  # fewer activities than this over the window say nothing about a habit
USUAL_HOUR_DAYS = 30  # the window the usual hour is learned from
JITTER_MINUTES = (3, 12)  # the least and the most added after the chosen hour
ONE_DAY = dt.timedelta(days=1)


def usual_hour(local_hours: Mapping[int, int]) -> int:
    """The local hour (0-23) the person is most often active, from how many activities
    fell in each hour; DEFAULT_HOUR when fewer than MIN_ACTIVITIES; a tie goes to the later
    hour (an evening nudge intrudes less than a morning one)."""
    if sum(local_hours.values()) < MIN_ACTIVITIES:
        return DEFAULT_HOUR
    return max(local_hours, key=lambda hour: (local_hours[hour], hour))


def jitter_for(*parts: object) -> dt.timedelta:
    """A few minutes (JITTER_MINUTES, both included) drawn from `parts` (a person, a step,
    an absence): the same send always gets the same jitter, different people different."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    low, high = JITTER_MINUTES
    return dt.timedelta(minutes=low + int.from_bytes(digest[:4]) % (high - low + 1))


def wall_time(day: dt.date, at: dt.time, zone: ZoneInfo) -> dt.datetime:
    """The UTC instant of the wall time `at` on `day` in `zone`. zoneinfo reads a missing
    wall time with the offset before the change (02:30 on a spring night is 03:30) and a
    repeated one as its first occurrence (fold 0): the rule this module promises."""
    return dt.datetime.combine(day, at, tzinfo=zone).astimezone(dt.UTC)


def local_date(moment: dt.datetime, zone: ZoneInfo) -> dt.date:
    """The calendar date in `zone` at `moment`: the day a daily maximum counts in."""
    return moment.astimezone(zone).date()


def next_day_start(moment: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    """The UTC instant the person's next calendar day begins (their local midnight, or the
    first moment after it on a night whose midnight does not exist)."""
    return wall_time(local_date(moment, zone) + ONE_DAY, dt.time(0), zone)


def out_of_quiet_hours(
    moment: dt.datetime, zone: ZoneInfo, start: dt.time, end: dt.time
) -> dt.datetime:
    """The first instant at or after `moment` outside quiet hours (`moment` itself when it is
    not in them): the next wall time `end` in `zone`."""
    local = moment.astimezone(zone)
    if not in_quiet_hours(local.time(), start, end):
        return moment
    ends = wall_time(local.date(), end, zone)
    return ends if ends > moment else wall_time(local.date() + ONE_DAY, end, zone)


def send_time(
    *,
    not_before: dt.datetime,
    zone: ZoneInfo,
    usual_hour: int,
    quiet_start: dt.time,
    quiet_end: dt.time,
    jitter: dt.timedelta,
) -> dt.datetime:
    """The UTC instant to send a nudge that may not go before `not_before`.

    1. Take the person's usual hour on the local date of `not_before`, plus the jitter; if
       that has passed, the same on the next local date.
    2. If it falls in quiet hours (an hour learned late at night, or quiet hours that
       changed), hold it until they end, plus the jitter.
    """
    day = local_date(not_before, zone)
    slot = wall_time(day, dt.time(usual_hour), zone) + jitter
    if slot < not_before:
        slot = wall_time(day + ONE_DAY, dt.time(usual_hour), zone) + jitter
    held = out_of_quiet_hours(slot, zone, quiet_start, quiet_end)
    return slot if held == slot else held + jitter
