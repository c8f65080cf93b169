"""A logistic regression over sentence vectors: what the classifiers that read meaning
(safety_semantic.py, acts.py, companion/turn/policy.py) are made of. Multinomial (one class
is right) or independent (each class right or not on its own: several replies can all be
good). Deterministic, numpy only, float32."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

import numpy as np


@dataclass(frozen=True)
class Softmax:
    """Weights and bias that read raw vectors (the standardisation is folded in)."""

    weights: np.ndarray  # (width, classes), float32
    bias: np.ndarray  # (classes,), float32
    independent: bool = False  # each class's chance on its own (a sigmoid), not shared

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """P(class) for each row of `vectors` (P(this class is right), when independent)."""
        scores = vectors.astype(np.float32, copy=False) @ self.weights + self.bias
        if self.independent:
            chances: np.ndarray = 1.0 / (1.0 + np.exp(-scores))
            return chances
        scores -= scores.max(axis=1, keepdims=True)
        odds = np.exp(scores)
        shares: np.ndarray = odds / odds.sum(axis=1, keepdims=True)
        return shares


def softmax_train(
    vectors: np.ndarray,
    labels: np.ndarray,
    classes: int,
    *,
    l2: float,
    steps: int,
    learning_rate: float = 0.5,
    class_weights: np.ndarray | None = None,
    example_weights: np.ndarray | None = None,
    raw: int = 0,
) -> Softmax:
    """Train by full-batch gradient descent.

    1. Standardise each number of the vectors (mean 0, spread 1 over the examples): sentence
       vectors crowd into a narrow cone, and descent on them crawls. The last `raw` numbers
       are taken as they are (hashed word marks: a rare word's tiny spread would blow it up).
    2. From zero weights (deterministic: no random start), `steps` steps of gradient descent
       on the mean cross-entropy, each example weighted by its class's weight (1 unless
       given: a rare class can count as much as a common one) and by its own (1 unless
       given: an example with several right labels shares its weight among them), with an
       L2 pull towards zero so no single example decides.
    3. Fold the standardisation into the weights and bias, so a caller scores raw vectors.
    """
    per_example = class_weights[labels] if class_weights is not None else np.ones(len(labels))
    if example_weights is not None:
        per_example = per_example * example_weights
    descent = _Descent(l2=l2, steps=steps, learning_rate=learning_rate, raw=raw)
    return descent.run(vectors, np.eye(classes)[labels], per_example, independent=False)


def independent_train(
    vectors: np.ndarray, right: np.ndarray, *, l2: float, steps: int, learning_rate: float = 0.5
) -> Softmax:
    """Train one yes-or-no regression per class at once, `right` saying (0 or 1, one row per
    vector, one column per class) which classes are right for each vector: the steps of
    softmax_train, each class's chance on its own (the sigmoid's cross-entropy)."""
    descent = _Descent(l2=l2, steps=steps, learning_rate=learning_rate)
    return descent.run(vectors, right.astype(np.float64), np.ones(len(right)), independent=True)


@dataclass(frozen=True)
class _Descent:
    l2: float
    steps: int
    learning_rate: float
    raw: int = 0

    def run(
        self,
        vectors: np.ndarray,
        targets: np.ndarray,
        per_example: np.ndarray,
        *,
        independent: bool,
    ) -> Softmax:
        """Steps 1-3 of softmax_train."""
        data = vectors.astype(np.float64)
        mean = data.mean(axis=0)
        spread = data.std(axis=0) + 1e-6
        if self.raw:
            mean[-self.raw :], spread[-self.raw :] = 0.0, 1.0
        scaled = (data - mean) / spread
        share = (per_example / per_example.sum())[:, None]
        weights = np.zeros((scaled.shape[1], targets.shape[1]))
        bias = np.zeros(targets.shape[1])
        for _ in range(self.steps):
            scores = scaled @ weights + bias
            if independent:
                chances = 1.0 / (1.0 + np.exp(-scores))
            else:
                odds = np.exp(scores - scores.max(axis=1, keepdims=True))
                chances = odds / odds.sum(axis=1, keepdims=True)
            error = (chances - targets) * share
            weights -= self.learning_rate * (scaled.T @ error + self.l2 * weights)
            bias -= self.learning_rate * error.sum(axis=0)
        folded = (weights / spread[:, None]).astype(np.float32)
        return Softmax(folded, (bias - mean / spread @ weights).astype(np.float32), independent)


@dataclass(frozen=True)
class Stored:
    """A regression kept as data: the vector space it reads, the SHA-256 of the examples it
    was made from, and any arrays stored beside it."""

    regression: Softmax
    embedder: str
    examples_sha256: str
    extra: dict[str, np.ndarray]


def softmax_save(
    path: Path, regression: Softmax, *, embedder: str, examples_sha256: str, **extra: np.ndarray
) -> None:
    with path.open("wb") as file:
        np.savez_compressed(
            file,
            embedder=np.array(embedder),
            examples_sha256=np.array(examples_sha256),
            weights=regression.weights,
            bias=regression.bias,
            independent=np.array(regression.independent),
            **extra,  # type: ignore[arg-type]  # numpy's stub reads **kwds as allow_pickle
        )


def softmax_load(path: Path) -> Stored:
    with np.load(path) as data:
        fixed = {"embedder", "examples_sha256", "weights", "bias", "independent"}
        independent = bool(data["independent"]) if "independent" in data.files else False
        return Stored(
            Softmax(
                data["weights"].astype(np.float32), data["bias"].astype(np.float32), independent
            ),
            str(data["embedder"]),
            str(data["examples_sha256"]),
            {name: data[name] for name in data.files if name not in fixed},
        )


class _InSpace(Protocol):
    @property
    def embedder(self) -> str: ...


M = TypeVar("M", bound=_InSpace)


class PerSpace(Generic[M]):
    """A stored model loaded once per process, and given only to an embedder of the vector
    space it was made in (None for any other: its numbers would mean nothing there)."""

    def __init__(self, load: Callable[[], M]) -> None:
        self._load = load
        self._models: dict[str, M | None] = {}
        self._lock = threading.Lock()

    def model_for(self, space: str) -> M | None:
        if space not in self._models:
            with self._lock:
                if space not in self._models:
                    model = self._load()
                    self._models[space] = model if model.embedder == space else None
        return self._models[space]
