"""Signed feature hashing: the dependency-free fallback embedder.

Its features are the words of delight.ai.text: stored vectors depend on them.
"""

from __future__ import annotations

import hashlib
import itertools
import math

from delight.ai.embeddings.vectors import EmbedOne, unit
from delight.ai.text import STOPWORDS, light_stem, normalise_words
from delight.ai.types import EMBEDDING_DIMENSIONS


class HashingEmbedder(EmbedOne):
    """Signed feature hashing into 384 dimensions; deterministic in every process."""

    name = "hashing-v1"
    in_process = True

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


def _char_grams(stem: str) -> list[str]:
    marked = f"<{stem}>"
    grams = [marked[i : i + n] for n in (3, 4) for i in range(len(marked) - n + 1)]
    return grams or [marked]
