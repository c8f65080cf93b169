"""A model's facts, as the product decides them (delight/ai/fact_checks.py): each wrong
answer a small model gave in a real run is refused or corrected."""

from __future__ import annotations

import pytest

from delight.ai.fact_checks import CANDIDATE, facts_decided, said_in
from delight.ai.offline import extract_facts
from delight.ai.types import ExtractedFact


def proposed(content: str, key: str = "", tier: str = "personal") -> ExtractedFact:
    return ExtractedFact(content=content, tier=tier, key=key, confidence=0.9, tags=("model",))


def decided(text: str, *facts: ExtractedFact) -> list[ExtractedFact]:
    return facts_decided(list(facts), extract_facts(text), text)


def test_a_relatives_home_never_fills_where_the_person_lives():
    facts = decided("My sister Ana lives in Porto", proposed("Ana lives in Porto", "location"))

    assert "location" not in {fact.key for fact in facts}
    # Said once, by the offline reading's fact under the sister's slot.
    assert [fact.key for fact in facts] == ["relation:sister", "relation:sister:home"]


def test_a_profile_slot_the_offline_reading_misses_is_a_candidate_replacing_nothing():
    text = "thinking of moving to Porto next year"

    facts = decided(text, proposed("Moving to Porto next year", "location"))

    assert [(fact.content, fact.key) for fact in facts] == [("Moving to Porto next year", "")]
    assert CANDIDATE in facts[0].tags


def test_what_the_offline_reading_holds_is_not_kept_twice():
    facts = decided("We have a cat called Pepper", proposed("Has a cat called Pepper", "", "task"))

    assert [(fact.key, fact.tier) for fact in facts] == [("pet:cat", "personal")]


@pytest.mark.parametrize("text", ["What's my sister's name?", "whats my sisters name"])
def test_a_question_tells_the_model_nothing_of_the_person(text):
    facts = decided(text, proposed("Sister's name", "name"))

    assert "name" not in {fact.key for fact in facts}
    assert facts == extract_facts(text)


def test_a_profile_slot_the_offline_reading_fills_keeps_the_persons_own_words():
    facts = decided("I live in Lisbon these days", proposed("User resides in Lisbon", "location"))

    assert [(fact.key, fact.content) for fact in facts] == [("location", "Lives in Lisbon")]


def test_the_persons_voice_is_told_in_the_third_person():
    facts = decided("I am a nurse and I love my night shifts", proposed("I love my night shifts"))

    assert "They love their night shifts" in [fact.content for fact in facts]


def test_advice_and_words_never_said_are_no_facts():
    text = "i cant sleep, im so stressed about work"

    facts = decided(
        text,
        proposed("Try deep breathing before bed"),
        proposed("Owns a boat"),
        proposed("Work", "work"),
    )

    assert not {"Try deep breathing before bed", "Owns a boat", "Work"} & {f.content for f in facts}


def test_a_key_that_is_no_slot_replaces_nothing():
    facts = decided(
        "work has me so stressed lately", proposed("Stressed by work", "feeling: stress")
    )

    assert [(fact.content, fact.key) for fact in facts] == [("Stressed by work", "")]


def test_a_pet_is_personal_whatever_tier_the_model_gave():
    facts = decided(
        "I have a cat called Pepper", proposed("Has a cat called Pepper", "pet:cat", "task")
    )

    assert facts[0].tier == "personal"


@pytest.mark.parametrize(
    ("content", "text", "said"),
    [
        ("Runs every morning", "i go running every morning", True),
        ("Works as a nurse", "I'm a nurse", True),
        ("Try deep breathing", "so stressed", False),
        ("Works as a", "I'm a nurse", False),  # nothing of its own
    ],
)
def test_a_fact_is_said_when_most_of_its_own_words_are_the_messages(content, text, said):
    assert said_in(content, text) is said
