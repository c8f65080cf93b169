"""Where the story goes next (pure): the chapter a beat belongs to and the scene it plays,
as world changes that keep the invariants by construction (they are still checked).

The scene's changes are the offline generator's, and the suggestion a model is given."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from narrative.invariants import (
    AT,
    HERO,
    ITEM,
    PERSON,
    PLACE,
    Cause,
    Change,
    Discover,
    Give,
    Introduce,
    Move,
    Rules,
    World,
)
from narrative.models import BeatKind
from narrative.prose.facts import with_article

CHAPTER_BEATS = 3  # beats a chapter holds before the story moves on to the next
CHAPTER_REWARD = 15  # Essence for each chapter finished
CHOICE_COST = 20  # Essence a side chapter costs
GIFT_COST = 10  # Essence a gift costs (the item is the hero's own: the time is what it costs)
# The kinds of beat that find the place's own item, when it is still to be found.
FINDING = (BeatKind.OPENING, BeatKind.MILESTONE, BeatKind.STREAK, BeatKind.GOAL, BeatKind.QUEST)


@dataclass(frozen=True)
class Position:
    """The act and chapter a beat is told in; ``finished`` is the chapter it moved on from."""

    act: int
    chapter: int
    opens: bool
    finished: tuple[int, int] | None = None


@dataclass(frozen=True)
class Scene:
    place: str
    moves: tuple[Change, ...]
    people: tuple[str, ...]  # the people of the place, met before or in this scene
    event: str  # the key of the event this beat adds to the world
    choice: dict[str, Any] | None  # a side chapter offered for Essence


def chapters(data: Mapping[str, Any]) -> list[tuple[int, int]]:
    """Every (act, chapter) of the scenario, in reading order."""
    return [(act["number"], ch["number"]) for act in data["acts"] for ch in act["chapters"]]


def chapter_of(data: Mapping[str, Any], act: int, chapter: int) -> dict[str, Any]:
    found = next(a for a in data["acts"] if a["number"] == act)
    return next(c for c in found["chapters"] if c["number"] == chapter)


def position_next(
    data: Mapping[str, Any], *, act: int, chapter: int, in_chapter: int, first: bool
) -> Position:
    """The chapter the next beat belongs to.

    1. The first beat opens the first chapter.
    2. A chapter holding CHAPTER_BEATS beats is finished: the next beat opens the next
       chapter (the last chapter goes on as long as the story does).
    3. Otherwise the beat continues the chapter.
    """
    order = chapters(data)
    if first:
        return Position(*order[0], opens=True)
    here = order.index((act, chapter)) if (act, chapter) in order else 0
    if in_chapter >= CHAPTER_BEATS and here + 1 < len(order):
        return Position(*order[here + 1], opens=True, finished=order[here])
    return Position(*order[here], opens=False)


def seeded(seed: int, salt: str) -> int:
    return int.from_bytes(hashlib.blake2b(f"{seed}:{salt}".encode(), digest_size=4).digest())


def scene_plan(
    *,
    world: World,
    rules: Rules,
    data: Mapping[str, Any],
    position: Position,
    kind: str,
    at: dt.datetime,
    beat_id: int,
    event_name: str,
    host: str | None = None,
    gift: str | None = None,
) -> Scene:
    """The scene of a beat: where it happens and what changes.

    1. The place: a side chapter's host's home, else the first of the chapter's places (in a
       seeded order) that is not a closed world zone at ``at``; else where the hero is, any
       place found, any place without a zone.
    2. Discover it if new; the hero goes there if elsewhere.
    3. The place's own person joins the story if not met yet.
    4. A finding beat (not a return, a quiet week or a side chapter) gives the hero the
       place's own item if it is still to be found.
    5. The beat's event happens, caused by the hero: every event of the story is the
       person's own doing.
    6. A side chapter bought as a gift: the hero gives the item to its host, if they still
       hold it.
    7. A chapter's first scene offers a side chapter with a person of the place, bought with
       Essence (a side chapter offers none): an evening with them, or a gift for them
       (choice_offer).
    """
    homes = {p["key"]: p.get("home") for p in data["people"]}
    first = homes.get(host) if host and host in world.entities else None
    place = _place_choose(world, rules, data, position, at=at, seed=beat_id, first=first)
    moves: list[Change] = []
    if place not in world.entities:
        moves.append(Discover(place=place, key=place))
    if _hero_at(world) != place:
        moves.append(Move(place=place, who=HERO, to=place))
    people = [p["key"] for p in data["people"] if p.get("home") == place]
    moves += [
        Introduce(place=place, kind=PERSON, key=key, name=rules.names[key])
        for key in people
        if key not in world.entities
    ]
    people = [key for key in people if _present(world, key)]
    if kind in FINDING:
        item = next((i["key"] for i in data["items"] if i.get("origin") == place), None)
        if item and item not in world.entities:
            moves.append(
                Introduce(place=place, kind=ITEM, key=item, name=rules.names[item], holder=HERO)
            )
    if kind == BeatKind.SIDE and host and gift and gift in world.held_by(HERO):
        moves.append(Give(place=place, item=gift, to=host, giver=HERO))
    event = f"beat-{beat_id}"
    moves.append(Cause(place=place, key=event, by=HERO, name=event_name))
    choice = None
    if kind != BeatKind.SIDE and position.opens and people:
        host = people[seeded(beat_id, "host") % len(people)]
        choice = choice_offer(world, rules, data, host=host, beat_id=beat_id)
    return Scene(place, tuple(moves), tuple(people), event, choice)


def choice_offer(
    world: World, rules: Rules, data: Mapping[str, Any], *, host: str, beat_id: int
) -> dict[str, Any]:
    """What a chapter's first scene offers for Essence, with `host`: a gift of an item the
    hero carries from another place (every other offer, when they carry one), else an
    evening with them. `told` names the side chapter it buys."""
    name = rules.names[host]
    homes = {item["key"]: item.get("origin") for item in data["items"]}
    home = next((p.get("home") for p in data["people"] if p["key"] == host), None)
    gifts = sorted(item for item in world.held_by(HERO) if homes.get(item) != home)
    offer = {"key": f"choice:{beat_id}", "host": host}
    if gifts and seeded(beat_id, "offer") % 2:
        item = gifts[seeded(beat_id, "gift") % len(gifts)]
        label = f"Give {with_article(rules.names[item], 'your')} to {name}"
        return offer | {
            "label": label,
            "cost": GIFT_COST,
            "item": item,
            "told": f"A gift for {name}",
        }
    label = f"Spend an evening with {name}"
    return offer | {"label": label, "cost": CHOICE_COST, "told": f"An evening with {name}"}


def _present(world: World, key: str) -> bool:
    entity = world.entities.get(key)
    return entity is None or entity.left_at is None


def _hero_at(world: World) -> str | None:
    return next((f.object for f in world.facts if f.subject == HERO and f.relation == AT), None)


def _place_choose(
    world: World,
    rules: Rules,
    data: Mapping[str, Any],
    position: Position,
    *,
    at: dt.datetime,
    seed: int,
    first: str | None,
) -> str:
    for place in _candidates(world, rules, data, position, seed=seed, first=first):
        zone = rules.places[place].zone
        if not zone or rules.zone_open(zone, at):
            return place
    raise ValueError("No place of this story's world is open at this hour.")


def _candidates(
    world: World,
    rules: Rules,
    data: Mapping[str, Any],
    position: Position,
    *,
    seed: int,
    first: str | None,
) -> Iterator[str]:
    if first:
        yield first
    own = list(chapter_of(data, position.act, position.chapter)["places"])
    if not position.opens:  # the opening scene of a chapter is at its first place
        own.sort(key=lambda key: seeded(seed, key))
    yield from own
    here = _hero_at(world)
    if here:
        yield here
    yield from (k for k, e in world.entities.items() if e.kind == PLACE)
    yield from (key for key, place in rules.places.items() if not place.zone)
