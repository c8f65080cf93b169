"""Builders for narrative's tests: instants, the default scenario's rules, a world."""

from __future__ import annotations

import datetime as dt

from narrative.invariants import AT, HERO, PERSON, PLACE, EntityState, FactState, Rules, World
from narrative.scenario import scenario_default, scenario_names, scenario_places

START = dt.datetime(2026, 3, 2, 8, 0, tzinfo=dt.UTC)  # a Monday, 09:00 in Paris


def at(value: str) -> dt.datetime:
    """An aware UTC instant from ``"2026-03-02 20:00"``."""
    return dt.datetime.fromisoformat(value).replace(tzinfo=dt.UTC)


def rules(*, closed: tuple[str, ...] = ()) -> Rules:
    """The default scenario's rules, with the zones in ``closed`` closed at every hour."""
    data = scenario_default()
    return Rules(
        places=scenario_places(data),
        names=scenario_names(data),
        zone_open=lambda zone, when: zone not in closed,
    )


def started_world() -> World:
    """The hero at the Commons, just discovered, as every story starts."""
    return World(
        entities={
            "commons": EntityState("commons", PLACE, "The Commons", START),
            HERO: EntityState(HERO, PERSON, "You", START),
        },
        facts=[FactState(HERO, AT, "commons", START)],
    )
