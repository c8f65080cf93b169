"""What a plan is, for both planners: its types, its bounds and its JSON schema."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from delight.ai.types import MAX_MINUTES, MIN_MINUTES

CATEGORIES = ("health", "craft", "growth", "connection")
ENERGIES = ("low", "medium", "high")
MIN_MILESTONES, MAX_MILESTONES = 3, 7
MIN_MISSIONS, MAX_MISSIONS = 1, 5

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
class Plan:
    summary: str
    milestones: tuple[PlannedMilestone, ...]
    source: str  # "offline:<template>" or "model:<name>"

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
    return Plan(summary=data["summary"].strip(), milestones=milestones, source=source)


# The offline planner's templates (templates.py): a step is (title, minutes, energy); a
# stage is (milestone title, description, steps).
Step = tuple[str, int, str]
Stage = tuple[str, str, tuple[Step, ...]]


@dataclass(frozen=True)
class Template:
    name: str
    category: str
    cues: tuple[str, ...]  # regular expressions matched against title + description
    stages: tuple[Stage, ...]
