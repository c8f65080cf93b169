"""Small ways of putting words in a sentence, shared by the grammar and the material."""

from __future__ import annotations

from narrative.prose.phrases import ARTICLES

ENDS = (".", "!", "?", "…")


def one_line(text: str) -> str:
    return " ".join(text.split())


def as_sentence(text: str) -> str:
    """Text in one line ending as a sentence does: a full stop added when it has none."""
    text = one_line(text)
    return text if not text or text.endswith(ENDS) else f"{text}."


def name_mid(name: str) -> str:
    """A name as it reads mid-sentence: "The Commons" -> "the Commons"."""
    first, _, rest = name.partition(" ")
    return f"{first.lower()} {rest}" if rest and first.lower() in ARTICLES else name


def quoted(text: str) -> str:
    """Words quoted in curly quotes, with a full stop after them when they have none."""
    text = one_line(text)
    return f"“{text}”" + ("" if text.endswith(ENDS) else ".")


def title_quoted(title: str) -> str:
    """A title quoted mid-sentence: “Run 2 km”."""
    return f"“{one_line(title)}”"
