"""A model's wording of a nudge (a local model server): kept when kind, short and true to the
facts; otherwise the template's words, with the reason in the source."""

from __future__ import annotations

import dataclasses

import pytest

from delight.ai.chat import unbounded
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from delight.ai.retries import AIResponseError
from nudges.words import (
    CLOSING,
    NudgeFacts,
    nudge_text,
    nudge_text_offline,
    nudge_text_with_model,
    templates_of,
)
from nudges.words.model import NUDGE_SCHEMA
from tests.support.openai_server import CHAT, OpenAIServer

FACTS = NudgeFacts(
    step="day_2",
    first_name="Maya",
    goal_title="Learn Spanish",
    category="growth",
    mission_title="Order a coffee in Spanish",
    detail="your sister Ana",
    days_away=3,
    streak_best=12,
)
TEMPLATE = templates_of("day_2")[0]  # day_2.detail_goal
PLAIN = nudge_text_offline(FACTS, TEMPLATE)


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


def test_a_kind_answer_is_kept(model_engine, openai_server: OpenAIServer):
    openai_server.plan_json(
        {"title": "Hola, Maya!", "body": "Ana will love hearing your new Spanish words."}
    )

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert (words.title, words.body) == (
        "Hola, Maya!",
        "Ana will love hearing your new Spanish words.",
    )
    assert words.source == "model:gpt-4o-mini"
    prompt = openai_server.requests_to(CHAT)[0].body["messages"][-1]["content"]
    assert "- goal: Learn Spanish" in prompt
    assert "- detail: your sister Ana" in prompt
    assert PLAIN.body in prompt


def test_a_shaming_answer_is_refused_for_the_templates_words(model_engine, openai_server):
    openai_server.plan_json(
        {"title": "Come on, Maya", "body": "You missed 3 days, don't lose your streak!"}
    )

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert (words.title, words.body) == (PLAIN.title, PLAIN.body)
    assert words.source.startswith("offline (model failed: harsh tone: banned framing")


def test_the_templates_words_given_back_are_not_called_the_models(model_engine, openai_server):
    openai_server.plan_json({"title": "Hi Maya", "body": PLAIN.body})

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert (words.title, words.body) == (PLAIN.title, PLAIN.body)
    assert words.source == "offline (model failed: repeated the offline words)"


def test_a_sad_answer_is_refused(model_engine, openai_server):
    openai_server.plan_json(
        {"title": "Hi Maya", "body": "I feel so sad and lonely, and I worry about you."}
    )

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert words.source == "offline (model failed: harsh tone: reads as sadness)"


def test_a_malformed_answer_leaves_the_templates_words(model_engine, openai_server):
    openai_server.plan_malformed(times=3)

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert (words.title, words.body) == (PLAIN.title, PLAIN.body)
    assert words.source.startswith("offline (model failed: ")


def test_an_answer_over_the_length_limits_leaves_the_templates_words(model_engine, openai_server):
    for _ in range(3):  # the first answer and the client's retries
        openai_server.plan_json({"title": "Hi", "body": "Lovely. " * 50})

    words = nudge_text(FACTS, TEMPLATE, engine=model_engine)

    assert words.body == PLAIN.body
    assert words.source.startswith("offline (model failed: ")


@pytest.mark.parametrize(
    ("title", "body"),
    [("Run a half marathon", "Running"), ("A small hello about", "A small hello about")],
)
def test_a_body_that_says_nothing_is_refused(model_engine, openai_server, title, body):
    openai_server.plan_json({"title": title, "body": body})

    with pytest.raises(AIResponseError, match="no message"):
        nudge_text_with_model(FACTS, plain=PLAIN, chat=model_engine.chat)


def test_words_said_twice_are_refused(model_engine, openai_server):
    body = "I'll be here whenever you want to come back, I'll be here whenever you want to come"
    openai_server.plan_json({"title": "Run a half marathon", "body": body})

    with pytest.raises(AIResponseError, match="says the same words twice"):
        nudge_text_with_model(FACTS, plain=PLAIN, chat=model_engine.chat)


def test_a_number_the_facts_do_not_hold_is_refused(model_engine, openai_server):
    openai_server.plan_json({"title": "Hi Maya", "body": "Five minutes, 20 words of Spanish?"})

    with pytest.raises(AIResponseError, match="unknown number"):
        nudge_text_with_model(FACTS, plain=PLAIN, chat=model_engine.chat)


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ("Run a half marathon with your brother this spring?", "brother"),
        ("Maybe order a coffee with Dana, in Spanish?", "Dana"),
    ],
)
def test_a_person_the_facts_never_name_is_refused(model_engine, openai_server, body, named):
    openai_server.plan_json({"title": "Hi Maya", "body": body})

    with pytest.raises(AIResponseError, match=f"invented: {named}"):
        nudge_text_with_model(FACTS, plain=PLAIN, chat=model_engine.chat)


def test_the_last_nudge_from_the_model_still_ends_warmly(model_engine, openai_server):
    last = dataclasses.replace(FACTS, step="day_7")
    openai_server.plan_json({"title": "Take care, Maya", "body": "Your 12 good days are yours."})

    words = nudge_text(last, templates_of("day_7")[0], engine=model_engine)

    assert words.body == f"Your 12 good days are yours. {CLOSING}"
    assert words.source == "model:gpt-4o-mini"
    asked = openai_server.requests_to(CHAT)[0].body["messages"]
    assert any(CLOSING in message["content"] for message in asked if message["role"] == "system")


def test_the_offline_engine_writes_the_template():
    words = nudge_text(FACTS, TEMPLATE, engine=OfflineEngine(embedder=HashingEmbedder()))

    assert (words.title, words.body, words.source) == (PLAIN.title, PLAIN.body, "offline")


def test_every_string_and_list_of_an_answer_is_bounded():
    """So an answer always fits its token limit (a grammar-bound server never cuts it)."""
    assert unbounded(NUDGE_SCHEMA) == []
