"""Who the person is: their name and age."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import fact
from delight.ai.offline.reflection import capitalise
from delight.ai.offline.rules import NOT_NAMES
from delight.ai.text import STOPWORDS, word_set
from delight.ai.types import ExtractedFact


def names(clause: str) -> list[ExtractedFact]:
    found = _NAMED.search(clause)
    if found and not no_name(found.group(1).lower()):
        name = capitalise(found.group(1))
        return [fact(f"Name is {name}", "personal", "name", 0.9, "identity", value=name)]
    # "I am Alice": only a capitalised word that ends the clause, to skip "I am Tired of…".
    found = re.match(r"^(?:(?i:hi|hello|hey)[,!]?\s+)?I am ([A-Z][a-z]+)$", clause)
    if found and found.group(1).lower() not in NOT_NAMES:
        name = found.group(1)
        return [fact(f"Name is {name}", "personal", "name", 0.6, "identity", value=name)]
    # Typed in lower case, as an introduction: "hi im sam", "im sam btw".
    found = _INTRODUCED.match(clause)
    # "im tess, a librarian in galway": a name, then who they are.
    described = found and re.match(r",\s+(?:an?|the)\s", clause[found.end("name") :])
    if found and (found["hi"] or found["btw"] or described) and not no_name(found["name"].lower()):
        name = capitalise(found["name"])
        return [fact(f"Name is {name}", "personal", "name", 0.6, "identity", value=name)]
    return []


# Their name said, or asked to be called by it: "call me" at the start or after "you can",
# "just", "please", "people"… ("he used to call me little doctor" is someone else's word).
_NAMED = re.compile(
    r"\b(?:my name is|i go by|(?:^|(?:you can|u can|just|please|pls|plz|feel free to|people"
    r"|everyone|friends|my friends)\s+)call me)\s+((?:(?:dr|mr|mrs|ms|prof)\.?\s+)?"
    r"[A-Za-z][A-Za-z'-]+)",
    re.IGNORECASE,
)
_INTRODUCED = re.compile(
    r"^(?:(?P<hi>hi|hello|hey|hiya|heya)[,!.]?\s+(?:there\s+)?(?:eliza[,!.]?\s+)?)?"
    r"I am (?P<name>[a-z]{2,15})(?P<btw>\s+(?:btw|by the way))?\s*(?:[,.!;]|$)",
    re.IGNORECASE,
)


# Words that say how or where someone is, not who ("hi im home", "im vegan btw").
_STATES = word_set(
    "home away awake alive free late early sick ill hungry cold hot full broke single married "
    "pregnant vegan vegetarian allergic gay straight trans retired unemployed pumped shattered "
    "knackered gutted chuffed buzzing exhausted nervous scared worried struggling lonely "
    "tomorrow today tonight later back soon anytime sometime"
)


def no_name(word: str) -> bool:
    """Whether a word cannot be someone's name (a state, a common word, an -ing/-ed/-ly form)."""
    return (
        word in NOT_NAMES
        or word in _STATES
        or word in STOPWORDS
        or word.endswith(("ing", "ed", "ly"))
    )


def age(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (?:am|just turned|turned) (\d{1,2}) ?(?:years old|yo|y/o)?(?:$|,| and\b| but\b)",
        clause,
    )
    if found and 10 <= int(found.group(1)) <= 99:
        years = found.group(1)
        return [fact(f"Is {years} years old", "personal", "age", 0.8, "identity", value=years)]
    return []
