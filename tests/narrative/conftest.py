"""Fixtures of the narrative tests."""

from __future__ import annotations

import importlib
from collections.abc import Iterator

import pytest

from delight.models import User
from narrative import services, signals
from narrative.beats import services as beats
from narrative.models import BeatTrigger, Story
from tests.narrative.factories import START, at, make_beat
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


HELD_SAID = "Your next passage comes this evening at 20:00, telling of “Run 2 km”."


@pytest.fixture
def evening_held(story: Story, owner: User, settings, monkeypatch) -> str:
    """At 10:00 in Paris, after this morning's passage, "Run 2 km" done: its passage is held
    for the owner's evening (20:00). What the page says of it."""
    settings.STORY_DAILY, settings.STORY_EVENING_HOUR = True, 20
    monkeypatch.setattr("django.utils.timezone.now", lambda: at("2026-03-03 09:00"))
    make_beat(story, written_at=at("2026-03-03 07:00"))
    beats.beat_request(
        user=owner, kind=BeatTrigger.Kind.MISSION, key="mission:1", detail={"title": "Run 2 km"}
    )
    return HELD_SAID
