"""What goes into the reply's prompt: context lines, most relevant first, packed into the
token budget, and the classifier results as the engine takes them."""

from __future__ import annotations

import math
from typing import Any

from delight.ai.engine import context_lines
from delight.ai.offline import StoryNote, StreakNote, ZoneNote
from delight.ai.types import EmotionResult, IntentResult
from delight.models import User
from delight.runner import TurnState
from nudges.selectors import Return

# Eliza's welcome for a person back after days away: warm, and never about the absence.
WELCOME_BACK = "Welcome back! It's good to see you."
WELCOME_EASY_MISSION = (
    "I put one easy ten-minute mission for “{goal}” in today's three, if you'd like a gentle start."
)
WELCOME_NO_MISSION = "We can start wherever feels right for you, no rush."


def memories_in(context: dict[str, Any], lines: list[str]) -> list[int]:
    """The ids of the recalled memories whose lines made it into the prompt."""
    kept = set(lines)
    return [
        m["id"]
        for m in context.get("memories", [])
        # the line as the prompt has it
        if context_lines(memories=[m["content"]], memory_keys=[m.get("key", "")])[0] in kept
    ]


def emotion_of(state: TurnState) -> EmotionResult | None:
    data = state.output("receive_input").get("emotion")
    return EmotionResult(**data) if data else None


def intent_of(state: TurnState) -> IntentResult | None:
    data = state.output("receive_input").get("intent")
    return IntentResult(**data) if data else None


def person_name(user: User) -> str:
    profile = getattr(user, "companion_profile", None)
    return (profile.name if profile else "") or user.first_name


def welcome_words(back: Return | None) -> str:
    """What Eliza says to welcome the person back ("" when no welcome is due)."""
    if back is None:
        return ""
    if back.mission is None:
        return f"{WELCOME_BACK} {WELCOME_NO_MISSION}"
    return f"{WELCOME_BACK} {WELCOME_EASY_MISSION.format(goal=back.mission.goal.title)}"


def context_candidates(state: TurnState, outputs: dict[str, Any]) -> list[str]:
    """Context lines, most relevant first: a welcome back when one is due, the goal in
    focus, today's missions (or the suggested ones), the zones when the world was looked
    up, then memories by recall score."""
    context = state.output("recall_context")
    goal = context.get("goal")
    suggested = outputs.get("missions.suggest") or {}
    missions = [m["title"] for m in suggested.values() if m] or [
        m["title"] for m in context.get("triad", [])
    ]
    marks = {g["title"]: _goal_mark(g) for g in context.get("goals", [])}
    progress = [
        f"{g['title']} {marks.get(g['title']) or _done(g['progress'])}"
        for g in (outputs.get("progress.summary") or {}).get("goals", [])
    ]
    return context_lines(
        goals=progress or ([_goal_line(goal)] if goal else []),
        missions=missions,
        zones=zone_notes(outputs.get("world.zones"), [m for m in suggested.values() if m]),
        memories=[m["content"] for m in context.get("memories", [])],
        memory_keys=[m.get("key", "") for m in context.get("memories", [])],
        streak=streak_note(outputs.get("progress.streaks"), outputs.get("progress.dci")),
        story=story_note(outputs.get("narrative.story")),
        welcome=context.get("welcome", ""),
        earlier=context.get("earlier", ""),
    )


def _goal_line(goal: dict[str, Any]) -> str:
    """The goal in focus, said to wait for review when its plan is made and none of its
    missions is accepted yet, or to be in planning still."""
    return f"{goal['title']} {_goal_mark(goal)}".strip()


def _done(percent: int) -> str:
    return f"({percent}% done)"


# Goals whose missions are still being planned (goals.models.Goal.Decomposition).
PLANNING = frozenset({"pending", "running"})


def _goal_mark(goal: dict[str, Any]) -> str:
    if goal.get("to_review"):
        return "(plan to review)"
    return "(being planned)" if goal.get("planning") in PLANNING else ""


def streak_note(
    streaks: dict[str, Any] | None, consistency: dict[str, Any] | None = None
) -> StreakNote | None:
    """The person's streaks (and consistency, once a day has ended) as the reply reads them;
    none when they were not read."""
    if not streaks:
        return None
    value = (consistency or {}).get("value")
    overall = streaks["overall"]
    going = sorted(
        ((name, s["current"]) for name, s in streaks["by_category"].items() if s["current"]),
        key=lambda pair: -pair[1],
    )
    return StreakNote(
        current=overall["current"],
        longest=overall["longest"],
        strength=round(overall["strength"] * 100),
        freezes=overall["freezes_held"],
        categories=tuple(going),
        consistency=None if value is None else round(value * 100),
        trend=(consistency or {}).get("trend", {}).get("30", {}).get("direction", "steady"),
    )


def story_note(story: dict[str, Any] | None) -> StoryNote | None:
    """The person's story as the reply reads it; none when it was not read."""
    if not story:
        return None
    return StoryNote(
        essence=story["essence"],
        beats=story["beats"],
        act=story["act"],
        chapter=story["chapter"],
        latest=story["latest"],
        told=tuple(story["told"]),
        quests=tuple(story["quests"]),
    )


def zone_notes(world: dict[str, Any] | None, missions: list[dict[str, Any]]) -> list[ZoneNote]:
    """Each zone as the reply reads it, with the suggested missions whose value category it
    takes (the relation between missions and zones); none when the world was not read."""
    return [
        ZoneNote(
            name=zone["name"],
            is_open=zone["open"],
            change=zone["next_change"],
            minutes=zone["minutes_to_change"],
            fits=_and_list(zone["fits"]),
            missions=tuple(m["title"] for m in missions if m.get("category") in zone["categories"]),
        )
        for zone in (world or {}).get("zones", [])
    ]


def _and_list(items: list[str]) -> str:
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)


def estimate_tokens(text: str) -> int:
    """About four characters a token, as OpenAI's guidance has it for English."""
    return max(1, math.ceil(len(text) / 4))


def pack_context(lines: list[str], *, budget: int) -> tuple[list[str], dict[str, Any]]:
    """Keep lines in order while they fit in `budget` tokens; report what was cut."""
    kept: list[str] = []
    cut: list[str] = []
    used = 0
    for line in lines:
        cost = estimate_tokens(line)
        if used + cost <= budget:
            kept.append(line)
            used += cost
        else:
            cut.append(line[:80])
    return kept, {"budget": budget, "used": used, "kept": len(kept), "cut": cut}
