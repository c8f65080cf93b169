"""The words of a beat without a model: every slot's alternatives, as data (grammar.py
chooses and fills them).

A phrase writes facts by name in braces; a name with a capital first letter ("{Place}") is
the same fact with its first letter capitalised, for the start of a sentence. A phrase
sleeps while a fact it writes is unknown (no first name, no choice), so every slot keeps at
least one phrase that needs nothing but the scene. Facts every scene has: place, when,
light, act, chapter, hello (", Maya" or nothing). Move phrases add at (the move's place),
thing, who, to, item, giver, holder, by, by_poss ("your", "Mira's") and event.

Kind, never punishing: no phrase counts time away, mourns, hurries, or says "missed",
"failed", "lost", "broke"; nothing here uses the nudge tone check's banned framings
(tests/narrative/prose/test_grammar.py reads every phrase through it).

The tables live by concept: scene.py, moves.py, progress.py, colour.py and material.py
(the person's own material: narrative.prose.material reads it from there); they are
read here as one vocabulary (``phrases.LIGHT``, ``phrases.FACT_LINES``).
"""

from __future__ import annotations

from narrative.prose.phrases.colour import (
    AMBIENT,
    CHAPTER_NOW,
    COMPANY,
    KEPT,
    MARKS_HERE,
    PACK,
    PREVIOUS,
    QUEST_MESSAGE,
    VALLEY,
)
from narrative.prose.phrases.material import (
    EVER,
    GOAL_ALL,
    GOAL_COUNT,
    HABIT_MONTH,
    RECALL,
    RECALL_HERE,
    REMARK,
    REMARK_ACTION,
    WHY,
)
from narrative.prose.phrases.moves import (
    ARTICLES,
    DESCRIBE,
    MOVES,
    MOVES_TERSE,
    OBJECT_STARTS,
    SETTING,
)
from narrative.prose.phrases.progress import (
    CLOSINGS,
    FACT_LINES,
    LEADS,
    NOTHING_TO_COUNT,
)
from narrative.prose.phrases.scene import (
    CHAPTER_BEGINS,
    CHAPTER_OPENS,
    FAMILIAR,
    LIGHT,
    OPENINGS,
    SIDE_CHOSEN,
    SIDE_EXCHANGE,
    TITLES,
    WHEN,
)

__all__ = [
    "AMBIENT",
    "ARTICLES",
    "CHAPTER_BEGINS",
    "CHAPTER_NOW",
    "CHAPTER_OPENS",
    "CLOSINGS",
    "COMPANY",
    "DESCRIBE",
    "EVER",
    "FACT_LINES",
    "FAMILIAR",
    "GOAL_ALL",
    "GOAL_COUNT",
    "HABIT_MONTH",
    "KEPT",
    "LEADS",
    "LIGHT",
    "MARKS_HERE",
    "MOVES",
    "MOVES_TERSE",
    "NOTHING_TO_COUNT",
    "OBJECT_STARTS",
    "OPENINGS",
    "PACK",
    "PREVIOUS",
    "QUEST_MESSAGE",
    "RECALL",
    "RECALL_HERE",
    "REMARK",
    "REMARK_ACTION",
    "SETTING",
    "SIDE_CHOSEN",
    "SIDE_EXCHANGE",
    "TITLES",
    "VALLEY",
    "WHEN",
    "WHY",
]
