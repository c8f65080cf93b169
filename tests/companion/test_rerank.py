from __future__ import annotations

import json

import numpy as np
import pytest

from companion import rerank


def candidate(number: int, content: str, **signals) -> rerank.Candidate:
    values = {
        "similarity": 0.5,
        "context_similarity": None,
        "meaning_rank": number,
        "words_rank": None,
        "rare_rank": None,
    }
    return rerank.Candidate(memory_id=number, content=content, **(values | signals))


def column(rows: np.ndarray, name: str) -> list[float]:
    return rows[:, rerank.FEATURES.index(name)].tolist()


def test_features_tell_who_said_it_when_the_question_names_one_speaker():
    found = [
        candidate(1, "Leigh: something went pop in my finger on Wednesday"),
        candidate(2, "Hamish: what are you climbing now?"),
        candidate(3, "A note with no speaker"),
    ]

    rows = rerank.features("when did leigh hurt her finger", found, np.ones((3, 3)))

    assert column(rows, "said_by_named") == [1.0, 0.0, 0.0]
    assert column(rows, "said_by_other") == [0.0, 1.0, 0.0]
    assert column(rows, "tells_time") == [1.0, 0.0, 0.0]
    assert column(rows, "time_when_asked") == [1.0, 0.0, 0.0]
    assert column(rows, "is_question") == [0.0, 1.0, 0.0]


def test_features_name_no_speaker_when_the_question_names_both_or_none():
    found = [candidate(1, "Leigh: hello"), candidate(2, "Hamish: hi")]

    both = rerank.features("did leigh and hamish meet", found, np.ones((2, 3)))
    none = rerank.features("who went climbing", found, np.ones((2, 3)))

    for rows in (both, none):
        assert column(rows, "said_by_named") == [0.0, 0.0]
        assert column(rows, "said_by_other") == [0.0, 0.0]


def test_features_read_the_words_scores_and_the_context_cosine():
    found = [
        candidate(1, "a", similarity=0.2, context_similarity=0.6, words_rank=1),
        candidate(2, "b", similarity=0.4, context_similarity=None, rare_rank=3),
    ]
    words = np.array([[1.0, 2.0, 4.0], [0.0, 1.0, 9.0]])

    rows = rerank.features("what", found, words)

    assert column(rows, "bm25") == [0.5, 0.0]
    assert column(rows, "bm25_context") == [1.0, 0.5]
    assert column(rows, "words_rank") == [0.5, 0.0]
    assert column(rows, "rare_rank") == [0.0, 0.25]
    assert column(rows, "context_similarity") == [0.6, 0.4]  # its own when it has none
    assert column(rows, "context_rank") == [0.5, 1 / 3]
    assert column(rows, "length") == pytest.approx([np.log(5), np.log(10)])


def test_a_fitted_model_ranks_what_the_signal_marks_first():
    rng = np.random.default_rng(0)
    rows = rng.standard_normal((400, len(rerank.FEATURES)))
    found = (rows[:, 3] > 0.5).astype(float)

    model = rerank.model_fit(rows, found)
    chances = model.scores(rows)

    assert chances[found == 1].min() > np.median(chances[found == 0])
    assert int(np.argmax(np.abs(model.weights))) == 3


def test_weights_learned_on_other_features_are_not_used(tmp_path, monkeypatch):
    stale = tmp_path / "recall_rerank.json"
    stale.write_text(json.dumps({"features": ["an", "older", "set"]}))
    monkeypatch.setattr(rerank, "WEIGHTS", stale)
    rerank.model.cache_clear()
    try:
        assert rerank.model() is None
        monkeypatch.setattr(rerank, "WEIGHTS", tmp_path / "absent.json")
        rerank.model.cache_clear()
        assert rerank.model() is None
    finally:
        monkeypatch.undo()
        rerank.model.cache_clear()


def test_the_shipped_weights_match_the_features():
    learned = rerank.model()

    assert learned is not None
    assert learned.weights.shape == (len(rerank.FEATURES),)
