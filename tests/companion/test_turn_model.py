"""A turn on the model provider, against the test OpenAI-compatible server: the real client
streams the reply token by token, model failures fall back, usage lands on the session."""

from __future__ import annotations

import pytest

from companion.models import Conversation
from delight.ai.engine import build_engine
from delight.ai.runtime import record_usage
from delight.models import AICall
from tests.companion.test_turn import Events, say

pytestmark = pytest.mark.django_db


def plan_classifiers(server) -> None:
    server.plan_json({"level": 0, "reason": ""}, prompt_tokens=30, completion_tokens=5)
    scores = {"joy": 0.1, "anger": 0, "sadness": 0, "fear": 0, "love": 0, "surprise": 0}
    server.plan_json({**scores, "neutral": 0.9}, prompt_tokens=30, completion_tokens=20)
    server.plan_json(
        {"intent": "question", "confidence": 0.9}, prompt_tokens=30, completion_tokens=5
    )


def test_the_models_streamed_tokens_reach_the_person_in_order(owner, ai_config, openai_server):
    engine = build_engine(ai_config, on_usage=record_usage)
    plan_classifiers(openai_server)
    pieces = ["Try ", "one ", "small ", "step ", "today."]
    openai_server.plan_stream(pieces, prompt_tokens=200, completion_tokens=5)
    openai_server.plan_json({"facts": []}, prompt_tokens=40, completion_tokens=3)
    events = Events()

    result = say(owner, "What should I try first?", engine=engine, emit=events)

    assert [p["text"] for kind, p in events if kind == "token"] == pieces
    assert result["reply"] == "Try one small step today."
    assert result["intent"] == {"label": "question", "confidence": 0.9}
    prompt = openai_server.requests_to("/v1/chat/completions")[3].body["messages"][0]["content"]
    assert "You are Eliza" in prompt
    conversation = Conversation.objects.get(pk=result["session_id"])
    calls = AICall.objects.all()  # every model call of the turn: chat, JSON and embeddings
    assert conversation.tokens == sum(c.prompt_tokens + c.completion_tokens for c in calls)
    assert conversation.tokens >= 30 + 5 + 30 + 20 + 30 + 5 + 200 + 5 + 40 + 3
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
    assert "intent: offline (model failed" in notes["receive_input"]
    assert "reply model failed after" in notes["respond"]
