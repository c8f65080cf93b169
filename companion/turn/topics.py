"""What a conversation is about, for "where were we?" and for what a request for an idea
refers to: the topic a message carries, said in Eliza's words, and the latest thing said of
a matter."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from companion.turn.plan import QUESTION_SAID
from delight.ai.offline import drop_openers, extract_facts, reflect, split_sentences
from delight.ai.offline.advice import matter_of
from delight.ai.text import LAUGHTER, clean_text

# Messages that carry a topic worth coming back to ("where were we?").
TOPICAL = frozenset(
    {"share_fact", "good_news", "bad_news", "grief", "venting", "worry", "reflection"}
)  # fmt: skip
TOPIC_MIN_WORDS = 4


def topic_of(text: str, act: str) -> str:
    """What this message was about, in Eliza's words ("your manager tore apart your
    presentation"), kept for "where were we?"; "" for a message that carries no topic."""
    if act not in TOPICAL or QUESTION_SAID.search(text):
        return ""
    # Shorthand written out ("gonna" -> "going to") as Eliza says things back. A sentence
    # that opens on "he" or "it" says nothing later without the one before it.
    # "…taped foil on the window haha": the laugh was then, not part of what was told.
    sentences = split_sentences(drop_openers(clean_text(_AFTERWORDS.sub("", text))))
    first = next((s for s in sentences if not _POINTS_BACK.match(s)), "")
    if len(first.split()) < TOPIC_MIN_WORDS:
        return ""
    return _names_as_kept(reflect(first), text)


def session_topic(text: str, intent: Mapping[str, Any], session: Mapping[str, Any]) -> str:
    """The conversation's topic after `text` ("" when it leaves it as it was): a fact told
    in passing ("im allergic to nuts btw") never replaces something felt or news told
    before it."""
    act = intent.get("act", "")
    return "" if act == "share_fact" and session.get("topic") else topic_of(text, act)


_AFTERWORDS = re.compile(rf"[\s,]*(?:{LAUGHTER.pattern}|\bbtw\b|\btbh\b)", re.IGNORECASE)
_POINTS_BACK = re.compile(r"^\W*(?:he|she|they|it|its|it's|that|this|him|her|them)\b", re.I)


def _names_as_kept(said: str, text: str) -> str:
    """`said` with the names and places the facts of `text` keep written as names ("your
    sister maeve lives in toronto" -> "your sister Maeve lives in Toronto")."""
    for fact in extract_facts(text):
        value = fact.value
        if value[:1].isupper() and value.lower() != value:
            said = re.sub(rf"\b{re.escape(value)}\b", value, said, flags=re.IGNORECASE)
    return said


def recent_matter(text: str, history: Sequence[Mapping[str, Any]]) -> str:
    """The latest thing the person said in this conversation that shares a word of matter
    with `text` ("the up strokes are a mess" for "can you suggest something for the up
    strokes"): what a request for an idea is about; a question that only points ("should i
    ice them or what", just after "my shins are killing me") is about the message before
    it; "" when nothing said shares a word or is pointed at."""
    said = [m["content"] for m in reversed(history) if m.get("role") == "user"]
    asked = _matter_words(text)
    shared = next((line for line in said if asked & _matter_words(line)), "") if asked else ""
    if not shared and said and _POINTS_AT.search(text):
        return said[0]
    return shared


# A question about what was just said, by a pronoun ("should i ice them", "is that normal").
_POINTS_AT = re.compile(r"\b(?:it|them|that|this|those|these)\b", re.IGNORECASE)


def _matter_words(text: str) -> set[str]:
    # Words of a few letters ("up", "go") are shared by too much to say what it is about.
    return {word for word in matter_of(text) if len(word) >= MATTER_LETTERS}


MATTER_LETTERS = 4
