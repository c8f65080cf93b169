"""Emotion against its labelled set (./data/emotion_cases.jsonl) and a few named cases."""

from __future__ import annotations

from collections import Counter

import pytest

from delight.ai.classifiers import detect_emotion
from delight.ai.types import EMOTIONS


def test_the_emotion_set_is_big_and_balanced(emotion_cases) -> None:
    counts = Counter(c["label"] for c in emotion_cases)
    assert len(emotion_cases) >= 120
    assert set(counts) <= set(EMOTIONS)
    assert all(counts[label] >= 12 for label in EMOTIONS), counts


def test_emotion_set(emotion_cases, accuracy) -> None:
    assert accuracy("emotion", emotion_cases, lambda t: detect_emotion(t).dominant) >= 0.80


def test_emotion_scores_shape() -> None:
    result = detect_emotion("I'm so happy today!!")
    assert set(result.scores) == set(EMOTIONS)
    assert abs(sum(result.scores.values()) - 1.0) < 1e-3
    assert result.dominant == "joy"
    assert detect_emotion("I had pasta for lunch").dominant == "neutral"


def test_emotion_negation_and_cues() -> None:
    assert detect_emotion("I'm not happy about this").dominant == "sadness"
    assert detect_emotion("I'm so overwhelmed and anxious").dominant == "fear"
    assert detect_emotion("😭").dominant == "sadness"
    assert detect_emotion("wait what?!").dominant == "surprise"
    assert detect_emotion("not scared at all").dominant == "neutral"


@pytest.mark.parametrize(
    "text", ["feeling kind of low", "feeling a bit low today", "im kinda down tbh"]
)
def test_a_softened_feeling_said_of_oneself_is_still_that_feeling(text: str) -> None:
    assert detect_emotion(text).dominant == "sadness"


def test_kind_of_softens_and_is_no_kindness() -> None:
    assert detect_emotion("it was kind of quiet at work").scores["love"] == 0
    assert detect_emotion("he was so kind to me").scores["love"] > 0


def test_a_doubled_letter_typo_of_a_lexicon_word_still_counts() -> None:
    assert detect_emotion("I feel so sadd").dominant == "sadness"


def test_speed(per_call_seconds) -> None:
    seconds = per_call_seconds(detect_emotion)
    print(f"\nemotion: {seconds * 1000:.3f} ms per call on average")
    assert seconds < 0.002


def test_crying_faces_weigh_as_joy_only_when_asked_to_read_tears_of_joy() -> None:
    text = "i got the job!!! 😭😭"
    assert detect_emotion(text).dominant == "sadness"
    assert detect_emotion(text, tears_of_joy=True).dominant == "joy"
    assert detect_emotion("my dog died 😭", tears_of_joy=True).scores["sadness"] >= 0.3
