"""Who the person is: their name and age."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact
from delight.ai.offline.reflection import capitalise
from delight.ai.offline.rules import NOT_NAMES
from delight.ai.types import ExtractedFact


def names(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\b(?:my name is|call me|i go by|people call me)\s+([A-Za-z][A-Za-z'-]+)", clause, re.I
    )
    if found:
        name = capitalise(found.group(1))
        return [fact(f"Name is {name}", "personal", "name", 0.9, "identity", value=name)]
    # "I am Alice": only a capitalised word that ends the clause, to skip "I am Tired of…".
    found = re.match(r"^(?:(?i:hi|hello|hey)[,!]?\s+)?I am ([A-Z][a-z]+)$", clause)
    if found and found.group(1).lower() not in NOT_NAMES:
        name = found.group(1)
        return [fact(f"Name is {name}", "personal", "name", 0.6, "identity", value=name)]
    return []


def age(clause: str) -> list[ExtractedFact]:
    found = re.search(r"\bI (?:am|just turned|turned) (\d{1,2}) ?(?:years old|yo|y/o)?$", clause)
    if found and 10 <= int(found.group(1)) <= 99:
        years = found.group(1)
        return [fact(f"Is {years} years old", "personal", "age", 0.8, "identity", value=years)]
    return []
