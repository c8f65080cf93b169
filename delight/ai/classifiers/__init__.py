"""Offline classifiers: the safety screen, intent and emotion. Pure Python, no network.

These are the default providers when no model is configured, and the safety screen runs
before any model in every mode: it must be fast, predictable and explainable to staff.

Public API (the rest of `delight.ai` imports exactly these):

- `screen_safety(text)`  -> SafetyResult   level 0 none, 1 concern, 2 high risk, 3 imminent
- `semantic_screen(text, floor, embedder)` -> SafetyResult   the rules' result raised by
  the message's meaning, for an embedder that reads meaning (safety_semantic.py)
- `classify_intent(text)` -> IntentResult   one of INTENTS with a confidence
- `read_act(text, embedder)` -> ActReading | None   what the message does (acts.py)
- `detect_emotion(text)`  -> EmotionResult  a score for each of EMOTIONS, summing to 1
- `normalize(text)`       -> str            the form every rule runs on

Each classifier's logic is in its module (`safety.py`, `intent.py`, `emotion.py`), its rules
are data (the `safety_rules` package, `intent_rules.py`, the emotion lexicon in
`lexicon.py`). Every regex is compiled at import; a call is a handful of regex scans over
a short string. The labelled sets in `tests/delight/ai/classifiers/data/` are the
specification; extend them when a rule changes.
"""

from __future__ import annotations

from delight.ai.classifiers.acts import ACTS, ActReading, read_act
from delight.ai.classifiers.emotion import detect_emotion
from delight.ai.classifiers.intent import classify_intent
from delight.ai.classifiers.lexicon import normalize
from delight.ai.classifiers.safety import screen_safety
from delight.ai.classifiers.safety_semantic import semantic_screen

__all__ = [
    "ACTS",
    "ActReading",
    "classify_intent",
    "detect_emotion",
    "normalize",
    "read_act",
    "screen_safety",
    "semantic_screen",
]
