"""Writes of the narrative app: the default scenario, starting a story, and changing its
world (checked by narrative.invariants, committed whole or not at all)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from delight.models import User
from narrative import selectors
from narrative.invariants import (
    HERO,
    PERSON,
    Change,
    Closed,
    Discover,
    Effect,
    Introduce,
    Introduced,
    Left,
    Opened,
    Rules,
    check,
)
from narrative.models import Beat, Entity, Fact, Scenario, Story
from narrative.scenario import scenario_default, scenario_names, scenario_places

DEFAULT_KEY = "default"


@transaction.atomic
def scenario_install_default() -> Scenario:
    """The default scenario, installed from narrative/scenarios/default.json when there is
    none yet (staff edits are kept: an installed one is never overwritten)."""
    current = Scenario.objects.filter(is_default=True).first()
    if current is not None:
        return current
    data = scenario_default()
    scenario, _ = Scenario.objects.get_or_create(
        key=DEFAULT_KEY, defaults={"title": data["title"], "data": data, "is_default": True}
    )
    return scenario


@transaction.atomic
def story_start(*, user: User) -> Story:
    """The person's story, begun now if it has not been.

    Stories start lazily (the first time anything reads or changes one) rather than in a
    receiver on every new user: no write is added to signing up, and people who joined
    before the narrative existed get theirs the same way. It is dated from the day they
    joined, so the story still starts at sign-up: the hero stands at the scenario's start
    place, discovered.
    """
    scenario = scenario_install_default()
    story, created = Story.objects.get_or_create(
        user=user, defaults={"scenario": scenario, "started_at": user.date_joined}
    )
    if created:
        start = scenario.data["start"]
        opening = [
            Discover(place=start["place"], key=start["place"]),
            Introduce(place=start["place"], kind=PERSON, key=HERO, name=start.get("hero", "You")),
        ]
        # The first scene happens whatever the hour: signing up is never refused.
        effects = _effects(story, opening, at=story.started_at, zone_open=_always_open)
        _commit(story, effects, story.started_at)
    return story


@transaction.atomic
def world_apply(*, story: Story, changes: Sequence[Change], at: dt.datetime) -> None:
    """Commit ``changes`` proposed for a scene at ``at`` to ``story``'s world, or raise
    ValidationError listing every violation and change nothing.

    1. Lock the story, so two scenes of one story are checked and committed one at a time.
    2. Check the changes against the world as it stands (narrative.invariants).
    3. Write their effects: entities introduced or leaving, facts closed then opened.
    """
    Story.objects.select_for_update().get(pk=story.pk)
    zone_open = selectors.zone_open_for(user=story.user)
    _commit(story, _effects(story, changes, at=at, zone_open=zone_open), at)


def _always_open(zone: str, at: dt.datetime) -> bool:
    return True


def _effects(
    story: Story,
    changes: Sequence[Change],
    *,
    at: dt.datetime,
    zone_open: Callable[[str, dt.datetime], bool],
) -> list[Effect]:
    data = story.scenario.data
    rules = Rules(places=scenario_places(data), names=scenario_names(data), zone_open=zone_open)
    outcome = check(selectors.world_current(user=story.user), changes, at=at, rules=rules)
    if outcome.violations:
        raise ValidationError(outcome.violations)
    return outcome.effects


def _commit(story: Story, effects: Sequence[Effect], at: dt.datetime) -> None:
    """Write ``effects`` in order (each may name an entity an earlier one introduced)."""
    entities = {entity.key: entity for entity in story.entities.all()}
    for effect in effects:
        match effect:
            case Introduced(key=key, kind=kind, name=name):
                entities[key] = Entity.objects.create(
                    story=story, kind=kind, key=key, name=name, introduced_at=at
                )
            case Left(key=key):
                Entity.objects.filter(pk=entities[key].pk).update(left_at=at)
            case Opened(subject=subject, relation=relation, object=obj):
                Fact.objects.create(
                    story=story,
                    subject=entities[subject],
                    relation=relation,
                    object=entities[obj],
                    valid_from=at,
                )
            case Closed(subject=subject, relation=relation, object=obj):
                story.facts.filter(
                    subject=entities[subject],
                    relation=relation,
                    object=entities[obj],
                    valid_to__isnull=True,
                ).update(valid_to=at)


# TODO: built by the beat pipeline (its branch replaces this stub when the two are merged).
def story_choice_take(*, user: User, beat_id: int) -> Beat:
    raise NotImplementedError
