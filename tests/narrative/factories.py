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


# Passages as long as the pipeline writes them (200-400 words), for pages seen in a browser.
ARRIVAL = (
    "The road into the valley ended at a square of long wooden tables, and most of the "
    "lanterns strung above them were dark. A woman on a ladder was polishing one of the few "
    "that still glowed. She did not seem surprised to see you.\n\n"
    "\u201cYou're the one who ran this morning,\u201d said Mira the Lamplighter, climbing down. "
    "\u201cTwo kilometres before breakfast. The valley noticed. It always does.\u201d She pressed "
    "a cup of tea into your hands and unfolded a map across the nearest table. It was mostly "
    "blank: a few roads, a hill, a river drawn in pencil and then rubbed out.\n\n"
    "\u201cEvery road on here,\u201d she said, \u201cwas drawn by someone who walked it first. "
    "The rest is waiting.\u201d\n\n"
    "You traced the edge of the Commons with one finger. Beyond it the paper was white and "
    "quiet, and for a moment that felt like a lot. Then Mira tapped the lantern nearest to you, "
    "the one that had been dark when you arrived. It was glowing now, small and steady, as if "
    "it had been waiting for a reason.\n\n"
    "\u201cThat one's yours,\u201d she said. \u201cIt gets brighter every day you show up. "
    "Not every day you do something grand. Every day you show up.\u201d\n\n"
    "You drank the tea. It was still warm. Somewhere past the square, where the map went "
    "white, a second light came on."
)
SPARK = (
    "The Arena was louder than the Commons: sand underfoot, the clack of wooden practice "
    "swords, someone laughing at their own stumble. Tomas the Trainer met you at the gate "
    "with a stopwatch he never seemed to look at.\n\n"
    "\u201cSeven days,\u201d he said, as if reading it off your face. \u201cSeven mornings in a "
    "row. Do you know how many people make it to seven?\u201d You didn't. \u201cEnough,\u201d he "
    "said, \u201cbut never as many as start. You're one of them now.\u201d\n\n"
    "He walked you once around the ring, slowly, pointing out the marks in the stone wall "
    "where runners had scratched their tallies over the years. Some columns were long. Most "
    "were short. None of them had been rubbed out.\n\n"
    "\u201cThe first lap counts as much as the hundredth,\u201d Tomas said. \u201cI cheer them "
    "both the same. The hundredth just has better company.\u201d\n\n"
    "You found a clear patch of wall near the gate and scratched seven small lines into it "
    "with a pebble. They looked modest beside the others. Then you noticed that your lantern, "
    "hung from your belt, threw enough light now to read them by, and that the path back "
    "toward the Commons, which had been a pencil line on Mira's map, was solid under your "
    "feet.\n\n"
    "Tomas was already cheering for someone else's first lap. You walked home the long way, "
    "past the orchard fence, just to see where it went."
)
DOME = (
    "The Observatory sat on the hill like a closed eye, and it opened for you at dusk. Inside, "
    "the dome was cool and smelled of brass polish and old paper. A long table held a star "
    "map weighted at the corners with teacups.\n\n"
    "Nobody was there, but someone had left a note on the map in a careful hand: \u201cFor the "
    "one who wrote, \u2018Harder than I thought, but I kept going.\u2019 That is exactly how "
    "every constellation was found.\u201d\n\n"
    "You read it twice. Then you looked up. Through the open slit of the dome the sky was "
    "still pale, and only one star was out, low over the valley. It was not a bright star. "
    "It was simply there, the way you had been there each evening this week, tired and "
    "present.\n\n"
    "On the map below it someone had drawn the valley as it looked from up here: the Commons, "
    "the Arena, a river, a road that kept going past the edge of the paper. Your lantern's "
    "light fell across the road, and you saw that the first stretch of it had been inked in "
    "since yesterday.\n\n"
    "You rolled the star map carefully and tucked it under your arm. Nobody had said you "
    "could take it. Nobody had to. It had your name on the corner, in the same careful hand, "
    "and a single line under it: \u201cShows the roads you have walked and the ones still "
    "ahead.\u201d"
)
