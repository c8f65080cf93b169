"""The emotion lexicon (data/emotion_lexicon.json), and the words it teaches the normaliser.

`normalize` is `delight.ai.text.normalize` that also repairs doubled-letter typos of the
lexicon's words ("sadd" -> "sad"); every classifier reads text through it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from delight.ai.text import REPAIRABLE_WORDS
from delight.ai.text import normalize as normalize_text

_DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class Lexicon:
    words: dict[str, dict[str, float]]
    phrases: dict[tuple[str, ...], dict[str, float]]
    emoji: re.Pattern[str]
    emoji_weights: dict[str, dict[str, float]]
    intensifiers: dict[str, float]
    downtoners: dict[str, float]
    max_phrase: int


def _load_lexicon() -> Lexicon:
    """The lexicon file, its keys normalised (with the normaliser's own words only)."""
    raw = json.loads((_DATA_DIR / "emotion_lexicon.json").read_text(encoding="utf-8"))
    words: dict[str, dict[str, float]] = {}
    phrases: dict[tuple[str, ...], dict[str, float]] = {}
    for key, weights in [*raw["words"].items(), *raw["phrases"].items()]:
        parts = tuple(normalize_text(key).split())
        if len(parts) == 1:
            words[parts[0]] = weights
        elif parts:
            phrases[parts] = weights
    emoji = raw["emoji"]
    # ASCII emoticons need a space (or the start) before them: "https://" is not ":/".
    alternatives = [
        (re.escape(e) if not e.isascii() else rf"(?<![\w/:]){re.escape(e)}")
        for e in sorted(emoji, key=len, reverse=True)
    ]
    return Lexicon(
        words=words,
        phrases=phrases,
        emoji=re.compile("|".join(alternatives), re.IGNORECASE),
        emoji_weights={k.lower(): v for k, v in emoji.items()},
        intensifiers=raw["intensifiers"],
        downtoners=raw["downtoners"],
        max_phrase=max((len(p) for p in phrases), default=1),
    )


LEXICON = _load_lexicon()
KNOWN_WORDS = frozenset({*REPAIRABLE_WORDS, *LEXICON.words, *LEXICON.intensifiers})
# "can not stop", "not sure": the negator does not negate what follows.
NEGATION_BREAKERS = frozenset({"stop", "help", "sure", "wait", "know", "only", "even"})


def normalize(text: str) -> str:
    """`delight.ai.text.normalize` that repairs the lexicon's words too ("sadd", "angryy")."""
    return normalize_text(text, known=KNOWN_WORDS)
