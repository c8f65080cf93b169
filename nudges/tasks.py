"""Background entry points of the nudges app (django-q2): thin, they call a service."""

from __future__ import annotations

from delight.ai.runtime import model_job
from nudges import services


def wake_snoozed() -> int:
    """Every minute: snoozes that ended are unread again, and open pages hear of it."""
    return services.notifications_wake()


def plan_nudges() -> int:
    """Every 5 minutes: plan the next nudge of everyone away long enough for it."""
    return services.nudges_plan()


def plan_habit_reminders() -> int:
    """Every 15 minutes: plan the habit reminders due within the next hour."""
    return services.habit_reminders_plan()


def deliver_nudges() -> int:
    """Every minute: send the nudges that are due (their words within one model budget)."""
    with model_job():
        return services.nudges_deliver()
