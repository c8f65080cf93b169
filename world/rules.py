"""The world's rules engine: which zones are open for one user at one instant.

Pure Python (``zoneinfo``, ``datetime``, dataclasses): no Django, no database. The
``world`` app turns its models into :class:`ZoneSpec` and :class:`UserClock` values
and calls :func:`evaluate`, :func:`next_change` or :func:`changes_between`.

Semantics
---------
* **Windows.** A :class:`Window` is a daily local-time window ``[start, end)``.
  ``end < start`` crosses midnight (21:00-06:00 runs from 21:00 on one local day to
  06:00 on the next); ``start == end`` is the whole day.
* **Zones.** A zone is open during any of its open windows; a zone with no windows is
  always open. Rules are data: the default Arena rule "closed 21:00-06:00" is
  ``open_windows=(Window(06:00, 21:00),)``.
* **Productive hours override the defaults.** For a zone with
  ``productive_hours_override=True`` the user's productive hours count as one more
  open window: the zone is open when the local time is inside any open window *or*
  inside the productive hours. A night owl productive 22:00-02:00 can use the Arena
  at 23:00 even though it is closed for everyone else. Productive hours never close a
  zone; a zone without the override ignores them.
* **Everything is in the user's local time** (their IANA timezone), including the
  labels ("opens at 06:00", "opens tomorrow at 06:00", "opens Mon at 06:00").
* **DST and instants.** Each local day contributes one interval per window whose two
  ends are local wall times turned into instants ("localised"):

  - a wall time that does not exist (spring-forward gap, e.g. 02:30 in New York on
    2026-03-08) is localised to the first valid instant after the gap (03:00 EDT);
    a window lying entirely inside the gap is empty that day;
  - a wall time that exists twice (fall-back overlap, e.g. 01:30 in New York on
    2026-11-01) is localised to its first occurrence (``fold=0``). A boundary
    therefore happens once per day: a window ending at 01:30 closes at 01:30 EDT and
    stays closed through the repeated hour; during the repeated hour the state is
    the one the first pass through that hour ended with.

  A zone is open at an instant when the instant lies in one of these intervals.
  Outside the repeated hour this is exactly "the local wall time is in a window".
* **Changes.** The state only flips at interval ends, so :func:`next_change` and
  :func:`changes_between` work from those candidate instants (never by stepping
  through time). Overlapping or touching intervals are merged first, so window A
  ending at 12:00 while window B starts at 12:00, or productive hours covering a
  closure, produce no fake change.
* All returned instants are aware datetimes in UTC; every datetime argument must be
  timezone-aware (``ValueError`` otherwise).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

# How many local days after the reference day next_change looks at. A zone that is not
# always open flips at least once every two days (a window is non-empty on every day
# without a DST gap), so finding no flip in this horizon means it never flips.
HORIZON_DAYS = 8

_ONE_DAY = timedelta(days=1)
_TINY = timedelta(microseconds=1)
_MIDNIGHT = time(0, 0)
EN_DASH = "\u2013"  # between the two ends of a window label: "22:00\u201302:00"
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_RULE_KEYS = ("open", "productive_hours_override")
_WINDOW_KEYS = ("start", "end")
_TIME_RE = re.compile(r"([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?")

Interval = tuple[datetime, datetime]


# --------------------------------------------------------------------------- data


def _check_wall_time(value: object, what: str) -> None:
    if not isinstance(value, time):
        raise ValueError(f"{what} must be a datetime.time, got {type(value).__name__}")
    if value.tzinfo is not None:
        raise ValueError(f"{what} must be a naive local time, got tzinfo={value.tzinfo!r}")


def format_time(value: time) -> str:
    """Format a wall time as ``HH:MM`` (``HH:MM:SS`` when it has seconds)."""
    if value.second or value.microsecond:
        return value.strftime("%H:%M:%S")
    return value.strftime("%H:%M")


@dataclass(frozen=True)
class Window:
    """A daily local-time window ``[start, end)``.

    ``end < start`` crosses midnight; ``start == end`` is the whole day.
    """

    start: time
    end: time

    def __post_init__(self) -> None:
        _check_wall_time(self.start, "Window.start")
        _check_wall_time(self.end, "Window.end")

    @property
    def is_whole_day(self) -> bool:
        return self.start == self.end

    @property
    def crosses_midnight(self) -> bool:
        return self.end < self.start

    def label(self) -> str:
        """``"22:00-02:00"``, or ``"all day"`` for a whole-day window."""
        if self.is_whole_day:
            return "all day"
        return f"{format_time(self.start)}{EN_DASH}{format_time(self.end)}"


@dataclass(frozen=True)
class ZoneSpec:
    """A zone and its availability rules (see the module docstring)."""

    slug: str
    name: str
    open_windows: tuple[Window, ...]
    productive_hours_override: bool

    def __post_init__(self) -> None:
        if not isinstance(self.slug, str) or not self.slug:
            raise ValueError("ZoneSpec.slug must be a non-empty string")
        if not isinstance(self.name, str):
            raise ValueError("ZoneSpec.name must be a string")
        windows = tuple(self.open_windows)
        for index, window in enumerate(windows):
            if not isinstance(window, Window):
                raise ValueError(f"ZoneSpec.open_windows[{index}] must be a Window")
        object.__setattr__(self, "open_windows", windows)
        if not isinstance(self.productive_hours_override, bool):
            raise ValueError("ZoneSpec.productive_hours_override must be a bool")

    @classmethod
    def from_rules(cls, slug: str, name: str, rules: Mapping[str, Any]) -> ZoneSpec:
        """Build a zone from its JSON rules, validating them strictly.

        The JSON form is ``{"open": [{"start": "06:00", "end": "21:00"}],
        "productive_hours_override": true}``:

        1. ``rules`` must be an object with only the keys ``open`` (required, a list;
           ``[]`` means always open) and ``productive_hours_override`` (optional
           boolean, default false).
        2. Each item of ``open`` must be an object with exactly ``start`` and ``end``,
           each a ``"HH:MM"`` (or ``"HH:MM:SS"``) string from 00:00 to 23:59.
        3. Anything else raises ``ValueError`` naming the offending path, so staff
           editing the rules in the admin see what to fix.
        """
        if not isinstance(rules, Mapping):
            raise ValueError(f"rules must be a JSON object, got {type(rules).__name__}")
        unknown = sorted(str(key) for key in rules if key not in _RULE_KEYS)
        if unknown:
            raise ValueError(
                f"rules: unknown key(s) {', '.join(map(repr, unknown))}; "
                f"allowed keys are {', '.join(map(repr, _RULE_KEYS))}"
            )
        if "open" not in rules:
            raise ValueError("rules: missing key 'open' (use [] for a zone that is always open)")
        override = rules.get("productive_hours_override", False)
        if not isinstance(override, bool):
            raise ValueError(
                f"rules['productive_hours_override'] must be true or false, got {override!r}"
            )
        return cls(slug, name, _parse_windows(rules["open"]), override)

    def to_rules(self) -> dict[str, Any]:
        """The JSON form accepted by :meth:`from_rules` (round-trips exactly)."""
        return {
            "open": [
                {"start": format_time(w.start), "end": format_time(w.end)}
                for w in self.open_windows
            ],
            "productive_hours_override": self.productive_hours_override,
        }


def _parse_windows(raw: object) -> tuple[Window, ...]:
    if not isinstance(raw, list):
        raise ValueError(f"rules['open'] must be a list of windows, got {type(raw).__name__}")
    return tuple(_parse_window(item, f"rules['open'][{i}]") for i, item in enumerate(raw))


def _parse_window(raw: object, path: str) -> Window:
    if not isinstance(raw, Mapping):
        raise ValueError(f'{path} must be an object like {{"start": "06:00", "end": "21:00"}}')
    unknown = sorted(str(key) for key in raw if key not in _WINDOW_KEYS)
    if unknown:
        raise ValueError(
            f"{path}: unknown key(s) {', '.join(map(repr, unknown))}; "
            "allowed keys are 'start', 'end'"
        )
    for key in _WINDOW_KEYS:
        if key not in raw:
            raise ValueError(f"{path}: missing key {key!r}")
    return Window(
        _parse_time(raw["start"], f"{path}['start']"), _parse_time(raw["end"], f"{path}['end']")
    )


def _parse_time(raw: object, path: str) -> time:
    """Parse ``"HH:MM"`` / ``"HH:MM:SS"`` (00:00-23:59:59) or raise ``ValueError``."""
    match = _TIME_RE.fullmatch(raw) if isinstance(raw, str) else None
    if match is None:
        raise ValueError(
            f'{path}: {raw!r} is not a time; expected a string "HH:MM" such as "06:00"'
        )
    hour, minute, second = (int(part) if part else 0 for part in match.groups())
    if hour > 23 or minute > 59 or second > 59:
        hint = ' (write "00:00" for midnight)' if raw.startswith("24") else ""
        raise ValueError(f"{path}: {raw!r} is out of range; times run from 00:00 to 23:59{hint}")
    return time(hour, minute, second)


def load_timezone(key: str) -> ZoneInfo:
    """Return the IANA timezone ``key`` or raise ``ValueError`` for an unknown one."""
    if not isinstance(key, str) or not key:
        raise ValueError("timezone must be a non-empty IANA name such as 'Europe/Paris'")
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise ValueError(f"unknown IANA timezone {key!r}") from exc


@dataclass(frozen=True)
class UserClock:
    """A user's timezone (IANA name) and optional productive hours.

    Productive hours are both set or both ``None``; like a :class:`Window` they may
    cross midnight (22:00-02:00), and ``start == end`` means the whole day.
    """

    timezone: str
    productive_start: time | None = None
    productive_end: time | None = None

    def __post_init__(self) -> None:
        load_timezone(self.timezone)
        if (self.productive_start is None) != (self.productive_end is None):
            raise ValueError("productive_start and productive_end must both be set or both be None")
        if self.productive_start is not None:
            _check_wall_time(self.productive_start, "UserClock.productive_start")
            _check_wall_time(self.productive_end, "UserClock.productive_end")

    @property
    def tz(self) -> ZoneInfo:
        return load_timezone(self.timezone)

    @property
    def productive_window(self) -> Window | None:
        if self.productive_start is None or self.productive_end is None:
            return None
        return Window(self.productive_start, self.productive_end)


@dataclass(frozen=True)
class ZoneState:
    """One zone's state for one user at one instant.

    ``next_change_at`` is an aware UTC datetime, ``None`` when the zone never changes;
    ``next_change_label`` says it in the user's local time ("opens at 06:00",
    "closes tomorrow at 02:00", "opens Mon at 06:00"), ``""`` when there is none.
    """

    slug: str
    is_open: bool
    reason: str
    next_change_at: datetime | None
    next_change_label: str


# ----------------------------------------------------------------- public functions


def evaluate(zones: Iterable[ZoneSpec], clock: UserClock, at: datetime) -> list[ZoneState]:
    """Each zone's :class:`ZoneState` for ``clock`` at the aware instant ``at``.

    1. Reject a naive ``at``.
    2. Per zone: a zone that is open all day by construction is "Always open".
    3. Otherwise build the zone's merged open intervals for the local days from two
       days before ``at`` to :data:`HORIZON_DAYS` after it.
    4. Read the state at ``at``, the next flip after it and the last flip before it.
    5. Phrase the reason and label in the user's local time.
    """
    _require_aware(at, "at")
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
    _require_aware(at, "at")
    if _always_open(zone, clock):
        return True
    return _in_windows(_effective_windows(zone, clock), at, clock.tz)


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
    _require_aware(after, "after")
    if _always_open(zone, clock):
        return None
    day = _local_date(after, clock.tz)
    timeline = _Timeline.build(zone, clock, day - _ONE_DAY, day + HORIZON_DAYS * _ONE_DAY)
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
    _require_aware(start, "start")
    _require_aware(end, "end")
    if end <= start or _always_open(zone, clock):
        return []
    tz = clock.tz
    since = start - _TINY  # flips strictly after `since` are flips at or after `start`
    first_day = _local_date(since, tz) - _ONE_DAY
    last_day = _local_date(end, tz) + _ONE_DAY
    timeline = _Timeline.build(zone, clock, first_day, last_day)
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


# ---------------------------------------------------------------------- timelines


@dataclass(frozen=True)
class _Timeline:
    """Merged open intervals, exact for instants in ``[valid_from, valid_until)``."""

    starts: tuple[datetime, ...]
    ends: tuple[datetime, ...]
    valid_from: datetime
    valid_until: datetime

    @classmethod
    def build(cls, zone: ZoneSpec, clock: UserClock, first_day: date, last_day: date) -> _Timeline:
        """Intervals of the windows on local days ``first_day .. last_day``.

        Windows starting before ``first_day`` are missing, and they end before the
        next local midnight, so the result is exact from local midnight of
        ``first_day + 1`` to local midnight of ``last_day + 1``.
        """
        tz = clock.tz
        raw = [
            _window_interval(window, day, tz)
            for day in _days(first_day, last_day)
            for window in _effective_windows(zone, clock)
        ]
        merged = _merge(raw)
        return cls(
            starts=tuple(s for s, _ in merged),
            ends=tuple(e for _, e in merged),
            valid_from=_localise(first_day + _ONE_DAY, _MIDNIGHT, tz),
            valid_until=_localise(last_day + _ONE_DAY, _MIDNIGHT, tz),
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


def _effective_windows(zone: ZoneSpec, clock: UserClock) -> tuple[Window, ...]:
    """The zone's windows plus the productive hours when they override the zone."""
    productive = clock.productive_window
    if zone.productive_hours_override and productive is not None:
        return (*zone.open_windows, productive)
    return zone.open_windows


def _always_open(zone: ZoneSpec, clock: UserClock) -> bool:
    """Open around the clock by construction: no windows, or a whole-day window."""
    if not zone.open_windows:
        return True
    return any(window.is_whole_day for window in _effective_windows(zone, clock))


def _window_interval(window: Window, day: date, tz: ZoneInfo) -> Interval:
    """The instants ``[start, end)`` of ``window`` opening on local ``day``."""
    end_day = day if window.start < window.end else day + _ONE_DAY
    return (_localise(day, window.start, tz), _localise(end_day, window.end, tz))


def _merge(intervals: Iterable[Interval]) -> list[Interval]:
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


def _days(first: date, last: date) -> Iterable[date]:
    day = first
    while day <= last:
        yield day
        day += _ONE_DAY


# ---------------------------------------------------------------- local time & DST


@lru_cache(maxsize=16384)
def _localise(day: date, wall: time, tz: ZoneInfo) -> datetime:
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


def _local_date(instant: datetime, tz: ZoneInfo) -> date:
    return instant.astimezone(tz).date()


def _require_aware(value: object, name: str) -> None:
    if not isinstance(value, datetime):
        raise ValueError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be timezone-aware, got naive {value.isoformat()}")


# ------------------------------------------------------------------ states & labels


def _evaluate_zone(zone: ZoneSpec, clock: UserClock, at: datetime) -> ZoneState:
    """One zone's state (steps 2-5 of :func:`evaluate`)."""
    if _always_open(zone, clock):
        return ZoneState(zone.slug, True, "Always open", None, "")
    tz = clock.tz
    day = _local_date(at, tz)
    timeline = _Timeline.build(zone, clock, day - 2 * _ONE_DAY, day + HORIZON_DAYS * _ONE_DAY)
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
        and not _in_windows(zone.open_windows, at, tz)
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
    night = closed_at is None or _spans_midnight(closed_at, opens, tz)
    return f"Closed{' for the night' if night else ''} — {label}"


def _in_windows(windows: Sequence[Window], at: datetime, tz: ZoneInfo) -> bool:
    """Whether ``at`` lies in one of ``windows``' intervals opened on days D-1 .. D+1.

    D is ``at``'s local date. D+1 matters only where a fall-back happens at local
    midnight (e.g. St. John's until 2011): the repeated hour then carries the previous
    date although it comes after the first occurrence of the new day's midnight.
    """
    day = _local_date(at, tz)
    for window in windows:
        for opening_day in (day - _ONE_DAY, day, day + _ONE_DAY):
            start, end = _window_interval(window, opening_day, tz)
            if start <= at < end:
                return True
    return False


def _spans_midnight(start: datetime, end: datetime, tz: ZoneInfo) -> bool:
    """Whether a local midnight falls in ``[start, end)``."""
    local = start.astimezone(tz)
    day = local.date() if local.time() == _MIDNIGHT else local.date() + _ONE_DAY
    return _localise(day, _MIDNIGHT, tz) < end


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
    days = (local.date() - _local_date(at, tz)).days
    if days <= 0:
        phrase = ""
    elif days == 1:
        phrase = "tomorrow"
    elif days < 7:
        phrase = _WEEKDAYS[local.weekday()]
    else:
        phrase = f"on {local.date().isoformat()}"
    return phrase, format_time(local.time())
