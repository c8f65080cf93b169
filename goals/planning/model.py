"""The model planner: a plan from an OpenAI-compatible model, validated against PLAN_SCHEMA."""

from __future__ import annotations

import datetime as dt

from delight.ai.chat import OpenAIChat
from delight.ai.retries import AIResponseError
from delight.ai.text import SAYS_IT_TWICE, normalise_words, says_twice
from delight.ai.types import ChatMessage
from goals.planning.plans import PLAN_SCHEMA, Plan, plan_from_data

# A usual plan is ~600-900 tokens of JSON; one at the schema's bounds (7 milestones of 5
# missions, every string at its longest: ~15,000 characters) fits, so it is never cut off.
PLAN_MAX_TOKENS = 4000
PLAN_PROMPT = (
    "You are Eliza, a warm and practical goal coach. Break the person's goal into 3 to 7 "
    "ordered milestones. Give each milestone 1 to 5 concrete micro-missions that take 10 to "
    "30 minutes each, in the order they should be done, each with an energy level (low, "
    "medium or high). Missions must be specific actions a person can start right away, "
    "written as short imperatives. Pace the plan to the target date when there is one. "
    "habits: at most 2 practices to keep on a schedule beside the missions, only when the "
    "goal is built by doing something regularly (a short title such as Read or Meditate; "
    "times_per_week 1 to 7, 7 meaning every day; target 0, or the number done each time "
    "with its unit, such as 20 pages). "
    "summary: one encouraging sentence about the plan."
)


def plan_messages(
    *, title: str, description: str, category: str, target_date: dt.date | None
) -> list[ChatMessage]:
    lines = [f"Goal: {title}", f"Value category: {category}"]
    if description:
        lines.append(f"Why it matters / details: {description}")
    lines.append(f"Target date: {target_date.isoformat()}" if target_date else "No target date.")
    return [ChatMessage("system", PLAN_PROMPT), ChatMessage("user", "\n".join(lines))]


def plan_with_model(
    chat: OpenAIChat,
    *,
    title: str,
    description: str,
    category: str,
    target_date: dt.date | None,
) -> Plan:
    """A model plan that validates against PLAN_SCHEMA and reads as a plan; raises AIError
    when there is none (AIResponseError for one refused by `plan_problem`)."""
    data = chat.complete_json(
        plan_messages(
            title=title, description=description, category=category, target_date=target_date
        ),
        schema=PLAN_SCHEMA,
        purpose="planning",
        max_tokens=PLAN_MAX_TOKENS,
        temperature=0.3,  # some variety between plans; the schema keeps them well formed
    )
    plan = plan_from_data(data, source=chat.source("planning"))
    if problem := plan_problem(plan):
        raise AIResponseError(f"plan refused ({problem})", attempts=1, reason=problem)
    return plan


def plan_problem(plan: Plan) -> str:
    """Why a model's plan is no plan, or "": a title given twice, or one that says the same
    words twice (a 135M model's seven milestones and missions were all "One encouraging
    sentence about the plan. One encouraging sentence…", the prompt's own words)."""
    titles = [m.title for m in plan.milestones]
    titles += [mission.title for m in plan.milestones for mission in m.missions]
    titles += [habit.title for habit in plan.habits]
    if len({" ".join(normalise_words(title)) for title in titles}) < len(titles):
        return "the same title twice"
    return SAYS_IT_TWICE if any(says_twice(title) for title in titles) else ""
