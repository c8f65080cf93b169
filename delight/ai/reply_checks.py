"""What a model's reply may not say (the model engine takes such a reply back and the offline
engine's words stand in): checked on the whole reply, once it is written."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from delight.ai.text import SAYS_IT_TWICE, harsh_words, light_stem, normalise_words, says_twice

if TYPE_CHECKING:  # the engine, which checks its replies here, defines the request
    from delight.ai.engine import ReplyRequest

# How the facts are marked for a model (ReplyContext.lines: "Goal: Run a 5k (0% done)",
# "Memory (pet:cat): …"); a reply that repeats them shows the person internal words.
PROMPT_MARKS = re.compile(
    r"\(\d{1,3}% done\)|\((?:plan to review|being planned)\)|\b(?:Goal|Memory|Missions|Zone"
    r"|Streak|Story|Welcome|Earlier) ?(?:\([a-z_]+:[^)]*\))?: |\b[a-z]+_[a-z_]+:[a-z_]+\b"
)


def reply_problem(text: str, request: ReplyRequest) -> str:
    """Why a model's reply may not be said, or "": it says the same words twice (a small
    model's loop: "I'm so sorry. I'm so sorry. I'm so sorry."), it uses a harsh word ("That's
    a bit of a lame comment"), it repeats the prompt's marks ("“Run a 5k (0% done)”"), or it
    offers a food the
    person cannot eat (their `food:<thing>` facts, remembered or told in this message: a
    135M model offered "A treat, a peanut!" to someone who had just said they can't eat
    peanuts)."""
    if says_twice(text):
        return SAYS_IT_TWICE
    if harsh_words(text):
        return "harsh words"
    if PROMPT_MARKS.search(text):
        return "the prompt's own marks"
    said = {light_stem(word) for word in normalise_words(text)}
    for key, _ in (*request.context.remembered, *request.told):
        family, _, thing = key.partition(":")
        words = [light_stem(word) for word in thing.split("_") if word]
        if family == "food" and thing != "diet" and words and all(w in said for w in words):
            return "a food they cannot eat"
    return ""
