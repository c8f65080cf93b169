from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from rest_framework.authtoken.models import Token

from delight.asgi import application
from delight.realtime import asend_to_user
from delight.ws import (
    CLOSE_PROTOCOL_ERROR,
    CLOSE_TOO_LARGE,
    CLOSE_UNAUTHENTICATED,
    CLOSE_UNSUPPORTED_DATA,
)

pytestmark = pytest.mark.django_db(transaction=True)

LOCAL_ORIGIN = (b"origin", b"http://localhost:8000")


def token_for(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


def session_cookie_for(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(path: str, headers=()):
    communicator = WebsocketCommunicator(application, path, headers=[LOCAL_ORIGIN, *headers])
    connected, _ = await communicator.connect(timeout=5)
    return communicator, connected


async def connect_signed_in(path: str, headers=()):
    """Connect and read the world snapshot every signed-in socket receives first."""
    communicator, connected = await connect(path, headers)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "world.snapshot"
    return communicator


async def test_token_in_query_string_authenticates(owner):
    token = await sync_to_async(token_for)(owner)
    communicator = await connect_signed_in(f"/ws/world/?token={token}")
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


async def test_token_in_authorization_header_authenticates(owner):
    token = await sync_to_async(token_for)(owner)
    communicator = await connect_signed_in(
        "/ws/world/", headers=[(b"authorization", f"Token {token}".encode())]
    )
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


async def test_session_cookie_authenticates(owner):
    cookie = await sync_to_async(session_cookie_for)(owner)
    communicator = await connect_signed_in("/ws/world/", headers=[(b"cookie", cookie)])
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


async def test_unauthenticated_connection_is_refused_with_4401():
    communicator, _ = await connect("/ws/world/?token=not-a-token")
    error = await communicator.receive_json_from(timeout=5)
    assert error["code"] == "unauthenticated"
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_UNAUTHENTICATED}


async def test_foreign_origin_is_rejected(owner):
    token = await sync_to_async(token_for)(owner)
    communicator = WebsocketCommunicator(
        application, f"/ws/world/?token={token}", headers=[(b"origin", b"https://evil.example")]
    )
    connected, _ = await communicator.connect(timeout=5)
    assert connected is False
    await communicator.disconnect()


async def test_invalid_frames_get_errors_then_a_close(owner):
    token = await sync_to_async(token_for)(owner)
    communicator = await connect_signed_in(f"/ws/world/?token={token}")
    await communicator.send_to(text_data="not json")
    assert (await communicator.receive_json_from(timeout=5))["code"] == "invalid_frame"
    await communicator.send_json_to({"type": "bogus"})
    assert (await communicator.receive_json_from(timeout=5))["code"] == "unknown_type"
    for _ in range(4):
        await communicator.send_json_to(["no", "type"])
        assert (await communicator.receive_json_from(timeout=5))["code"] == "invalid_frame"
    closed = await communicator.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": CLOSE_PROTOCOL_ERROR}


async def test_events_reach_only_their_user(owner, outsider):
    owner_ws = await connect_signed_in(f"/ws/world/?token={await sync_to_async(token_for)(owner)}")
    outsider_ws = await connect_signed_in(
        f"/ws/world/?token={await sync_to_async(token_for)(outsider)}"
    )
    await owner_ws.send_json_to({"type": "ping"})
    await owner_ws.receive_json_from(timeout=5)  # subscribed and listening

    await asend_to_user(owner.pk, {"type": "notification", "text": "hello"})
    assert await owner_ws.receive_json_from(timeout=5) == {"type": "notification", "text": "hello"}
    assert await outsider_ws.receive_nothing(timeout=0.5)
    await owner_ws.disconnect()
    await outsider_ws.disconnect()


async def test_a_deeply_nested_frame_gets_invalid_frame_and_the_socket_stays(owner):
    token = await sync_to_async(token_for)(owner)
    communicator = await connect_signed_in(f"/ws/world/?token={token}")
    deep = "[" * 2000 + "]" * 2000
    await communicator.send_to(text_data='{"type": "ping", "x": ' + deep + "}")
    error = await communicator.receive_json_from(timeout=5)
    assert (error["type"], error["code"]) == ("error", "invalid_frame")
    assert "nested" in error["message"]
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from(timeout=5) == {"type": "pong"}
    await communicator.disconnect()


@pytest.mark.parametrize("path", ["/ws/world/", "/ws/companion/"])
async def test_binary_and_oversized_frames_close_with_the_standard_codes(owner, path):
    token = await sync_to_async(token_for)(owner)
    for frame, code, close in (
        ({"bytes_data": b"\x00"}, "binary_frame", CLOSE_UNSUPPORTED_DATA),
        ({"text_data": "x" * 40_000}, "frame_too_large", CLOSE_TOO_LARGE),
    ):
        communicator, connected = await connect(f"{path}?token={token}")
        assert connected
        await communicator.send_to(**frame)
        frames = [await communicator.receive_output(timeout=5)]
        while frames[-1]["type"] != "websocket.close":
            frames.append(await communicator.receive_output(timeout=5))
        errors = [json.loads(f["text"]) for f in frames if "error" in f.get("text", "")]
        assert [e["code"] for e in errors] == [code]
        assert frames[-1]["code"] == close
