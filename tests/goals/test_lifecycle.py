"""End to end: a goal created through the API is planned by a real qcluster worker, and the
owner's open WebSocket hears about it while another person's hears nothing."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django_q.conf import Conf
from rest_framework.authtoken.models import Token

from delight.asgi import application
from goals.models import Goal, Mission
from tests.factories import token_client
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


async def connect(user) -> WebsocketCommunicator:
    token = await sync_to_async(lambda: Token.objects.get_or_create(user=user)[0].key)()
    client = WebsocketCommunicator(
        application, f"/ws/world/?token={token}", headers=[(b"origin", b"http://localhost")]
    )
    assert (await client.connect(timeout=5))[0]
    await client.send_json_to({"type": "ping"})
    while (await client.receive_json_from(timeout=5)).get("type") != "pong":
        pass  # skip the world snapshot and anything else sent on connect
    return client


def create_goal(user):
    return token_client(user).post(
        "/api/goals/", {"title": "Run a half marathon", "category": "health"}, format="json"
    )


async def goal_update(client: WebsocketCommunicator, *, timeout: float) -> dict:
    while True:
        event = await client.receive_json_from(timeout=timeout)
        if event.get("type") == "goal.update" and event["decomposition_status"] == "done":
            return event


async def test_goal_is_planned_by_the_worker_and_pushed_to_its_owner(owner, outsider, monkeypatch):
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for the real worker, not inline
    mine, theirs = await connect(owner), await connect(outsider)
    with processes.qcluster():
        response = await sync_to_async(create_goal)(owner)
        assert response.status_code == 201, response.content
        goal_id = response.json()["id"]
        assert response.json()["decomposition_status"] == "pending"
        event = await goal_update(mine, timeout=60)
    assert event["goal_id"] == goal_id
    assert event["error"] == ""
    goal = await Goal.objects.aget(pk=goal_id)
    assert goal.decomposition_status == "done"
    count = await Mission.objects.filter(goal_id=goal_id, status="suggested").acount()
    assert count == event["missions_count"] >= 3
    assert await theirs.receive_nothing(timeout=1)
    await mine.disconnect()
    await theirs.disconnect()
