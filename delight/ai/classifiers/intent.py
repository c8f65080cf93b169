"""What the person wants from this turn: one of INTENTS with a confidence."""

from __future__ import annotations

import math
import re

from delight.ai.classifiers.intent_rules import INTENT_FEATURES
from delight.ai.classifiers.lexicon import normalize
from delight.ai.types import INTENTS, IntentResult

_WORDISH = re.compile(r"[a-z]{2,}")
_VOWELS = re.compile(r"[aeiouy]")
_INTENT_THRESHOLD = 1.5


def classify_intent(text: str) -> IntentResult:
    """Classify what the person wants from this turn.

    1. Normalise the text (same as the safety screen).
    2. Sum the weights of every matching cue per intent (strong cues ~3, weak cues ~1).
    3. With no cue above the threshold, or text with no real words (gibberish such as
       "asdf", "lkjhgf", a lone number or emoji), answer "other".
    4. Otherwise take the best intent. Confidence grows with the strength of the best score
       and with its margin over the runner-up: ties and weak signals give low confidence.
    """
    norm = normalize(text)
    scores = dict.fromkeys(INTENTS, 0.0)
    for intent, weight, pattern in INTENT_FEATURES:
        if pattern.search(norm):
            scores[intent] += weight
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    if top < _INTENT_THRESHOLD:
        return IntentResult("other", _other_confidence(norm, top))
    strength = 1.0 - math.exp(-top / 2.5)
    share = top / (top + second)
    confidence = 0.25 + 0.72 * strength * (2 * share - 1) ** 0.5
    return IntentResult(best, round(min(0.97, max(0.3, confidence)), 3))


def _other_confidence(norm: str, top: float) -> float:
    """Sure when the text has no real words, unsure when some weak cue matched."""
    words = [w for w in _WORDISH.findall(norm) if _VOWELS.search(w)]
    base = 0.85 if len(words) <= 2 else 0.6
    return round(max(0.3, base - 0.2 * top), 3)
