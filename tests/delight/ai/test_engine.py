"""The Engine interface: offline and model-backed, and how build_engine chooses."""

from __future__ import annotations

import dataclasses
import json

import pytest

from delight.ai.chat import OpenAIChat
from delight.ai.classifiers import screen_safety
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder, OnnxMiniLMEmbedder, OpenAIEmbedder
from delight.ai.engine import (
    EXACT_ACTS,
    READING_MAX_TOKENS,
    REPLY_MAX_TOKENS,
    Engine,
    ModelEngine,
    OfflineEngine,
    ReplyRequest,
    build_engine,
)
from delight.ai.offline import GoalNote, MemoryNote, ReplyContext, ZoneNote
from delight.ai.types import EMOTIONS, INTENTS, ChatMessage, Usage
from tests.support.openai_server import CHAT, OpenAIServer, Planned, stream_chunks


@pytest.fixture
def usages() -> list[Usage]:
    return []


@pytest.fixture
def model_engine(ai_config: AIConfig, usages: list[Usage]) -> ModelEngine:
    engine = build_engine(ai_config, on_usage=usages.append, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


# -- choice ---------------------------------------------------------------------------------


def test_without_a_key_build_engine_is_offline() -> None:
    engine = build_engine(AIConfig(embeddings="hashing"))
    assert isinstance(engine, OfflineEngine)
    assert isinstance(engine, Engine)
    assert engine.embedder.name == "hashing-v1"


def test_with_a_key_build_engine_uses_the_model_and_openai_embeddings(
    ai_config: AIConfig,
) -> None:
    engine = build_engine(ai_config)
    assert isinstance(engine, ModelEngine)
    assert isinstance(engine, Engine)
    assert isinstance(engine.embedder, OpenAIEmbedder)
    assert engine.name == "model:gpt-4o-mini"


def test_engines_are_independent_objects() -> None:
    assert build_engine(AIConfig()) is not build_engine(AIConfig())


# -- offline --------------------------------------------------------------------------------


def test_offline_engine_replies_and_streams_the_same_text() -> None:
    engine = OfflineEngine()
    request = ReplyRequest(
        text="I want to learn the guitar",
        context=ReplyContext(
            name="Sam",
            goal_notes=(GoalNote("Learn the guitar"),),
            missions=("tune it", "one chord"),
        ),
    )

    result = engine.reply(request)
    chunks = list(engine.stream_reply(request))

    assert result.engine == "offline"
    assert result.text
    assert not result.fallback
    assert "".join(chunks) == result.text
    assert len(chunks) > 3


def test_an_offline_stream_says_which_rule_answered_once_written() -> None:
    stream = OfflineEngine().stream_reply(ReplyRequest(text="wish me luck", act="kindness"))
    assert stream.rule == ""
    assert "".join(stream).startswith("Good luck")
    assert stream.rule == "act:kindness"


def test_offline_engine_classifies_with_the_offline_classifiers() -> None:
    engine = OfflineEngine()
    assert engine.classify_intent("How do streaks work?").label in INTENTS
    assert engine.detect_emotion("I am so happy today!").source == "offline"
    assert engine.screen_safety("I had a lovely walk").level == 0
    assert engine.extract_facts("My name is Ana")[0].key == "name"


# -- model ----------------------------------------------------------------------------------


def test_model_reply_sends_persona_strategy_context_and_history(
    model_engine: ModelEngine, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_chat("  Let's start small.  ")
    request = ReplyRequest(
        text="What next?",
        history=[ChatMessage("user", "hi"), ChatMessage("assistant", "Hello!")],
        strategy="calm",
        context=ReplyContext(name="Sam", goal_notes=(GoalNote("Run a 5k"),)),
    )

    result = model_engine.reply(request)

    assert result.text == "Let's start small."
    assert result.engine == "model:gpt-4o-mini"
    messages = openai_server.requests_to(CHAT)[0].body["messages"]
    system = messages[0]["content"]
    assert "Eliza" in system
    assert "Sam" in system
    assert "- Goal: Run a 5k" in system
    assert "breathing" in system
    assert [m["content"] for m in messages[1:]] == ["hi", "Hello!", "What next?"]
    assert usages[-1].purpose == "chat"
    assert usages[-1].ok


def test_zone_lines_come_with_a_sentence_to_answer_from_them(model_engine: ModelEngine) -> None:
    zone = ZoneNote("Arena", True, "closes at 21:00", 60, "health and craft")
    asked = ReplyRequest(text="Is the Arena open?", context=ReplyContext(zones=(zone,)))
    goal = ReplyContext(goal_notes=(GoalNote("Run a 5k"),))

    system = model_engine.messages_for(asked)[0].content
    without = model_engine.messages_for(ReplyRequest(text="Hi", context=goal))

    line = "Zone: Arena — open now, closes at 21:00 (in 60 minutes); for health and craft"
    assert f"- {line}" in system
    assert "answer from them" in system
    assert "Zone lines" not in without[0].content


def test_model_reply_falls_back_to_offline_when_the_model_is_down(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(503, times=3)

    result = model_engine.reply(ReplyRequest(text="I want to run a marathon"))

    assert result.fallback
    assert result.engine == "offline"
    assert "503" in result.error
    assert "run a marathon" in result.text


def test_model_stream_yields_model_chunks(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_stream(["One ", "step ", "at a time."])
    assert list(model_engine.stream_reply(ReplyRequest(text="help"))) == [
        "One ",
        "step ",
        "at a time.",
    ]


def test_model_stream_that_cannot_start_streams_the_offline_reply(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(500, times=3)
    request = ReplyRequest(text="I feel sad")

    stream = model_engine.stream_reply(request)
    streamed = "".join(stream)

    assert streamed == model_engine.offline.reply(request).text
    assert stream.text == streamed
    assert stream.fallback == "server error (500)"
    assert not stream.retracted


@pytest.mark.parametrize("ending", ["cut", "break", "stall"])
def test_a_model_stream_that_breaks_off_is_replaced_by_the_whole_offline_reply(
    model_engine: ModelEngine, openai_server: OpenAIServer, ending: str
) -> None:
    openai_server.plan_stream(["MODEL-REPLY: ", "I hear"], ending=ending)
    request = ReplyRequest(text="I feel sad")

    stream = model_engine.stream_reply(request)
    shown = list(stream)

    assert shown == ["MODEL-REPLY: ", "I hear"]  # already on the person's screen
    assert stream.retracted
    assert stream.text == model_engine.offline.reply(request).text
    assert "MODEL-REPLY" not in stream.text
    assert stream.fallback == ("timed out" if ending == "stall" else "stream cut")


def test_a_model_stream_that_finishes_is_the_reply(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_stream(["One ", "step."])

    stream = model_engine.stream_reply(ReplyRequest(text="help"))
    list(stream)

    assert (stream.text, stream.fallback, stream.retracted) == ("One step.", "", False)


def test_a_rambling_reply_cut_at_its_token_limit_is_replaced_by_the_offline_one(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    chunks = stream_chunks(["I'm going to make sure ", "you're safe, I'm going to "])
    chunks[-2]["choices"][0]["finish_reason"] = "length"
    openai_server.plan(Planned(chunks=chunks))

    stream = model_engine.stream_reply(ReplyRequest(text="help"))
    list(stream)

    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["max_tokens"] == REPLY_MAX_TOKENS
    assert (stream.fallback, stream.retracted) == ("too long", True)
    assert "going to" not in stream.text
    assert model_engine.chat.breaker.state == "closed"  # the server is fine


@pytest.mark.parametrize("act", sorted(EXACT_ACTS))
def test_an_answer_of_record_is_the_offline_engines_word_for_word(
    model_engine: ModelEngine, openai_server: OpenAIServer, act: str
) -> None:
    request = ReplyRequest(text="what do you remember about me", act=act)

    streamed = model_engine.stream_reply(request)
    list(streamed)

    assert openai_server.requests_to(CHAT) == []  # a model retold "Ana" as "Alex"
    assert streamed.text == model_engine.offline.reply(request).text
    assert model_engine.reply(request).engine == "offline"


def test_a_model_reply_offering_a_food_they_cannot_eat_is_taken_back(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    peanuts = ("food:peanut", "Can not eat peanuts")
    remembered = ReplyContext(memory_notes=(MemoryNote(peanuts[1], key=peanuts[0]),))
    for request in (
        ReplyRequest(text="whats a good snack before a run", act="advice", context=remembered),
        ReplyRequest(text="i cant eat peanuts, any snack ideas", act="advice", told=(peanuts,)),
    ):
        openai_server.plan_stream(["Try a ", "peanut butter wrap ", "before your run."])

        stream = model_engine.stream_reply(request)
        list(stream)

        assert (stream.fallback, stream.retracted) == ("a food they cannot eat", True)
        assert "peanut" not in stream.text.lower()


@pytest.mark.parametrize(
    ("pieces", "problem"),
    [
        (["I'm so sorry. ", "I'm so sorry. ", "I'm so sorry."], "says the same words twice"),
        (["That's a bit of ", "a lame comment."], "harsh words"),
        (["Keep going with “Run a 5k ", "(0% done)”!"], "the prompt's own marks"),
        (["Memory (pet:cat): ", "you have a cat."], "the prompt's own marks"),
        (["Your best_time:morning ", "suits a run."], "the prompt's own marks"),
    ],
)
def test_a_model_reply_that_loops_or_is_harsh_is_taken_back(
    model_engine: ModelEngine, openai_server: OpenAIServer, pieces: list[str], problem: str
) -> None:
    openai_server.plan_stream(pieces)

    stream = model_engine.stream_reply(ReplyRequest(text="double shift today", act="listen"))
    list(stream)

    assert (stream.fallback, stream.retracted) == (problem, True)


def test_the_chat_and_the_embedder_of_an_engine_have_a_breaker_each(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    engine = build_engine(dataclasses.replace(ai_config, breaker_failures=1))
    assert isinstance(engine, ModelEngine)
    openai_server.plan_error(500, times=3)

    engine.classify_intent("How do streaks work?")  # chat fails: its breaker opens
    vector = engine.embedder.embed_one("streaks")

    assert engine.chat.breaker.state == "open"
    assert engine.embedder.breaker.state == "closed"
    assert len(vector) == 384


def test_crisis_reply_uses_the_fixed_offline_message(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    result = model_engine.reply(ReplyRequest(text="I want to end it", strategy="crisis"))
    assert "988" in result.text
    assert openai_server.requests_to(CHAT) == []


def test_model_classifies_intent_with_a_json_schema(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_json({"intent": "create_goal", "confidence": 0.92})

    result = model_engine.classify_intent("I'd like to start a new goal")

    assert (result.label, result.confidence, result.source) == ("create_goal", 0.92, "model")
    sent = openai_server.requests_to(CHAT)[0].body
    assert sent["response_format"]["json_schema"]["strict"] is True
    assert sent["temperature"] == 0.0
    assert "create_goal" in json.dumps(sent["messages"])


def test_invalid_model_classification_falls_back_to_offline_and_says_so(
    model_engine: ModelEngine, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    for _ in range(3):
        openai_server.plan_json({"intent": "philosophy", "confidence": 2})

    result = model_engine.classify_intent("How do streaks work?")

    assert result.label in INTENTS
    assert result.source.startswith("offline (model failed")
    assert [u.ok for u in usages] == [False, False, False]


def test_model_emotion_scores_pick_the_dominant_label(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    scores = {name: 0.05 for name in EMOTIONS} | {"fear": 0.7, "sadness": 0.4}
    openai_server.plan_json(scores)

    result = model_engine.detect_emotion("The exam is tomorrow and I'm not ready")

    assert result.dominant == "fear"
    assert result.scores == scores
    assert result.source == "model"


@pytest.mark.parametrize(
    "scores",
    [
        {name: 0.0 for name in EMOTIONS},
        {name: 0.0 for name in EMOTIONS} | {"joy": 0.5, "sadness": 0.5},
    ],
    ids=["all zero", "a tie at the top"],
)
def test_model_emotion_with_no_clear_leader_is_neutral(
    model_engine: ModelEngine, openai_server: OpenAIServer, scores: dict[str, float]
) -> None:
    openai_server.plan_json(scores)

    assert model_engine.detect_emotion("I feel lonely").dominant == "neutral"


def test_model_emotion_failure_uses_the_lexicon(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(500, times=3)
    result = model_engine.detect_emotion("I am so happy!")
    assert set(result.scores) == set(EMOTIONS)
    assert result.source.startswith("offline")


def test_model_cannot_lower_the_offline_safety_level(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    text = "I want to die"
    floor = model_engine.offline.screen_safety(text)
    assert floor.level >= 2
    openai_server.plan_json({"level": 0, "reason": "joking", "quote": ""})

    result = model_engine.screen_safety(text)

    assert result.level == floor.level
    assert result.reason == floor.reason


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("I'm a nurse and I work nights", ""),
        ("I'm a nurse and I work nights", "nurse"),
        ("kill me now, my mother in law is staying for two weeks", "kill me now"),
        ("im dying 😂😂 that video of the goat screaming", "im dying"),
    ],
)
def test_model_alone_cannot_raise_a_message_the_rules_read_as_clean(
    model_engine: ModelEngine, openai_server: OpenAIServer, text: str, quote: str
) -> None:
    assert screen_safety(text).level == 0
    openai_server.plan_json({"level": 3, "reason": "in danger", "quote": quote})

    result = model_engine.screen_safety(text)

    assert result.level == 0
    assert "model" not in result.matched


def test_with_a_local_embedder_the_messages_meaning_is_part_of_the_floor(
    ai_config: AIConfig, openai_server: OpenAIServer
) -> None:
    engine = build_engine(ai_config, embedder=OnnxMiniLMEmbedder())
    text = "i keep hoping i just won't wake up one of these mornings"
    assert screen_safety(text).level == 0  # the rules alone miss it
    openai_server.plan_json({"level": 0, "reason": "tired", "quote": ""})

    assert engine.screen_safety(text).level >= 2


def test_model_can_raise_a_level_the_rules_already_flagged(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    text = "I feel hopeless lately"
    floor = model_engine.offline.screen_safety(text)
    assert floor.level == 1
    openai_server.plan_json({"level": 2, "reason": "hopelessness", "quote": ""})

    assert model_engine.screen_safety(text).level == 2


def test_safety_screen_keeps_the_offline_floor_when_the_model_fails(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(500, times=3)
    text = "I want to die"

    result = model_engine.screen_safety(text)

    assert result.level == model_engine.offline.screen_safety(text).level
    assert result.source.startswith("offline (model failed")


def test_model_facts_are_merged_with_rule_facts_for_missing_keys(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_json(
        {
            "facts": [
                {"content": "Works as a nurse", "tier": "personal", "key": "Occupation",
                 "confidence": 0.9},
                {"content": "Wants to run a 5k", "tier": "project", "key": "goal:run_5k",
                 "confidence": 0.8},
            ]
        }
    )  # fmt: skip

    facts = model_engine.extract_facts("My name is Ana, I'm a nurse and I want to run a 5k")

    keys = [fact.key for fact in facts]
    assert sorted(keys) == ["goal:run_5k", "name", "occupation"]  # each slot once


def test_fact_extraction_failure_uses_the_rules(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    for _ in range(3):
        openai_server.plan_json({"facts": [{"content": "x", "tier": "forever"}]})

    facts = model_engine.extract_facts("My name is Ana")

    assert [fact.key for fact in facts] == ["name"]


def test_model_engine_accepts_an_injected_chat(ai_config: AIConfig) -> None:
    chat = OpenAIChat(ai_config, on_usage=lambda u: None)
    engine = ModelEngine(chat, HashingEmbedder(), OfflineEngine())
    assert engine.chat is chat
    assert engine.embedder.name == "hashing-v1"


def test_each_reading_of_a_message_is_recorded_with_its_own_purpose(
    model_engine: ModelEngine, openai_server: OpenAIServer, usages: list[Usage]
) -> None:
    openai_server.plan_json({"level": 0, "reason": "", "quote": ""})
    openai_server.plan_json({name: 0.0 for name in EMOTIONS})
    openai_server.plan_json({"intent": "question", "confidence": 0.9})
    openai_server.plan_json({"facts": []})
    openai_server.plan_reading()
    text = "I have a big exam tomorrow"

    model_engine.screen_safety(text)
    model_engine.detect_emotion(text)
    model_engine.classify_intent(text)
    model_engine.extract_facts(text)
    model_engine.read_message(text)

    chat_calls = [usage.purpose for usage in usages if usage.purpose != "embedding"]
    assert chat_calls == ["safety", "emotion", "intent", "facts", "reading"]


# -- one reading of a message ------------------------------------------------------------------


def test_a_model_reads_a_message_once_for_all_four_parts(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    nurse = {"content": "Works as a nurse", "tier": "personal", "key": "occupation",
             "confidence": 0.9}  # fmt: skip
    openai_server.plan_reading(facts=[nurse], intent="reflection")

    reading = model_engine.read_message("I'm a nurse and the night shifts wear me out")

    asked = openai_server.requests_to(CHAT)
    assert len(asked) == 1
    assert asked[0].body["temperature"] == 0
    assert asked[0].body["max_tokens"] == READING_MAX_TOKENS
    assert asked[0].body["response_format"]["type"] == "json_schema"
    assert (reading.intent.label, reading.intent.source) == ("reflection", "model")
    assert (reading.emotion.dominant, reading.safety.level) == ("neutral", 0)
    assert [fact.content for fact in reading.facts] == ["Works as a nurse"]
    assert reading.facts_source == "model"


def test_the_one_reading_is_decided_as_each_reading_alone(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    """The rules' safety floor holds and the product decides the facts."""
    wrong = {"content": "Ana lives in Porto", "tier": "personal", "key": "location",
             "confidence": 0.95}  # fmt: skip
    openai_server.plan_reading(facts=[wrong], level=3)

    reading = model_engine.read_message("My sister Ana lives in Porto, I miss her")

    assert reading.safety.level == 0  # a model alone never raises a clean message
    assert [fact.key for fact in reading.facts] == ["relation:sister", "relation:sister:home"]


def test_a_reading_the_model_cannot_give_is_the_offline_engines_saying_why(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    openai_server.plan_error(500, times=3)
    text = "My name is Ana. I feel like a burden to everyone"

    reading = model_engine.read_message(text)

    floor = model_engine.offline.screen_safety(text)
    assert floor.level == 1
    assert dataclasses.replace(reading.safety, source="") == dataclasses.replace(floor, source="")
    assert [fact.key for fact in reading.facts] == ["name"]
    sources = {reading.safety.source, reading.emotion.source, reading.intent.source}
    assert sources == {"offline (model failed: server error (500))"}
    assert reading.facts_source == "offline (model failed: server error (500))"


def test_the_offline_engine_reads_a_message_as_each_classifier_does() -> None:
    engine = OfflineEngine()
    text = "my cat Pepper passed away last week"

    reading = engine.read_message(text, before="celebrate")

    assert reading.safety == engine.screen_safety(text)
    assert reading.emotion == engine.detect_emotion(text)
    assert reading.intent == engine.classify_intent(text, before="celebrate")
    assert list(reading.facts) == engine.extract_facts(text)
    assert reading.facts_source == "offline"


def test_heavy_feelings_tied_at_the_top_are_never_read_as_neutral(
    model_engine: ModelEngine, openai_server: OpenAIServer
) -> None:
    tie = {"joy": 0, "anger": 0.5, "sadness": 0.5, "fear": 0.5, "love": 0, "surprise": 0}
    openai_server.plan_json({**tie, "neutral": 0.1})

    assert model_engine.detect_emotion("i cant stop shaking, the test is tomorrow").dominant == (
        "fear"
    )
