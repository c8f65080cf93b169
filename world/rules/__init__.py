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

from world.rules.daylight import sun_is_up
from world.rules.engine import (
    HORIZON_DAYS,
    change_label,
    changes_between,
    clock_key,
    evaluate,
    next_change,
    zone_is_open,
)
from world.rules.spec import (
    EN_DASH,
    UserClock,
    Window,
    ZoneSpec,
    ZoneState,
    format_time,
    load_timezone,
)

__all__ = [
    "EN_DASH",
    "HORIZON_DAYS",
    "UserClock",
    "Window",
    "ZoneSpec",
    "ZoneState",
    "change_label",
    "changes_between",
    "clock_key",
    "evaluate",
    "format_time",
    "load_timezone",
    "next_change",
    "sun_is_up",
    "zone_is_open",
]
