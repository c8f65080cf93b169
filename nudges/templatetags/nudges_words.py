"""The inbox's small words and marks: each kind of note's icon."""

from __future__ import annotations

from django import template

from nudges.models import Notification

register = template.Library()

Kind = Notification.Kind
# The design system's icon for each kind of note (a nudge, and any kind not listed: a heart).
KIND_ICONS: dict[str, str] = {
    Kind.PLAN_READY: "goals",
    Kind.MILESTONE: "trophy",
    Kind.HIGHLIGHT: "flame",
    Kind.INSIGHT: "sparkle",
    Kind.STORY: "book",
    Kind.QUEST: "map",
    Kind.REMINDER: "bell",
}


@register.filter
def note_icon(kind: str) -> str:
    return KIND_ICONS.get(kind, "heart")
