"""Words the keyword table shares: what any text matches, what is not a name, relatives."""

from __future__ import annotations

from delight.ai.text import word_set

ANY = r"(.*)"
# Words that follow "I am" without being a name ("I am Fine", "I'm Tired").
NOT_NAMES = word_set(
    "fine good okay ok tired sad happy here back done sorry ready great sure well better "
    "bored busy stressed anxious excited lost stuck new confused"
)
NOT_NAMES_TITLE = tuple(word.title() for word in sorted(NOT_NAMES))
RELATIVES = (
    r"mother|mom|mum|father|dad|parents|sister|brother|family|wife|husband|partner|"
    r"boyfriend|girlfriend|son|daughter|kids|children|grandmother|grandfather|grandma|grandpa"
)
