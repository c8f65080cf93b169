"""The safety screen's rules: data for safety.py.

Every pattern runs on text from `delight.ai.classifiers.lexicon.normalize` (lower case,
contractions expanded, typos fixed). The labelled sets in tests/delight/ai/classifiers/data/
and tests/delight/ai/data/blind/safety.jsonl are the specification: extend the first when a
rule changes.

- base.py      the kinds of signal, the Rule record and shared fragments (SELF, DRUGS ...)
- explicit.py  suicidal thinking and self-injury
- indirect.py  indirect warning signs, supporting signs and signs of distress
- imminent.py  acts under way, lethal means at hand, plans and places
- context.py   idiom exclusions, negation, person, fiction, past, time and intention
"""

from __future__ import annotations

from delight.ai.classifiers.safety_rules.base import (
    ACT,
    CONCERN,
    ESCALATOR,
    HINT,
    IDEATION,
    MEANS,
    SELF_HARM,
    SIGN,
    WARNING,
    Rule,
)
from delight.ai.classifiers.safety_rules.context import (
    CLAUSE_BREAKS,
    EARNEST,
    EXASPERATED_FACE,
    FICTION,
    FIRST_PERSON,
    HYPERBOLE_RULES,
    INTENTION,
    KIDDING,
    MEANT,
    NEGATORS,
    ONE_MORE,
    PAST,
    REAL_PERSON,
    RECOVERY,
    RELAPSE,
    SAFETY_EXCLUSIONS,
    THIRD_NOUNS,
    THIRD_PRONOUNS,
    TIME,
    TOLD_ELIZA,
)
from delight.ai.classifiers.safety_rules.explicit import EXPLICIT_RULES
from delight.ai.classifiers.safety_rules.imminent import IMMINENT_RULES
from delight.ai.classifiers.safety_rules.indirect import (
    CONCERN_RULES,
    HINT_RULES,
    SIGN_RULES,
    WARNING_RULES,
)

SAFETY_RULES: list[Rule] = [
    *EXPLICIT_RULES,
    *HINT_RULES,
    *WARNING_RULES,
    *IMMINENT_RULES,
    *CONCERN_RULES,
    *SIGN_RULES,
]

__all__ = [
    "ACT",
    "CLAUSE_BREAKS",
    "CONCERN",
    "EARNEST",
    "ESCALATOR",
    "EXASPERATED_FACE",
    "FICTION",
    "FIRST_PERSON",
    "HINT",
    "HYPERBOLE_RULES",
    "IDEATION",
    "INTENTION",
    "KIDDING",
    "MEANS",
    "MEANT",
    "NEGATORS",
    "ONE_MORE",
    "PAST",
    "REAL_PERSON",
    "RECOVERY",
    "RELAPSE",
    "SAFETY_EXCLUSIONS",
    "SAFETY_RULES",
    "SELF_HARM",
    "SIGN",
    "THIRD_NOUNS",
    "THIRD_PRONOUNS",
    "TIME",
    "TOLD_ELIZA",
    "WARNING",
    "Rule",
]
