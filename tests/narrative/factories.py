"""Builders for narrative's tests: instants, the default scenario's rules, a world, written
beats."""

from __future__ import annotations

import datetime as dt
from typing import Any

from narrative.invariants import AT, HERO, PERSON, PLACE, EntityState, FactState, Rules, World
from narrative.models import Beat, Story
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


# Three paragraphs of a passage, as the pipeline writes them (blank lines between).
PASSAGE = (
    "The lanterns of the Commons were still warm when you came down the hill, and Mira "
    "looked up from her ladder as if she had been expecting you all along.\n\n"
    "She handed you a cup of tea and a map with more blank spaces than roads. Every road "
    "here, she said, is drawn by someone who walked it first.\n\n"
    "You folded the map into your coat. Somewhere past the square, a small light came on."
)


def make_beat(
    story: Story,
    *,
    written_at: dt.datetime,
    title: str = "Arrival at dusk",
    text: str = PASSAGE,
    act: int = 1,
    chapter: int = 1,
    place: str = "commons",
    kind: str = "milestone",
    provenance: list[dict[str, Any]] | None = None,
    choice: dict[str, Any] | None = None,
) -> Beat:
    """A beat of ``story`` as the pipeline leaves it once written."""
    return Beat.objects.create(
        user=story.user,
        story=story,
        status=Beat.Status.WRITTEN,
        kind=kind,
        requested_at=written_at,
        written_at=written_at,
        act=act,
        chapter=chapter,
        place=place,
        title=title,
        text=text,
        provenance=provenance if provenance is not None else [],
        choice=choice,
        source="offline",
    )
