"""A turn on the model provider, against the test OpenAI-compatible server: the real client
streams the reply token by token, model failures fall back, usage lands on the session.

Model faults (a hung server, 429, 500, a malformed 200, a stream cut short) are answered by
the offline engine within the turn's budget (ELIZA_MODEL_BUDGET_SECONDS), never with the
model's partial text, and the trace says what happened; after repeated failures the circuit
breaker keeps the next turns off the network entirely."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.test import override_settings

from companion import conversations
from companion.models import Conversation, Memory, Turn
from companion.services import memory_create
from companion.turn import FALLBACK_REPLIES
from delight.ai.config import AIConfig
from delight.ai.engine import Engine, build_engine
from delight.ai.runtime import record_usage
from delight.models import AICall
from tests.companion.factories import Events, say
from tests.support.openai_server import (
    CHAT,
    EMBEDDINGS,
    OpenAIServer,
    Planned,
    chat_body,
    stream_chunks,
)

pytestmark = pytest.mark.django_db


def test_the_models_streamed_tokens_reach_the_person_in_order(owner, ai_config, openai_server):
    engine = build_engine(ai_config, on_usage=record_usage)
    openai_server.plan_reading(prompt_tokens=60, completion_tokens=40)
    pieces = ["Try ", "one ", "small ", "step ", "today."]
    openai_server.plan_stream(pieces, prompt_tokens=200, completion_tokens=5)
    events = Events()

    result = say(owner, "What should I try first?", engine=engine, emit=events)

    assert [p["text"] for kind, p in events if kind == "token"] == pieces
    assert result["reply"] == "Try one small step today."
    assert result["intent"] == {"label": "question", "confidence": 0.9}
    asked = openai_server.requests_to("/v1/chat/completions")
    assert len(asked) == 2  # the message read once, then the reply
    prompt = asked[1].body["messages"][0]["content"]
    assert "You are Eliza" in prompt
    conversation = Conversation.objects.get(pk=result["session_id"])
    calls = AICall.objects.all()  # every model call of the turn: chat, JSON and embeddings
    assert conversation.tokens == sum(c.prompt_tokens + c.completion_tokens for c in calls)
    assert conversation.tokens >= 60 + 40 + 200 + 5
    assert conversation.cost_usd > 0
    # Each AI call row rounds its own cost to 6 decimals; the session sums the exact ones.
    assert float(conversation.cost_usd) == pytest.approx(
        float(sum(c.cost_usd for c in calls)), abs=1e-6 * len(calls)
    )


def test_a_model_that_keeps_failing_still_leaves_the_person_a_reply(
    owner, ai_config, openai_server
):
    engine = build_engine(ai_config, on_usage=record_usage)
    openai_server.plan_error(500, times=50)

    result = say(owner, "I feel a little lost today", engine=engine)

    assert result["reply"]
    assert result["emotion"]["label"] in ("sadness", "fear", "neutral")
    assert all(entry["ok"] for entry in result["trace"])
    notes = {entry["node"]: entry.get("note", "") for entry in result["trace"]}
    assert "safety: offline (model failed: server error (500))" in notes["receive_input"]
    assert "intent: offline (model failed: server error (500))" in notes["receive_input"]
    assert notes["respond"] == "model circuit open; offline reply"
    assert notes["store_memory"] == "facts: offline (model failed: server error (500))"


# -- model faults -------------------------------------------------------------------------------

BUDGET = 2.0
MESSAGE = "I feel a bit stuck with my running goal"


def send(user, engine: Engine, emit: Callable | None = None) -> tuple[dict[str, Any], float]:
    """A full turn through message_send; its result and how long the person waited."""
    started = time.monotonic()
    result = conversations.message_send(
        user=user, text=MESSAGE, engine=engine, emit=emit, concurrent_tools=False
    )
    return result, time.monotonic() - started


def notes(result: dict[str, Any]) -> dict[str, str]:
    return {entry["node"]: entry.get("note", "") for entry in result["trace"]}


def everything(server: OpenAIServer, planned: Planned) -> None:
    for path in (CHAT, EMBEDDINGS):
        server.plan(planned, path=path, times=100)


def error_body(status: int) -> dict[str, Any]:
    return {"error": {"message": "planned failure", "type": "test_error", "code": str(status)}}


def cut_stream(server: OpenAIServer) -> None:
    server.plan_reading()
    server.plan_stream(["MODEL-REPLY: ", "I hear"], ending="cut")


FAULTS: dict[str, tuple[Callable[[OpenAIServer], None], str]] = {
    "hang": (lambda server: everything(server, Planned(hang=True)), "timed out"),
    "429": (lambda server: everything(server, Planned(429, error_body(429))), "rate limited"),
    "500": (lambda server: everything(server, Planned(500, error_body(500))), "server error"),
    "malformed": (lambda server: everything(server, Planned(body="{not json")), "malformed"),
    "stream-cut": (cut_stream, "stream cut"),
}


@pytest.fixture
def slow_retries(ai_config: AIConfig) -> AIConfig:
    """The client's real retry schedule (0.5 s doubling, 3 retries), as in production."""
    return dataclasses.replace(
        ai_config, backoff_base_seconds=0.5, max_backoff_seconds=8.0, max_retries=3
    )


@override_settings(ELIZA_MODEL_BUDGET_SECONDS=BUDGET)
@pytest.mark.parametrize("fault", FAULTS)
def test_a_model_fault_is_answered_offline_within_the_budget(
    owner, slow_retries, openai_server, fault
):
    plan, what = FAULTS[fault]
    plan(openai_server)
    engine = build_engine(slow_retries, on_usage=record_usage)
    events = Events()

    result, waited = send(owner, engine, emit=events)

    assert waited < BUDGET + 1
    turn = Turn.objects.get(pk=result["message_id"])
    assert turn.text == MESSAGE
    assert turn.status == Turn.Status.DONE
    assert turn.reply == result["reply"]
    assert "MODEL-REPLY" not in turn.reply
    assert turn.reply not in FALLBACK_REPLIES.values()  # a real reply, not "I lost my thread"
    assert [entry["node"] for entry in result["trace"]][-2:] == ["respond", "store_memory"]
    assert notes(result)["respond"].endswith("; offline reply")
    assert what in " ".join(notes(result).values())


@override_settings(ELIZA_MODEL_BUDGET_SECONDS=BUDGET)
def test_a_stream_cut_short_is_shown_then_replaced_by_the_complete_reply(
    owner, ai_config, openai_server
):
    cut_stream(openai_server)
    events = Events()

    result, _ = send(owner, build_engine(ai_config, on_usage=record_usage), emit=events)

    tokens = [payload["text"] for kind, payload in events if kind == "token"]
    assert tokens == ["MODEL-REPLY: ", "I hear"]  # what the person saw before the cut
    assert notes(result)["respond"] == "model stream cut; offline reply"
    assert "MODEL-REPLY" not in result["reply"]
    assert Turn.objects.get(pk=result["message_id"]).reply == result["reply"]


def delayed(body: dict[str, Any] | None = None, chunks: list[Any] | None = None) -> Planned:
    return Planned(body=body, chunks=chunks, delay=0.8)


@override_settings(ELIZA_MODEL_BUDGET_SECONDS=BUDGET)
def test_the_budget_bounds_the_whole_turn_not_each_call(owner, ai_config, openai_server):
    # Every call answers well within its own 2 s timeout, but six of them would take 4.8 s.
    scores = {"joy": 0.1, "anger": 0, "sadness": 0, "fear": 0, "love": 0, "surprise": 0}
    for data in (
        {"level": 0, "reason": "", "quote": ""},
        {**scores, "neutral": 0.9},
        {"intent": "question", "confidence": 0.9},
    ):
        openai_server.plan(delayed(chat_body(json.dumps(data))))
    openai_server.plan(delayed(chunks=stream_chunks(["A model ", "reply."])))
    openai_server.plan(delayed(chat_body(json.dumps({"facts": []}))))
    openai_server.plan(delayed(), path=EMBEDDINGS)

    result, waited = send(owner, build_engine(ai_config, on_usage=record_usage))

    assert waited < BUDGET + 1
    assert "budget spent" in notes(result)["respond"]
    assert result["reply"] != "A model reply."


@override_settings(ELIZA_MODEL_BUDGET_SECONDS=BUDGET)
def test_the_budget_counts_from_when_the_message_arrived(owner, ai_config, openai_server):
    # A message that waited its whole budget for a free connection tries no model at all:
    # the budget bounds what the person waits, queueing included.
    engine = build_engine(ai_config, on_usage=record_usage)

    result = conversations.message_send(
        user=owner,
        text=MESSAGE,
        engine=engine,
        concurrent_tools=False,
        arrived_at=time.monotonic() - BUDGET,
    )

    assert openai_server.requests == []
    assert notes(result)["respond"] == "model budget spent; offline reply"
    assert result["reply"]


@override_settings(ELIZA_MODEL_BUDGET_SECONDS=BUDGET)
def test_the_breaker_opens_after_failures_and_closes_after_a_good_trial(
    owner, ai_config, openai_server
):
    now = [100.0]
    config = dataclasses.replace(ai_config, breaker_failures=3, breaker_cooldown_seconds=30)
    engine = build_engine(config, on_usage=record_usage, clock=lambda: now[0])
    openai_server.plan_error(500, times=3)
    openai_server.plan_error(500, times=3, path=EMBEDDINGS)

    send(owner, engine)  # three failed attempts each: both breakers open
    sent = len(openai_server.requests)
    calls = AICall.objects.count()
    skipped, waited = send(owner, engine)

    assert sent == 6
    assert waited < BUDGET + 1
    assert len(openai_server.requests) == sent  # not one request while it is open
    assert notes(skipped)["respond"] == "model circuit open; offline reply"
    assert AICall.objects.count() == calls  # nothing was sent: no call to record

    now[0] += 31  # the cool-down has passed and the server has recovered
    openai_server.plan_reading()
    openai_server.plan_stream(["Back ", "again."])
    result, _ = send(owner, engine)

    assert (engine.chat.breaker.state, engine.embedder.breaker.state) == ("closed", "closed")
    assert result["reply"] == "Back again."
    assert "offline" not in " ".join(notes(result).values())


def test_a_models_fact_about_a_relative_never_replaces_where_the_person_lives(
    owner, ai_config, openai_server
):
    memory_create(
        user=owner, content="Lives in Lisbon", tier="personal", source="conversation",
        key="location",
    )  # fmt: skip
    engine = build_engine(ai_config, on_usage=record_usage)
    wrong = {"content": "Ana lives in Porto", "tier": "personal", "key": "location",
             "confidence": 0.95}  # fmt: skip
    openai_server.plan_reading(facts=[wrong])
    openai_server.plan_stream(["How lovely."])

    say(owner, "My sister Ana lives in Porto, I miss her", engine=engine)

    where = Memory.objects.get(user=owner, key="location", active=True)
    assert where.content == "Lives in Lisbon"
    assert not Memory.objects.filter(user=owner, content="Ana lives in Porto").exists()
    assert Memory.objects.filter(user=owner, key="relation:sister:home").exists()


def test_a_model_reply_offering_a_food_they_cannot_eat_is_replaced(owner, ai_config, openai_server):
    say(owner, "i cant eat peanuts")  # kept by the offline engine: food:peanut
    engine = build_engine(ai_config, on_usage=record_usage)
    openai_server.plan_reading(intent="question")
    openai_server.plan_stream(["A treat, ", "a peanut!"])

    result = say(owner, "any ideas for a snack before my run tmrw", engine=engine)

    assert "a treat" not in result["reply"].lower()  # the offline reply, not the model's
    assert "food they cannot eat" in notes(result)["respond"]
