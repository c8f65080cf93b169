"""Insights in words: the offline templates, their tone, and a model's words kept only when
they are kind and quote only the facts."""

from __future__ import annotations

import jsonschema
import pytest

from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from delight.ai.retries import AIResponseError
from goals.insight_words import (
    INSIGHT_SCHEMA,
    KINDS,
    TEMPLATES,
    InsightFacts,
    insight_text,
    insight_text_offline,
    insight_text_with_model,
    render,
    tone_ok,
)
from tests.support.openai_server import CHAT, OpenAIServer

# Facts of each kind as the detectors write them, with every number a template may quote.
SAMPLES: dict[str, dict[str, int | float | str]] = {
    "best_category": {"category": "health", "done": 9, "offered": 12},
    "best_time": {"start": "19:00", "end": "21:00", "count": 7, "total": 12},
    "weekday": {"weekday": "Tuesday", "count": 11, "weeks": 8},
    "trend": {"this_week": 7, "last_week": 4},
    "comeback": {"missions": 3, "days_away": 9},
    "habit_days": {
        "habit": "Meditate",
        "side": "weekday",
        "done": 28,
        "asked": 30,
        "other": "weekend",
        "other_done": 3,
        "other_asked": 12,
    },
}
HEALTH_WEEK = InsightFacts(
    "best_category", "best_category:health:2026-W10", SAMPLES["best_category"]
)


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


# -- offline ------------------------------------------------------------------------------


def test_every_kind_has_several_phrasings():
    assert set(TEMPLATES) == set(KINDS)
    assert all(len(TEMPLATES[kind]) >= 3 for kind in KINDS)


@pytest.mark.parametrize(
    ("kind", "template"), [(kind, t) for kind in KINDS for t in TEMPLATES[kind]]
)
def test_every_template_is_kind_and_quotes_its_numbers(kind, template):
    text = render(template, SAMPLES[kind])

    assert tone_ok(text), text
    assert "{" not in text
    assert "|" not in text
    assert len(text) <= INSIGHT_SCHEMA["properties"]["text"]["maxLength"]


def test_the_example_insights_read_as_promised():
    assert insight_text_offline(
        InsightFacts("trend", "trend:2026-W10", {"this_week": 7, "last_week": 4})
    ) in {render(t, {"this_week": 7, "last_week": 4}) for t in TEMPLATES["trend"]}
    assert "9 of 12 health missions" in insight_text_offline(HEALTH_WEEK)


def test_one_insight_reads_the_same_every_time_and_people_get_different_words():
    assert insight_text_offline(HEALTH_WEEK) == insight_text_offline(HEALTH_WEEK)

    returns = [f"comeback:2026-03-{day:02d}" for day in range(1, 29)]
    texts = {
        insight_text_offline(InsightFacts("comeback", key, SAMPLES["comeback"])) for key in returns
    }
    assert len(texts) > 1


def test_the_count_of_offered_missions_is_quoted_only_when_known():
    facts = InsightFacts("best_category", "k", {"category": "craft", "done": 5})

    text = insight_text_offline(facts)

    assert "5" in text
    assert "craft" in text
    assert " of " not in text


def test_one_mission_reads_in_the_singular():
    facts = InsightFacts("comeback", "comeback:2026-03-02", {"missions": 1, "days_away": 4})

    assert "1 mission " in insight_text_offline(facts)


def test_facts_no_template_can_say_are_refused():
    with pytest.raises(ValueError, match="no trend template"):
        insight_text_offline(InsightFacts("trend", "k", {"this_week": 7}))


# -- tone ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "You missed 3 days this week.",
        "You only did 2 missions.",
        "You failed your health goal.",
        "You are behind on craft.",
        "You should have started earlier.",
        "Don\u2019t lose your streak!",
        "Your streak is gone.",
        "That was a bit lazy.",
        "A disappointing week.",
        "You did more than most people.",
    ],
)
def test_shaming_framings_are_refused(text):
    assert not tone_ok(text)


def test_kind_words_that_contain_a_banned_one_pass():
    assert tone_ok("Lonely mornings turned into 3 runs this week.")


# -- model --------------------------------------------------------------------------------


def test_the_models_words_are_kept_when_kind_and_true(model_engine, openai_server: OpenAIServer):
    openai_server.plan_json({"text": "Nine of twelve! 9 of 12 health missions this week."})

    written = insight_text(HEALTH_WEEK, engine=model_engine)

    assert written.text == "Nine of twelve! 9 of 12 health missions this week."
    assert written.source == "model:gpt-4o-mini"
    body = openai_server.requests_to(CHAT)[0].body
    prompt = body["messages"][-1]["content"]
    assert "- done: 9" in prompt
    assert "- offered: 12" in prompt
    assert insight_text_offline(HEALTH_WEEK) in prompt


def test_a_shaming_model_answer_falls_back_to_the_offline_words(model_engine, openai_server):
    openai_server.plan_json({"text": "You finished 9 of 12, but you missed 3 health missions."})

    written = insight_text(HEALTH_WEEK, engine=model_engine)

    assert written.text == insight_text_offline(HEALTH_WEEK)
    assert written.source == "offline (model failed: harsh tone)"


def test_a_model_answer_with_a_number_nobody_counted_falls_back(model_engine, openai_server):
    openai_server.plan_json({"text": "You finished 10 of 12 health missions this week!"})

    written = insight_text(HEALTH_WEEK, engine=model_engine)

    assert written.text == insight_text_offline(HEALTH_WEEK)
    assert written.source == "offline (model failed: unknown number)"


def test_a_model_answer_naming_someone_nobody_mentioned_falls_back(model_engine, openai_server):
    openai_server.plan_json({"text": "Your health missions go best when your sister joins in."})

    written = insight_text(HEALTH_WEEK, engine=model_engine)

    assert written.text == insight_text_offline(HEALTH_WEEK)
    assert written.source == "offline (model failed: invented)"


def test_a_model_that_is_down_leaves_the_offline_words(model_engine, openai_server):
    openai_server.plan_error(503, times=3)

    written = insight_text(HEALTH_WEEK, engine=model_engine)

    assert written.text == insight_text_offline(HEALTH_WEEK)
    assert written.source.startswith("offline (model failed: server error (503)")


def test_insight_text_with_model_refuses_harsh_words(model_engine, openai_server):
    openai_server.plan_json({"text": "Only 9 of 12 this week."})

    with pytest.raises(AIResponseError, match="harsh"):
        insight_text_with_model(HEALTH_WEEK, chat=model_engine.chat)


def test_times_are_numbers_the_facts_hold(model_engine, openai_server):
    facts = InsightFacts("best_time", "best_time:19:2026-03", SAMPLES["best_time"])
    openai_server.plan_json({"text": "Evenings suit you: 7 of 12 between 19:00 and 21:00."})

    assert insight_text_with_model(facts, chat=model_engine.chat).startswith("Evenings")


def test_the_offline_engine_writes_insights_offline():
    written = insight_text(HEALTH_WEEK, engine=OfflineEngine(embedder=HashingEmbedder()))

    assert (written.text, written.source) == (insight_text_offline(HEALTH_WEEK), "offline")


def test_the_schema_bounds_the_text():
    jsonschema.validate({"text": "Nice week."}, INSIGHT_SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"text": "x" * 301}, INSIGHT_SCHEMA)
