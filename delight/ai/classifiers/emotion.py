"""Emotion: a score for each of EMOTIONS in one message, from our own lexicon."""

from __future__ import annotations

import re

from delight.ai.classifiers.lexicon import LEXICON, NEGATION_BREAKERS, normalize
from delight.ai.text import BOUNDARY_TOKENS
from delight.ai.types import EMOTIONS, EmotionResult

_EMOTION_NEGATORS = frozenset({"not", "never", "no", "hardly", "without", "nor"})
# Where a negated emotion goes: "not happy" reads as sad, "not sad" as mildly happy, and
# "not scared" as calm rather than afraid.
_NEGATION_SHIFT = {
    "joy": {"sadness": 0.9},
    "sadness": {"joy": 0.4, "neutral": 0.4},
    "love": {"sadness": 0.6},
    "anger": {"neutral": 0.6},
    "fear": {"neutral": 0.6},
    "surprise": {"neutral": 0.6},
}
_CONTRAST = frozenset({"but", "though", "however", "yet"})
# "feel", "feeling", "felt" before a feeling word: the person names how they are.
_FEELING_VERBS = frozenset({"feel", "feeling", "feels", "felt"})
_STATED = 1.5
_NEUTRAL_BASE = 0.75
_SUFFIXES = (
    ("ing", ""),
    ("ing", "e"),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("es", ""),
    ("s", ""),
    ("ly", ""),
    ("ily", "y"),
    ("ied", "y"),
    ("ies", "y"),
)
_CAPS_WORD = re.compile(r"\b[A-Z]{3,}\b")
# Faces that cry: tears of sorrow, or of joy beside good news ("i got the job!!! 😭😭").
_CRYING = frozenset({"\U0001f62d", "\U0001f622", "\U0001f979", "\U0001f972"})


def _word_weights(token: str) -> dict[str, float] | None:
    """Look a token up, then try a light stemming ("worrying" -> "worry")."""
    found = LEXICON.words.get(token)
    if found is not None:
        return found
    for suffix, repl in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            found = LEXICON.words.get(token[: -len(suffix)] + repl)
            if found is not None:
                return found
    return None


def _match_at(tokens: list[str], i: int) -> tuple[int, dict[str, float] | None]:
    """Longest lexicon entry starting at token i: (tokens consumed, weights)."""
    for size in range(min(LEXICON.max_phrase, len(tokens) - i), 1, -1):
        weights = LEXICON.phrases.get(tuple(tokens[i : i + size]))
        if weights is not None:
            return size, weights
    return 1, _word_weights(tokens[i])


def _words_and_breaks(norm: str) -> tuple[list[str], list[bool]]:
    """Words without punctuation, and whether a punctuation mark came just before each."""
    words: list[str] = []
    breaks: list[bool] = []
    pending = False
    for token in norm.split():
        if token in BOUNDARY_TOKENS:
            pending = True
            continue
        words.append(token)
        breaks.append(pending)
        pending = False
    return words, breaks


def _modifiers(tokens: list[str], breaks: list[bool], i: int) -> tuple[float, bool]:
    """Intensity multiplier and negation from up to three words before position i; a feeling
    said of oneself ("feeling kind of low") is named outright: a softener makes it milder,
    never no feeling at all."""
    scale, negated, stated = 1.0, False, False
    for back in range(1, 4):
        j = i - back
        if j < 0 or breaks[j + 1] or tokens[j] in _CONTRAST:
            break
        token = tokens[j]
        if back <= 2 and token in LEXICON.intensifiers:
            scale *= LEXICON.intensifiers[token]
        elif back <= 2 and token in LEXICON.downtoners:
            scale *= LEXICON.downtoners[token]
        elif token in _EMOTION_NEGATORS and tokens[j + 1] not in NEGATION_BREAKERS:
            negated = True
        elif token in _FEELING_VERBS:
            stated = True
    return (max(scale, 1.0) * _STATED if stated else scale), negated


def detect_emotion(text: str, *, tears_of_joy: bool = False) -> EmotionResult:
    """Score the seven emotions of one message from our own lexicon.

    1. Read emoji and emoticons from the raw text ("😭", ":)") and count "!" and "?!";
       with `tears_of_joy` (good news told), a crying face weighs as joy.
    2. Normalise and walk the tokens, matching the longest lexicon phrase first ("fed up",
       "can not believe", "heart is racing") and otherwise a word, with light stemming.
    3. Scale each hit by intensifiers/downtoners just before it ("so", "really", "a bit"),
       and by 1.3 after a contrast ("but ..."), where the feeling that counts usually is.
    4. A negator up to three tokens before a hit moves its weight: "not happy" -> sadness,
       "not scared" -> neutral.
    5. Punctuation: "!" amplifies the leading emotion; "?!" adds surprise; shouting in
       capitals amplifies everything a little.
    6. Neutral starts at a fixed baseline, so it wins when there is little or no signal;
       the scores are normalised to sum to 1, and dominant is the highest.
    """
    scores = dict.fromkeys(EMOTIONS, 0.0)
    for m in LEXICON.emoji.finditer(text):
        joyful = tears_of_joy and m.group(0) in _CRYING
        for label, weight in LEXICON.emoji_weights[m.group(0).lower()].items():
            scores["joy" if joyful else label] += weight
    tokens, breaks = _words_and_breaks(normalize(text))
    contrast = 1.0
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in _CONTRAST:
            contrast = 1.3
        size, weights = _match_at(tokens, i)
        if token in LEXICON.downtoners and tokens[i + 1 : i + 2] == ["of"]:
            weights = None  # "kind of", "sort of": a softener, not kindness
        if weights:
            scale, negated = _modifiers(tokens, breaks, i)
            for label, weight in weights.items():
                value = weight * scale * contrast
                if negated:
                    for target, share in _NEGATION_SHIFT[label].items():
                        scores[target] += value * share
                else:
                    scores[label] += value
        i += size
    _apply_punctuation(text, scores)
    scores["neutral"] += _NEUTRAL_BASE
    total = sum(scores.values())
    normalised = {label: round(value / total, 4) for label, value in scores.items()}
    dominant = max(EMOTIONS, key=lambda label: scores[label])
    return EmotionResult(normalised, dominant)


def _apply_punctuation(text: str, scores: dict[str, float]) -> None:
    if "?!" in text or "!?" in text:
        scores["surprise"] += 1.0
    bangs = min(text.count("!"), 3)
    emotional = {k: v for k, v in scores.items() if k != "neutral" and v > 0}
    if bangs and emotional:
        lead = max(emotional, key=lambda label: emotional[label])
        scores[lead] *= 1.0 + 0.15 * bangs
    elif bangs:
        scores["joy"] += 0.2 * bangs
        scores["surprise"] += 0.2 * bangs
    if _CAPS_WORD.search(text) and emotional:
        for label in emotional:
            scores[label] *= 1.2
