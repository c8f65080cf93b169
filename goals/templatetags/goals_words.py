"""Plain words for the states of goals and missions: no page shows a status code."""

from __future__ import annotations

from django import template
from django.utils import timezone

from goals.models import Energy, Goal, Mission, MissionSession

register = template.Library()

MISSION_WORDS = {
    Mission.Status.SUGGESTED: "Waiting for your review",
    Mission.Status.PENDING: "Ready to start",
    Mission.Status.ACTIVE: "In progress",
    Mission.Status.DEFERRED: "Back tomorrow",
    Mission.Status.COMPLETED: "Done",
    Mission.Status.SKIPPED: "Skipped",
    Mission.Status.REJECTED: "Removed",
}
PLANNING_WORDS = {
    Goal.Decomposition.PENDING: "Eliza is planning…",
    Goal.Decomposition.RUNNING: "Eliza is planning…",
    Goal.Decomposition.DONE: "",
    Goal.Decomposition.FAILED: "Eliza could not plan this yet",
}
# One scale everywhere: the words the mission form offers (Low, Medium, High).
ENERGY_WORDS = dict(Energy.choices)
# The chip tone of each state (delight.css .chip tones).
MISSION_TONES = {
    Mission.Status.SUGGESTED: "accent",
    Mission.Status.ACTIVE: "warn",
    Mission.Status.COMPLETED: "ok",
}


@register.filter
def mission_state(status: str) -> str:
    return MISSION_WORDS.get(status, "")


@register.filter
def mission_tone(status: str) -> str:
    return MISSION_TONES.get(status, "")


@register.filter
def planning_state(decomposition_status: str) -> str:
    return PLANNING_WORDS.get(decomposition_status, "")


@register.filter
def energy_word(energy: str) -> str:
    return ENERGY_WORDS.get(energy, "")


@register.filter
def time_left(session: MissionSession) -> str:
    """The focus timer's face as the page first shows it (session.js keeps it ticking, in the
    same format): minutes:seconds left, or +minutes:seconds past the planned time."""
    left = session.planned_minutes * 60 - session.focused_seconds(timezone.now())
    shown = abs(left)
    return f"{'+' if left < 0 else ''}{shown // 60}:{shown % 60:02d}"
