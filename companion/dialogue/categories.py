"""The areas of life a goal serves (health, craft, growth, connection): the words that name
one, and the words that hint at one when nobody names it. Data for the dialogue's parsers."""

from __future__ import annotations

import re
from collections.abc import Mapping

CATEGORY_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "health": (
        "health", "healthy", "fitness", "fit", "exercise", "workout", "sport", "sports",
        "running", "body", "sleep", "diet", "nutrition", "wellbeing", "well-being",
        "wellness", "physical", "mental health", "strength", "energy",
    ),
    "craft": (
        "craft", "crafts", "creative", "creativity", "art", "arts", "music", "writing",
        "drawing", "painting", "making things", "building", "skill", "skills", "hobby",
        "cooking", "woodwork",
    ),
    "growth": (
        "growth", "grow", "learning", "learn", "study", "studying", "education", "career",
        "knowledge", "personal growth", "self-improvement", "languages", "reading", "work",
        "mind",
    ),
    "connection": (
        "connection", "connect", "friends", "friendship", "family", "relationships",
        "relationship", "social", "community", "love", "partner", "people",
    ),
}  # fmt: skip
CATEGORY_OF = {word: category for category, words in CATEGORY_SYNONYMS.items() for word in words}
CATEGORY_WORD = re.compile(
    r"\b(?:" + "|".join(map(re.escape, sorted(CATEGORY_OF, key=len, reverse=True))) + r")\b",
    re.IGNORECASE,
)
# Words that hint at an area of life when nobody names one ("quit smoking" is health); an
# inferred category is shown in the summary for the person to confirm.
CATEGORY_HINTS: Mapping[str, tuple[str, ...]] = {
    "health": (
        "smoking", "smoke", "meditate", "meditation", "run", "running", "marathon", "10k",
        "5k", "swim", "swimming", "walk", "walking", "steps", "cycle", "cycling", "stretch",
        "yoga", "gym", "weight", "sugar", "soda", "alcohol", "drinking", "sleep", "water",
        "vegetables", "eat", "healthy", "vape", "vaping", "vapes", "cigarette", "cigarettes",
        "nicotine", "beer", "booze", "caffeine", "fitter", "fitness", "stronger", "strength",
        "healthier", "stamina", "breath", "breathless", "jog", "jogging", "hike", "hiking",
        "kilos", "kg", "kgs", "pounds", "lbs", "stone", "lose", "diabetes", "cholesterol",
    ),
    "craft": (
        "draw", "paint", "knit", "sew", "quilt", "pottery", "guitar", "piano", "play",
        "woodworking", "juggle", "bake", "photo", "photography", "album", "novel", "poem",
        "build", "song", "songs", "sing", "cook", "cookbook", "recipe", "recipes",
    ),
    "growth": (
        "learn", "course", "read", "books", "exam", "test", "certificate", "degree", "study",
        "save", "money", "job", "career", "language", "improve", "practice", "practise",
    ),
    "connection": (
        "parents", "mum", "mom", "dad", "grandma", "grandad", "grandpa", "grandparents", "kids",
        "son", "daughter", "neighbours", "neighbors", "cousins", "friend", "friends", "call",
        "visit", "volunteer", "girlfriend", "boyfriend", "wife", "husband", "sister",
        "brother", "together", "mother", "mother's", "father", "father's", "grandchildren",
        "grandkids",
    ),
}  # fmt: skip
CATEGORY_HINT_OF = {word: category for category, words in CATEGORY_HINTS.items() for word in words}
# Hints that say a skill is being built but not which area it serves: a more telling word
# beside them wins ("learn to swim" is health, "learn to play guitar" craft).
GENERIC_HINTS = frozenset({"learn", "learning", "improve", "practice", "practise", "play", "build"})

CATEGORY_PATTERN = CATEGORY_WORD.pattern
_CAT = CATEGORY_PATTERN
# How a statement names its area: "new health goal", "it's a craft thing", "as a growth
# goal", "a connection one", "for my health", "category: growth".
CATEGORY_PHRASE = re.compile(
    rf"""
    [,\s]*\b(?:it'?s|it\s+is|as)\s+(?:a\s+|an\s+|my\s+)?(?P<stated>{_CAT})
        (?:\s+(?:goal|thing|one))?\b
    |[,\s]*\b(?:a|an)\s+(?P<one>{_CAT})\s+one\b
    |\b(?P<before_goal>{_CAT})\s+(?=goal\b)
    |\b(?:for\s+(?:my\s+|the\s+sake\s+of\s+(?:my\s+)?)?|category\s*(?:is|:)?\s*)
        (?P<word>{_CAT})(?:\s+category)?
""",
    re.IGNORECASE | re.VERBOSE,
)
