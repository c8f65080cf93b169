"""Intent against its labelled set (./data/intent_cases.jsonl) and a few named cases."""

from __future__ import annotations

from collections import Counter

import pytest

from delight.ai.classifiers import classify_intent
from delight.ai.types import INTENTS


def test_the_intent_set_is_big_and_balanced(intent_cases) -> None:
    counts = Counter(c["label"] for c in intent_cases)
    assert len(intent_cases) >= 120
    assert set(counts) <= set(INTENTS)
    assert all(counts[label] >= 12 for label in INTENTS), counts


def test_intent_set(intent_cases, accuracy) -> None:
    assert accuracy("intent", intent_cases, lambda t: classify_intent(t).label) >= 0.85


def test_intent_confidence_is_higher_for_strong_cues() -> None:
    strong = classify_intent("I want to set a new goal: run a half marathon")
    assert strong.label == "create_goal"
    weak = classify_intent("today")
    assert 0.0 <= weak.confidence < strong.confidence <= 1.0
    assert classify_intent("asdf").label == "other"


def test_speed(per_call_seconds) -> None:
    seconds = per_call_seconds(classify_intent)
    print(f"\nintent: {seconds * 1000:.3f} ms per call on average")
    assert seconds < 0.002


@pytest.mark.parametrize(
    "text",
    [
        "so what do you actually know about me",
        "any idea what my husband does?",
        "what have you learned about me",
        "what was my dog called",
        "remember my sister's name?",
        "when is my dad's birthday, I told you",
        "and where does she live?",
        "what can't I eat?",
    ],
)
def test_questions_about_what_she_remembers_are_memory_questions(text: str) -> None:
    assert classify_intent(text).label == "memory_question"


@pytest.mark.parametrize(
    "text",
    [
        "what do you know about marathons",
        "please remember that I hate mornings",
        "remind me to stretch at 5",
        "I told you I was tired",
        "my brother's name is Pete",
        "what is my mission today",
        "I can't remember where I put my keys",
        "do you know where I can buy a yoga mat",
    ],
)
def test_requests_to_remember_and_general_questions_are_not(text: str) -> None:
    assert classify_intent(text).label != "memory_question"
