"""Goal planning: a goal becomes 3-7 ordered milestones of 1-5 micro-missions (10-30 min).

Two planners share one `Plan` type and one JSON schema:

A plan may also propose a practice or two to keep as habits ("Read 20 pages, every day").

- `plan_offline`: rule-based, no network. It recognises what the goal is about from keyword
  cues in the title and description (running, strength, sleep, writing, music, language,
  job search, friendships ...) and otherwise uses a template for the goal's value category.
  Templates name the person's own goal, so the plan reads as theirs.
- `plan_with_model`: asks an OpenAI-compatible model for a plan that validates against
  `PLAN_SCHEMA` (the chat client retries invalid answers and transport failures) and raises
  `AIError` when it still has none: planning never silently falls back, so the caller can
  mark the goal failed and let the person retry.

The plan's types and schema are in `plans.py`, the planners in `offline.py` and `model.py`,
and the offline planner's templates, as data, in `templates.py`.
"""

from __future__ import annotations

from delight.ai.types import MAX_MINUTES, MIN_MINUTES
from goals.planning.model import plan_messages, plan_with_model
from goals.planning.offline import choose_template, goal_phrase, plan_offline
from goals.planning.planner import plan_goal
from goals.planning.plans import (
    CATEGORIES,
    ENERGIES,
    MAX_MILESTONES,
    MAX_MISSIONS,
    MIN_MILESTONES,
    MIN_MISSIONS,
    PLAN_SCHEMA,
    Plan,
    PlannedHabit,
    PlannedMilestone,
    PlannedMission,
    plan_from_data,
)

__all__ = [
    "CATEGORIES",
    "ENERGIES",
    "MAX_MILESTONES",
    "MAX_MINUTES",
    "MAX_MISSIONS",
    "MIN_MILESTONES",
    "MIN_MINUTES",
    "MIN_MISSIONS",
    "PLAN_SCHEMA",
    "Plan",
    "PlannedHabit",
    "PlannedMilestone",
    "PlannedMission",
    "choose_template",
    "goal_phrase",
    "plan_from_data",
    "plan_goal",
    "plan_messages",
    "plan_offline",
    "plan_with_model",
]
