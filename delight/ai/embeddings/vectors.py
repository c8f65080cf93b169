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
    in_process: bool

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...

    def embed_cached(self, texts: list[str]) -> list[list[float]]: ...


# Texts whose vectors each embedder keeps: a turn embeds its message once, for the safety
# screen, the act and recall, and a person's mission titles once, not at every deed told.
EMBED_ONE_CACHE = 1024


class EmbedOne:
    """`embed_one` and `embed_cached` in terms of `embed`, shared by the implementations,
    with an LRU cache of the last EMBED_ONE_CACHE texts (thread-safe: recall runs beside the
    turn; vectors kept as arrays of doubles, 3 KB each). `in_process`: the embedder runs
    here, on this machine's cores, not behind a network call (a turn may embed its message
    ahead, beside its first reads and writes)."""

    dimensions: int = EMBEDDING_DIMENSIONS
    in_process: bool = False

    def embed(self, texts: list[str]) -> list[list[float]]:  # pragma: no cover - abstract
        raise NotImplementedError

    def embed_one(self, text: str) -> list[float]:
        return self.embed_cached([text])[0]

    def embed_cached(self, texts: list[str]) -> list[list[float]]:
        """Each text's vector: a recent text's from the cache, one another thread is
        embedding right now when it is done, the others (each once) in one `embed` call."""
        # Set up lazily: the embedders define their own __init__.
        recent: _Recent = self.__dict__.setdefault("_recent", _Recent())
        found, mine, theirs = recent.claim(texts)
        if mine:
            vectors = None
            try:
                vectors = self.embed(mine)
            finally:  # a failure wakes the waiters too: each embeds its text itself
                found |= recent.keep(mine, vectors)
        for text, done in theirs.items():
            done.wait()
            if (vector := recent.get(text)) is None:  # that embedding failed: do it here
                vector = array_of(self.embed([text])[0])
            found[text] = vector
        return [list(found[text]) for text in texts]


class _Recent:
    """The last EMBED_ONE_CACHE texts' vectors, and the texts being embedded right now (each
    with what its waiters wait on), behind one lock."""

    def __init__(self) -> None:
        self.vectors: OrderedDict[str, array[float]] = OrderedDict()
        self.pending: dict[str, threading.Event] = {}
        self.lock = threading.Lock()

    def claim(
        self, texts: list[str]
    ) -> tuple[dict[str, array[float]], list[str], dict[str, threading.Event]]:
        """The vectors known, the texts this caller is to embed (now marked pending), and
        the ones another thread is embedding (with the event it sets when done)."""
        found: dict[str, array[float]] = {}
        mine: list[str] = []
        theirs: dict[str, threading.Event] = {}
        with self.lock:
            for text in dict.fromkeys(texts):
                if (vector := self.vectors.get(text)) is not None:
                    self.vectors.move_to_end(text)
                    found[text] = vector
                elif (done := self.pending.get(text)) is not None:
                    theirs[text] = done
                else:
                    self.pending[text] = threading.Event()
                    mine.append(text)
        return found, mine, theirs

    def keep(self, texts: list[str], vectors: list[list[float]] | None) -> dict[str, array[float]]:
        """Keep what `texts` came to (nothing when embedding them failed) and wake their
        waiters; return the vectors kept."""
        fresh = {} if vectors is None else dict(zip(texts, map(array_of, vectors), strict=True))
        with self.lock:
            self.vectors.update(fresh)
            while len(self.vectors) > EMBED_ONE_CACHE:
                self.vectors.popitem(last=False)
            for text in texts:
                self.pending.pop(text).set()
        return fresh

    def get(self, text: str) -> array[float] | None:
        with self.lock:
            return self.vectors.get(text)


def array_of(vector: list[float]) -> array[float]:
    return array("d", vector)


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
