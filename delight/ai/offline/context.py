"""What a reply may weave in, as facts: the turn builds a `ReplyContext` from the person's
goals, missions, zones, streaks, story and memories; the offline engine reads its fields,
and a model reads the same facts as plain lines (`ReplyContext.lines`), which are never
parsed back.

A prompt has a token budget: `ReplyContext.packed` keeps the facts, most relevant first,
while their lines fit, so both engines see exactly what fitted.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from delight.ai.offline.story_answers import StoryNote, story_line
from delight.ai.offline.streak_answers import StreakNote, streak_line
from delight.ai.offline.zone_lines import ZoneNote, zone_line


@dataclass(frozen=True)
class GoalNote:
    title: str
    percent: int | None = None  # how much of it is done, when its progress was read
    reviewing: bool = False  # its planned missions wait for the person's review
    planning: bool = False  # its missions are still being planned
    done: int | None = None  # its missions done, of `accepted`, when they were counted
    accepted: int | None = None
    due: dt.date | None = None  # its target date
    days_left: int | None = None  # from the person's today to `due`

    @property
    def due_said(self) -> str:
        return f"{self.due.day} {self.due:%B %Y}" if self.due else ""

    def line(self) -> str:
        if self.reviewing:
            mark = " (plan to review)"
        elif self.planning:
            mark = " (being planned)"
        else:
            mark = "" if self.percent is None else f" ({self.percent}% done)"
        due = f", due {self.due_said}" if self.due else ""
        return f"Goal: {self.title}{mark}{due}"


@dataclass(frozen=True)
class MemoryNote:
    content: str
    key: str = ""  # the fact it holds ("pet:cat"), "" for none
    id: int | None = None  # the stored memory, marked used when the prompt carried it

    def line(self) -> str:
        return f"Memory ({self.key}): {self.content}" if self.key else f"Memory: {self.content}"


@dataclass(frozen=True)
class ReplyContext:
    """What the reply knows about the person, in the order it matters: a welcome back
    first (no budget cuts it), then what the conversation was last about, goals, missions,
    zones, streaks, story and memories."""

    name: str = ""
    welcome: str = ""  # the words that open the reply to a person back after days away
    earlier: str = ""  # what the conversation was last about, for "where were we?"
    goal_notes: tuple[GoalNote, ...] = ()
    missions: tuple[str, ...] = ()  # today's (or the suggested) missions
    habits_left: tuple[str, ...] = ()  # today's habits not ticked yet, when they were read
    zones: tuple[ZoneNote, ...] = ()
    streak: StreakNote | None = None
    story: StoryNote | None = None
    memory_notes: tuple[MemoryNote, ...] = ()

    @property
    def goals(self) -> list[str]:
        return [goal.title for goal in self.goal_notes]

    @property
    def progress(self) -> dict[str, int]:
        """Each goal's progress in percent, where it was read."""
        return {g.title: g.percent for g in self.goal_notes if g.percent is not None}

    @property
    def reviewing(self) -> list[str]:
        return [goal.title for goal in self.goal_notes if goal.reviewing]

    @property
    def planning(self) -> list[str]:
        return [goal.title for goal in self.goal_notes if goal.planning]

    @property
    def memories(self) -> list[str]:
        return [memory.content for memory in self.memory_notes]

    @property
    def remembered(self) -> list[tuple[str, str]]:
        """Each memory with the key of the fact it holds ("" for none)."""
        return [(memory.key, memory.content) for memory in self.memory_notes]

    def lines(self) -> list[str]:
        """The facts as a model reads them, one line each ("Goal: Run a 5k (40% done)")."""
        return [line for _, line, _ in self._items()]

    def packed(self, *, budget: int) -> tuple[ReplyContext, dict[str, Any]]:
        """The facts whose lines fit in `budget` tokens, most relevant first, and a report
        of what was cut.

        1. Walk the facts in order, each with its line.
        2. Keep a fact while its line's tokens still fit; a fact that does not fit is cut
           and the walk goes on (a later, shorter one may fit).
        3. Rebuild the context from the kept facts only.
        """
        kept: dict[str, list[Any]] = {}
        cut: list[str] = []
        used = 0
        for name, line, value in self._items():
            cost = estimate_tokens(line)
            if used + cost > budget:
                cut.append(line[:80])
                continue
            kept.setdefault(name, []).append(value)
            used += cost
        chosen: dict[str, Any] = {
            name: tuple(values) if name in _MANY else values[0] for name, values in kept.items()
        }
        report = {"budget": budget, "used": used, "kept": sum(map(len, kept.values())), "cut": cut}
        return ReplyContext(name=self.name, **chosen), report

    def _items(self) -> Iterator[tuple[str, str, Any]]:
        """(field, line, value) for each fact, in order of relevance."""
        if self.welcome:
            yield "welcome", f"Welcome: {self.welcome}", self.welcome
        if self.earlier:
            yield "earlier", f"Earlier: {self.earlier}", self.earlier
        for goal in self.goal_notes:
            yield "goal_notes", goal.line(), goal
        if self.missions:
            yield "missions", "Missions: " + "; ".join(self.missions), self.missions
        if self.habits_left:
            line = "Habits not ticked today: " + "; ".join(self.habits_left)
            yield "habits_left", line, self.habits_left
        for zone in self.zones:
            yield "zones", f"Zone: {zone_line(zone)}", zone
        if self.streak is not None:
            yield "streak", f"Streak: {streak_line(self.streak)}", self.streak
        if self.story is not None:
            yield "story", f"Story: {story_line(self.story)}", self.story
        for memory in self.memory_notes:
            yield "memory_notes", memory.line(), memory


# The fields that hold one fact per item; the others are one fact each.
_MANY = frozenset({"goal_notes", "zones", "memory_notes"})


def estimate_tokens(text: str) -> int:
    """About four characters a token, as OpenAI's guidance has it for English."""
    return max(1, math.ceil(len(text) / 4))
