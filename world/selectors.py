"""Reads of the world app: every zone's state for one user, computed fresh."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from django.utils import timezone

from delight.models import User
from delight.selectors import one_or_not_found
from goals.selectors import missions_for_categories
from world.models import ValueCategory, Zone
from world.realtime import WorldSnapshot, ZonePayload, world_snapshot_event
from world.rules import UserClock, ZoneState, evaluate, format_time

MISSIONS_PER_ZONE = 5


def user_clock(*, timezone_name: str, start: dt.time | None, end: dt.time | None) -> UserClock:
    """The rules engine's clock for a user; an unknown timezone counts as UTC."""
    try:
        return UserClock(timezone_name, start, end)
    except ValueError:
        return UserClock("UTC", start, end)


def clock_of(user: User) -> UserClock:
    return user_clock(
        timezone_name=user.timezone, start=user.productive_start, end=user.productive_end
    )


def zone_payload(zone: Zone, state: ZoneState) -> ZonePayload:
    return {
        "slug": zone.slug,
        "name": zone.name,
        "description": zone.description,
        "categories": list(zone.categories),
        "state": "open" if state.is_open else "closed",
        "is_open": state.is_open,
        "reason": state.reason,
        "next_change_at": state.next_change_at.isoformat() if state.next_change_at else None,
        "next_change_label": state.next_change_label,
    }


def zones_all() -> list[Zone]:
    return list(Zone.objects.all())


def world_zones(*, user: User, now: dt.datetime | None = None) -> list[ZonePayload]:
    """Every zone's state for ``user`` at ``now``, from the rules engine (never stale)."""
    now = now or timezone.now()
    zones = zones_all()
    states = evaluate([zone.spec() for zone in zones], clock_of(user), now)
    return [zone_payload(zone, state) for zone, state in zip(zones, states, strict=True)]


def zones_now(*, user: User, now: dt.datetime | None = None) -> dict[str, Any]:
    """The person's zones as Eliza reads them (JSON): each zone open now or not, its next
    opening or closing as they read it on their own clock ("closes at 21:00") with the
    minutes until it, and the kinds of activity it is for; `closed_categories` are the value
    categories no open zone takes now (a mission of one has nowhere to happen yet)."""
    now = now or timezone.now()
    clock = clock_of(user)
    zones = zones_all()
    states = dict(zip(zones, evaluate([zone.spec() for zone in zones], clock, now), strict=True))
    taken_now = {c for zone, state in states.items() if state.is_open for c in zone.categories}
    local = now.astimezone(clock.tz)
    return {
        "timezone": clock.timezone,
        "local_time": format_time(local.time().replace(second=0, microsecond=0)),
        "zones": [_zone_now(zone, state, now=now, clock=clock) for zone, state in states.items()],
        "closed_categories": sorted({c for zone in zones for c in zone.categories} - taken_now),
    }


def _zone_now(
    zone: Zone, state: ZoneState, *, now: dt.datetime, clock: UserClock
) -> dict[str, Any]:
    change = state.next_change_at
    labels = dict(ValueCategory.choices)
    return {
        "name": zone.name,
        "open": state.is_open,
        "next_change": state.next_change_label,
        "next_change_time": format_time(change.astimezone(clock.tz).time()) if change else None,
        "minutes_to_change": math.ceil((change - now).total_seconds() / 60) if change else None,
        "fits": [str(labels.get(category, category)).lower() for category in zone.categories],
        "categories": list(zone.categories),
        "about": zone.description,
    }


def world_snapshot(*, user: User, now: dt.datetime | None = None) -> WorldSnapshot:
    now = now or timezone.now()
    return world_snapshot_event(zones=world_zones(user=user, now=now), at=now.isoformat())


def zone_get(*, slug: str) -> Zone:
    """The zone with ``slug`` (zones are everyone's); NotFound for an unknown one."""
    return one_or_not_found(Zone.objects.all(), slug=slug)


def zone_state(*, user: User, zone: Zone, now: dt.datetime | None = None) -> ZonePayload:
    (state,) = evaluate([zone.spec()], clock_of(user), now or timezone.now())
    return zone_payload(zone, state)


def zone_missions(*, user: User, zone: Zone, limit: int = MISSIONS_PER_ZONE) -> list[Any]:
    """The user's missions in the zone's value categories (from the goals app)."""
    return list(missions_for_categories(user=user, categories=list(zone.categories), limit=limit))
