"""What the goals app's writes share: lookups for update, activity events and the
goal.update notice."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone

from delight.events import announce
from delight.models import User
from delight.realtime import send_on_commit
from delight.selectors import owned_or_not_found
from goals import realtime, signals
from goals.models import (
    ActivityEvent,
    Goal,
    Habit,
    Mission,
    MissionSession,
)
from goals.progress.days import day_of, lived_day
from goals.progress.streaks import Streak
from goals.selectors import activity_ends_absence

logger = logging.getLogger("goals")

# What counts as the person being here (issue 20: drop-off is 48 hours without any of these);
# a talk with Eliza is announced by `talk_record`, for every message.
MEANINGFUL = (
    ActivityEvent.Kind.MISSION_STARTED,
    ActivityEvent.Kind.MISSION_COMPLETED,
    ActivityEvent.Kind.SESSION_COMPLETED,
    ActivityEvent.Kind.HABIT_DONE,
)


# -- shared helpers -----------------------------------------------------------------------


def check_target_date(*, user: User, target_date: dt.date | None) -> None:
    if target_date is not None and target_date < user.local_day(timezone.now()):
        raise ValidationError(
            {"target_date": "The target date is in the past: choose today or a later day."}
        )


def reject_unknown(changes: dict[str, Any], allowed: Iterable[str]) -> None:
    unknown = set(changes) - set(allowed)
    if unknown:
        raise ValidationError(f"These fields cannot be changed: {', '.join(sorted(unknown))}.")


def activity_announce(*, user: User, kind: str, at: dt.datetime, returning: bool) -> None:
    """Say the person did something meaningful (signals.activity), at once or when the
    caller's transaction commits; `returning`: it ends an absence (the caller knows)."""
    announce(
        signals.activity, sender=ActivityEvent, user=user, kind=kind, at=at, returning=returning
    )


def event_record(
    *,
    user: User,
    kind: str,
    now: dt.datetime,
    goal: Goal | None = None,
    mission: Mission | None = None,
    session: MissionSession | None = None,
    habit: Habit | None = None,
    day: dt.date | None = None,
    metadata: dict[str, Any] | None = None,
) -> ActivityEvent:
    """Log what the person did at `now`, on their day then; or on `day`, a past day they say
    it was done on: it sits at that day's middle (the days are read in the order of their
    moments), and only what happens today is news of them being here."""
    today = lived_day(now, zone=user.timezone, day_start_hour=user.day_start_hour)
    owner = mission or habit or goal
    at = now
    if day is not None and day != today.date:
        at = day_of(day, zone=user.timezone, day_start_hour=user.day_start_hour).middle
    elif kind in MEANINGFUL:
        activity_announce(
            user=user, kind=kind, at=now, returning=activity_ends_absence(user=user, at=now)
        )
    return ActivityEvent.objects.create(
        user=user,
        kind=kind,
        occurred_at=at,
        local_date=day or today.date,
        zone=user.timezone,
        category=owner.category if owner else "",
        goal=goal,
        mission=mission,
        session=session,
        habit=habit,
        metadata=metadata or {},
    )


def goal_for_update(*, user: User, goal_id: int) -> Goal:
    return owned_or_not_found(Goal.objects.select_for_update(), user=user, pk=goal_id)


def mission_for_update(*, user: User, mission_id: int) -> Mission:
    queryset = Mission.objects.select_for_update(of=("self",)).select_related("goal")
    return owned_or_not_found(queryset, user=user, pk=mission_id)


def goal_worked_on(*, mission: Mission, now: dt.datetime) -> None:
    Goal.objects.filter(pk=mission.goal_id).update(last_worked_at=now)


def notify_goal(*, goal_id: int) -> None:
    """Send `goal.update` with the goal's committed state once the transaction commits."""

    def send() -> None:
        goal = Goal.objects.get(pk=goal_id)
        realtime.goal_update_send(
            user_id=goal.user_id,
            goal_id=goal.pk,
            decomposition_status=goal.decomposition_status,
            missions_count=goal.missions.count(),
            error=goal.decomposition_error,
        )

    send_on_commit(send, what="a goal update")


def notify_progress(*, user: User, streak: Streak) -> None:
    """Send `progress.update` with the person's streak once the transaction commits."""

    def send() -> None:
        realtime.progress_update_send(
            user_id=user.pk,
            current=streak.current,
            longest=streak.longest,
            freezes_held=streak.freezes_held,
        )

    send_on_commit(send, what="a progress update")
