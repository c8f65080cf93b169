"""Plain words for the story page: what a passage was drawn from, and acts numbered as a
book numbers them. No page shows a provenance kind or a quest key."""

from __future__ import annotations

from typing import Any

from django import template

from narrative import words
from narrative.words import provenance_words

register = template.Library()


@register.filter
def drawn_from(provenance: Any) -> list[str]:
    """What a beat tells of, one phrase per piece of progress (narrative.words)."""
    return provenance_words(provenance)


@register.filter
def opening(text: str) -> str:
    """A passage's first words on one line, "…" where it goes on."""
    return words.opening(text)


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
