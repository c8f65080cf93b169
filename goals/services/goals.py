"""Writes on goals: create, update, status."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import (
    ActivityEvent,
    Goal,
    Mission,
)
from goals.services.common import check_target_date, event_record, goal_for_update, reject_unknown
from goals.services.plans import enqueue_decomposition

GOAL_FIELDS = ("title", "description", "category", "target_date", "importance")
MS = Mission.Status


# -- goals --------------------------------------------------------------------------------


@transaction.atomic
def goal_create(
    *,
    user: User,
    title: str,
    category: str,
    description: str = "",
    target_date: dt.date | None = None,
    importance: int = 3,
) -> Goal:
    """Create a goal and enqueue its decomposition once the transaction has committed."""
    goal = Goal(
        user=user,
        title=title.strip(),
        description=description.strip(),
        category=category,
        target_date=target_date,
        importance=importance,
    )
    goal.full_clean()
    check_target_date(user=user, target_date=target_date)
    goal.save()
    event_record(user=user, kind=ActivityEvent.Kind.GOAL_CREATED, now=timezone.now(), goal=goal)
    enqueue_decomposition(goal_id=goal.pk)
    return goal


@transaction.atomic
def goal_update(*, user: User, goal_id: int, **changes: Any) -> Goal:
    """Change a goal's title, description, category, target date or importance."""
    reject_unknown(changes, GOAL_FIELDS)
    goal = goal_for_update(user=user, goal_id=goal_id)
    new_date = changes.get("target_date", goal.target_date)
    if new_date != goal.target_date:
        check_target_date(user=user, target_date=new_date)
    for field, value in changes.items():
        setattr(goal, field, value.strip() if isinstance(value, str) else value)
    goal.full_clean()
    goal.save()
    if "category" in changes:
        goal.missions.exclude(status__in=[MS.COMPLETED, MS.SKIPPED]).update(category=goal.category)
    return goal


@transaction.atomic
def goal_set_status(*, user: User, goal_id: int, status: str) -> Goal:
    """Pause, resume, complete or archive a goal."""
    if status not in Goal.Status.values:
        raise ValidationError({"status": f"Unknown goal status {status!r}."})
    goal = goal_for_update(user=user, goal_id=goal_id)
    if goal.status == status:
        raise ValidationError(f"This goal is already {goal.get_status_display().lower()}.")
    goal.status = status
    goal.save(update_fields=["status", "updated_at"])
    if status == Goal.Status.COMPLETED:
        now = timezone.now()
        event_record(user=user, kind=ActivityEvent.Kind.GOAL_COMPLETED, now=now, goal=goal)
        announce(signals.goal_completed, sender=Goal, goal=goal, at=now)
    return goal
