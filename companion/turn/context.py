"""What goes into the reply's prompt: what Eliza knows of the person, as the engine's facts
(most relevant first; the engine packs them into the token budget), and the classifier
results as the engine takes them."""

from __future__ import annotations

import datetime as dt
from typing import Any

from delight.ai.offline import (
    GoalNote,
    MemoryNote,
    ReplyContext,
    StoryNote,
    StreakNote,
    ZoneNote,
)
from delight.ai.text import listed
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


def emotion_of(state: TurnState) -> EmotionResult | None:
    data = state.output("receive_input").get("emotion")
    return EmotionResult(**data) if data else None


def intent_of(state: TurnState) -> IntentResult | None:
    data = state.output("receive_input").get("intent")
    return IntentResult(**data) if data else None


def person_name(user: User) -> str:
    profile = getattr(user, "companion_profile", None)
    return ((profile.name if profile else "") or user.first_name).strip()


def welcome_words(back: Return | None) -> str:
    """What Eliza says to welcome the person back ("" when no welcome is due)."""
    if back is None:
        return ""
    if back.mission is None:
        return f"{WELCOME_BACK} {WELCOME_NO_MISSION}"
    return f"{WELCOME_BACK} {WELCOME_EASY_MISSION.format(goal=back.mission.goal.title)}"


def reply_context(
    state: TurnState, outputs: dict[str, Any], *, name: str, today: dt.date
) -> ReplyContext:
    """What the reply knows, most relevant first: a welcome back when one is due, the goal
    in focus (every goal with its progress when progress was read), today's missions (or
    the suggested ones), the zones when the world was looked up, streaks and story when
    read, then memories by recall score."""
    context = state.output("recall_context")
    suggested = [m for m in (outputs.get("missions.suggest") or {}).values() if m]
    missions = [m["title"] for m in suggested] or [m["title"] for m in context.get("triad", [])]
    return ReplyContext(
        name=name,
        welcome=context.get("welcome", ""),
        earlier=context.get("earlier", ""),
        goal_notes=tuple(goal_notes(context, outputs.get("progress.summary"), today=today)),
        missions=tuple(missions),
        habits_left=tuple(
            habit["title"]
            for habit in (outputs.get("habits.list") or {}).get("habits", [])
            if not habit["done_today"]
        ),
        zones=tuple(zone_notes(outputs.get("world.zones"), suggested)),
        streak=streak_note(outputs.get("progress.streaks"), outputs.get("progress.dci")),
        story=story_note(outputs.get("narrative.story")),
        memory_notes=tuple(
            MemoryNote(content=m["content"], key=m.get("key", ""), id=m["id"])
            for m in context.get("memories", [])
        ),
    )


# Goals whose missions are still being planned (goals.models.Goal.Decomposition).
PLANNING = frozenset({"pending", "running"})


def goal_notes(
    context: dict[str, Any], summary: dict[str, Any] | None, *, today: dt.date
) -> list[GoalNote]:
    """Every goal with its progress when progress was read, else the goal in focus; each
    said to wait for review when its plan is made and none of its missions is accepted
    yet, or to be in planning still, with its target date and the days to it from the
    person's `today`."""
    states = {g["title"]: g for g in context.get("goals", [])}
    if summary and summary.get("goals"):
        return [
            _goal_note(
                states.get(g["title"], {}), title=g["title"], percent=g["progress"], today=today
            )
            for g in summary["goals"]
        ]
    goal = context.get("goal")
    return [_goal_note(goal, title=goal["title"], percent=None, today=today)] if goal else []


def _goal_note(
    state: dict[str, Any], *, title: str, percent: int | None, today: dt.date
) -> GoalNote:
    due = dt.date.fromisoformat(state["target_date"]) if state.get("target_date") else None
    return GoalNote(
        title=title,
        percent=percent,
        reviewing=bool(state.get("to_review")),
        planning=state.get("planning") in PLANNING,
        done=state.get("done"),
        accepted=state.get("accepted"),
        due=due,
        days_left=(due - today).days if due else None,
    )


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
        coming=bool(story.get("coming")),  # absent from a turn checkpointed before it was read
        next=str(story.get("next") or ""),
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
            fits=listed(zone["fits"]),
            missions=tuple(m["title"] for m in missions if m.get("category") in zone["categories"]),
        )
        for zone in (world or {}).get("zones", [])
    ]
