"""Small moments answered from the conversation itself: a laugh or a groan at the joke she
has just told ("lol terrible") is met as a reaction to her joke, not as news to listen to."""

from __future__ import annotations

import re
from typing import Any

from delight.ai.offline.banks import named
from delight.ai.offline.rules.words import JOKES
from delight.ai.text import LAUGHTER

# At most this many words make a reaction; more is something new to answer.
REACTION_WORDS = 8
_GROAN = re.compile(
    r"\b(?:terrible|awful|bad|lame|cringe|groan|ugh+|omg|oh (?:god|no)|dad joke|boo+|nooo*"
    r"|stop|wow|seriously)\b|\U0001F644|\U0001F926",
    re.IGNORECASE,
)
_LIKED = re.compile(r"\b(?:good one|nice one|funny|love it|classic|brilliant|ha)\b", re.I)
OFFER = "Want another, or shall we get back to your day?"
GROANED = "I know, I know{n}. The worse they are, the better they work. " + OFFER
LAUGHED = "Glad that landed{n}. " + OFFER
# Another one, asked for after her offer ("another one", "go on then", "yes hit me").
_ANOTHER = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|yes|yeah|yep|go on|sure|lol|haha)\W*)*(?:another(?: one)?|one more"
    r"|go on(?: then)?|hit me|yes|yeah|yep|sure|why not)\W*(?:then|please|pls)?\W*$",
    re.IGNORECASE,
)
NO_MORE = "That's all my best ones for today{n}. So: how's your day going?"
_BACK = re.compile(
    r"^\W*(?:(?:no|nah|nope|ok(?:ay)?|lol|haha)\W*)*(?:no+|nah|nope|(?:let'?s |lets )?(?:get )?"
    r"back to (?:it|the day|my day|work)|that'?s enough|enough(?: jokes)?)\b[^.?!]{0,20}$",
    re.IGNORECASE,
)
BACK = "Back to it, then{n}. What would you like to do next?"


def joke_reaction(history: list[dict[str, Any]], text: str, name: str) -> str:
    """Her words for a short laugh or groan just after she told a joke, and another joke
    (one not told yet) when asked for after her offer; "" otherwise."""
    said = [m["content"] for m in history if m["role"] == "assistant"]
    last = said[-1] if said else ""
    if last.endswith(OFFER) and _ANOTHER.match(text):
        untold = [joke for joke in JOKES if joke not in said]
        return untold[0] if untold else named(NO_MORE, name)
    if last.endswith(OFFER) and _BACK.match(text):
        return named(BACK, name)
    if last not in JOKES or len(text.split()) > REACTION_WORDS:
        return ""
    if _GROAN.search(text):
        return named(GROANED, name)
    if LAUGHTER.search(text) or _LIKED.search(text):
        return named(LAUGHED, name)
    return ""
