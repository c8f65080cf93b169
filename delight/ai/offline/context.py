"""The context lines a reply may weave in, sorted by their prefix.

Context lines are plain strings; these prefixes are understood (case-insensitive):
"Goal: …", "Current goal: …", "Missions: a; b; c", "Today's missions: …", "Mission: …",
"Memory: …" (or keyed, "Memory (pet:cat): …"), "Personal: …", "Project: …", "Task: …",
"Name: …", "Zone: …" (zone_lines.py), "Streak: …" (streak_answers.py), "Story: …"
(story_answers.py), "Welcome: …" (the
words that open the reply to a person just back after days away), "Earlier: …" (what the
conversation was last about, for "where were we?"). Any other line is treated as something
remembered about the person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from delight.ai.offline.story_answers import StoryNote, parse_story_line
from delight.ai.offline.streak_answers import StreakNote, parse_streak_line
from delight.ai.offline.zone_lines import ZoneNote, parse_zone_line


@dataclass
class ReplyContext:
    """What the offline engine understood from the context lines."""

    name: str = ""
    goals: list[str] = field(default_factory=list)
    missions: list[str] = field(default_factory=list)
    memories: list[str] = field(default_factory=list)
    # Each memory with the key of the fact it holds ("" for none), for answers from memory.
    remembered: list[tuple[str, str]] = field(default_factory=list)
    zones: list[ZoneNote] = field(default_factory=list)
    streak: StreakNote | None = None
    story: StoryNote | None = None
    welcome: str = ""
    earlier: str = ""  # what the conversation was last about
    # Each goal's progress in percent, when the line said it ("Goal: Run a 5k (40% done)").
    progress: dict[str, int] = field(default_factory=dict)
    # Goals whose planned missions wait for the person's review on the goals page.
    reviewing: list[str] = field(default_factory=list)
    # Goals whose missions are still being planned.
    planning: list[str] = field(default_factory=list)


_PROGRESS = re.compile(r"\s*\((?P<percent>\d+)% done\)$")
# A goal whose plan waits for the person's review ("Goal: Run a 5k (plan to review)").
_REVIEW = re.compile(r"\s*\(plan to review\)$")
_PLANNING = re.compile(r"\s*\(being planned\)$")
_CONTEXT_PREFIX = re.compile(
    r"^\s*(?P<kind>current goals?|active goals?|goals?|today'?s missions|missions today|"
    r"missions?|memory|memories|personal|project|task|recalled|remember|name|zone|streak|story|"
    r"welcome|earlier)"
    r"(?:\s*\((?P<key>[\w:.-]+)\))?\s*:\s*(?P<rest>.+)$",
    re.IGNORECASE,
)


def parse_context(lines: Sequence[str], user_name: str = "") -> ReplyContext:
    """Sort context lines into name, goals, missions and memories by their prefix."""
    context = ReplyContext(name=user_name.strip())
    for line in lines:
        match = _CONTEXT_PREFIX.match(line)
        if not match:
            if line.strip():
                context.memories.append(line.strip())
                context.remembered.append(("", line.strip()))
            continue
        kind, rest = match["kind"].lower(), match["rest"].strip()
        if kind == "name":
            context.name = context.name or rest
        elif "goal" in kind:
            for item in _split_items(rest):
                progress = _PROGRESS.search(item)
                title = _PLANNING.sub("", _REVIEW.sub("", _PROGRESS.sub("", item))).strip()
                context.goals.append(title)
                if progress:
                    context.progress[title] = int(progress["percent"])
                if _REVIEW.search(item):
                    context.reviewing.append(title)
                if _PLANNING.search(item):
                    context.planning.append(title)
        elif "mission" in kind:
            context.missions.extend(_split_items(rest))
        elif kind == "welcome":
            context.welcome = rest
        elif kind == "earlier":
            context.earlier = rest
        elif kind == "streak":
            context.streak = parse_streak_line(rest) or context.streak
        elif kind == "story":
            context.story = parse_story_line(rest) or context.story
        elif kind == "zone":
            note = parse_zone_line(rest)
            if note:  # a line that is not a zone's is no memory either
                context.zones.append(note)
        else:
            context.memories.append(rest)
            context.remembered.append((match["key"] or "", rest))
    return context


def _split_items(text: str) -> list[str]:
    items = [
        re.sub(r"^\s*(?:\[[^\]]*\]|\([^)]*\))\s*", "", part) for part in re.split(r"[;|]", text)
    ]
    return [item.strip().rstrip(".") for item in items if item.strip()]
