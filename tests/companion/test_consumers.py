"""ws/companion/: the live turn (state, tool, token, reply in order) and bad frames."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings

from companion.consumers import CompanionConsumer
from companion.models import Turn
from delight.asgi import application
from delight.ws import CLOSE_TOO_LARGE, CLOSE_UNAUTHENTICATED
from tests.factories import token_client
from tests.goals.factories import make_goal
from tests.support import ws
from tests.support.database import every_request_connection_taken_async

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(user) -> WebsocketCommunicator:
    return await ws.connect(user, "/ws/companion/")


async def nothing_written_and_still_open(client: WebsocketCommunicator) -> None:
    assert not await sync_to_async(Turn.objects.exists)()
    await client.send_json_to({"type": "ping"})
    assert await client.receive_json_from(timeout=5) == {"type": "pong"}
    await client.disconnect()


async def until_final(client: WebsocketCommunicator) -> list[dict]:
    frames = []
    while not frames or frames[-1]["type"] not in ("reply", "error"):
        frames.append(await client.receive_json_from(timeout=15))
    return frames


async def test_a_message_streams_state_tool_token_then_the_reply_the_api_returns(owner):
    await sync_to_async(make_goal)(owner, title="Learn Spanish")
    client = await connect(owner)
    await client.send_json_to({"type": "message", "text": "how is my goal going?"})
    frames = await until_final(client)
    kinds = [frame["type"] for frame in frames]

    assert kinds[0] == "state"
    assert frames[0]["node"] == "receive_input"
    assert [f["label"] for f in frames if f["type"] == "state"][:2] == ["listening…", "recalling…"]
    assert kinds.index("tool") < kinds.index("token") < kinds.index("reply")
    assert "store_memory" in [f.get("node") for f in frames[kinds.index("token") :]]
    reply = frames[-1]
    streamed = "".join(f["text"] for f in frames if f["type"] == "token")
    assert streamed.strip() == reply["reply"]
    turn = await sync_to_async(Turn.objects.get)(pk=reply["message_id"])
    assert {"type": "reply", **turn.result} == reply

    await client.send_json_to(
        {"type": "message", "text": "thanks", "session_id": reply["session_id"]}
    )
    second = (await until_final(client))[-1]
    assert second["session_id"] == reply["session_id"]
    await client.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ({"type": "message", "text": ""}, "invalid_message"),
        ({"type": "message"}, "invalid_message"),
        ({"type": "message", "text": "hi", "session_id": "nope"}, "invalid_message"),
        (
            {"type": "message", "text": "hi", "session_id": "0b9b0f4e-0000-4000-8000-000000000000"},
            "unknown_session",
        ),
        ({"type": "dance"}, "unknown_type"),
    ],
)
async def test_bad_messages_get_a_clear_error_and_change_nothing(owner, frame, code):
    client = await connect(owner)
    await client.send_json_to(frame)
    error = await client.receive_json_from(timeout=10)

    assert error["type"] == "error"
    assert error["code"] == code
    await nothing_written_and_still_open(client)


async def test_invalid_and_oversized_frames_get_errors_not_a_silent_drop(owner):
    client = await connect(owner)
    await client.send_to(text_data="not json")
    assert (await client.receive_json_from(timeout=5))["code"] == "invalid_frame"
    await client.send_to(text_data="x" * (CompanionConsumer.max_frame_chars + 1))
    assert (await client.receive_json_from(timeout=5))["code"] == "frame_too_large"
    assert (await client.receive_output(timeout=5))["code"] == CLOSE_TOO_LARGE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello\x00", "A message cannot contain a control character (U+0000"),
        ("\ud800", "A message cannot contain a lone surrogate (U+D800"),
        ("\u200b\u200b\u200c", "A message needs at least one visible character"),
        ("\ufeff", "A message needs at least one visible character"),
    ],
)
async def test_broken_or_invisible_text_is_an_invalid_message_like_rest(owner, text, message):
    client = await connect(owner)
    await client.send_json_to({"type": "message", "text": text})  # JSON escapes the characters
    error = await client.receive_json_from(timeout=10)

    assert (error["type"], error["code"]) == ("error", "invalid_message")
    assert error["message"].startswith(f"text: {message}")
    await nothing_written_and_still_open(client)


async def test_a_deeply_nested_frame_is_an_invalid_frame_not_a_dropped_socket(owner):
    client = await connect(owner)
    deep = "[" * 5000 + "]" * 5000
    await client.send_to(text_data='{"type": "message", "text": "hi", "extra": ' + deep + "}")
    error = await client.receive_json_from(timeout=5)

    assert (error["code"], error["message"]) == (
        "invalid_frame",
        f"JSON nested more than {settings.API_MAX_JSON_DEPTH} levels deep.",
    )
    await nothing_written_and_still_open(client)


async def test_another_users_session_is_unknown(owner, outsider):
    mine = await connect(owner)
    await mine.send_json_to({"type": "message", "text": "Hello"})
    session_id = (await until_final(mine))[-1]["session_id"]
    await mine.disconnect()

    theirs = await connect(outsider)
    await theirs.send_json_to({"type": "message", "text": "hi", "session_id": session_id})
    error = await theirs.receive_json_from(timeout=10)
    assert error["code"] == "unknown_session"
    assert await sync_to_async(Turn.objects.filter(user=outsider).count)() == 0
    await theirs.disconnect()


async def test_a_client_without_credentials_is_closed_with_4401():
    client = WebsocketCommunicator(application, "/ws/companion/")
    assert (await client.connect(timeout=5))[0]
    assert (await client.receive_json_from(timeout=5))["code"] == "unauthenticated"
    assert (await client.receive_output(timeout=5))["code"] == CLOSE_UNAUTHENTICATED


async def test_a_message_that_finds_no_free_connection_is_told_to_come_back(owner):
    client = await connect(owner)
    async with every_request_connection_taken_async():
        await client.send_json_to({"type": "message", "text": "Hello"})
        error = await client.receive_json_from(timeout=10)
    assert error["type"] == "error"
    assert error["code"] == "busy"
    assert f"again in {error['retry_after']} s" in error["message"]
    await nothing_written_and_still_open(client)


async def test_messages_beyond_the_persons_rate_are_refused_counted_with_rest(owner, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"messages": "2/minute", "writes": "100/minute"},
    }
    client = await connect(owner)
    sent = await sync_to_async(
        lambda: token_client(owner).post("/api/companion/messages/", {"text": "Hello"})
    )()
    assert sent.status_code == 200
    await client.send_json_to({"type": "message", "text": "Hello again"})
    assert (await until_final(client))[-1]["type"] == "reply"

    await client.send_json_to({"type": "message", "text": "One too many"})
    refused = (await until_final(client))[-1]

    assert refused["code"] == "throttled"
    assert f"try again in {refused['retry_after']} s" in refused["message"]
    assert 0 < refused["retry_after"] <= 60
    assert await sync_to_async(Turn.objects.count)() == 2
    await client.disconnect()
