"""What the nudges app does with the other apps' news (delight.events), connected in
`NudgesConfig.ready`: a note for a plan to review, a streak milestone, something Eliza
noticed (each given once, its key, through `services.notification_give`); and the person's
presence for every meaningful activity."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.dispatch import receiver
from django.urls import reverse

from delight.models import User
from goals import signals as goals_signals
from goals.models import Category, Goal
from nudges import services
from nudges.models import Notification

Kind = Notification.Kind


@receiver(goals_signals.plan_saved, dispatch_uid="nudges-plan-ready")
def plan_ready(*, goal: Goal, description: str, **_: Any) -> None:
    services.notification_give(
        user=goal.user,
        kind=Kind.PLAN_READY,
        key=f"plan:{goal.pk}:{goal.decomposition_attempts}",
        title=f"Your plan for “{goal.title}” is ready",
        body=f"{description} Have a look and keep what fits you.",
        url=reverse("goal-detail", args=[goal.pk]),
    )


@receiver(goals_signals.streak_milestone, dispatch_uid="nudges-milestone")
def milestone(*, user: User, category: str, days: int, reached_on: dt.date, **_: Any) -> None:
    kind = f" of {Category(category).label.lower()}" if category else ""
    services.notification_give(
        user=user,
        kind=Kind.MILESTONE,
        key=f"milestone:{category or 'overall'}:{days}:{reached_on}",
        title=f"{days} days{kind} in a row!",
        body="Eliza gathered the wins of your streak in one place.",
        url=reverse("progress"),
    )


@receiver(goals_signals.insight_found, dispatch_uid="nudges-insight")
def insight(*, user: User, kind: str, key: str, text: str, **_: Any) -> None:
    services.notification_give(
        user=user,
        kind=Kind.INSIGHT,
        key=f"insight:{key}",
        title="Eliza noticed something",
        body=text,
        url=reverse("progress"),
    )


@receiver(goals_signals.activity, dispatch_uid="nudges-presence")
def present(*, user: User, at: dt.datetime, **_: Any) -> None:
    services.presence_seen(user=user, at=at)
