"""Every notification given or changed reaches the person's open pages with the unread count
(a `notification` event on ws/world/), and nobody else's."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from nudges import services
from tests.support.ws import connect

pytestmark = pytest.mark.django_db(transaction=True)


async def _listening(user) -> WebsocketCommunicator:
    client = await connect(user, "/ws/world/")
    await client.send_json_to({"type": "ping"})
    while (await client.receive_json_from(timeout=5)).get("type") != "pong":
        pass  # the world snapshot and anything else sent on connect
    return client


async def test_the_bell_count_follows_each_change_live(owner, outsider):
    mine, theirs = await _listening(owner), await _listening(outsider)

    note = await sync_to_async(services.notification_give)(
        user=owner, kind="nudge", key="k1", title="Eliza has been thinking of you"
    )
    given = await mine.receive_json_from(timeout=5)
    await sync_to_async(services.notification_read)(user=owner, notification_id=note.pk)
    read = await mine.receive_json_from(timeout=5)

    assert given["type"] == "notification"
    assert given["unread_count"] == 1
    assert given["notification"]["title"] == "Eliza has been thinking of you"
    assert (read["unread_count"], read["notification"]["state"]) == (0, "read")
    assert await theirs.receive_nothing(timeout=0.5)
    await mine.disconnect()
    await theirs.disconnect()
