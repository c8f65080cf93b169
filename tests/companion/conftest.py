"""Fixtures of the companion tests."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest

from companion.models import Turn
from delight.models import User
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
