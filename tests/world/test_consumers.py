"""ws/world/: snapshot on connect and on request, live zone.update, bad frames, ping."""

from __future__ import annotations

import datetime as dt

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone

from delight.ws import CLOSE_PROTOCOL_ERROR, CLOSE_TOO_LARGE, CLOSE_UNSUPPORTED_DATA
from tests.factories import make_user
from tests.world.factories import arena_of, at, connect
from world import services
from world.consumers import WorldConsumer
from world.models import OffHoursDay

pytestmark = pytest.mark.django_db(transaction=True)


async def test_snapshot_on_connect_and_on_request(zones, owner):
    client = await connect(owner)
    snapshot = await client.receive_json_from(timeout=5)
    assert snapshot["type"] == "world.snapshot"
    assert [zone["slug"] for zone in snapshot["zones"]] == ["arena", "observatory", "commons"]
    assert set(arena_of(snapshot)) >= {"state", "reason", "next_change_at", "next_change_label"}
    await client.send_json_to({"type": "snapshot"})
    again = await client.receive_json_from(timeout=5)
    assert again["type"] == "world.snapshot"
    assert again["zones"][1:] == snapshot["zones"][1:]
    await client.send_json_to({"type": "ping"})
    assert await client.receive_json_from(timeout=5) == {"type": "pong"}
    await client.disconnect()


async def test_reconnect_gets_a_fresh_snapshot(zones, owner):
    client = await connect(owner)
    assert arena_of(await client.receive_json_from(timeout=5))["next_change_at"] is not None
    await client.disconnect()

    zones["arena"].rules = {"open": []}
    await sync_to_async(zones["arena"].save)()
    client = await connect(owner)
    arena = arena_of(await client.receive_json_from(timeout=5))
    assert (arena["state"], arena["reason"], arena["next_change_at"]) == (
        "open",
        "Always open",
        None,
    )
    await client.disconnect()


async def test_zone_update_reaches_only_its_user(zones):
    owner = await sync_to_async(make_user)("dawn", timezone="UTC")
    other = await sync_to_async(make_user)("dusk", timezone="UTC")
    mine, theirs = await connect(owner), await connect(other)
    await mine.receive_json_from(timeout=5)
    await theirs.receive_json_from(timeout=5)
    for evening in (at("2026-01-15 20:00"), at("2026-01-15 22:00")):
        await sync_to_async(services.zones_evaluate_user)(user=owner, now=evening)
    update = await mine.receive_json_from(timeout=10)
    assert update["type"] == "zone.update"
    assert (update["zone"]["slug"], update["zone"]["state"]) == ("arena", "closed")
    assert await theirs.receive_nothing(timeout=0.5)
    await mine.disconnect()
    await theirs.disconnect()


async def test_bad_frames_get_errors_and_do_not_touch_other_clients(zones, owner, outsider):
    client, bystander = await connect(owner), await connect(outsider)
    await client.receive_json_from(timeout=5)
    await bystander.receive_json_from(timeout=5)
    await client.send_to(text_data="{not json")
    assert (await client.receive_json_from(timeout=5))["code"] == "invalid_frame"
    await client.send_json_to({"type": "teleport"})
    assert (await client.receive_json_from(timeout=5))["code"] == "unknown_type"
    await client.send_json_to({"type": "ping", "pad": "x" * WorldConsumer.max_frame_chars})
    assert (await client.receive_json_from(timeout=5))["code"] == "frame_too_large"
    assert await client.receive_output(timeout=5) == {
        "type": "websocket.close",
        "code": CLOSE_TOO_LARGE,
    }
    await bystander.send_json_to({"type": "ping"})
    assert await bystander.receive_json_from(timeout=5) == {"type": "pong"}
    await bystander.disconnect()


async def test_binary_frames_are_refused_as_unsupported_data(zones, owner):
    client = await connect(owner)
    await client.receive_json_from(timeout=5)
    await client.send_to(bytes_data=b"\x00\x01")
    assert (await client.receive_json_from(timeout=5))["code"] == "binary_frame"
    assert (await client.receive_output(timeout=5))["code"] == CLOSE_UNSUPPORTED_DATA


async def test_repeated_invalid_frames_close_with_4400(zones, owner):
    client = await connect(owner)
    await client.receive_json_from(timeout=5)
    for _ in range(5):
        await client.send_to(text_data="[]")
        assert (await client.receive_json_from(timeout=5))["code"] == "invalid_frame"
    assert (await client.receive_output(timeout=5))["code"] == CLOSE_PROTOCOL_ERROR


async def test_connecting_outside_productive_hours_counts_as_activity(zones):
    hour = (timezone.now() + dt.timedelta(hours=2)).hour
    owl = await sync_to_async(make_user)(
        "night", timezone="UTC", productive_start=dt.time(hour), productive_end=dt.time(hour, 30)
    )
    client = await connect(owl)
    await client.receive_json_from(timeout=5)
    await client.disconnect()
    assert await sync_to_async(OffHoursDay.objects.filter(user=owl).count)() == 1
