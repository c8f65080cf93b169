"""The goals app's live events: finishing a mission tells the person's open pages their
streak (progress.update on ws/world/), and nobody else's."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from goals import services
from tests.goals.factories import make_goal, make_mission
from tests.support.ws import connect

pytestmark = pytest.mark.django_db(transaction=True)


async def _listening(user) -> WebsocketCommunicator:
    client = await connect(user, "/ws/world/")
    await client.send_json_to({"type": "ping"})
    while (await client.receive_json_from(timeout=5)).get("type") != "pong":
        pass  # the world snapshot and anything else sent on connect
    return client


async def test_finishing_a_mission_pushes_the_streak_to_its_owner_only(owner, outsider):
    mission = await sync_to_async(lambda: make_mission(make_goal(owner)))()
    mine, theirs = await _listening(owner), await _listening(outsider)

    await sync_to_async(services.mission_complete)(user=owner, mission_id=mission.pk)

    event = await _next_of(mine, "progress.update")  # the story's beat may tell first
    assert event == {"type": "progress.update", "current": 1, "longest": 1, "freezes_held": 0}
    assert await theirs.receive_nothing(timeout=0.5)
    await mine.disconnect()
    await theirs.disconnect()


async def _next_of(communicator, kind: str, *, limit: int = 10) -> dict:
    """The next event of ``kind`` on the socket, past the other kinds sent before it."""
    for _ in range(limit):
        event = await communicator.receive_json_from(timeout=5)
        if event["type"] == kind:
            return event
    raise AssertionError(f"no {kind} event among the next {limit}")
