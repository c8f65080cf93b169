"""A message's words as numbers a regression can weigh beside its sentence embedding.

A sentence embedding says what a message is about; it blurs the few words that say what it
does ("did", "bye", "ty", "undo", a "?"). Read as hashed word features (single words, word
pairs and the first word), they let the act model weigh those words directly: on a fold of
the trained examples the act model read 85% with them against 80% without.

How:
1. Normalise the text as every classifier does, and cut it into words (and "!"/"?").
2. Take each word, each pair of neighbouring words, and the first word marked as first.
3. Hash each feature into one of WIDTH columns (CRC-32: stable across processes and
   machines), mark it there, and scale the row to unit length so long rambles weigh no
   more than short replies.
"""

from __future__ import annotations

import re
import zlib
from itertools import pairwise

import numpy as np

from delight.ai.classifiers.lexicon import normalize

WIDTH = 4096
_WORD = re.compile(r"[a-z0-9']+|[!?]")


def features(text: str) -> list[str]:
    """The word features of `text` (steps 1-2)."""
    words = _WORD.findall(normalize(text).lower())
    if not words:
        return []
    return [*words, *(f"{a} {b}" for a, b in pairwise(words)), f"^{words[0]}"]


def hashed(texts: list[str]) -> np.ndarray:
    """One unit-length row of WIDTH hashed word marks per text (step 3)."""
    rows = np.zeros((len(texts), WIDTH), dtype=np.float32)
    for row, text in enumerate(texts):
        for feature in features(text):
            rows[row, zlib.crc32(feature.encode("utf-8")) % WIDTH] = 1.0
        length = float(np.linalg.norm(rows[row]))
        if length:
            rows[row] /= length
    return rows
