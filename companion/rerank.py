"""Recall's second stage: the first stage's best few dozen memories read again, as a pair
with the query, and put in a better order by a model learned on conversations.

No cross-encoder installs with its weights by pip here (FlashRank and the like fetch them at
run time, and the model hub is out of reach), so the pair is read through signals the first
stage already has, and a logistic model learned on the *tuned* part of
bench/recall_longconv.py (`--train`) weighs them: how the memory ranked in each list, its
BM25 with and without what was said before it, its closeness in meaning with and without
that context, whether it names or is said by the person the question names, whether it
tells a time when the question asks when, how much it says, and whether it is itself a
question. The weights are data (companion/data/recall_rerank.json); without them recall
keeps the first stage's order.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from companion.recall_words import SPEAKER, TIME_WORDS, WHEN_ASKED

WEIGHTS = Path(__file__).resolve().parent / "data" / "recall_rerank.json"
# How many of the first stage's best the second stage reads.
DEPTH = 50

FEATURES = (
    "bm25",  # BM25 of its own words, over the best with-context BM25 among the candidates
    "bm25_context",  # BM25 with its context's words, over the same
    "words_rank",  # 1 / (1 + rank) in the words list (PostgreSQL's order); 0 when absent
    "rare_rank",  # the same in the rare words' list (BM25 with context)
    "similarity",  # cosine with the query
    "similarity_gap",  # … minus the best candidate's
    "meaning_rank",  # 1 / (1 + rank) in the meaning list; 0 when absent
    "context_similarity",  # cosine of the context vector (its own when it has none)
    "context_gap",  # … minus the best candidate's
    "context_rank",  # 1 / (1 + rank) among the candidates by context cosine
    "said_by_named",  # said by the one person the question names
    "said_by_other",  # said by someone else, when the question names one person
    "time_when_asked",  # tells a time, and the question asks when
    "tells_time",  # tells a time
    "length",  # ln(1 + how many words it has)
    "is_question",  # ends with a question mark
)


@dataclass(frozen=True)
class Candidate:
    """One memory the first stage found, with what it knows of it."""

    memory_id: int
    content: str
    similarity: float
    context_similarity: float | None  # None: no context vector
    meaning_rank: int | None
    words_rank: int | None
    rare_rank: int | None


def features(query: str, candidates: Sequence[Candidate], words: np.ndarray) -> np.ndarray:
    """One row of FEATURES per candidate. `words`: per candidate, its BM25 of its own words,
    BM25 with its context's and its length (companion.sketches.Lists.words_read)."""
    count = len(candidates)
    best_bm25 = max(float(words[:, 1].max()) if count else 0.0, 1e-9)
    similarity = np.array([c.similarity for c in candidates])
    context = np.array(
        [c.similarity if c.context_similarity is None else c.context_similarity for c in candidates]
    )
    context_rank = np.empty(count)
    context_rank[np.argsort(-context, kind="stable")] = np.arange(count)
    named, other = _said_by(query, candidates)
    when = 1.0 if WHEN_ASKED.search(query) else 0.0
    tells = np.array([1.0 if TIME_WORDS.search(c.content) else 0.0 for c in candidates])
    columns = [
        words[:, 0] / best_bm25,
        words[:, 1] / best_bm25,
        _inverse([c.words_rank for c in candidates]),
        _inverse([c.rare_rank for c in candidates]),
        similarity,
        similarity - (similarity.max() if count else 0.0),
        _inverse([c.meaning_rank for c in candidates]),
        context,
        context - (context.max() if count else 0.0),
        1.0 / (2.0 + context_rank),
        named,
        other,
        tells * when,
        tells,
        np.log1p(words[:, 2]),
        np.array([1.0 if c.content.rstrip().endswith("?") else 0.0 for c in candidates]),
    ]
    return np.column_stack(columns) if count else np.empty((0, len(FEATURES)))


def _inverse(ranks: Sequence[int | None]) -> np.ndarray:
    """1 / (1 + rank) for a 1-based rank (0.5 for the first), 0 for none."""
    return np.array([0.0 if rank is None else 1.0 / (1 + rank) for rank in ranks])


def _said_by(query: str, candidates: Sequence[Candidate]) -> tuple[np.ndarray, np.ndarray]:
    """Per candidate: said by the one speaker the query names (1/0), said by another (1/0).
    A speaker is the "Name:" a memory begins with; the query names one by its first name."""
    speakers = [match.group(1) if (match := SPEAKER.match(c.content)) else "" for c in candidates]
    named = {
        speaker
        for speaker in set(speakers) - {""}
        if re.search(rf"\b{re.escape(speaker.split()[0])}\b", query, re.IGNORECASE)
    }
    if len(named) != 1:
        zeros = np.zeros(len(candidates))
        return zeros, zeros.copy()
    (one,) = named
    by_named = np.array([1.0 if speaker == one else 0.0 for speaker in speakers])
    by_other = np.array([1.0 if speaker and speaker != one else 0.0 for speaker in speakers])
    return by_named, by_other


@dataclass(frozen=True)
class Model:
    """A logistic model over standardised FEATURES (recall_rerank.json)."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def scores(self, rows: np.ndarray) -> np.ndarray:
        """The chance, per row, that it holds what the query asks for."""
        logits = ((rows - self.mean) / self.scale) @ self.weights + self.bias
        return 1.0 / (1.0 + np.exp(-logits))

    def as_data(self) -> dict:
        return {
            "features": list(FEATURES),
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "weights": self.weights.tolist(),
            "bias": self.bias,
        }


@cache
def model() -> Model | None:
    """The learned model, or None when there is none (or it was learned on other features)."""
    if not WEIGHTS.exists():
        return None
    data = json.loads(WEIGHTS.read_text())
    if data.get("features") != list(FEATURES):
        return None
    return Model(
        mean=np.array(data["mean"]),
        scale=np.array(data["scale"]),
        weights=np.array(data["weights"]),
        bias=float(data["bias"]),
    )


def model_fit(rows: np.ndarray, found: np.ndarray, *, l2: float = 0.001) -> Model:
    """A logistic model of `found` (1: the candidate holds the answer) from `rows`.

    1. Standardise each feature (mean 0, scale 1; a constant one keeps scale 1).
    2. Gradient descent on the mean log-loss plus l2/2 * |w|², 4,000 steps of 0.5: the
       problem is convex and small (tens of thousands of rows), so this converges.
    """
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-9] = 1.0
    standard = (rows - mean) / scale
    weights, bias = np.zeros(rows.shape[1]), 0.0
    for _ in range(4000):
        chance = 1.0 / (1.0 + np.exp(-(standard @ weights + bias)))
        error = chance - found
        weights -= 0.5 * (standard.T @ error / len(found) + l2 * weights)
        bias -= 0.5 * float(error.mean())
    return Model(mean=mean, scale=scale, weights=weights, bias=bias)


def score_round(chance: float) -> float:
    """A second-stage score as recall reports it (6 places, as the first stage's)."""
    return round(chance, 6) if math.isfinite(chance) else 0.0
