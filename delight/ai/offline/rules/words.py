"""Words the keyword table shares: what any text matches, what is not a name, relatives, and
what a question of fact is (advice reads it too)."""

from __future__ import annotations

import re

from delight.ai.text import word_set

ANY = r"(.*)"
# Words that follow "I am" without being a name ("I am Fine", "I'm Tired").
NOT_NAMES = word_set(
    "fine good okay ok tired sad happy here back done sorry ready great sure well better "
    "bored busy stressed anxious excited lost stuck new confused"
)
NOT_NAMES_TITLE = tuple(word.title() for word in sorted(NOT_NAMES))
# Her jokes, asked for one (the keyword table tells them; the turn knows a laugh at one).
JOKES = (
    "Here's one: why did the scarecrow get promoted? He was outstanding in his field.",
    "Why don't eggs tell jokes? They'd crack each other up.",
    "What do you call a fake noodle? An impasta.",
    "Why did the bicycle fall over? It was two-tired.",
    "What's a runner's favourite subject at school? Jog-raphy.",
    "Why did the tomato blush? It saw the salad dressing.",
)
RELATIVES = (
    r"mother|mom|mum|father|dad|parents|sister|brother|family|wife|husband|partner|"
    r"boyfriend|girlfriend|son|daughter|kids|children|grandmother|grandfather|grandma|grandpa"
)


# A question of fact ("how many steps is 40 mins walking", "how many calories in jollof
# rice"): said honestly, above the topic its words name ("walking" is not a wish for a healthy
# habit), never turned back as a dilemma, never met with a step to take. A question about the
# person's own doings ("how long have i kept it up") is not one.
FACT_QUESTION = re.compile(
    r"^(?:how (?:many|much|far|long|big|old|often|tall|heavy)|what (?:year|time is it|is the"
    r" (?:capital|population|distance|height))|who (?:is|was|wrote|invented|made)"
    r"|when (?:did|was|is|were))\b(?!.*\b(?:i|i'm|im|my|me|we|our|us)\b)",
    re.IGNORECASE,
)
FACT_UNKNOWN = (
    "I can't be sure of that one: I don't look things up, and a guess from me would only be a "
    "guess. Is it for one of your goals?",
    "That's one I'd only be guessing at{n}: I can't check things from here. What's it for?",
    "I don't know that for certain, and I can't look it up. Is it part of something you're "
    "working on?",
)
