"""Recall of paraphrased questions, offline, on the blind set (written apart from the code:
tests/delight/ai/data/blind/recall_paraphrase.jsonl, 10 people, 123 questions).

Each person's facts are stored through companion's memory services and each question is
asked through the recall a turn uses (companion.selectors.memory_recall); a question is
answered when its fact is among the 5 memories recalled.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import selectors, services
from delight.ai.engine import Engine, OfflineEngine
from delight.ai.runtime import default_engine
from tests.factories import make_user

pytestmark = pytest.mark.django_db

BLIND = Path(__file__).parents[1] / "delight" / "ai" / "data" / "blind" / "recall_paraphrase.jsonl"
K = 5


def people() -> list[dict]:
    with BLIND.open() as lines:
        return [json.loads(line) for line in lines]


def missed_questions(engine: Engine) -> tuple[list[str], int]:
    """The questions whose fact was not in the top K, and how many were asked."""
    missed: list[str] = []
    asked = 0
    for person in people():
        user = make_user(f"{person['person']}-{engine.embedder.name}")
        ids = [
            services.memory_create(
                user=user, content=fact, tier="personal", source="conversation", engine=engine
            ).memory.pk
            for fact in person["facts"]
        ]
        for question in person["questions"]:
            asked += 1
            found = selectors.memory_recall(user=user, query=question["q"], k=K, engine=engine)
            if ids[question["answer"]] not in [hit.memory.pk for hit in found]:
                missed.append(f"{person['person']}: {question['q']}")
    return missed, asked


def test_paraphrased_questions_find_their_fact_in_the_top_5_offline():
    engine = default_engine()
    assert engine.embedder.name == "minilm-l6-v2"  # the offline default, no key

    missed, asked = missed_questions(engine)
    hashing_missed, _ = missed_questions(OfflineEngine())  # the fallback, for comparison

    recall = 1 - len(missed) / asked
    hashing = 1 - len(hashing_missed) / asked
    # Measured: MiniLM 123 of 123 (1.000), hashing 54 of 123 (0.439). The issue asks >= 0.9.
    assert recall >= 0.9, f"recall@{K} {recall:.3f}, missed: {missed}"
    assert hashing < recall - 0.3, f"hashing {hashing:.3f}: the set should need meaning"
