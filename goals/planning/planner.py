"""Which planner plans a goal: the model's when the engine has one, the rules' otherwise."""

from __future__ import annotations

import datetime as dt

from delight.ai.engine import Engine
from goals.planning.model import plan_with_model
from goals.planning.offline import plan_offline
from goals.planning.plans import Plan


def plan_goal(
    *, engine: Engine, title: str, description: str, category: str, target_date: dt.date | None
) -> Plan:
    """The goal's plan. With a model, planning does NOT fall back to the rules: after the
    chat client's retries it raises AIError, so the planning job can mark the goal failed
    with the reason and the person can retry, instead of silently getting another kind of
    plan."""
    if engine.chat is None:
        return plan_offline(
            title=title, description=description, category=category, target_date=target_date
        )
    return plan_with_model(
        engine.chat,
        title=title,
        description=description,
        category=category,
        target_date=target_date,
    )
