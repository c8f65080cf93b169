"""Zone rules and a person's clock as values: parsed, validated, immutable."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, time
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

EN_DASH = "\u2013"  # between the two ends of a window label: "22:00\u201302:00"
_RULE_KEYS = ("open", "productive_hours_override")
_WINDOW_KEYS = ("start", "end")
_TIME_RE = re.compile(r"([0-9]{2}):([0-9]{2})(?::([0-9]{2}))?")


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
