"""Offline classifiers against the labelled sets in ./data (no Django, no database).

Run with -s to see the per-set figures, e.g.
    python -m pytest -p no:django tests/delight/ai/test_classifiers.py -q -s
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path

import pytest

from delight.ai.classifiers import classify_intent, detect_emotion, normalize, screen_safety
from delight.ai.types import EMOTIONS, INTENTS

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


SAFETY = _load("safety_cases.jsonl")
INTENT_CASES = _load("intent_cases.jsonl")
EMOTION_CASES = _load("emotion_cases.jsonl")


# --- the labelled sets -----------------------------------------------------------------


def test_sets_are_big_and_balanced_enough() -> None:
    assert len(SAFETY) >= 150
    assert sum(1 for c in SAFETY if c["level"] >= 2) >= 50
    assert sum(1 for c in SAFETY if c.get("tag") == "hyperbole") >= 60
    assert any(c["level"] == 1 for c in SAFETY)
    for cases, labels in ((INTENT_CASES, INTENTS), (EMOTION_CASES, EMOTIONS)):
        counts = Counter(c["label"] for c in cases)
        assert len(cases) >= 120
        assert set(counts) <= set(labels)
        assert all(counts[label] >= 12 for label in labels), counts


def test_safety_set() -> None:
    exact, misses, false_alarms, wrong = 0, [], [], []
    positives = [c for c in SAFETY if c["level"] >= 2]
    hyperbole = [c for c in SAFETY if c.get("tag") == "hyperbole"]
    for case in SAFETY:
        got = screen_safety(case["text"]).level
        exact += got == case["level"]
        if got != case["level"]:
            wrong.append((case["level"], got, case["text"]))
        if case["level"] >= 2 and got < 2:
            misses.append(case["text"])
        if case["level"] < 2 and got >= 2:
            false_alarms.append(case["text"])
    hyperbole_fp = [c["text"] for c in hyperbole if screen_safety(c["text"]).level >= 2]
    accuracy = exact / len(SAFETY)
    recall = 1 - len(misses) / len(positives)
    print(
        f"\nsafety: {accuracy:.1%} exact level ({exact}/{len(SAFETY)}), "
        f"recall(level>=2)={recall:.0%} ({len(positives) - len(misses)}/{len(positives)}), "
        f"false positives on hyperbole={len(hyperbole_fp)}/{len(hyperbole)}, "
        f"all false alarms(level>=2)={len(false_alarms)}"
    )
    for expected, got, text in wrong:
        print(f"  safety miss: expected {expected} got {got}: {text}")
    assert not misses, misses
    assert not hyperbole_fp, hyperbole_fp
    assert accuracy >= 0.90


def _accuracy(name: str, cases: list[dict], predict) -> float:
    wrong = [(c["label"], predict(c["text"]), c["text"]) for c in cases]
    wrong = [w for w in wrong if w[0] != w[1]]
    accuracy = 1 - len(wrong) / len(cases)
    per_label = Counter(c["label"] for c in cases)
    missed = Counter(w[0] for w in wrong)
    detail = ", ".join(f"{label} {1 - missed[label] / per_label[label]:.0%}" for label in per_label)
    print(f"\n{name}: {accuracy:.1%} accuracy ({len(cases) - len(wrong)}/{len(cases)}) [{detail}]")
    for expected, got, text in wrong:
        print(f"  {name} miss: expected {expected} got {got}: {text}")
    return accuracy


def test_intent_set() -> None:
    assert _accuracy("intent", INTENT_CASES, lambda t: classify_intent(t).label) >= 0.85


def test_emotion_set() -> None:
    assert _accuracy("emotion", EMOTION_CASES, lambda t: detect_emotion(t).dominant) >= 0.80


# --- safety: the tricky cases, by name ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "this deadline is killing me",
        "I'm dying to start",
        "I could kill for a coffee",
        "I'd rather die than miss the concert lol",
        "kill the process",
        "I cut myself shaving this morning lol",
        "I bought a jump rope for my workouts",
        "quitting now would be career suicide",
        "I'm going to jump into the new project tonight",
    ],
)
def test_idioms_are_not_risk(text: str) -> None:
    assert screen_safety(text).level == 0


def test_negation() -> None:
    assert screen_safety("I would never hurt myself").level == 0
    assert screen_safety("i'd never kill myself, i have too much to live for").level == 0
    assert screen_safety("I'm not suicidal, just tired").level in (0, 1)
    assert screen_safety("I don't want to die without having run a marathon").level == 0
    # A negation does not cross a clause, and "can't stop" is not a denial.
    assert screen_safety("I'm not okay. I want to die").level == 2
    assert screen_safety("I can't stop thinking about killing myself").level == 2


def test_negation_inside_the_phrase_is_still_risk() -> None:
    assert screen_safety("I don't want to be alive anymore").level == 2
    assert screen_safety("i dont want to wake up tomorrow").level == 2
    assert screen_safety("I don't want to wake up early tomorrow").level == 0


def test_typos_and_lowercase() -> None:
    assert screen_safety("i want to kil myself").level >= 2
    assert screen_safety("thinking about suicde").level >= 2
    assert screen_safety("i want to dieeee").level >= 2
    assert screen_safety("I WANT TO DIE").level >= 2


def test_implicit_ideation() -> None:
    for text in (
        "everyone would be better off without me",
        "I wrote goodbye letters",
        "no reason to live",
        "I'm thinking of ending it all",
    ):
        assert screen_safety(text).level == 2, text


def test_imminent() -> None:
    for text in ("I have the pills in front of me", "tonight I'm going to jump", "I bought a rope"):
        result = screen_safety(text)
        assert result.level == 3, text
        assert result.reason.startswith("imminent")
        assert result.matched


def test_third_person_is_concern_about_someone_else() -> None:
    result = screen_safety("my friend said she wants to die")
    assert result.level == 1
    assert "someone else" in result.reason
    urgent = screen_safety("my brother says he is going to kill himself tonight")
    assert urgent.level == 2
    assert "someone else" in urgent.reason


def test_past_self_harm_in_recovery() -> None:
    result = screen_safety("I used to self-harm but I'm 2 years clean")
    assert result.level == 1
    assert "recovery" in result.reason
    assert screen_safety("I used to cut and I started again last week").level == 2


def test_fiction_is_not_a_crisis() -> None:
    assert (
        screen_safety("Can you explain why the main character in the novel kills himself?").level
        <= 1
    )
    assert screen_safety("what were the themes of suicide in Hamlet?").level <= 1


def test_concern_level() -> None:
    assert screen_safety("what's the point").level == 1
    assert screen_safety("what's the point of the streak feature?").level == 0
    assert screen_safety("I feel so hopeless").level == 1


def test_empty_and_no_signal() -> None:
    assert screen_safety("") == screen_safety("   ")
    result = screen_safety("I finished my run today")
    assert (result.level, result.reason, result.matched) == (0, "", ())


# --- intent and emotion: shape and a few named cases -------------------------------------


def test_intent_confidence_is_higher_for_strong_cues() -> None:
    strong = classify_intent("I want to set a new goal: run a half marathon")
    assert strong.label == "create_goal"
    weak = classify_intent("today")
    assert 0.0 <= weak.confidence < strong.confidence <= 1.0
    assert classify_intent("asdf").label == "other"


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


def test_normalize() -> None:
    assert normalize("I'm gonna kil myslef!!!") == "i am going to kill myself !"
    assert normalize("dont") == "do not"


def test_speed() -> None:
    texts = [c["text"] for c in SAFETY + INTENT_CASES + EMOTION_CASES]
    start = time.perf_counter()
    for text in texts:
        screen_safety(text)
        classify_intent(text)
        detect_emotion(text)
    per_call = (time.perf_counter() - start) / (3 * len(texts))
    print(f"\nspeed: {per_call * 1000:.3f} ms per call on average")
    assert per_call < 0.002
