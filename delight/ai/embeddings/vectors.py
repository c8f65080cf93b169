"""What every embedder is: 384 unit-length numbers per text, under a name that says which
space they live in."""

from __future__ import annotations

import math
import threading
from array import array
from collections import OrderedDict
from typing import Protocol, runtime_checkable

import numpy as np

from delight.ai.types import EMBEDDING_DIMENSIONS


@runtime_checkable
class Embedder(Protocol):
    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...

    def embed_cached(self, texts: list[str]) -> list[list[float]]: ...


# Texts whose vectors each embedder keeps: a turn embeds its message once, for the safety
# screen, the act and recall, and a person's mission titles once, not at every deed told.
EMBED_ONE_CACHE = 1024


class EmbedOne:
    """`embed_one` and `embed_cached` in terms of `embed`, shared by the implementations,
    with an LRU cache of the last EMBED_ONE_CACHE texts (thread-safe: recall runs beside the
    turn; vectors kept as arrays of doubles, 3 KB each)."""

    dimensions: int = EMBEDDING_DIMENSIONS

    def embed(self, texts: list[str]) -> list[list[float]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def embed_one(self, text: str) -> list[float]:
        return self.embed_cached([text])[0]

    def embed_cached(self, texts: list[str]) -> list[list[float]]:
        """Each text's vector: a recent text's from the cache, the others (each once) in one
        `embed` call."""
        # Set up lazily: the embedders define their own __init__.
        cache: OrderedDict[str, array[float]] = self.__dict__.setdefault("_recent", OrderedDict())
        lock: threading.Lock = self.__dict__.setdefault("_recent_lock", threading.Lock())
        found: dict[str, array[float]] = {}
        with lock:
            for text in texts:
                if (vector := cache.get(text)) is not None:
                    cache.move_to_end(text)
                    found[text] = vector
        missing = [text for text in dict.fromkeys(texts) if text not in found]
        if missing:
            fresh = {t: array("d", v) for t, v in zip(missing, self.embed(missing), strict=True)}
            found.update(fresh)
            with lock:
                cache.update(fresh)
                while len(cache) > EMBED_ONE_CACHE:
                    cache.popitem(last=False)
        return [list(found[text]) for text in texts]


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


def cosines(query: list[float], rows: list[list[float]]) -> list[float]:
    """Cosine similarity of `query` to each of `rows`, in one matrix product."""
    if not rows:
        return []
    matrix = np.asarray(rows, dtype=np.float64)
    vector = np.asarray(query, dtype=np.float64)
    norms = np.linalg.norm(matrix, axis=1) * float(np.linalg.norm(vector))
    dots = matrix @ vector
    scores: list[float] = np.divide(dots, norms, out=np.zeros_like(dots), where=norms > 0).tolist()
    return scores
