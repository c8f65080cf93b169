"""How what Eliza knows and says reads on the pages (chat and memories).

Links in her replies: web addresses, the app's own paths ("/goals/") and the pages she
names ("your goals page", "About you") become links. The text is cut into pieces first and
every piece is escaped on its own, so nothing she or the person wrote can become markup.
chat.js does the same with the same table (`link_table`), building DOM nodes instead."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from delight.ai.offline.answers import for_person

# A memory she used, said by what it is about (never the tier's name).
MEMORY_KINDS: dict[str, str] = {
    "personal": "about you",
    "project": "about your goals",
    "task": "about a mission",
}
# Where a memory came from, as the memories page says it.
SOURCE_WORDS: dict[str, str] = {
    "conversation": "from a conversation",
    "mission": "from a mission",
    "narrative": "from your story",
    "nudge": "from a reminder",
    "analytics": "from your progress",
    "user": "you added it",
}
# The pages Eliza names in her replies, as she writes them (case matters: "today" in a
# sentence is not the Today page).
PAGE_PHRASES: dict[str, str] = {
    "goals page": "goals",
    "Today page": "today",
    "Today's three": "today",
    "About you": "about-you",
    "What Eliza remembers": "memories",
    "World page": "world",
}
URL = r"https?://[^\s<>\"']+[^\s<>\"'.,;:!?)\]]"
# One of the app's own pages written as a path, e.g. "/goals/12/".
APP_PATH = r"(?<![\w/])/(?:goals|today|world|about-you|memories|chat|missions)/[\w/-]*"


@dataclass(frozen=True)
class Piece:
    text: str
    href: str = ""


def link_table() -> dict[str, str]:
    """Each page phrase with its address (given to chat.js as JSON)."""
    return {phrase: reverse(name) for phrase, name in PAGE_PHRASES.items()}


def memory_kind(tier: str) -> str:
    return MEMORY_KINDS.get(tier, "")


def memory_source(source: str) -> str:
    return SOURCE_WORDS.get(source, "")


# A memory kept in the first or the third person: said to its person in the second.
OTHER_VOICE = re.compile(
    r"^(?:I|I'm|Im|I've|Ive|My|We|We've|Our|Their|They and their|Name is)\b", re.IGNORECASE
)


def memory_said(content: str) -> str:
    """A memory as said to its person, in the second person whoever's words it keeps
    ("Their sister is called Ana", "My best friend is Tom" -> "Your …"); a note with no
    person in it ("Loves rainy walks") as stored."""
    said = for_person(content) if OTHER_VOICE.match(content.strip()) else ""
    return said[:1].upper() + said[1:] if said else content


def _pattern(phrases: list[str]) -> re.Pattern[str]:
    # Longer phrases first, so "Today page" wins over "Today"; whole words only.
    named = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(rf"(?P<url>{URL})|(?P<path>{APP_PATH})|(?<!\w)(?P<page>{named})(?!\w)")


def pieces(text: str) -> list[Piece]:
    """`text` cut into plain pieces and linked ones, in order."""
    table = link_table()
    found: list[Piece] = []
    last = 0
    for match in _pattern(list(table)).finditer(text):
        if match.start() > last:
            found.append(Piece(text[last : match.start()]))
        href = match["url"] or match["path"] or table[match["page"]]
        found.append(Piece(match.group(0), href))
        last = match.end()
    if last < len(text):
        found.append(Piece(text[last:]))
    return found


def linkify(text: str) -> SafeString:
    """`text` as HTML with its links; every piece escaped."""
    html = []
    for piece in pieces(text):
        if not piece.href:
            html.append(escape(piece.text))
            continue
        external = piece.href.startswith("http")
        extra = ' rel="noopener noreferrer" target="_blank"' if external else ""
        html.append(f'<a href="{escape(piece.href)}"{extra}>{escape(piece.text)}</a>')
    return mark_safe("".join(html))
