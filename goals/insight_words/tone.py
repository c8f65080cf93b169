"""The framings an insight never uses: shame, guilt, loss, or comparison with others."""

from __future__ import annotations

import re

# Word-bounded and case-blind; "disappoint" covers disappointed, disappointing ...
BANNED_FRAMINGS = (
    r"you missed",
    r"only",
    r"fail(?:ed|ing|ure)?",
    r"behind",
    r"should have",
    r"lazy",
    r"disappoint\w*",
    r"streak(?: is|'s| was| has been)? (?:gone|lost|over|broken)",
    r"don't lose",
    r"do not lose",
    r"than (?:most|other) people",
    r"than others",
    r"everyone else",
)
_BANNED = re.compile(r"\b(?:" + "|".join(BANNED_FRAMINGS) + r")\b", re.IGNORECASE)


def tone_ok(text: str) -> bool:
    """True when `text` uses none of the banned framings (curly apostrophes read as straight)."""
    return _BANNED.search(text.replace("\u2019", "'")) is None
