"""Reads of the narrative app: a person's story and its world at an instant."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.db.models import Q, QuerySet

from delight.models import User
from narrative.invariants import EntityState, FactState, World
from narrative.models import Entity, Fact, Story
from world.rules import zone_is_open
from world.selectors import clock_of, zones_all


def story_of(*, user: User) -> Story | None:
    """The person's story, or None before it has begun."""
    return Story.objects.owned_by(user).select_related("scenario").first()


def world_at(*, user: User, at: dt.datetime) -> World:
    """The person's world as it stood at ``at``: the entities introduced by then (with
    ``left_at`` only if they had left by then) and the facts true then."""
    entities = Entity.objects.owned_by(user).filter(introduced_at__lte=at)
    facts = Fact.objects.owned_by(user).filter(
        Q(valid_to__isnull=True) | Q(valid_to__gt=at), valid_from__lte=at
    )
    return _world(entities, facts, left_by=at)


def world_current(*, user: User) -> World:
    """The person's whole world now: every entity and every fact still true."""
    entities = Entity.objects.owned_by(user)
    facts = Fact.objects.owned_by(user).filter(valid_to__isnull=True)
    return _world(entities, facts, left_by=None)


def _world(
    entities: QuerySet[Entity], facts: QuerySet[Fact], *, left_by: dt.datetime | None
) -> World:
    def left(entity: Entity) -> dt.datetime | None:
        gone = entity.left_at
        return gone if gone is not None and (left_by is None or gone <= left_by) else None

    return World(
        entities={
            e.key: EntityState(e.key, e.kind, e.name, e.introduced_at, left(e))
            for e in entities.order_by("introduced_at", "pk")
        },
        facts=[
            FactState(f.subject.key, f.relation, f.object.key, f.valid_from)
            for f in facts.select_related("subject", "object").order_by("valid_from", "pk")
        ],
    )


def zone_open_for(*, user: User) -> Callable[[str, dt.datetime], bool]:
    """Whether a world zone is open for ``user`` at an instant (world's time rules); a zone
    the world no longer has closes nothing."""
    specs = {zone.slug: zone.spec() for zone in zones_all()}
    clock = clock_of(user)
    return lambda slug, at: slug not in specs or zone_is_open(specs[slug], clock, at)
