"""Goals, missions and habits as Eliza's tools (registered in `GoalsConfig.ready`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from delight.tools import ToolCall, registry
from goals import selectors, services
from goals.models import Goal, Habit, Mission
from goals.progress import selectors as progress_selectors
from goals.progress.habit_streaks import HabitStreak
from goals.progress.streaks import Streak


def _goal_view(goal: Goal) -> dict[str, Any]:
    return {
        "id": goal.pk,
        "title": goal.title,
        "category": str(goal.category),
        "target_date": goal.target_date.isoformat() if goal.target_date else None,
        "status": str(goal.status),
        "planning": str(goal.decomposition_status),
    }


def _mission_view(mission: Mission) -> dict[str, Any]:
    return {
        "id": mission.pk,
        "title": mission.title,
        "minutes": mission.estimated_minutes,
        "energy": str(mission.energy),
        "category": str(mission.category),
        "status": str(mission.status),
        "goal": mission.goal.title,
    }


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


@registry.tool(
    "goals.create",
    description="Create a goal (title, why, target date, category); planning starts at once.",
    writes=True,
)
def goals_create(call: ToolCall) -> dict[str, Any]:
    goal = services.goal_create(
        user=call.user,
        title=call.args["title"],
        description=call.args.get("why") or "",
        category=call.args["value_category"],
        target_date=_date(call.args.get("target_date")),
    )
    return {"goal": _goal_view(goal), "decomposition": "queued"}


@registry.tool(
    "goals.update", description="Change a goal's title, why, date or category.", writes=True
)
def goals_update(call: ToolCall) -> dict[str, Any]:
    field = {"why": "description", "value_category": "category"}.get(
        call.args["field"], call.args["field"]
    )
    value = call.args["new_value"]
    if field == "target_date":
        value = _date(value)
    goal = services.goal_update(user=call.user, goal_id=int(call.args["goal_id"]), **{field: value})
    return {"goal": _goal_view(goal)}


@registry.tool(
    "goals.decompose", description="Plan a goal into missions again (after a failure).", writes=True
)
def goals_decompose(call: ToolCall) -> dict[str, Any]:
    goal = services.goal_retry_decomposition(user=call.user, goal_id=int(call.args["goal_id"]))
    return {"goal": _goal_view(goal), "decomposition": "queued"}


@registry.tool(
    "missions.suggest",
    description="Today's three missions (high, medium, low); avoid_categories only if needed.",
)
def missions_suggest(call: ToolCall) -> dict[str, Any]:
    energy = call.args.get("energy")
    avoid = frozenset(call.args.get("avoid_categories") or ())
    triad = call.known.get("triad")
    if triad is None or (triad.energy, triad.avoided) != (energy, avoid):
        triad = selectors.triad_for(
            user=call.user, energy=energy, now=call.now, avoid_categories=avoid
        )
    slots = {"high": triad.high, "medium": triad.medium, "low": triad.low}
    return {name: _mission_view(m) if m else None for name, m in slots.items()}


@registry.tool("missions.complete", description="Mark a mission as done.", writes=True)
def missions_complete(call: ToolCall) -> dict[str, Any]:
    mission = services.mission_complete(
        user=call.user, mission_id=int(call.args["mission_id"]), now=call.now
    )
    return {"mission": _mission_view(mission), "minutes": call.args.get("minutes")}


@registry.tool(
    "missions.approve_plan",
    description="Take a goal's plan: its suggested missions onto the list, its habits kept.",
    writes=True,
)
def missions_approve_plan(call: ToolCall) -> dict[str, Any]:
    goal_id = int(call.args["goal_id"])
    taken = services.plan_approve(user=call.user, goal_id=goal_id)
    listed = selectors.mission_list(user=call.user, goal_id=goal_id, status=Mission.Status.PENDING)
    return {
        "approved": taken.missions,
        "titles": [m.title for m in listed[:3]],
        "habits": list(taken.habits),
    }


@registry.tool(
    "missions.reopen",
    description="Take back a mission's completion (it was not done yet).",
    writes=True,
)
def missions_reopen(call: ToolCall) -> dict[str, Any]:
    mission = services.mission_reopen(
        user=call.user, mission_id=int(call.args["mission_id"]), now=call.now
    )
    return {"mission": _mission_view(mission)}


def _habit_view(habit: Habit, streak: HabitStreak | None = None) -> dict[str, Any]:
    view: dict[str, Any] = {"id": habit.pk, "title": habit.title, "schedule": str(habit.schedule)}
    reminder = habit.reminder_time
    view["reminder_time"] = reminder.isoformat("minutes") if reminder else None
    if streak is not None:
        view["streak"] = {"current": streak.current, "best": streak.best, "unit": streak.unit}
    return view


@registry.tool(
    "habits.list",
    description="The person's habits for today: each with whether it is done and its streak.",
)
def habits_list(call: ToolCall) -> dict[str, Any]:
    today = call.user.local_day(call.now)
    rows = selectors.habits_today(user=call.user, today=today)
    habits = [row.habit for row in rows]
    streaks = selectors.habit_streaks(user=call.user, habits=habits, today=today)
    return {
        "habits": [
            {**_habit_view(row.habit, streaks[row.habit.pk]), "done_today": row.done}
            for row in rows
        ]
    }


@registry.tool(
    "habits.create",
    description="Make a habit (title, category, schedule and its numbers), starting today.",
    writes=True,
)
def habits_create(call: ToolCall) -> dict[str, Any]:
    fields = {k: v for k, v in call.args.items() if k not in ("title", "category")}
    if fields.get("reminder_time"):
        fields["reminder_time"] = dt.time.fromisoformat(fields["reminder_time"])
    habit = services.habit_create(
        user=call.user, title=call.args["title"], category=call.args["category"], **fields
    )
    return {"habit": _habit_view(habit)}


@registry.tool(
    "habits.remind",
    description="Remind the person of a habit at a time of day on their clock (HH:MM).",
    writes=True,
)
def habits_remind(call: ToolCall) -> dict[str, Any]:
    habit = services.habit_update(
        user=call.user,
        habit_id=int(call.args["habit_id"]),
        reminder_time=dt.time.fromisoformat(call.args["time"]),
    )
    return {"habit": _habit_view(habit)}


@registry.tool(
    "habits.checkin",
    description="Tick a habit done for today (with a number for a measurable one).",
    writes=True,
)
def habits_checkin(call: ToolCall) -> dict[str, Any]:
    habit_id, today = int(call.args["habit_id"]), call.user.local_day(call.now)
    value = call.args.get("value")
    services.habit_checkin(
        user=call.user,
        habit_id=habit_id,
        day=today,
        value=int(value) if value is not None else None,
        now=call.now,
    )
    habit = selectors.habit_get(user=call.user, habit_id=habit_id)
    streak = selectors.habit_streaks(user=call.user, habits=[habit], today=today)[habit.pk]
    return {"habit": _habit_view(habit, streak)}


@registry.tool(
    "habits.uncheck",
    description="Untick a habit for today (it was not done after all).",
    writes=True,
)
def habits_uncheck(call: ToolCall) -> dict[str, Any]:
    habit_id, today = int(call.args["habit_id"]), call.user.local_day(call.now)
    services.habit_checkin_clear(user=call.user, habit_id=habit_id, day=today, now=call.now)
    return {"habit": _habit_view(selectors.habit_get(user=call.user, habit_id=habit_id))}


@registry.tool(
    "goals.withdraw", description="Take back a goal just set up (archive it).", writes=True
)
def goals_withdraw(call: ToolCall) -> dict[str, Any]:
    goal = services.goal_set_status(
        user=call.user, goal_id=int(call.args["goal_id"]), status=Goal.Status.ARCHIVED
    )
    return {"goal": _goal_view(goal)}


@registry.tool("missions.defer", description="Put a mission off until tomorrow.", writes=True)
def missions_defer(call: ToolCall) -> dict[str, Any]:
    mission = services.mission_defer(
        user=call.user, mission_id=int(call.args["mission_id"]), now=call.now
    )
    return {"mission": _mission_view(mission)}


@registry.tool("progress.summary", description="Where each active goal stands, focus first.")
def progress_summary(call: ToolCall) -> dict[str, Any]:
    goals = call.known.get("goals")  # recall_context read them this turn
    if goals is None:
        goals = selectors.goal_focus(user=call.user)
    return {"goals": goals}


@registry.tool(
    "progress.streaks",
    description="The person's streaks: days in a row now, the longest, habit strength (0 to 1), "
    "freezes held, overall and per value category.",
)
def progress_streaks(call: ToolCall) -> dict[str, Any]:
    streaks = progress_selectors.progress_streaks(user=call.user, now=call.now)
    return {
        "overall": _streak_view(streaks.overall),
        "by_category": {name: _streak_view(s) for name, s in streaks.by_category.items()},
    }


def _streak_view(streak: Streak) -> dict[str, Any]:
    return {
        "current": streak.current,
        "longest": streak.longest,
        "strength": round(streak.strength, 3),
        "freezes_held": streak.freezes_held,
        "last_day": streak.last_day.isoformat() if streak.last_day else None,
        "next_milestone": streak.next_milestone,
    }


@registry.tool(
    "progress.dci",
    description="The person's Daily Consistency Index (0 to 1) for their last ended day, its "
    "four parts (streak strength, missions done / offered, depth, nudge response; null when "
    "left out) and its mean, slope per day and direction (rising, steady, easing) over the "
    "last 7, 30 and 90 days.",
)
def progress_dci(call: ToolCall) -> dict[str, Any]:
    consistency = progress_selectors.progress_consistency(user=call.user, now=call.now)
    snapshot = consistency.latest
    if snapshot is None:
        return {"date": None, "value": None, "components": {}, "trend": {}}
    return {
        "date": snapshot.date.isoformat(),
        "value": round(snapshot.value, 3),
        "components": snapshot.components,
        "trend": {
            str(days): {"mean": trend.mean, "slope": trend.slope, "direction": trend.direction}
            for days, trend in consistency.trends.items()
        },
    }
