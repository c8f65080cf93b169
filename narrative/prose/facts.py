"""What a story beat may tell, as pure data: no Django, no models.

The narrative app gathers the facts (the person's real progress since the last beat) and
plans the scene (the world changes, as plain dicts: the `op` names one of
narrative.invariants' changes, the other keys are its fields); this package words them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

BEAT_KINDS = ("opening", "milestone", "streak", "goal", "comeback", "quiet_week", "quest", "side")
PARTS_OF_DAY = ("morning", "afternoon", "evening", "night")
# A beat's length in words (issue 21): long enough to read as a passage, short for a phone.
WORDS_MIN, WORDS_MAX = 200, 400

# A planned or proposed world change: {"op": "discover", "place": "arena", "key": "arena"},
# {"op": "introduce", "place", "kind", "key", "name", "holder"}, {"op": "move", "place",
# "who", "to"}, {"op": "give", "place", "item", "to", "giver"}, {"op": "use", "place", "who",
# "item", "used_up"}, {"op": "leave", "place", "who"}, {"op": "cause", "place", "key", "by",
# "name"}.
Change = dict[str, Any]
# Each op's fields (besides "op"), as above; "name", "holder", "giver" and "used_up" are
# optional.
CHANGE_FIELDS: dict[str, tuple[str, ...]] = {
    "discover": ("place", "key"),
    "introduce": ("place", "kind", "key", "name", "holder"),
    "move": ("place", "who", "to"),
    "give": ("place", "item", "to", "giver"),
    "use": ("place", "who", "item", "used_up"),
    "leave": ("place", "who"),
    "cause": ("place", "key", "by", "name"),
}
# The person whose story it is, as a key in changes (narrative.invariants.HERO): "you".
HERO = "hero"


def with_article(name: str, article: str) -> str:
    """A thing's name with its article swapped: ("A small lantern", "your") -> "your small
    lantern"; a name without one is left as it is."""
    first, _, rest = name.partition(" ")
    return f"{article} {rest}" if first.lower() in ("a", "an", "the") and rest else name


def choice_told(label: str) -> str:
    """A side chapter's choice as the time it was: "Spend an evening with Mira" -> "An
    evening with Mira" (the event it adds, and its title)."""
    told = label.removeprefix("Spend ")
    return told[:1].upper() + told[1:]


@dataclass(frozen=True)
class Thing:
    """A place, person or item of the scenario as the story names it."""

    key: str
    name: str
    description: str = ""


@dataclass(frozen=True)
class BeatFacts:
    """Everything one beat may draw on. Text fields are empty and numbers 0 when unknown.

    Every one of `missions`, `habits`, `streak_days`, `goal_title`, `reflection`, `notes`,
    `quest_title` that is known is real (the person's own progress); a beat quotes at least
    one of them.
    """

    kind: str  # one of BEAT_KINDS
    seed: int  # for variety that is stable for one beat
    act_name: str
    chapter_name: str
    chapter_description: str
    place: Thing
    chapter_opens: bool = False  # the first beat of a chapter
    first_name: str = ""
    part_of_day: str = "evening"  # on the person's clock, one of PARTS_OF_DAY
    people: tuple[Thing, ...] = ()  # met before and here now, or met in this scene
    items_held: tuple[Thing, ...] = ()  # what the hero carries after the scene
    moves: tuple[Change, ...] = ()  # the scene's planned world changes, in order
    names: dict[str, str] = field(default_factory=dict)  # key -> name, for every key in moves
    missions: tuple[str, ...] = ()  # titles of missions done since the last beat, newest first
    missions_count: int = 0  # how many (may exceed the titles given)
    habits: tuple[str, ...] = ()  # titles of habits kept since the last beat, most days first
    habit_days: tuple[int, ...] = ()  # each one's days done since
    minutes: int = 0  # focused minutes since the last beat
    streak_days: int = 0  # a streak milestone reached, or the current streak
    streak_category: str = ""  # "" for the overall streak
    streak_habit: str = ""  # the habit whose days in a row they are, for a habit's streak
    goal_title: str = ""  # a goal completed
    goals_towards: tuple[str, ...] = ()  # the goals the missions told were for (not reached)
    # (title, missions done, missions in all) of each of goals_towards the counts are known of
    goal_counts: tuple[tuple[str, int, int], ...] = ()
    goal_next: str = ""  # the next mission to do for the first of them, in the plan's order
    why_goal: str = ""  # a goal the missions were for (or reached) whose reason they wrote,
    why: str = ""  # and that reason, in their words
    habits_month: tuple[int, ...] = ()  # each of `habits`' days done this month so far
    month: str = ""  # the month on the person's clock ("December")
    missions_ever: int = 0  # missions done since the story began, these included
    # A past passage recalled: "recall:<its id>", how many days ago and on which weekday
    # (the person's clock), where (the place's name) and the first mission it told.
    recall_key: str = ""
    recall_days: int = 0
    recall_weekday: str = ""
    recall_place: str = ""
    recall_mission: str = ""
    reflection: str = ""  # the person's own words after a session
    notes: str = ""  # and jotted during one
    quest_title: str = ""
    quest_message: str = ""
    choice_label: str = ""  # the side chapter they chose with Essence, as it was offered
    choice_told: str = ""  # and as the time it was ("An evening with Mira", "A gift for Mira")
    # (person, item) names: what a person here keeps that the hero gave them, told later
    gifts_kept: tuple[tuple[str, str], ...] = ()
    # What earlier days of real work left at this place ("A sapling for “Read 20 pages”"),
    # newest first: the story recalls each once when the hero is there again.
    marks_here: tuple[str, ...] = ()
    host: str = ""  # the key of the person a side chapter is spent with
    host_lines: tuple[str, ...] = ()  # the scenario's own exchanges for that person
    previous_title: str = ""  # the last beat's title, for continuity
    # What this person's story has told before (phrase_id of each phrase and title used,
    # and how many times), so a beat tells what was not told yet: no stock paragraph twice.
    told: dict[str, int] = field(default_factory=dict)
    titles_told: tuple[str, ...] = ()  # the story's latest titles, newest first (a model's)
    # The narrator's sentences of the story's latest passages (checks.narrator_sentences),
    # for a model to tell none of them again.
    sentences_told: tuple[str, ...] = ()

    @property
    def place_is_new(self) -> bool:
        """The hero comes to the scene's place for the first time: the story's opening, or
        a move of this scene discovers it."""
        return self.kind == "opening" or any(
            move.get("op") == "discover" and move.get("key") == self.place.key
            for move in self.moves
        )

    def cited(self) -> dict[str, str | int]:
        """The real facts this beat can quote, by name; the unknown ones are left out."""
        known: dict[str, str | int] = {
            "missions": ", ".join(self.missions),
            "habits": ", ".join(self.habits),
            "streak_days": self.streak_days,
            "goal_title": self.goal_title,
            "reflection": self.reflection,
            "notes": self.notes,
            "quest_title": self.quest_title,
        }
        return {name: value for name, value in known.items() if value}


@dataclass(frozen=True)
class BeatText:
    """A beat in words; `source` says who wrote them: "offline", the model's engine name, or
    "offline (model failed: <reason>)"; `told`, the phrase_id of every phrase and the title
    it used (the story remembers them)."""

    title: str
    text: str
    source: str = "offline"
    told: tuple[str, ...] = ()


def phrase_id(phrase: str) -> str:
    """A short, stable name for a phrase as written in phrases/ (unfilled), or a title as
    told: what the story keeps to remember it told it."""
    return hashlib.sha256(" ".join(phrase.lower().split()).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class BeatDraft:
    """A generated beat: its words and the world changes it proposes (the plan's, offline)."""

    text: BeatText
    changes: tuple[Change, ...] = ()
