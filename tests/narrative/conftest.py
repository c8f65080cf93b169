"""Fixtures of the narrative tests."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

from delight.models import User
from narrative import services, signals
from narrative.models import Story
from tests.narrative.factories import START
from tests.support.fixtures import ai_config, openai_server  # noqa: F401
from world.models import Zone

SEED = importlib.import_module("world.migrations.0002_seed_zones")


@pytest.fixture
def zones(db) -> dict[str, Zone]:
    """The seeded zones (transactional tests flush the migration's rows, so re-seed)."""
    return {
        spec["slug"]: Zone.objects.update_or_create(slug=spec["slug"], defaults=spec)[0]
        for spec in SEED.ZONES
    }


@pytest.fixture
def story(owner: User, zones: dict[str, Zone]) -> Story:
    """The owner's story, begun when they joined (START, 09:00 in Paris)."""
    owner.date_joined = START
    owner.save(update_fields=["date_joined"])
    return services.story_start(user=owner)


@pytest.fixture
def unlocks_heard() -> Iterator[list[dict]]:
    """Every quest_unlocked announcement, as its facts."""
    heard: list[dict] = []

    def listen(**facts) -> None:
        heard.append({key: facts[key] for key in ("user", "key", "title", "message")})

    signals.quest_unlocked.connect(listen, dispatch_uid="test-unlocks-heard")
    yield heard
    signals.quest_unlocked.disconnect(dispatch_uid="test-unlocks-heard")
