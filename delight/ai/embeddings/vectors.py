"""What every embedder is: 384 unit-length numbers per text, under a name that says which
space they live in."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from typing import Protocol, runtime_checkable

from delight.ai.types import EMBEDDING_DIMENSIONS


@runtime_checkable
class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...


# Texts whose vectors each embedder keeps: a turn embeds its message once, for the safety
# screen and for recall.
EMBED_ONE_CACHE = 256


class EmbedOne:
    """`embed_one` in terms of `embed`, shared by the implementations, with a small LRU
    cache of the last EMBED_ONE_CACHE texts (thread-safe: recall runs beside the turn)."""

    dimensions: int = EMBEDDING_DIMENSIONS

    def embed(self, texts: list[str]) -> list[list[float]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def embed_one(self, text: str) -> list[float]:
        # Set up lazily: the embedders define their own __init__.
        cache: OrderedDict[str, list[float]] = self.__dict__.setdefault("_recent", OrderedDict())
        lock: threading.Lock = self.__dict__.setdefault("_recent_lock", threading.Lock())
        with lock:
            vector = cache.get(text)
            if vector is not None:
                cache.move_to_end(text)
                return list(vector)
        vector = self.embed([text])[0]
        with lock:
            cache[text] = vector
            if len(cache) > EMBED_ONE_CACHE:
                cache.popitem(last=False)
        return list(vector)


def unit(vector: list[float]) -> list[float]:
    """Scale to length 1. Every embedder returns unit vectors, so recall can rank by inner
    product (cheaper than cosine in pgvector, and the same order)."""
    norm = math.sqrt(sum(x * x for x in vector))
    if norm == 0.0:  # features cancelled out exactly; vanishingly rare
        return [1.0] + [0.0] * (len(vector) - 1)
    return [x / norm for x in vector]


def cosine(a: list[float], b: list[float]) -> float:
    """Cosine similarity of two vectors (both usually unit vectors already)."""
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0
