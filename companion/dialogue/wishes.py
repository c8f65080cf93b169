"""A wish said in other shapes than "i want to…", said back as one for the wish's reading
(cues.wished_aim)."""

from __future__ import annotations

import re

from companion.dialogue.phrases import WISH

# A wish said as a thought ("been thinking of taking up sea swimming", "i was thinking to
# learn guitar also"): the thinking and the verb that follows it.
_THINKING = re.compile(
    r"^\W*(?:(?:so|well|ok|okay|and|but|tbh|honestly|also|hmm+)\W+)*(?:i\s+(?:was|am|'?m"
    r"|have\s+been|'?ve\s+been)\s+|i'?ve\s+been\s+|been\s+)?(?:(?:kinda|kind\s+of|sort\s+of|really|also)\s+)?"
    r"thinking\s+(?:about\s+|of\s+|to\s+)(?P<verb>[a-z]+)\b",
    re.IGNORECASE,
)


def thought_of_as_wish(sentence: str) -> str:
    """A wish said as a thought, said as a wish ("been thinking of taking up sea swimming" ->
    "i want to take up sea swimming"); any other sentence as it is. The verb's base form is
    the one a wish knows: "taking" is "take", "swimming" "swim", "learning" "learn"."""
    if not (thought := _THINKING.match(sentence)):
        return sentence
    verb, rest = thought["verb"].lower(), sentence[thought.end() :]
    stem = verb[:-3] if verb.endswith("ing") else verb
    for base in dict.fromkeys((stem, f"{stem}e", stem[:-1])):
        wish = f"i want to {base}{rest}"
        if (said := WISH.match(wish)) and said["aim"].lower().startswith(base):
            return wish
    return sentence
