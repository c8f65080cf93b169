"""The labelled sets in ./data (the classifiers' specification) and how a set is scored."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
# Sets written apart from the rules, by someone who never saw them.
BLIND = Path(__file__).parents[1] / "data" / "blind"


def _load(name: str, folder: Path = DATA) -> list[dict]:
    with (folder / name).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="session")
def safety_cases() -> list[dict]:
    return _load("safety_cases.jsonl")


@pytest.fixture(scope="session")
def blind_safety_cases() -> list[dict]:
    """The blind safety set: text, level, kind (explicit, indirect, hard_negative, concern)
    and, for indirect, the warning sign it shows."""
    return _load("safety.jsonl", BLIND)


@pytest.fixture(scope="session")
def blind_holdout_cases() -> list[dict]:
    """The held-out safety set, written blind to the rules: measured, never tuned on."""
    return _load("safety_holdout.jsonl", BLIND)


@pytest.fixture(scope="session")
def intent_cases() -> list[dict]:
    return _load("intent_cases.jsonl")


@pytest.fixture(scope="session")
def emotion_cases() -> list[dict]:
    return _load("emotion_cases.jsonl")


@pytest.fixture(scope="session")
def labelled_texts(safety_cases, intent_cases, emotion_cases) -> list[str]:
    """Every text of the three sets: a realistic mix for timing a classifier."""
    return [case["text"] for case in safety_cases + intent_cases + emotion_cases]


def _accuracy(name: str, cases: list[dict], predict: Callable[[str], str]) -> float:
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


@pytest.fixture(scope="session")
def accuracy() -> Callable[[str, list[dict], Callable[[str], str]], float]:
    """Score a labelled set: the share predicted right, with each miss printed (run with -s)."""
    return _accuracy


@pytest.fixture(scope="session")
def per_call_seconds(labelled_texts) -> Callable[[Callable[[str], object]], float]:
    """How long one call of a classifier takes on average over every labelled text."""

    def measure(classify: Callable[[str], object]) -> float:
        start = time.perf_counter()
        for text in labelled_texts:
            classify(text)
        return (time.perf_counter() - start) / len(labelled_texts)

    return measure
