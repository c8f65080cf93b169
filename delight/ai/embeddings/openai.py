"""OpenAI embeddings (or any OpenAI-compatible server's), asked for 384 dimensions."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import Any

from delight.ai.chat import PROVIDER, build_client
from delight.ai.config import AIConfig
from delight.ai.embeddings.vectors import EmbedOne, unit
from delight.ai.guard import CircuitBreaker
from delight.ai.retries import AIError, AIResponseError, MalformedAnswer, call_with_retries
from delight.ai.usage import UsageSink, log_usage, usage_report

logger = logging.getLogger("delight.ai")


class EmbeddingWidthError(AIResponseError):
    """The server's vectors are not as wide as the ones Delight stores: a setting to fix."""


class OpenAIEmbedder(EmbedOne):
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
                raise EmbeddingWidthError(
                    f"expected {self.dimensions} dimensions, got {len(vector)}",
                    reason="invalid output",
                )
        return [unit(vector) for vector in vectors]

    def _emit(
        self, started: float, attempts: int, tokens: int, *, ok: bool, error: str = ""
    ) -> None:
        usage_report(
            self.on_usage,
            self.config,
            provider=PROVIDER,
            model=self.model,
            purpose="embedding",
            started=started,
            attempts=attempts,
            ok=ok,
            error=error,
            prompt_tokens=tokens,
        )


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
