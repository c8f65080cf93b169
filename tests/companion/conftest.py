"""Fixtures of the companion tests."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from companion.models import CompanionProfile, Memory, Turn
from delight.ai.runtime import default_engine
from delight.models import User
from tests.companion.factories import remember
from tests.support.fixtures import ai_config, openai_server  # noqa: F401


@pytest.fixture
def running_turn() -> Callable[..., Turn]:
    """Make a running turn in a session (answered by a live process only while someone
    holds its session's lock: see the `held_elsewhere` fixture)."""

    def make(user: User, session_id: object) -> Turn:
        return Turn.objects.create(
            id=uuid.uuid4(),
            conversation_id=session_id,
            user=user,
            idempotency_key=f"in-flight-{uuid.uuid4().hex}",
            text="still being answered",
        )

    return make


@pytest.fixture
def known_profile(owner) -> dict[str, Memory]:
    """What Eliza learned of Olivia in conversation: keyed memories (written with the engine
    the API uses, so vectors share one space) and the profile they filled."""
    facts = {
        "name": ("Name is Liv", "name"),
        "home": ("Lives in Leeds", "location"),
        "sister": ("Has a sister called Maya", "person:sister"),
        "hiking": ("Loves hiking", "likes:hike"),
        "dog": ("Has a dog called Biscuit", "pet:dog"),
    }
    memories = {
        name: remember(owner, content, key=key, engine=default_engine()).memory
        for name, (content, key) in facts.items()
    }
    CompanionProfile.objects.create(
        user=owner, name="Liv", location="Leeds", interests=["hiking"], communication_style="brief"
    )
    return memories
