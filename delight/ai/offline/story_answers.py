"""Questions about the person's story and Essence, answered from their story note, whose
line a model reads as

    Story: 45 Essence; 6 passages; act “First Light”; chapter “The First Spark”; latest
    “The Second Lantern”; it told: You finished “Run 2 km” | A 7-day streak; quests: Twenty
    days unbroken

"How many essence do I have?" → "You have 45 Essence. …"; "What happened in my story?" → the
chapter, the latest passage and the real progress it told. Every figure comes from the note,
which the turn wrote from the person's own story. A joyful moment (seed 000: joy
above 0.8) is celebrated with the story: `celebration` points to the latest passage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from delight.ai.offline.reflection import uncapitalise
from delight.ai.text import asks, listed, quotes_nested

JOYFUL = 0.8  # seed 000: joy above this celebrates with the story

_ESSENCE = re.compile(r"\bessences?\b", re.I)
_STORY = re.compile(
    r"\b(?:my story|the story|story so far|(?:what|which|current) chapter|latest (?:passage|"
    r"beat|chapter)|hidden quests?|my quests?|lantern valley)\b",
    re.I,
)
_QUESTS = re.compile(r"\bquests?\b", re.I)


@dataclass(frozen=True)
class StoryNote:
    essence: int
    beats: int
    act: str
    chapter: str
    latest: str = ""  # the latest passage's title
    told: tuple[str, ...] = ()  # the real progress it told, in plain words
    quests: tuple[str, ...] = ()  # the hidden quests found
    coming: bool = False  # a passage is waiting to be written (a burst is gathered first)
    # when a passage held for later comes, in the story's words ("Your next passage comes
    # this evening at 20:00, telling of “Run 2 km”."), "" when none is held
    next: str = ""


def story_line(note: StoryNote) -> str:
    """The line's text after "Story: " (see the module docstring)."""
    parts = [
        f"{note.essence} Essence",
        f"{note.beats} passage{'s' if note.beats != 1 else ''}",
        f"act “{note.act}”",
        f"chapter “{note.chapter}”",
    ]
    if note.latest:
        parts.append(f"latest “{note.latest}”")
    if note.told:
        parts.append("it told: " + " | ".join(note.told))
    if note.quests:
        parts.append("quests: " + " | ".join(note.quests))
    if note.coming:
        parts.append("a new passage is being written")
    return "; ".join(parts)


def asks_about_story(text: str) -> bool:
    """Whether a message asks about their story, its quests or their Essence."""
    return bool((_ESSENCE.search(text) or _STORY.search(text)) and asks(text))


def story_answer(text: str, note: StoryNote | None, *, asked: bool = False) -> str:
    """The answer to a question about the story or Essence ("" when it is no such question).

    1. No story note, or not such a question (unless the turn knows it was `asked`): no
       answer.
    2. Asked about Essence: the balance, how it is earned and what it is for.
    3. Asked about quests: those found (the others stay hidden until met).
    4. Otherwise the story: where they are, the latest passage and what real progress it
       told, and a passage on its way; before the first passage, how it begins (or that
       it is being written from what they did).
    """
    if note is None or not (asked or asks_about_story(text)):
        return ""
    if _ESSENCE.search(text):
        return _essence(note)
    if _QUESTS.search(text):
        return _quests(note)
    if not note.beats and note.coming:
        return (
            "Your story is beginning: its first passage is being written from what you've "
            "done, and it will be on your Story page in a few minutes."
        )
    if not note.beats:
        return (
            "Your story hasn't begun yet: it starts with your first finished mission, and "
            "every one after that adds to it. You'll find it on your Story page."
        )
    where = f"Your story is in the chapter “{note.chapter}” of “{note.act}”"
    count = f"{note.beats} passage{'s' if note.beats != 1 else ''} so far"
    latest = f"The latest, “{note.latest}”," if note.latest else "The latest passage"
    told = listed([uncapitalise(item) for item in note.told])
    tells = f" {latest} tells of this: {told}." if told else ""
    coming = " A new passage is being written from what you did since." if note.coming else ""
    coming = f" {note.next}" if note.next else coming
    # A title that quotes a mission ("For “Run 2 km”") is set with single quotes inside.
    said = quotes_nested(f"{where}, {count}.{tells}{coming}")
    return f"{said} You can read it all on your Story page."


def _essence(note: StoryNote) -> str:
    if not note.essence:
        return (
            "You have no Essence yet. Every mission you finish earns 10, streak milestones "
            "and hidden quests earn more, and you can spend it on side chapters of your story."
        )
    return (
        f"You have {note.essence} Essence. You earn it by finishing missions, reaching streak "
        "milestones and finding hidden quests, and you can spend it on side chapters your "
        "story offers."
    )


def _quests(note: StoryNote) -> str:
    if not note.quests:
        return (
            "You haven't found a hidden quest yet. They stay hidden until you meet them — "
            "keep going and one will appear as a special mission."
        )
    found = listed([f"“{quest}”" for quest in note.quests])
    many = "a hidden quest" if len(note.quests) == 1 else f"{len(note.quests)} hidden quests"
    return f"You've found {many}: {found}. The others stay hidden until you meet them."


def celebration(note: StoryNote | None) -> str:
    """A line that celebrates with the story ("" before its first passage)."""
    if note is None or not note.latest:
        return ""
    return (
        f"This belongs in your story too — the latest passage, “{note.latest}”, is waiting for you."
    )
