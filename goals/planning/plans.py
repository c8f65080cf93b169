"""What a plan is, for both planners: its types, its bounds and its JSON schema."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from delight.ai.types import MAX_MINUTES, MIN_MINUTES

CATEGORIES = ("health", "craft", "growth", "connection")
ENERGIES = ("low", "medium", "high")
MIN_MILESTONES, MAX_MILESTONES = 3, 7
MIN_MISSIONS, MAX_MISSIONS = 1, 5
MAX_HABITS = 2  # practices a plan may propose beside its missions
UNIT_CHARS, TARGET_MAX = 30, 100_000

# Every string and list is bounded, so a whole plan fits PLAN_MAX_TOKENS: a grammar-bound server
# (llama.cpp) can never be cut off inside a string (a 135M model's plan was, at 1,500 tokens).
TITLE_CHARS, DESCRIPTION_CHARS = 100, 200
_MISSION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 3, "maxLength": TITLE_CHARS},
        "description": {"type": "string", "maxLength": DESCRIPTION_CHARS},
        "estimated_minutes": {"type": "integer", "minimum": MIN_MINUTES, "maximum": MAX_MINUTES},
        "energy": {"type": "string", "enum": list(ENERGIES)},
    },
    "required": ["title", "description", "estimated_minutes", "energy"],
}
# A practice to keep beside the missions ("Read 20 pages", every day): 7 times a week is
# every day; a target of 0 is none (a yes/no habit).
_HABIT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "title": {"type": "string", "minLength": 3, "maxLength": TITLE_CHARS},
        "times_per_week": {"type": "integer", "minimum": 1, "maximum": 7},
        "target": {"type": "integer", "minimum": 0, "maximum": TARGET_MAX},
        "unit": {"type": "string", "maxLength": UNIT_CHARS},
    },
    "required": ["title", "times_per_week", "target", "unit"],
}
PLAN_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "summary": {"type": "string", "maxLength": DESCRIPTION_CHARS},
        "milestones": {
            "type": "array",
            "minItems": MIN_MILESTONES,
            "maxItems": MAX_MILESTONES,
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string", "minLength": 3, "maxLength": TITLE_CHARS},
                    "description": {"type": "string", "maxLength": DESCRIPTION_CHARS},
                    "missions": {
                        "type": "array",
                        "minItems": MIN_MISSIONS,
                        "maxItems": MAX_MISSIONS,
                        "items": _MISSION_SCHEMA,
                    },
                },
                "required": ["title", "description", "missions"],
            },
        },
        "habits": {"type": "array", "maxItems": MAX_HABITS, "items": _HABIT_SCHEMA},
    },
    "required": ["summary", "milestones"],
}


@dataclass(frozen=True)
class PlannedMission:
    title: str
    description: str
    estimated_minutes: int
    energy: str


@dataclass(frozen=True)
class PlannedMilestone:
    title: str
    description: str
    missions: tuple[PlannedMission, ...]


@dataclass(frozen=True)
class PlannedHabit:
    """A practice the plan proposes: every day (7 times a week) or some times a week, with a
    target and its unit when it is measured ("Read", 20 "pages")."""

    title: str
    times_per_week: int
    target: int | None = None
    unit: str = ""


@dataclass(frozen=True)
class Plan:
    summary: str
    milestones: tuple[PlannedMilestone, ...]
    source: str  # "offline:<template>" or "model:<name>"
    habits: tuple[PlannedHabit, ...] = ()

    @property
    def missions_count(self) -> int:
        return sum(len(milestone.missions) for milestone in self.milestones)


def plan_from_data(data: dict[str, Any], *, source: str) -> Plan:
    """A `Plan` from JSON that already validated against `PLAN_SCHEMA`."""
    milestones = tuple(
        PlannedMilestone(
            title=item["title"].strip(),
            description=item["description"].strip(),
            missions=tuple(
                PlannedMission(
                    title=mission["title"].strip(),
                    description=mission["description"].strip(),
                    estimated_minutes=int(mission["estimated_minutes"]),
                    energy=mission["energy"],
                )
                for mission in item["missions"]
            ),
        )
        for item in data["milestones"]
    )
    habits = tuple(
        PlannedHabit(
            title=item["title"].strip(),
            times_per_week=int(item["times_per_week"]),
            target=int(item["target"]) or None,
            unit=item["unit"].strip() if int(item["target"]) else "",
        )
        for item in data.get("habits", ())
    )
    return Plan(
        summary=data["summary"].strip(), milestones=milestones, source=source, habits=habits
    )


# The offline planner's templates (templates.py): a step is (title, minutes, energy); a
# stage is (milestone title, description, steps); a practice is a PlannedHabit.
Step = tuple[str, int, str]
Stage = tuple[str, str, tuple[Step, ...]]


@dataclass(frozen=True)
class Template:
    name: str
    category: str
    cues: tuple[str, ...]  # regular expressions matched against title + description
    stages: tuple[Stage, ...]
    practice: PlannedHabit | None = None  # a habit the plan proposes beside its missions
