"""The public questions: a zone's state, its next change, the changes in a span, and the
words that say them in the person's local time."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from world.rules.localtime import (
    ONE_DAY,
    Timeline,
    always_open,
    effective_windows,
    in_windows,
    local_date,
    require_aware,
    spans_midnight,
)
from world.rules.spec import UserClock, ZoneSpec, ZoneState, format_time

# How many local days after the reference day next_change looks at. A zone that is not
# always open flips at least once every two days (a window is non-empty on every day
# without a DST gap), so finding no flip in this horizon means it never flips.
HORIZON_DAYS = 8

_TINY = timedelta(microseconds=1)
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def evaluate(zones: Iterable[ZoneSpec], clock: UserClock, at: datetime) -> list[ZoneState]:
    """Each zone's :class:`ZoneState` for ``clock`` at the aware instant ``at``.

    1. Reject a naive ``at``.
    2. Per zone: a zone that is open all day by construction is "Always open".
    3. Otherwise build the zone's merged open intervals for the local days from two
       days before ``at`` to :data:`HORIZON_DAYS` after it.
    4. Read the state at ``at``, the next flip after it and the last flip before it.
    5. Phrase the reason and label in the user's local time.
    """
    require_aware(at, "at")
    return [_evaluate_zone(zone, clock, at) for zone in zones]


def zone_is_open(zone: ZoneSpec, clock: UserClock, at: datetime) -> bool:
    """Whether ``zone`` is open for ``clock`` at the aware instant ``at``.

    1. Reject a naive ``at``; a zone open all day by construction is open.
    2. Find ``at``'s local date D.
    3. Localise each window (the productive hours included when they override the
       zone) as opened on days D-1, D and D+1 (D-1 for windows crossing midnight,
       D+1 for a fall-back at local midnight).
    4. Open when ``at`` lies in one of those intervals.
    """
    require_aware(at, "at")
    if always_open(zone, clock):
        return True
    return in_windows(effective_windows(zone, clock), at, clock.tz)


def next_change(zone: ZoneSpec, clock: UserClock, after: datetime) -> datetime | None:
    """The first instant strictly after ``after`` at which the zone opens or closes.

    Returns an aware UTC datetime, or ``None`` when the zone never changes.

    1. Reject a naive ``after``; a zone open all day by construction never changes.
    2. Find ``after``'s local date D.
    3. Localise the start and end of every open window and of the productive hours
       (when the zone lets them override) on the local days D-1 .. D+HORIZON_DAYS;
       gap times go to the first instant after the gap, repeated times to fold=0.
    4. Merge overlapping or touching intervals: the boundaries that survive are
       exactly the instants where the state really flips (a window ending when
       another starts, or a closure covered by productive hours, disappears).
    5. Return the first surviving boundary after ``after``; ``None`` when there is
       none within the horizon (the zone is open around the clock).
    """
    require_aware(after, "after")
    if always_open(zone, clock):
        return None
    day = local_date(after, clock.tz)
    timeline = Timeline.build(zone, clock, day - ONE_DAY, day + HORIZON_DAYS * ONE_DAY)
    return timeline.next_flip(after)


def changes_between(
    zone: ZoneSpec, clock: UserClock, start: datetime, end: datetime
) -> list[datetime]:
    """Every instant in ``[start, end)`` at which the zone flips, oldest first (UTC).

    The scheduler calls it for the next 15 minutes to learn which clocks (and so
    which users) have a zone change, and when.

    1. Reject naive datetimes; an empty range or an always-open zone gives ``[]``.
    2. Build the merged open intervals for the local days from the day before
       ``start`` to the day after ``end`` (see :func:`next_change`, steps 3-4).
    3. Return the surviving boundaries ``b`` with ``start <= b < end``.
    """
    require_aware(start, "start")
    require_aware(end, "end")
    if end <= start or always_open(zone, clock):
        return []
    tz = clock.tz
    since = start - _TINY  # flips strictly after `since` are flips at or after `start`
    first_day = local_date(since, tz) - ONE_DAY
    last_day = local_date(end, tz) + ONE_DAY
    timeline = Timeline.build(zone, clock, first_day, last_day)
    return timeline.flips_between(since, end)


def clock_key(
    clock: UserClock, zones: Iterable[ZoneSpec] | None = None
) -> tuple[str, time | None, time | None]:
    """A hashable key: two clocks with the same key get the same zone states.

    Zone states depend on a user only through their timezone and productive hours,
    so the 15-minute scheduler never needs to evaluate 100,000 users one by one:

    1. Group users by ``clock_key(user_clock, zones)``; there are far fewer distinct
       keys than users (a few hundred timezones times a few productive-hour choices).
    2. For each key, rebuild one representative clock with ``UserClock(*key)`` and
       call :func:`changes_between` for each zone over the next 15 minutes.
    3. Only the users in groups with a change are re-evaluated, at the returned
       instants; everyone else is untouched.

    Pass ``zones`` to drop the productive hours from the key when none of those zones
    lets productive hours override them (then only the timezone matters).
    """
    if zones is not None and not any(zone.productive_hours_override for zone in zones):
        return (clock.timezone, None, None)
    return (clock.timezone, clock.productive_start, clock.productive_end)


def _evaluate_zone(zone: ZoneSpec, clock: UserClock, at: datetime) -> ZoneState:
    """One zone's state (steps 2-5 of :func:`evaluate`)."""
    if always_open(zone, clock):
        return ZoneState(zone.slug, True, "Always open", None, "")
    tz = clock.tz
    day = local_date(at, tz)
    timeline = Timeline.build(zone, clock, day - 2 * ONE_DAY, day + HORIZON_DAYS * ONE_DAY)
    is_open = timeline.is_open(at)
    change = timeline.next_flip(at)
    label = change_label(is_open, change, at, tz)
    if is_open:
        reason = _open_reason(zone, clock, at, change)
    else:
        reason = _closed_reason(timeline.previous_flip(at), change, label, tz)
    return ZoneState(zone.slug, is_open, reason, change, label)


def _open_reason(zone: ZoneSpec, clock: UserClock, at: datetime, closes: datetime | None) -> str:
    """ "Open until 21:00", or "Open during your productive hours (22:00-02:00)"."""
    if closes is None:
        return "Always open"
    tz = clock.tz
    productive = clock.productive_window
    if (
        productive is not None
        and zone.productive_hours_override
        and not in_windows(zone.open_windows, at, tz)
    ):
        return f"Open during your productive hours ({productive.label()})"
    day_phrase, clock_time = _when(closes, at, tz)
    return f"Open until {clock_time}" + (f" {day_phrase}" if day_phrase else "")


def _closed_reason(
    closed_at: datetime | None, opens: datetime | None, label: str, tz: ZoneInfo
) -> str:
    """ "Closed for the night — opens at 06:00" when the closure spans a local midnight."""
    if opens is None:
        return "Closed"
    night = closed_at is None or spans_midnight(closed_at, opens, tz)
    return f"Closed{' for the night' if night else ''} — {label}"


def change_label(is_open: bool, change: datetime | None, at: datetime, tz: ZoneInfo) -> str:
    """ "opens at 06:00", "closes tomorrow at 02:00", "opens Mon at 06:00" (local time).

    The day word compares the local dates of ``change`` and ``at``: the same day has
    none, the next day is "tomorrow", up to six days ahead the weekday, further the
    date. ``""`` when there is no change.
    """
    if change is None:
        return ""
    verb = "closes" if is_open else "opens"
    day_phrase, clock_time = _when(change, at, tz)
    return f"{verb} {day_phrase + ' ' if day_phrase else ''}at {clock_time}"


def _when(change: datetime, at: datetime, tz: ZoneInfo) -> tuple[str, str]:
    """(day phrase, ``HH:MM``) of ``change`` seen from ``at``, in local time."""
    local = change.astimezone(tz)
    days = (local.date() - local_date(at, tz)).days
    if days <= 0:
        phrase = ""
    elif days == 1:
        phrase = "tomorrow"
    elif days < 7:
        phrase = _WEEKDAYS[local.weekday()]
    else:
        phrase = f"on {local.date().isoformat()}"
    return phrase, format_time(local.time())
