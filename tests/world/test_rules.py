"""Tests for the pure world rules engine (world/rules/): no Django, no database."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from world.rules import (
    UserClock,
    Window,
    ZoneSpec,
    changes_between,
    clock_key,
    evaluate,
    next_change,
    zone_is_open,
)

NY = "America/New_York"
ARENA_RULES = {"open": [{"start": "06:00", "end": "21:00"}], "productive_hours_override": True}


def t(value: str) -> time:
    return time.fromisoformat(value)


def zone(*windows: tuple[str, str], override: bool = True, slug: str = "z") -> ZoneSpec:
    return ZoneSpec(slug, slug.title(), tuple(Window(t(s), t(e)) for s, e in windows), override)


ARENA = ZoneSpec.from_rules("arena", "Arena", ARENA_RULES)


def clock(tz: str, productive: tuple[str, str] | None = None) -> UserClock:
    if productive is None:
        return UserClock(tz)
    return UserClock(tz, t(productive[0]), t(productive[1]))


def local(tz: str, wall: str, fold: int = 0) -> datetime:
    return datetime.fromisoformat(wall).replace(tzinfo=ZoneInfo(tz), fold=fold)


def utc(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=UTC)


# ------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Case:
    id: str
    zone: ZoneSpec
    clock: UserClock
    at: datetime
    is_open: bool
    next_at: datetime | None
    label: str
    reason: str | None = None  # checked when given


CASES = [
    # Arena default on an ordinary day (Paris, UTC+2 in June).
    Case(
        "arena-2059-open",
        ARENA,
        clock("Europe/Paris"),
        local("Europe/Paris", "2026-06-15 20:59"),
        True,
        utc("2026-06-15 19:00"),
        "closes at 21:00",
        "Open until 21:00",
    ),
    Case(
        "arena-2100-closed",
        ARENA,
        clock("Europe/Paris"),
        local("Europe/Paris", "2026-06-15 21:00"),
        False,
        utc("2026-06-16 04:00"),
        "opens tomorrow at 06:00",
        "Closed for the night — opens tomorrow at 06:00",
    ),
    Case(
        "arena-0559-closed",
        ARENA,
        clock("Europe/Paris"),
        local("Europe/Paris", "2026-06-15 05:59"),
        False,
        utc("2026-06-15 04:00"),
        "opens at 06:00",
        "Closed for the night — opens at 06:00",
    ),
    Case(
        "arena-0600-open",
        ARENA,
        clock("Europe/Paris"),
        local("Europe/Paris", "2026-06-15 06:00"),
        True,
        utc("2026-06-15 19:00"),
        "closes at 21:00",
        "Open until 21:00",
    ),
    # New York, spring forward 2026-03-08: 02:00 EST -> 03:00 EDT at 07:00Z.
    Case(
        "ny-spring-arena-before-gap",
        ARENA,
        clock(NY),
        local(NY, "2026-03-08 01:30"),
        False,
        utc("2026-03-08 10:00"),
        "opens at 06:00",
    ),
    Case(
        "ny-spring-next-change-across-transition",
        ARENA,
        clock(NY),
        local(NY, "2026-03-07 22:00"),
        False,
        utc("2026-03-08 10:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "ny-spring-start-in-gap",
        zone(("02:30", "04:00")),
        clock(NY),
        local(NY, "2026-03-08 01:59"),
        False,
        utc("2026-03-08 07:00"),
        "opens at 03:00",
    ),
    Case(
        "ny-spring-start-in-gap-open-after",
        zone(("02:30", "04:00")),
        clock(NY),
        local(NY, "2026-03-08 03:00"),
        True,
        utc("2026-03-08 08:00"),
        "closes at 04:00",
    ),
    Case(
        "ny-spring-end-in-gap",
        zone(("22:00", "02:30")),
        clock(NY),
        local(NY, "2026-03-08 01:00"),
        True,
        utc("2026-03-08 07:00"),
        "closes at 03:00",
    ),
    Case(
        "ny-spring-window-inside-gap",
        zone(("02:10", "02:40")),
        clock(NY),
        local(NY, "2026-03-07 03:00"),
        False,
        utc("2026-03-09 06:10"),
        "opens Mon at 02:10",
    ),
    Case(
        "ny-spring-arena-evening-edt",
        ARENA,
        clock(NY),
        local(NY, "2026-03-08 12:00"),
        True,
        utc("2026-03-09 01:00"),
        "closes at 21:00",
    ),
    # New York, fall back 2026-11-01: 02:00 EDT -> 01:00 EST at 06:00Z.
    Case(
        "ny-fall-next-change-across-transition",
        ARENA,
        clock(NY),
        local(NY, "2026-10-31 22:00"),
        False,
        utc("2026-11-01 11:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "ny-fall-arena-evening-est",
        ARENA,
        clock(NY),
        local(NY, "2026-11-01 12:00"),
        True,
        utc("2026-11-02 02:00"),
        "closes at 21:00",
    ),
    Case(
        "ny-fall-end-ambiguous-first-occurrence",
        zone(("18:00", "01:30")),
        clock(NY),
        local(NY, "2026-11-01 01:00", fold=0),
        True,
        utc("2026-11-01 05:30"),
        "closes at 01:30",
    ),
    Case(
        "ny-fall-end-ambiguous-stays-closed-in-repeat",
        zone(("18:00", "01:30")),
        clock(NY),
        local(NY, "2026-11-01 01:10", fold=1),
        False,
        utc("2026-11-01 23:00"),
        "opens at 18:00",
    ),
    Case(
        "ny-fall-start-ambiguous-first-occurrence",
        zone(("01:30", "05:00")),
        clock(NY),
        local(NY, "2026-11-01 01:00", fold=0),
        False,
        utc("2026-11-01 05:30"),
        "opens at 01:30",
    ),
    Case(
        "ny-fall-start-ambiguous-open-in-repeat",
        zone(("01:30", "05:00")),
        clock(NY),
        local(NY, "2026-11-01 01:15", fold=1),
        True,
        utc("2026-11-01 10:00"),
        "closes at 05:00",
    ),
    # Odd offsets.
    Case(
        "kathmandu-0545-before-open",
        ARENA,
        clock("Asia/Kathmandu"),
        local("Asia/Kathmandu", "2026-06-15 05:59"),
        False,
        utc("2026-06-15 00:15"),
        "opens at 06:00",
    ),
    Case(
        "kathmandu-0545-open",
        ARENA,
        clock("Asia/Kathmandu"),
        local("Asia/Kathmandu", "2026-06-15 20:59"),
        True,
        utc("2026-06-15 15:15"),
        "closes at 21:00",
    ),
    Case(
        "kiritimati-utc+14-closed",
        ARENA,
        clock("Pacific/Kiritimati"),
        local("Pacific/Kiritimati", "2026-06-15 21:00"),
        False,
        utc("2026-06-15 16:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "tongatapu-utc+13-early",
        ARENA,
        clock("Pacific/Tongatapu"),
        local("Pacific/Tongatapu", "2026-06-15 05:00"),
        False,
        utc("2026-06-14 17:00"),
        "opens at 06:00",
    ),
    Case(
        "pago-pago-utc-11-closed",
        ARENA,
        clock("Pacific/Pago_Pago"),
        local("Pacific/Pago_Pago", "2026-06-15 22:00"),
        False,
        utc("2026-06-16 17:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "pago-pago-utc-11-open",
        ARENA,
        clock("Pacific/Pago_Pago"),
        local("Pacific/Pago_Pago", "2026-06-15 14:00"),
        True,
        utc("2026-06-16 08:00"),
        "closes at 21:00",
    ),
    # Lord Howe: 30-minute DST. Spring 2026-10-04 02:00 -> 02:30 (+10:30 -> +11) at 15:30Z;
    # fall 2026-04-05 02:00 -> 01:30 (+11 -> +10:30) at 15:00Z.
    Case(
        "lord-howe-spring-start-in-gap",
        zone(("02:15", "04:00")),
        clock("Australia/Lord_Howe"),
        local("Australia/Lord_Howe", "2026-10-04 01:00"),
        False,
        utc("2026-10-03 15:30"),
        "opens at 02:30",
    ),
    Case(
        "lord-howe-spring-arena-across",
        ARENA,
        clock("Australia/Lord_Howe"),
        local("Australia/Lord_Howe", "2026-10-03 22:00"),
        False,
        utc("2026-10-03 19:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "lord-howe-fall-end-ambiguous",
        zone(("18:00", "01:45")),
        clock("Australia/Lord_Howe"),
        local("Australia/Lord_Howe", "2026-04-05 01:40", fold=0),
        True,
        utc("2026-04-04 14:45"),
        "closes at 01:45",
    ),
    Case(
        "lord-howe-fall-repeat-stays-closed",
        zone(("18:00", "01:45")),
        clock("Australia/Lord_Howe"),
        local("Australia/Lord_Howe", "2026-04-05 01:50", fold=1),
        False,
        utc("2026-04-05 07:30"),
        "opens at 18:00",
    ),
    # St. John's fell back at 00:01 until 2011: the repeated hour carries the previous
    # date although the new day's first minute has already happened.
    Case(
        "st-johns-1995-fall-back-at-midnight",
        zone(("00:00", "02:45")),
        clock("America/St_Johns"),
        utc("1995-10-29 02:31"),
        True,
        utc("1995-10-29 06:15"),
        "closes tomorrow at 02:45",
    ),
    # Windows crossing midnight.
    Case(
        "midnight-window-late-evening",
        zone(("21:00", "06:00")),
        clock("Europe/Berlin"),
        local("Europe/Berlin", "2026-06-15 23:00"),
        True,
        utc("2026-06-16 04:00"),
        "closes tomorrow at 06:00",
        "Open until 06:00 tomorrow",
    ),
    Case(
        "midnight-window-small-hours",
        zone(("21:00", "06:00")),
        clock("Europe/Berlin"),
        local("Europe/Berlin", "2026-06-16 03:00"),
        True,
        utc("2026-06-16 04:00"),
        "closes at 06:00",
    ),
    Case(
        "midnight-window-daytime",
        zone(("21:00", "06:00")),
        clock("Europe/Berlin"),
        local("Europe/Berlin", "2026-06-16 12:00"),
        False,
        utc("2026-06-16 19:00"),
        "opens at 21:00",
        "Closed — opens at 21:00",
    ),
    Case(
        "window-ending-at-midnight",
        zone(("06:00", "00:00")),
        clock("Europe/Berlin"),
        local("Europe/Berlin", "2026-06-16 23:59"),
        True,
        utc("2026-06-16 22:00"),
        "closes tomorrow at 00:00",
    ),
    # Productive hours override the defaults.
    Case(
        "productive-night-owl-open-at-23",
        ARENA,
        clock(NY, ("22:00", "02:00")),
        local(NY, "2026-06-15 23:00"),
        True,
        utc("2026-06-16 06:00"),
        "closes tomorrow at 02:00",
        "Open during your productive hours (22:00\u201302:00)",
    ),
    Case(
        "productive-night-owl-closed-at-02",
        ARENA,
        clock(NY, ("22:00", "02:00")),
        local(NY, "2026-06-16 02:00"),
        False,
        utc("2026-06-16 10:00"),
        "opens at 06:00",
    ),
    Case(
        "productive-night-owl-gap-before",
        ARENA,
        clock(NY, ("22:00", "02:00")),
        local(NY, "2026-06-15 21:30"),
        False,
        utc("2026-06-16 02:00"),
        "opens at 22:00",
        "Closed — opens at 22:00",
    ),
    Case(
        "productive-ignored-without-override",
        zone(("06:00", "21:00"), override=False),
        clock(NY, ("22:00", "02:00")),
        local(NY, "2026-06-15 23:00"),
        False,
        utc("2026-06-16 10:00"),
        "opens tomorrow at 06:00",
    ),
    Case(
        "productive-adjacent-no-fake-change",
        ARENA,
        clock(NY, ("21:00", "23:00")),
        local(NY, "2026-06-15 20:00"),
        True,
        utc("2026-06-16 03:00"),
        "closes at 23:00",
        "Open until 23:00",
    ),
    Case(
        "productive-covers-lunch-closure",
        zone(("06:00", "12:00"), ("13:00", "21:00")),
        clock(NY, ("11:00", "14:00")),
        local(NY, "2026-06-15 10:00"),
        True,
        utc("2026-06-16 01:00"),
        "closes at 21:00",
    ),
    Case(
        "lunch-closure-without-productive",
        zone(("06:00", "12:00"), ("13:00", "21:00")),
        clock(NY),
        local(NY, "2026-06-15 12:30"),
        False,
        utc("2026-06-15 17:00"),
        "opens at 13:00",
        "Closed — opens at 13:00",
    ),
    Case(
        "adjacent-windows-no-fake-change",
        zone(("06:00", "12:00"), ("12:00", "21:00")),
        clock(NY),
        local(NY, "2026-06-15 11:00"),
        True,
        utc("2026-06-16 01:00"),
        "closes at 21:00",
    ),
    Case(
        "productive-across-spring-gap",
        ARENA,
        clock(NY, ("22:00", "02:00")),
        local(NY, "2026-03-07 23:00"),
        True,
        utc("2026-03-08 07:00"),
        "closes tomorrow at 03:00",
    ),
    # Always open.
    Case(
        "always-open-no-windows",
        zone(),
        clock(NY),
        local(NY, "2026-06-15 03:00"),
        True,
        None,
        "",
        "Always open",
    ),
    Case(
        "always-open-whole-day-window",
        zone(("06:00", "06:00")),
        clock(NY),
        local(NY, "2026-06-15 03:00"),
        True,
        None,
        "",
        "Always open",
    ),
    Case(
        "always-open-windows-cover-day",
        zone(("06:00", "21:00"), ("21:00", "06:00")),
        clock(NY),
        local(NY, "2026-03-08 02:59"),
        True,
        None,
        "",
        "Always open",
    ),
    Case(
        "always-open-productive-fills-gap",
        ARENA,
        clock(NY, ("21:00", "06:00")),
        local(NY, "2026-11-01 01:30", fold=1),
        True,
        None,
        "",
        "Always open",
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_rules_table(case: Case) -> None:
    (state,) = evaluate([case.zone], case.clock, case.at)
    assert state.slug == case.zone.slug
    assert state.is_open is case.is_open
    assert state.next_change_at == case.next_at
    assert state.next_change_label == case.label
    if case.reason is not None:
        assert state.reason == case.reason
    assert zone_is_open(case.zone, case.clock, case.at) is case.is_open
    assert next_change(case.zone, case.clock, case.at) == case.next_at
    if case.next_at is not None:
        assert case.next_at.tzinfo is UTC
        assert zone_is_open(case.zone, case.clock, case.next_at) is not case.is_open
        assert (
            zone_is_open(case.zone, case.clock, case.next_at - timedelta(seconds=1)) is case.is_open
        )


def test_evaluate_several_zones_in_order() -> None:
    zones = [ARENA, zone(slug="commons"), zone(("21:00", "06:00"), slug="observatory")]
    states = evaluate(zones, clock(NY), local(NY, "2026-06-15 23:00"))
    assert [(s.slug, s.is_open) for s in states] == [
        ("arena", False),
        ("commons", True),
        ("observatory", True),
    ]


def test_label_weekday_for_later_days() -> None:
    # Open only 02:10-02:40, which is skipped on the spring-forward day; seen from
    # Saturday 2026-03-07 03:00 the next opening is Monday.
    (state,) = evaluate([zone(("02:10", "02:40"))], clock(NY), local(NY, "2026-03-07 03:00"))
    assert state.next_change_label == "opens Mon at 02:10"
    assert state.reason == "Closed for the night — opens Mon at 02:10"


# ------------------------------------------------------------- changes_between


def test_changes_between_spans_dst_days() -> None:
    flips = changes_between(
        ARENA, clock(NY), local(NY, "2026-03-07 00:00"), local(NY, "2026-03-10 00:00")
    )
    assert flips == [
        utc("2026-03-07 11:00"),  # 06:00 EST
        utc("2026-03-08 02:00"),  # 21:00 EST
        utc("2026-03-08 10:00"),  # 06:00 EDT
        utc("2026-03-09 01:00"),  # 21:00 EDT
        utc("2026-03-09 10:00"),
        utc("2026-03-10 01:00"),
    ]


def test_changes_between_is_half_open() -> None:
    c = clock("Asia/Kathmandu")
    flip = utc("2026-06-15 00:15")
    assert changes_between(ARENA, c, flip, flip + timedelta(minutes=15)) == [flip]
    assert changes_between(ARENA, c, flip - timedelta(minutes=15), flip) == []
    assert (
        changes_between(ARENA, c, flip + timedelta(minutes=1), flip + timedelta(minutes=16)) == []
    )
    assert changes_between(ARENA, c, flip, flip) == []
    assert changes_between(zone(), c, flip, flip + timedelta(days=3)) == []


def test_changes_between_skips_fake_changes() -> None:
    z = zone(("06:00", "12:00"), ("12:00", "21:00"))
    flips = changes_between(
        z,
        clock(NY, ("20:00", "22:00")),
        local(NY, "2026-06-15 00:00"),
        local(NY, "2026-06-16 00:00"),
    )
    assert flips == [utc("2026-06-15 10:00"), utc("2026-06-16 02:00")]


# ----------------------------------------------------------------- clock_key


def test_clock_key_groups_equal_clocks() -> None:
    a = clock(NY, ("22:00", "02:00"))
    b = clock(NY, ("22:00", "02:00"))
    assert clock_key(a) == clock_key(b)
    assert hash(clock_key(a)) == hash(clock_key(b))
    assert clock_key(a) != clock_key(clock(NY))
    assert UserClock(*clock_key(a)) == a
    no_override = [zone(("06:00", "21:00"), override=False)]
    assert clock_key(a, no_override) == clock_key(clock(NY), no_override) == (NY, None, None)
    assert clock_key(a, [ARENA]) == (NY, t("22:00"), t("02:00"))


# ------------------------------------------------------------------- rules JSON


def test_rules_round_trip() -> None:
    assert ARENA.open_windows == (Window(t("06:00"), t("21:00")),)
    assert ARENA.productive_hours_override is True
    assert ARENA.to_rules() == ARENA_RULES
    rules = {"open": [{"start": "21:00", "end": "06:00"}, {"start": "12:00", "end": "12:30:15"}]}
    spec = ZoneSpec.from_rules("x", "X", rules)
    assert spec.productive_hours_override is False
    assert ZoneSpec.from_rules("x", "X", spec.to_rules()) == spec
    assert ZoneSpec.from_rules("c", "Commons", {"open": []}).open_windows == ()


BAD_RULES = [
    ("not-an-object", [], "must be a JSON object"),
    ("unknown-key", {"open": [], "closed": []}, "unknown key(s) 'closed'"),
    ("missing-open", {"productive_hours_override": True}, "missing key 'open'"),
    ("open-not-list", {"open": {"start": "06:00", "end": "21:00"}}, "must be a list"),
    ("window-not-object", {"open": ["06:00-21:00"]}, "rules['open'][0] must be an object"),
    (
        "window-unknown-key",
        {"open": [{"start": "06:00", "end": "21:00", "days": [1]}]},
        "rules['open'][0]: unknown key(s) 'days'",
    ),
    ("window-missing-end", {"open": [{"start": "06:00"}]}, "missing key 'end'"),
    ("time-one-digit-hour", {"open": [{"start": "6:00", "end": "21:00"}]}, "'6:00' is not a time"),
    ("time-hour-25", {"open": [{"start": "06:00", "end": "25:00"}]}, "out of range"),
    ("time-24-00", {"open": [{"start": "06:00", "end": "24:00"}]}, 'write "00:00" for midnight'),
    ("time-minute-60", {"open": [{"start": "06:60", "end": "21:00"}]}, "out of range"),
    ("time-not-string", {"open": [{"start": 600, "end": "21:00"}]}, "600 is not a time"),
    ("time-am-pm", {"open": [{"start": "06:00am", "end": "21:00"}]}, "is not a time"),
    ("time-null", {"open": [{"start": None, "end": "21:00"}]}, "None is not a time"),
    (
        "second-window-bad",
        {"open": [{"start": "06:00", "end": "09:00"}, {"start": "x", "end": "y"}]},
        "rules['open'][1]['start']",
    ),
    (
        "override-not-bool",
        {"open": [], "productive_hours_override": "yes"},
        "must be true or false",
    ),
    ("override-int", {"open": [], "productive_hours_override": 1}, "must be true or false"),
]


@pytest.mark.parametrize(
    ("rules", "message"), [(r, m) for _, r, m in BAD_RULES], ids=[i for i, _, _ in BAD_RULES]
)
def test_invalid_rules_raise_value_error(rules: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        ZoneSpec.from_rules("arena", "Arena", rules)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"timezone": "Mars/Olympus_Mons"}, "unknown IANA timezone"),
        ({"timezone": ""}, "non-empty IANA name"),
        ({"timezone": "../etc/passwd"}, "unknown IANA timezone"),
        ({"timezone": NY, "productive_start": time(22)}, "both be set"),
        ({"timezone": NY, "productive_start": "22:00", "productive_end": time(2)}, "datetime.time"),
    ],
    ids=["unknown-tz", "empty-tz", "path-tz", "half-productive", "string-productive"],
)
def test_invalid_clock_raises_value_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UserClock(**kwargs)  # type: ignore[arg-type]


NAIVE = datetime(2026, 6, 15, 12, 0)


@pytest.mark.parametrize(
    "call",
    [
        lambda: evaluate([ARENA], clock(NY), NAIVE),
        lambda: zone_is_open(ARENA, clock(NY), NAIVE),
        lambda: next_change(ARENA, clock(NY), NAIVE),
        lambda: changes_between(ARENA, clock(NY), NAIVE, utc("2026-06-16 00:00")),
        lambda: changes_between(ARENA, clock(NY), utc("2026-06-15 00:00"), NAIVE),
    ],
    ids=["evaluate", "zone_is_open", "next_change", "changes_between-start", "changes_between-end"],
)
def test_naive_datetime_raises_value_error(call) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        call()


# --------------------------------------------------- property: brute-force oracle

ORACLE_ZONES = (
    NY,
    "Europe/London",
    "Europe/Dublin",  # negative DST in tzdata
    "Australia/Lord_Howe",  # 30-minute DST
    "Australia/Adelaide",
    "Asia/Kathmandu",
    "Asia/Tehran",
    "Pacific/Chatham",  # +12:45 / +13:45
    "Pacific/Kiritimati",
    "Pacific/Tongatapu",
    "Pacific/Pago_Pago",
    "America/St_Johns",
    "America/Santiago",  # DST changes at local midnight
    "Antarctica/Troll",  # 2-hour DST
    "Africa/Casablanca",
)


def _transitions(tz: ZoneInfo, year: int) -> list[datetime]:
    """UTC instants near which the offset of ``tz`` changes during ``year``."""
    found = []
    moment = datetime(year, 1, 1, tzinfo=UTC)
    while moment.year == year:
        following = moment + timedelta(hours=6)
        if moment.astimezone(tz).utcoffset() != following.astimezone(tz).utcoffset():
            found.append(moment)
        moment = following
    return found


def _random_window(rng: random.Random) -> Window:
    def any_time() -> time:
        # Mostly times near typical DST transitions so gaps and overlaps get hit.
        hour = rng.choice([0, 1, 1, 2, 2, 3, rng.randrange(24)])
        return time(hour, rng.choice([0, 15, 30, 45, rng.randrange(60)]))

    return Window(any_time(), any_time())


def _wall_oracle(windows: list[Window], wall: time) -> bool:
    """Independent definition: is a wall-clock time inside any window?"""
    for w in windows:
        if w.start == w.end:
            return True
        if w.start < w.end and w.start <= wall < w.end:
            return True
        if w.start > w.end and (wall >= w.start or wall < w.end):
            return True
    return False


def _is_repeated(instant: datetime, tz: ZoneInfo) -> bool:
    """Whether ``instant`` is the second occurrence of a repeated wall time."""
    wall = instant.astimezone(tz)
    other = wall.replace(fold=0)
    return wall.fold == 1 and other.astimezone(UTC) != instant


def test_next_change_matches_minute_by_minute_oracle() -> None:
    rng = random.Random(20260308)
    for _ in range(120):
        tz_name = rng.choice(ORACLE_ZONES)
        tz = ZoneInfo(tz_name)
        windows = [_random_window(rng) for _ in range(rng.choice([1, 1, 2, 3]))]
        override = rng.random() < 0.7
        productive = _random_window(rng) if rng.random() < 0.6 else None
        z = ZoneSpec("z", "Z", tuple(windows), override)
        if productive is None:
            c = UserClock(tz_name)
        else:
            c = UserClock(tz_name, productive.start, productive.end)
        effective = windows + ([productive] if override and productive else [])

        transitions = _transitions(tz, rng.choice([2024, 2025, 2026, 2027]))
        if transitions and rng.random() < 0.75:
            base = rng.choice(transitions) - timedelta(hours=rng.uniform(0, 30))
        else:
            base = datetime(2026, 1, 1, tzinfo=UTC) + timedelta(days=rng.uniform(0, 365))
        after = base.replace(microsecond=rng.randrange(1_000_000))

        state = zone_is_open(z, c, after)
        expected_flips = []
        first = after.replace(second=0, microsecond=0) + timedelta(minutes=1)
        for step in range(48 * 60):
            instant = first + timedelta(minutes=step)
            now_open = zone_is_open(z, c, instant)
            if not _is_repeated(instant, tz):
                wall = instant.astimezone(tz).time()
                assert now_open is _wall_oracle(effective, wall), (tz_name, windows, instant)
            if now_open is not state:
                expected_flips.append(instant)
                state = now_open

        horizon = first + timedelta(hours=48)
        found = next_change(z, c, after)
        context = (tz_name, windows, override, productive, after)
        if expected_flips:
            assert found == expected_flips[0], context
        else:
            assert found is None or found >= horizon, context
        assert changes_between(z, c, after, horizon) == expected_flips, context
