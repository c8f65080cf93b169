"""POST /api/companion/messages/ and /api/companion/sessions/: owner and outsider."""

from __future__ import annotations

import json
import uuid

import pytest

from companion.conversations import person_lock_key, session_lock_key
from companion.models import Conversation, Turn

pytestmark = pytest.mark.django_db

MESSAGES = "/api/companion/messages/"
SESSIONS = "/api/companion/sessions/"
RESULT_KEYS = {
    "session_id",
    "message_id",
    "reply",
    "intent",
    "emotion",
    "crisis",
    "conversation_state",
    "pending_slot",
    "trace",
    "memories_used",
    "tool_outputs",
}


def send(client, text: str, **extra):
    return client.post(MESSAGES, {"text": text, **extra}, format="json")


def test_a_message_returns_the_whole_turn(owner_api):
    response = send(owner_api, "I want to set a goal to learn Spanish")

    assert response.status_code == 200
    body = response.json()
    assert set(body) >= RESULT_KEYS
    assert body["intent"]["label"] == "create_goal"
    assert set(body["emotion"]) == {"label", "scores"}
    assert body["crisis"]["triggered"] is False
    assert body["pending_slot"] == "why"
    assert next(step["node"] for step in body["trace"]) == "receive_input"


def test_the_idempotency_key_header_makes_a_retry_return_the_first_answer(owner_api):
    first = owner_api.post(MESSAGES, {"text": "Hello"}, format="json", HTTP_IDEMPOTENCY_KEY="r1")
    again = owner_api.post(MESSAGES, {"text": "Hello"}, format="json", HTTP_IDEMPOTENCY_KEY="r1")

    assert again.json() == first.json()
    assert Turn.objects.count() == 1


def test_a_busy_session_answers_409(owner_api, owner, running_turn, held_elsewhere):
    session_id = send(owner_api, "Hello").json()["session_id"]
    running_turn(owner, session_id)
    held_elsewhere(session_lock_key(session_id))

    response = send(owner_api, "Still there?", session_id=session_id)

    assert response.status_code == 409
    assert response.json()["code"] == "session_busy"


def test_a_message_the_persons_other_turn_keeps_waiting_too_long_answers_503_busy(
    owner_api, owner, held_elsewhere, settings
):
    settings.TURN_QUEUE_WAIT = 0.1
    held_elsewhere(person_lock_key(owner))

    response = send(owner_api, "Still there?")

    assert response.status_code == 503
    assert response.json()["code"] == "busy"
    assert int(response["Retry-After"]) >= 1
    assert not Turn.objects.filter(user=owner).exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [({"text": ""}, "blank"), ({"text": "x" * 4001}, "4,000"), ({}, "text")],
)
def test_bad_messages_answer_400_and_change_nothing(owner_api, body, field):
    response = owner_api.post(MESSAGES, body, format="json")

    assert response.status_code == 400
    assert field in str(response.json()) or "empty" in response.json()["detail"]
    assert not Conversation.objects.exists()


def test_an_outsider_cannot_post_into_or_read_the_owners_session(owner_api, outsider_api):
    session_id = send(owner_api, "Hello").json()["session_id"]

    assert send(outsider_api, "hi", session_id=session_id).status_code == 404
    assert outsider_api.get(f"{SESSIONS}{session_id}/").status_code == 404
    assert outsider_api.get(SESSIONS).json()["results"] == []
    assert send(owner_api, "hi", session_id=str(uuid.uuid4())).status_code == 404
    assert Turn.objects.count() == 1


def test_sessions_list_and_detail_show_the_owners_state_and_messages(owner_api):
    first = send(owner_api, "I want to set a goal to learn Spanish").json()
    send(owner_api, "to talk with my grandmother", session_id=first["session_id"])

    listed = owner_api.get(SESSIONS).json()["results"]
    assert [item["session_id"] for item in listed] == [first["session_id"]]
    assert listed[0]["turns"] == 2

    detail = owner_api.get(f"{SESSIONS}{first['session_id']}/").json()
    assert detail["state"]["conversation_state"] == "waiting_for_slot"
    assert detail["state"]["flow"] == "create_goal"
    assert detail["state"]["slots"]["why"] == "To talk with my grandmother"
    assert [m["text"] for m in detail["messages"]] == [
        "I want to set a goal to learn Spanish",
        "to talk with my grandmother",
    ]


def test_anonymous_callers_are_refused(client):
    assert client.post(MESSAGES, {"text": "hi"}).status_code in (401, 403)
    assert client.get(SESSIONS).status_code in (401, 403)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\u200b\u200b\u200b", "text: A message needs at least one visible character"),
        ("\ufeff \u2060\u200d", "text: A message needs at least one visible character"),
        ("hello\x00", "text: A message cannot contain a control character (U+0000"),
        ("hello \ud800", "text: A message cannot contain a lone surrogate (U+D800"),
    ],
)
def test_invisible_or_broken_text_answers_400_without_running_a_turn(owner_api, text, message):
    body = json.dumps({"text": text})  # escapes NUL and a lone surrogate as \u0000 and \ud800
    response = owner_api.post(MESSAGES, body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["detail"].startswith(message)
    assert response.json()["code"] == "invalid"
    assert not Conversation.objects.exists()
    assert not Turn.objects.exists()


def test_json_nested_5000_deep_answers_400_not_500(owner_api):
    body = '{"text": "hi", "session_id": ' + "[" * 5000 + "]" * 5000 + "}"
    response = owner_api.post(MESSAGES, body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["code"] == "json_too_deep"
    assert not Turn.objects.exists()
