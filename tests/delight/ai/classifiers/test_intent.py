"""Intent against its labelled set (./data/intent_cases.jsonl) and a few named cases."""

from __future__ import annotations

from collections import Counter

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
