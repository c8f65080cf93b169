"""Text embeddings: one vector width (384) for every provider.

Stored vectors record `Embedder.name`, which names a vector space and its version: vectors
from embedders of different names are not comparable and are re-embedded, never mixed
(companion's re-embedding job). Modules: `vectors` (what an embedder is), `openai`,
`minilm` (all-MiniLM-L6-v2 on ONNX Runtime, the offline default, or on torch), `hashing`
(the last fallback), `choice` (which one the settings ask for).
"""

from __future__ import annotations

from delight.ai.embeddings.choice import EmbedderMisfit, build_embedder, embedder_check
from delight.ai.embeddings.hashing import HashingEmbedder
from delight.ai.embeddings.minilm import (
    MINILM_NAME,
    EmbedderUnavailable,
    OnnxMiniLMEmbedder,
    TorchMiniLMEmbedder,
)
from delight.ai.embeddings.openai import OpenAIEmbedder
from delight.ai.embeddings.vectors import Embedder, cosine, unit

__all__ = [
    "MINILM_NAME",
    "Embedder",
    "EmbedderMisfit",
    "EmbedderUnavailable",
    "HashingEmbedder",
    "OnnxMiniLMEmbedder",
    "OpenAIEmbedder",
    "TorchMiniLMEmbedder",
    "build_embedder",
    "cosine",
    "embedder_check",
    "unit",
]
