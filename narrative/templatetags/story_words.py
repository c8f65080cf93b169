"""Plain words for the story page: what a passage was drawn from, and acts numbered as a
book numbers them. No page shows a provenance kind or a quest key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django import template
from django.utils.text import Truncator

from goals.models import Category
from narrative.quests import QUESTS_BY_KEY

register = template.Library()

# A reflection quoted on the page stays a line, however much the person wrote.
QUOTE_WORDS = 24
# Home's panel shows a passage's opening, enough to want the rest.
OPENING_WORDS = 45


def _titled(words: str) -> Callable[[Mapping[str, Any]], str]:
    return lambda part: words.format(title=part["title"]) if part.get("title") else ""


def _streak(part: Mapping[str, Any]) -> str:
    days, category = part.get("days"), part.get("category") or ""
    if not days:
        return ""
    if category in Category.values:
        return f"A {days}-day {Category(category).label.lower()} streak"
    return f"A {days}-day streak"


def _reflection(part: Mapping[str, Any]) -> str:
    words = str(part.get("words") or "").strip()
    return f"Your words: “{Truncator(words).words(QUOTE_WORDS)}”" if words else ""


def _quest(part: Mapping[str, Any]) -> str:
    quest = QUESTS_BY_KEY.get(part.get("key") or "")
    title = part.get("title") or (quest.title if quest else "")
    return f"A hidden quest: “{title}”" if title else ""


# Each kind of real progress a beat may cite, told in plain words ("" when it says too little).
PROVENANCE_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "mission": _titled("You finished “{title}”"),
    "goal": _titled("You reached your goal “{title}”"),
    "streak": _streak,
    "reflection": _reflection,
    "quest": _quest,
}


@register.filter
def drawn_from(provenance: Any) -> list[str]:
    """What a beat tells of, one phrase per piece of progress; kinds not known are left out."""
    if not isinstance(provenance, list):
        return []
    phrases = []
    for part in provenance:
        words = PROVENANCE_WORDS.get(part.get("kind", "")) if isinstance(part, dict) else None
        phrase = words(part) if words else ""
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    return phrases


@register.filter
def opening(text: str) -> str:
    """A passage's first words on one line, "…" where it goes on."""
    return Truncator(text).words(OPENING_WORDS)


@register.filter
def signed(amount: int) -> str:
    """+10 earned, and a spending with a true minus sign, as a ledger prints it."""
    return f"+{amount}" if amount > 0 else f"\N{MINUS SIGN}{-amount}"


ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


@register.filter
def roman(number: int) -> str:
    """1 → "I", 4 → "IV": acts are numbered as a book numbers its parts (up to 39)."""
    letters, rest = "", int(number)
    for value, letter in ROMAN:
        count, rest = divmod(rest, value)
        letters += letter * count
    return letters
