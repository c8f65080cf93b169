"""The world's invariants, checked by code on every proposed change (pure: no database).

A scene proposes changes (the dataclasses below), each set at a place of the scenario, all
at one instant. :func:`check` plays them in order on a copy of the world as it stands and
returns the violations in plain words (empty: valid) and the effects a commit writes:
entities introduced or leaving, facts opened and closed (a fact is never overwritten).

The rules:
- the story only moves forward: a scene is never set before the latest thing that happened;
- a scene's place exists in the scenario, has been discovered, and for a world zone is
  open for the person at that instant (world's time rules, handed in as ``zone_open``);
- nothing is mentioned before it is introduced, nor introduced twice;
- a person who left does not act;
- nothing is used or given that was never acquired (held by the one using or giving it, or
  lying at the scene's place when nobody gives it);
- an event never precedes its cause (the cause is already in the story);
- an item has exactly one holder or place at a time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from narrative.scenario import Place

HERO = "hero"  # the person whose story it is
PLACE, PERSON, ITEM, EVENT = "place", "person", "item", "event"
AT, HOLDS, KNOWS, CAUSED_BY = "at", "holds", "knows", "caused_by"
ARTICLES = {PLACE: "a place", PERSON: "a person", ITEM: "an item", EVENT: "an event"}


# -- the world as it stands ----------------------------------------------------------------


@dataclass(frozen=True)
class EntityState:
    key: str
    kind: str
    name: str
    introduced_at: dt.datetime
    left_at: dt.datetime | None = None


@dataclass(frozen=True)
class FactState:
    subject: str
    relation: str
    object: str
    valid_from: dt.datetime


@dataclass
class World:
    """The entities of a story and the facts true at one instant (open facts)."""

    entities: dict[str, EntityState] = field(default_factory=dict)
    facts: list[FactState] = field(default_factory=list)

    @property
    def latest(self) -> dt.datetime | None:
        moments = [e.introduced_at for e in self.entities.values()]
        moments += [e.left_at for e in self.entities.values() if e.left_at]
        moments += [f.valid_from for f in self.facts]
        return max(moments, default=None)

    def held_by(self, who: str) -> list[str]:
        """The items ``who`` holds, in the order they came to them."""
        return [f.object for f in self.facts if f.subject == who and f.relation == HOLDS]

    def whereabouts(self, item: str) -> list[FactState]:
        """The open facts placing ``item``: lying at a place, or held by someone."""
        lying = [f for f in self.facts if f.relation == AT and f.subject == item]
        return lying + [f for f in self.facts if f.relation == HOLDS and f.object == item]


@dataclass(frozen=True)
class Rules:
    """What the checks need from outside the story: the scenario's places and names, and
    whether a world zone is open for the person at an instant."""

    places: dict[str, Place]
    names: dict[str, str]
    zone_open: Callable[[str, dt.datetime], bool]


# -- proposed changes ------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Change:
    place: str  # the key of the place the scene happens at


@dataclass(frozen=True, kw_only=True)
class Discover(Change):
    """The hero finds a place of the scenario."""

    key: str


@dataclass(frozen=True, kw_only=True)
class Introduce(Change):
    """A person, item or event enters the story at the scene's place (an item may be handed
    straight to ``holder``); the hero knows every person introduced."""

    kind: str
    key: str
    name: str = ""
    holder: str | None = None


@dataclass(frozen=True, kw_only=True)
class Move(Change):
    who: str
    to: str


@dataclass(frozen=True, kw_only=True)
class Give(Change):
    """``item`` passes to ``to`` (a person, or a place it is left at), from ``giver``; with
    no giver it is taken from where it lies at the scene's place."""

    item: str
    to: str
    giver: str | None = None


@dataclass(frozen=True, kw_only=True)
class Use(Change):
    who: str
    item: str
    used_up: bool = False


@dataclass(frozen=True, kw_only=True)
class Leave(Change):
    who: str


@dataclass(frozen=True, kw_only=True)
class Cause(Change):
    """A new event ``key`` happens at the scene's place, caused by ``by``."""

    key: str
    by: str
    name: str = ""


# -- effects a commit writes -----------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    subject: str
    relation: str
    object: str


@dataclass(frozen=True)
class Closed:
    subject: str
    relation: str
    object: str


@dataclass(frozen=True)
class Introduced:
    key: str
    kind: str
    name: str


@dataclass(frozen=True)
class Left:
    key: str


Effect = Opened | Closed | Introduced | Left


@dataclass(frozen=True)
class Outcome:
    violations: list[str]
    effects: list[Effect]
    world: World  # as the changes that kept the rules left it


def violations(
    world: World, changes: Iterable[Change], *, at: dt.datetime, rules: Rules
) -> list[str]:
    return check(world, changes, at=at, rules=rules).violations


def check(world: World, changes: Iterable[Change], *, at: dt.datetime, rules: Rules) -> Outcome:
    """The violations of ``changes`` proposed at ``at`` and the effects committing them writes.

    1. A scene set before the story's latest moment is refused whole.
    2. On a copy of ``world``, each change in order: check its scene's place, then the
       change's own rules; a change with no violation is played (its effects applied to
       the copy, so the next change sees them); one with violations is skipped.
    3. At the end, every item still in the story has exactly one holder or place.
    4. Effects are returned only when there is no violation at all; the world returned is
       the copy as the changes that kept the rules left it.
    """
    latest = world.latest
    if latest is not None and at < latest:
        return Outcome(["This scene is set before the latest moment of the story."], [], world)
    draft = _Draft(World(dict(world.entities), list(world.facts)), at, rules)
    found: list[str] = []
    for change in changes:
        problems = draft.scene_problems(change) + draft.problems(change)
        if problems:
            found += problems
        else:
            draft.play(change)
    found += draft.item_problems()
    return Outcome(found, [] if found else draft.effects, draft.world)


class _Draft:
    """A world being changed: the checks of each kind of change and what playing it does."""

    def __init__(self, world: World, at: dt.datetime, rules: Rules) -> None:
        self.world, self.at, self.rules = world, at, rules
        self.effects: list[Effect] = []

    # -- reading --

    def name(self, key: str) -> str:
        entity = self.world.entities.get(key)
        return entity.name if entity else self.rules.names.get(key, f'"{key}"')

    def present(self, key: str, *, kinds: tuple[str, ...] = ()) -> list[str]:
        """Nothing mentioned before it is introduced, and of the kind the change needs."""
        entity = self.world.entities.get(key)
        if entity is None:
            return [f"{self.name(key)} is mentioned before entering the story."]
        if kinds and entity.kind not in kinds:
            return [f"{entity.name} is not {' or '.join(ARTICLES[k] for k in kinds)}."]
        return []

    def acts(self, key: str) -> list[str]:
        """A person who acts is in the story and has not left it."""
        problems = self.present(key, kinds=(PERSON,))
        entity = self.world.entities.get(key)
        if not problems and entity and entity.left_at is not None:
            problems.append(f"{entity.name} has left the story and cannot act.")
        return problems

    def reachable(self, place: str) -> list[str]:
        """A place exists in the scenario, is discovered, and its zone is open at ``at``."""
        scenario_place = self.rules.places.get(place)
        if scenario_place is None:
            return [f'There is no place "{place}" in this story\'s world.']
        if place not in self.world.entities:
            return [f"{scenario_place.name} has not been discovered yet."]
        zone = scenario_place.zone
        if zone and not self.rules.zone_open(zone, self.at):
            return [f"{scenario_place.name} is closed at that hour for this person."]
        return []

    def holder(self, item: str) -> str | None:
        held = [f.subject for f in self.world.whereabouts(item) if f.relation == HOLDS]
        return held[0] if held else None

    # -- checking --

    def scene_problems(self, change: Change) -> list[str]:
        if isinstance(change, Discover) and change.key == change.place:
            return []  # the scene is the discovery of its own place
        return self.reachable(change.place)

    def problems(self, change: Change) -> list[str]:
        checks: dict[type, Callable[[Change], list[str]]] = {
            Discover: self._discover_problems,
            Introduce: self._introduce_problems,
            Move: lambda c: self.acts(c.who) + (self.reachable(c.to) if c.to != c.place else []),
            Give: self._give_problems,
            Use: self._use_problems,
            Leave: lambda c: self.acts(c.who),
            Cause: self._cause_problems,
        }
        return checks[type(change)](change)

    def _discover_problems(self, change: Discover) -> list[str]:
        if change.key not in self.rules.places:
            return [f'There is no place "{change.key}" in this story\'s world.']
        if change.key in self.world.entities:
            return [f"{self.name(change.key)} has already been discovered."]
        return []

    def _introduce_problems(self, change: Introduce) -> list[str]:
        if change.kind not in (PERSON, ITEM, EVENT):
            return [f'"{change.kind}" is not a kind of thing that can enter the story.']
        if change.key in self.world.entities:
            return [f"{self.name(change.key)} is already in the story."]
        if change.key in self.rules.places:
            return [f"{self.name(change.key)} is a place: it is discovered, not introduced."]
        if change.holder is None:
            return []
        if change.kind != ITEM:
            return [f"Only an item can be handed to someone; {self.name(change.key)} is not one."]
        return self.acts(change.holder)

    def _give_problems(self, change: Give) -> list[str]:
        problems = self.present(change.item, kinds=(ITEM,))
        to = self.world.entities.get(change.to)
        if to is not None and to.kind == PLACE:
            problems += self.reachable(change.to)
        else:
            problems += self.acts(change.to)
        if problems:
            return problems
        item = self.name(change.item)
        if change.giver is None:
            lying = Opened(change.item, AT, change.place) in self._open()
            return [] if lying else [f"{item} is not lying here to be taken."]
        problems = self.acts(change.giver)
        if not problems and self.holder(change.item) != change.giver:
            problems.append(
                f"{self.name(change.giver)} cannot give {item}: they never acquired it."
            )
        return problems

    def _use_problems(self, change: Use) -> list[str]:
        problems = self.acts(change.who) + self.present(change.item, kinds=(ITEM,))
        if not problems and self.holder(change.item) != change.who:
            name, item = self.name(change.who), self.name(change.item)
            problems.append(f"{name} cannot use {item}: they never acquired it.")
        return problems

    def _cause_problems(self, change: Cause) -> list[str]:
        if change.key in self.world.entities:
            return [f"{self.name(change.key)} is already in the story."]
        if change.by not in self.world.entities:
            event = change.name or change.key
            return [f"{event} cannot happen before its cause, {self.name(change.by)}."]
        return []

    def item_problems(self) -> list[str]:
        problems = []
        for entity in self.world.entities.values():
            if entity.kind != ITEM or entity.left_at is not None:
                continue
            count = len(self.world.whereabouts(entity.key))
            if count != 1:
                where = "nowhere" if count == 0 else f"in {count} places at once"
                problems.append(f"{entity.name} would be {where}; an item has one holder or place.")
        return problems

    def _open(self) -> set[Opened]:
        return {Opened(f.subject, f.relation, f.object) for f in self.world.facts}

    # -- playing --

    def play(self, change: Change) -> None:
        match change:
            case Discover(key=key):
                self._introduce(key, PLACE, self.rules.names.get(key, key))
                if HERO in self.world.entities:  # the start place is there before the hero
                    self._open_fact(HERO, KNOWS, key)
            case Introduce(kind=kind, key=key, name=name, holder=holder):
                self._introduce(key, kind, name or self.rules.names.get(key, key))
                if holder:
                    self._open_fact(holder, HOLDS, key)
                else:
                    self._open_fact(key, AT, change.place)
                if kind == PERSON and key != HERO:
                    self._open_fact(HERO, KNOWS, key)
            case Move(who=who, to=to):
                self._close_where(who, AT)
                self._open_fact(who, AT, to)
            case Give(item=item, to=to):
                self._close_item(item)
                if self.world.entities[to].kind == PLACE:
                    self._open_fact(item, AT, to)
                else:
                    self._open_fact(to, HOLDS, item)
            case Use(item=item, used_up=True):
                self._close_item(item)
                self._leave(item)
            case Leave(who=who):
                self._close_where(who, AT)
                self._leave(who)
            case Cause(key=key, by=by, name=name):
                self._introduce(key, EVENT, name or key)
                self._open_fact(key, AT, change.place)
                self._open_fact(key, CAUSED_BY, by)

    def _introduce(self, key: str, kind: str, name: str) -> None:
        self.world.entities[key] = EntityState(key, kind, name, self.at)
        self.effects.append(Introduced(key, kind, name))

    def _leave(self, key: str) -> None:
        self.world.entities[key] = replace(self.world.entities[key], left_at=self.at)
        self.effects.append(Left(key))

    def _open_fact(self, subject: str, relation: str, obj: str) -> None:
        self.world.facts.append(FactState(subject, relation, obj, self.at))
        self.effects.append(Opened(subject, relation, obj))

    def _close(self, facts: list[FactState]) -> None:
        for fact in facts:
            self.world.facts.remove(fact)
            self.effects.append(Closed(fact.subject, fact.relation, fact.object))

    def _close_where(self, subject: str, relation: str) -> None:
        facts = self.world.facts
        self._close([f for f in facts if f.subject == subject and f.relation == relation])

    def _close_item(self, item: str) -> None:
        self._close(self.world.whereabouts(item))
