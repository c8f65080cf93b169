"""The semantic crisis screen: indirect warning signs read from a message's meaning.

The rules (safety.py) catch what they were written for and little else: "i'd rather not be
here next spring" says what "i won't be around next year" says in other words. This layer
reads the message as a sentence embedding (all-MiniLM-L6-v2, 384 numbers) and scores it with
a multinomial logistic regression trained on delight/ai/data/safety_exemplars.jsonl: short
messages as people write them, labelled 0 none, 1 concern, 2 indirect warning sign,
3 explicit. The rules stay the floor; this layer only raises (see `semantic_screen`).

The weights for the offline embedder are data (delight/ai/data/safety_semantic.json, made
by `manage.py safety_train` and checked against the exemplars by a test), so a process
loads them in a millisecond. Another semantic embedder (an OpenAI-compatible server, 384
wide) lives in another vector space: its weights are trained at first use, on the
exemplars embedded by it, once per process. Feature hashing reads words, not meaning: with
it (or any other embedder) the rules alone decide.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from delight.ai.classifiers.safety import rules_hold
from delight.ai.types import EMBEDDING_DIMENSIONS, SafetyResult

DATA = Path(__file__).resolve().parent.parent / "data"
EXEMPLARS = DATA / "safety_exemplars.jsonl"
WEIGHTS = DATA / "safety_semantic.json"
LEVELS = 4  # 0 none, 1 concern, 2 indirect warning sign, 3 explicit
SERVER_PREFIX = "openai:"  # OpenAIEmbedder.name: a server's space, trained at first use

# P(indirect) + P(explicit) at or above which a message is high risk. Calibrated on the
# exemplars and the blind set (tests/delight/ai/data/blind/safety.jsonl): 0.6 let one hard
# negative in ten through, 0.7 about one in twenty at the same recall.
RISK_THRESHOLD = 0.7
# Training: full-batch gradient descent from zero weights, so the same exemplars always give
# the same weights. The step count reaches ~97% on the exemplars without memorising them.
L2 = 1e-4
STEPS = 5000
LEARNING_RATE = 2.0
# A sentence this short ("ok.", "lol") carries no meaning of its own.
MIN_WORDS = 3
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")


class SentenceEmbedder(Protocol):
    """What the screen needs of an embedder (delight.ai.embeddings.Embedder)."""

    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...


@dataclass(frozen=True)
class SemanticModel:
    embedder: str  # the vector space the weights read
    weights: np.ndarray  # (384, LEVELS)
    bias: np.ndarray  # (LEVELS,)

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """P(level) for each row of `vectors` (a softmax over the four levels)."""
        scores = vectors @ self.weights + self.bias
        scores -= scores.max(axis=1, keepdims=True)
        odds = np.exp(scores)
        return odds / odds.sum(axis=1, keepdims=True)

    def risk(self, vectors: np.ndarray) -> np.ndarray:
        """P(indirect) + P(explicit) per row: how much each reads as high risk."""
        probabilities = self.probabilities(vectors)
        return probabilities[:, 2] + probabilities[:, 3]


def read_exemplars() -> list[tuple[str, int]]:
    with EXEMPLARS.open(encoding="utf-8") as file:
        rows = [json.loads(line) for line in file if line.strip()]
    return [(row["text"], int(row["level"])) for row in rows]


def exemplars_sha256() -> str:
    return hashlib.sha256(EXEMPLARS.read_bytes()).hexdigest()


def train(vectors: np.ndarray, levels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression, weights and bias.

    1. Start from zero weights (deterministic: no random start).
    2. Each step: the softmax of every row, its gradient of the mean cross-entropy, an L2
       pull towards zero (so no single exemplar decides), one step down.
    3. Return after STEPS steps (~1 s for 900 exemplars).
    """
    count, width = vectors.shape
    targets = np.eye(LEVELS)[levels]
    weights = np.zeros((width, LEVELS))
    bias = np.zeros(LEVELS)
    for _ in range(STEPS):
        model = SemanticModel("", weights, bias)
        error = (model.probabilities(vectors) - targets) / count
        weights = weights - LEARNING_RATE * (vectors.T @ error + L2 * weights)
        bias = bias - LEARNING_RATE * error.sum(axis=0)
    return weights, bias


def trained_for(embedder: SentenceEmbedder) -> SemanticModel:
    """Weights for `embedder`'s space, trained on the exemplars embedded by it."""
    texts, levels = zip(*read_exemplars(), strict=True)
    vectors = np.asarray(embedder.embed(list(texts)), dtype=np.float64)
    weights, bias = train(vectors, np.asarray(levels))
    return SemanticModel(embedder.name, weights, bias)


def save(model: SemanticModel, path: Path = WEIGHTS) -> None:
    """Store weights as data, with the exemplars they were trained on (their SHA-256)."""
    data = {
        "embedder": model.embedder,
        "exemplars_sha256": exemplars_sha256(),
        "bias": [round(float(x), 6) for x in model.bias],
        "weights": [[round(float(x), 6) for x in row] for row in model.weights],
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


def stored(path: Path = WEIGHTS) -> tuple[SemanticModel, str]:
    """The stored model and the SHA-256 of the exemplars it was trained on."""
    data = json.loads(path.read_text(encoding="utf-8"))
    model = SemanticModel(data["embedder"], np.asarray(data["weights"]), np.asarray(data["bias"]))
    return model, data["exemplars_sha256"]


_models: dict[str, SemanticModel | None] = {}
_loading = threading.Lock()


def model_for(embedder: SentenceEmbedder) -> SemanticModel | None:
    """The model for `embedder`'s vector space, once per process; None when it has none.

    1. The stored weights when they were trained in this space (the offline MiniLM).
    2. A server's space (384 wide): trained at first use on the exemplars it embeds.
    3. Anything else (feature hashing, test fakes): None, the rules alone decide.
    """
    name = embedder.name
    if name in _models:
        return _models[name]
    with _loading:
        if name not in _models:
            model, _ = stored()
            if model.embedder != name:
                server = name.startswith(SERVER_PREFIX)
                wide = embedder.dimensions == EMBEDDING_DIMENSIONS
                model = trained_for(embedder) if server and wide else None
            _models[name] = model
    return _models[name]


def sentences(text: str) -> list[str]:
    """The message's sentences of MIN_WORDS words or more."""
    parts = (part.strip() for part in _SENTENCE_END.split(text))
    return [part for part in parts if len(part.split()) >= MIN_WORDS]


def semantic_screen(text: str, floor: SafetyResult, embedder: SentenceEmbedder) -> SafetyResult:
    """The rules' result `floor`, raised to high risk when the message means it.

    1. Keep the floor when it is already high risk, or when `embedder` has no model.
    2. Read the whole message and, when it has several, each sentence: a goodbye hidden in
       the middle of small talk is read on its own. Drop the parts the rules hold
       (a story, an idiom, someone else's or past risk, a denial: safety.rules_hold).
    3. Embed them: the whole message through `embed_one`, which the embedder caches, so
       recall reuses the vector; the sentences in one batch.
    4. Raise to level 2 when any part's risk reaches RISK_THRESHOLD (the max over parts);
       otherwise keep the floor. Never lower it.
    """
    if floor.level >= 2:
        return floor
    model = model_for(embedder)
    if model is None:
        return floor
    parts = sentences(text)
    units = [text, *parts] if len(parts) > 1 else [text]
    units = [unit for unit in units if not rules_hold(unit)]
    if not units:
        return floor
    whole = [embedder.embed_one(text)] if units[0] == text else []
    rest = units[len(whole) :]
    rows = whole + (embedder.embed(rest) if rest else [])
    risk = model.risk(np.asarray(rows, dtype=np.float64))
    best = int(risk.argmax())
    if risk[best] < RISK_THRESHOLD:
        return floor
    return SafetyResult(
        2,
        "signs of suicidal thinking in the meaning of the message",
        (*floor.matched, units[best]),
        floor.source,
    )


def weights_current(path: Path = WEIGHTS) -> bool:
    """Whether the stored weights were trained on the exemplars as they are now."""
    _, trained_on = stored(path)
    return trained_on == exemplars_sha256()
