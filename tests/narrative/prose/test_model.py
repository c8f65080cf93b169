"""A model's beat (a local model server): kept with its changes when its words are a
passage's length, kind and quote the real progress; otherwise the offline draft, with the
reason in its source. The world's refusals of a draft reach the next prompt."""

from __future__ import annotations

import dataclasses

import pytest

from delight.ai.chat import unbounded
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from delight.ai.retries import AIResponseError
from narrative.prose import BEAT_SCHEMA, beat_draft, beat_draft_with_model, beat_text_offline
from tests.narrative.prose.factories import (
    make_bare_facts,
    make_facts,
    model_answer,
    model_change,
    model_text,
)
from tests.support.openai_server import CHAT, OpenAIServer

FACTS = make_facts()


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


def prompt_sent(server: OpenAIServer) -> str:
    return server.requests_to(CHAT)[0].body["messages"][-1]["content"]


def test_a_good_draft_is_kept_with_its_changes_as_plain_dicts(model_engine, openai_server):
    text = model_text().replace("\n\n", "\n  \n", 1).replace("Maya.", "Maya.   ")
    changes = (
        model_change("move", place="commons", who="hero", to="orchard"),
        model_change("give", place="orchard", item="lantern", to="wren", giver="hero"),
        model_change("use", place="orchard", who="wren", item="lantern", used_up=False),
    )
    answer = model_answer(title="  Tea at  the Commons ", text=text, changes=changes)
    openai_server.plan_json(answer)

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.title == "Tea at the Commons"
    assert draft.text.text == model_text()
    assert draft.text.source == "model:gpt-4o"
    assert draft.changes == (
        {"op": "move", "place": "commons", "who": "hero", "to": "orchard"},
        {"op": "give", "place": "orchard", "item": "lantern", "to": "wren", "giver": "hero"},
        {"op": "use", "place": "orchard", "who": "wren", "item": "lantern", "used_up": False},
    )


def test_the_prompt_holds_the_real_progress_the_plan_and_the_offline_words(
    model_engine, openai_server
):
    openai_server.plan_json(model_answer())

    beat_draft(FACTS, engine=model_engine)

    prompt = prompt_sent(openai_server)
    assert "- missions: Run 2 km before breakfast, Stretch for ten minutes" in prompt
    assert "- streak_days: 7" in prompt
    assert "- reflection: It felt easier than I expected" in prompt
    assert '{"op": "introduce", "place": "arena", "kind": "person", "key": "tomas"}' in prompt
    assert "- mira: Mira the Lamplighter (Keeps the valley's lanterns" in prompt
    assert beat_text_offline(FACTS).text in prompt
    assert "refused" not in prompt


def test_the_schema_is_asked_for_in_strict_mode(model_engine, openai_server):
    openai_server.plan_json(model_answer())

    beat_draft(FACTS, engine=model_engine)

    asked = openai_server.requests_to(CHAT)[0].body["response_format"]["json_schema"]
    assert asked["strict"] is True
    assert asked["schema"] == BEAT_SCHEMA
    change = BEAT_SCHEMA["properties"]["changes"]["items"]
    assert set(change["required"]) == set(change["properties"])
    assert change["properties"]["giver"]["type"] == ["string", "null"]


def test_the_worlds_refusals_of_the_last_draft_are_in_the_prompt(model_engine, openai_server):
    openai_server.plan_json(model_answer())

    beat_draft(FACTS, feedback=["The star map was never acquired"], engine=model_engine)

    prompt = prompt_sent(openai_server)
    assert "The world refused your last draft:" in prompt
    assert "- The star map was never acquired" in prompt


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (model_text(words=60), "too short"),
        (model_text(words=480), "too long"),
        (model_text(quote="a few things"), "quotes no real progress"),
    ],
    ids=["too short", "too long", "uncited"],
)
def test_a_draft_that_fails_a_check_leaves_the_offline_draft(
    model_engine, openai_server, text, reason
):
    openai_server.plan_json(model_answer(text=text))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text == dataclasses.replace(
        beat_text_offline(FACTS), source=f"offline (model failed: {reason})"
    )
    assert draft.changes == FACTS.moves


def test_the_offline_words_given_back_are_not_called_the_models(model_engine, openai_server):
    plain = beat_text_offline(FACTS)
    openai_server.plan_json(model_answer(text=plain.text))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.text == plain.text
    assert draft.text.source == "offline (model failed: repeated the offline words)"


def test_a_relation_of_the_persons_nobody_told_is_refused(model_engine, openai_server):
    made_up = model_text() + "\n\nYour sister waves from the bridge, proud of you."
    openai_server.plan_json(model_answer(text=made_up))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.source == "offline (model failed: invented: sister)"


def test_a_harsh_draft_is_refused(model_engine, openai_server):
    harsh = model_text() + "\n\nYou missed three days, and the lanterns nearly went out."
    openai_server.plan_json(model_answer(text=harsh))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.source == "offline (model failed: harsh tone: banned framing “You missed”)"


def test_a_draft_that_reads_as_sad_is_refused(model_engine, openai_server):
    sad = model_text() + "\n\nYou feel so lonely and sad, and the empty square makes you cry."
    openai_server.plan_json(model_answer(text=sad))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.source == "offline (model failed: harsh tone: reads as sadness)"


def test_the_persons_own_words_are_theirs_and_not_the_narrators_tone(model_engine, openai_server):
    facts = make_facts(missions=("Stop ignoring the scary inbox",), missions_count=1)
    openai_server.plan_json(model_answer(text=model_text(quote="“Stop ignoring the scary inbox”")))

    draft = beat_draft(facts, engine=model_engine)

    assert draft.text.source == "model:gpt-4o"


def test_a_length_within_the_slack_is_kept(model_engine, openai_server):
    text = model_text(words=185)
    assert len(text.split()) < 200
    openai_server.plan_json(model_answer(text=text))

    assert beat_draft(FACTS, engine=model_engine).text.source == "model:gpt-4o"


def test_a_beat_with_no_progress_to_quote_needs_no_quote(model_engine, openai_server):
    openai_server.plan_json(model_answer(text=model_text(quote="the day's small things")))

    draft = beat_draft(make_bare_facts(kind="quiet_week"), engine=model_engine)

    assert draft.text.source == "model:gpt-4o"


def test_a_title_over_the_limit_is_refused(model_engine, openai_server):
    for _ in range(3):  # the first answer and the client's retries
        openai_server.plan_json(model_answer(title="A very long title " * 6))

    with pytest.raises(AIResponseError, match="schema violation at title"):
        beat_draft_with_model(FACTS, plain=beat_text_offline(FACTS), chat=model_engine.chat)


def test_answers_that_break_the_schema_leave_the_offline_draft(model_engine, openai_server):
    for _ in range(3):  # the first answer and the client's retries
        openai_server.plan_json(model_answer(changes=(model_change("teleport", place="commons"),)))

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.source == "offline (model failed: invalid output)"
    assert len(openai_server.requests_to(CHAT)) == 3


def test_a_model_that_is_down_leaves_the_offline_draft(model_engine, openai_server):
    openai_server.plan_error(503, times=3)

    draft = beat_draft(FACTS, engine=model_engine)

    assert draft.text.text == beat_text_offline(FACTS).text
    assert draft.text.source.startswith("offline (model failed: ")


def test_the_offline_engine_words_the_plan_with_the_grammar():
    draft = beat_draft(
        FACTS, feedback=["ignored"], engine=OfflineEngine(embedder=HashingEmbedder())
    )

    assert draft.text == beat_text_offline(FACTS)
    assert draft.text.source == "offline"
    assert draft.changes == FACTS.moves


def test_every_string_and_list_of_an_answer_is_bounded():
    """So an answer always fits its token limit (a grammar-bound server never cuts it)."""
    assert unbounded(BEAT_SCHEMA) == []


def test_the_titles_the_story_told_are_in_the_prompt_to_use_none(model_engine, openai_server):
    openai_server.plan_json(model_answer())
    told = ("Another Lantern Lit", "The Steady Flame")

    beat_draft(dataclasses.replace(FACTS, titles_told=told), engine=model_engine)

    prompt = prompt_sent(openai_server)
    assert "use none of them" in prompt
    assert "Another Lantern Lit; The Steady Flame" in prompt


TOLD = (
    "The lanterns of the Commons glow as you arrive, Maya.",
    "A fox trots across the road, and all is well.",
)


def test_the_sentences_the_story_told_lately_are_in_the_prompt_to_tell_none_again(
    model_engine, openai_server
):
    openai_server.plan_json(model_answer(text=model_text().replace("glow as", "shine as")))

    beat_draft(dataclasses.replace(FACTS, sentences_told=TOLD), engine=model_engine)

    prompt = prompt_sent(openai_server)
    assert "tell none of them again" in prompt
    assert "\n- A fox trots across the road, and all is well." in prompt


def test_a_draft_that_tells_a_sentence_of_the_latest_passages_again_is_refused(
    model_engine, openai_server
):
    openai_server.plan_json(model_answer())

    draft = beat_draft(dataclasses.replace(FACTS, sentences_told=TOLD), engine=model_engine)

    assert draft.text.source == (
        "offline (model failed: told before: “The lanterns of the Commons glow as you arrive, "
        "Maya.”)"
    )
