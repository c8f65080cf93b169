"""The goals app's panels on Home (registered in `GoalsConfig.ready`; see delight.dashboard):
today's three missions, today's habits, the active goals with their progress, and the
streak's place."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from delight.dashboard import Panel, register
from delight.requests import PersonRequest
from goals import selectors
from goals.models import Category, Goal
from goals.progress import highlights
from goals.progress import selectors as progress_selectors


def _today(request: PersonRequest) -> dict[str, Any]:
    # The same day as the Today page: what is done keeps its place, a finished day stays so.
    day = selectors.day_for(user=request.user)
    slots = [(slot, selectors.SLOT_LABELS[slot], mission) for slot, mission in day.open if mission]
    return {
        "slots": slots,
        "done_today": len(day.done),
        # Only an empty day needs to know: is there a goal to review, or none yet?
        "has_goals": bool(slots) or selectors.goal_list(user=request.user).exists(),
    }


def _habits(request: PersonRequest) -> dict[str, Any] | None:
    """Today's habits with a one-tap tick; no panel for a person with none today."""
    today = request.user.local_day(timezone.now())
    habits = selectors.habits_today(user=request.user, today=today)
    if not habits:
        return None
    done = sum(row.done for row in habits)
    return {"habits": habits, "done": done, "today": today, "back": reverse("home")}


def _goals(request: PersonRequest) -> dict[str, Any]:
    goals = selectors.goal_list(user=request.user, status=Goal.Status.ACTIVE)
    return {
        "rows": [(goal, selectors.goal_progress(goal)) for goal in goals],
        "planning": (Goal.Decomposition.PENDING, Goal.Decomposition.RUNNING),
        "failed": Goal.Decomposition.FAILED,
    }


def _streak(request: PersonRequest) -> dict[str, Any]:
    streaks = progress_selectors.progress_streaks(user=request.user)
    going = sorted(
        ((Category(name).label, s.current) for name, s in streaks.by_category.items() if s.current),
        key=lambda pair: -pair[1],
    )
    overall = streaks.overall
    today = progress_selectors.progress_today(user=request.user)
    latest = progress_selectors.progress_consistency(user=request.user).latest
    milestones = progress_selectors.progress_milestones(user=request.user, since=today)
    return {
        "streak": overall,
        "reels": highlights.progress_milestone_reels(user=request.user, milestones=milestones),
        "dci": latest,
        "dci_percent": round(latest.value * 100) if latest else None,
        "strength": round(overall.strength * 100),
        "to_milestone": (overall.next_milestone or 0) - overall.current,
        "categories": going,
    }


register(
    Panel(
        "home-today",
        "goals/panels/today.html",
        _today,
        order=10,
        live_on="goal.update progress.update",
    )
)
register(
    Panel(
        "home-habits",
        "goals/panels/habits.html",
        _habits,
        order=20,
        live_on="progress.update",
    )
)
register(Panel("home-goals", "goals/panels/goals.html", _goals, order=30, live_on="goal.update"))
register(
    Panel(
        "home-streak",
        "goals/panels/streak.html",
        _streak,
        column="side",
        order=20,
        live_on="progress.update",
    )
)
