"""Writes on missions (create, edit, approve, reject and restore, start, defer, complete,
skip, an easy one for a return, a hidden quest's special one) and their sessions (start,
pause, resume, extend, complete): each finishes or starts the other."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone

from delight.events import announce
from delight.models import User
from delight.selectors import owned_or_not_found
from goals import signals
from goals.models import (
    SESSION_MAX_MINUTES,
    ActivityEvent,
    Energy,
    Goal,
    Milestone,
    Mission,
    MissionSession,
)
from goals.progress import selectors as progress_selectors
from goals.services.common import (
    event_record,
    goal_for_update,
    goal_worked_on,
    mission_for_update,
    notify_progress,
    reject_unknown,
)
from goals.services.insights import insights_refresh_enqueue
from goals.services.progress import streak_milestones_record

MISSION_FIELDS = (
    "title",
    "description",
    "estimated_minutes",
    "energy",
    "due_date",
    "priority_score",
    "milestone_id",
)
MS = Mission.Status


# -- missions -----------------------------------------------------------------------------


def _require_status(mission: Mission, allowed: Iterable[str], action: str) -> None:
    """Refuse a transition with a message that says why; nothing has changed yet."""
    if mission.status in allowed:
        return
    if mission.status == MS.COMPLETED:
        # On the person's clock, whichever page or API call asked.
        done_at = mission.completed_at
        when = f" ({done_at.astimezone(mission.user.zone):%-d %b %Y at %H:%M})" if done_at else ""
        message = f"This mission was already completed{when}; nothing changed."
    elif mission.status == MS.SUGGESTED:
        message = f"Approve this suggested mission before you {action} it."
    elif mission.status == MS.SKIPPED:
        message = f"This mission was skipped; you cannot {action} it."
    else:
        message = f"A mission that is {mission.get_status_display().lower()} cannot be {action}ed."
    raise ValidationError(message, code="invalid_state")


def _require_active_goal(mission: Mission) -> None:
    if mission.goal.status != Goal.Status.ACTIVE:
        raise ValidationError(
            f"The goal “{mission.goal.title}” is {mission.goal.get_status_display().lower()}; "
            "make it active again first.",
            code="goal_inactive",
        )


@transaction.atomic
def mission_create(
    *,
    user: User,
    goal_id: int,
    title: str,
    description: str = "",
    estimated_minutes: int = 20,
    energy: str = "medium",
    milestone_id: int | None = None,
    due_date: dt.date | None = None,
    priority_score: float = 0.5,
) -> Mission:
    """Add a mission by hand; it goes straight into the pool (no review needed)."""
    goal = goal_for_update(user=user, goal_id=goal_id)
    if milestone_id is not None:
        owned_or_not_found(Milestone, user=user, goal=goal, pk=milestone_id)
    position = (goal.missions.aggregate(top=Max("position"))["top"] or 0) + 1
    mission = Mission(
        user=user,
        goal=goal,
        milestone_id=milestone_id,
        position=position,
        title=title.strip(),
        description=description.strip(),
        estimated_minutes=estimated_minutes,
        energy=energy,
        category=goal.category,
        due_date=due_date,
        priority_score=priority_score,
        status=MS.PENDING,
    )
    mission.full_clean()
    mission.save()
    return mission


@transaction.atomic
def mission_edit(*, user: User, mission_id: int, **changes: Any) -> Mission:
    """Change a mission that is not finished yet (a suggestion stays a suggestion)."""
    reject_unknown(changes, MISSION_FIELDS)
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.SUGGESTED, *Mission.POOL), "edit")
    if changes.get("milestone_id") is not None:
        owned_or_not_found(
            Milestone, user=user, goal_id=mission.goal_id, pk=changes["milestone_id"]
        )
    for field, value in changes.items():
        setattr(mission, field, value.strip() if isinstance(value, str) else value)
    mission.full_clean()
    mission.save()
    return mission


EASE_BACK_MINUTES = 10
_EASE_BACK_GOAL_MAX = 150  # of the goal's title in the mission's (TITLE_MAX in all)


@transaction.atomic
def mission_ease_back_in(
    *, user: User, category: str, now: dt.datetime | None = None
) -> Mission | None:
    """An easy start for a person who came back after days away, in today's three.

    1. Their day of `now` (zone and day start): one such mission a return day; asked again,
       the one already given is returned.
    2. Its goal: their active goal of `category` worked on last (then the newest); without
       one there is no mission (None).
    3. Ten minutes, low energy, in the goal's pool: the triad keeps it as that day's easy
       win (`goals.selectors.triad_for`); after that day it is an ordinary mission.
    """
    today = user.local_day(now or timezone.now())
    given = Mission.objects.owned_by(user).filter(ease_back_on=today).first()
    if given is not None:
        return given
    goal = (
        Goal.objects.owned_by(user)
        .filter(status=Goal.Status.ACTIVE, category=category)
        .order_by(F("last_worked_at").desc(nulls_last=True), "-created_at", "-id")
        .first()
    )
    if goal is None:
        return None
    name = goal.title
    if len(name) > _EASE_BACK_GOAL_MAX:
        name = name[: _EASE_BACK_GOAL_MAX - 1] + "…"
    position = (goal.missions.aggregate(top=Max("position"))["top"] or 0) + 1
    mission = Mission(
        user=user,
        goal=goal,
        position=position,
        title=f"Ease back in: ten easy minutes for “{name}”",
        description="Any small step counts. Ten minutes at your own pace, and stop whenever "
        "you like.",
        estimated_minutes=EASE_BACK_MINUTES,
        energy=Energy.LOW,
        category=goal.category,
        ease_back_on=today,
        status=MS.PENDING,
    )
    mission.full_clean()
    mission.save()
    return mission


@transaction.atomic
def mission_special_create(*, user: User, title: str, description: str = "") -> Mission | None:
    """A special mission (`is_special`: a hidden quest's) in the person's pool.

    1. Its goal: the person's active goal worked on last (then the newest); without an active
       goal there is no mission (None): every mission belongs to a goal.
    2. It joins the end of that goal's pool, pending, like any mission the person accepted.
    The caller makes it once (narrative keeps one quest unlock per person and quest).
    """
    goal = (
        Goal.objects.owned_by(user)
        .filter(status=Goal.Status.ACTIVE)
        .order_by(F("last_worked_at").desc(nulls_last=True), "-created_at", "-id")
        .first()
    )
    if goal is None:
        return None
    position = (goal.missions.aggregate(top=Max("position"))["top"] or 0) + 1
    mission = Mission(
        user=user,
        goal=goal,
        position=position,
        title=title,
        description=description,
        category=goal.category,
        is_special=True,
        status=MS.PENDING,
    )
    mission.full_clean()
    mission.save()
    return mission


@transaction.atomic
def mission_approve(*, user: User, mission_id: int) -> Mission:
    """Move a suggested mission into the pool."""
    mission = mission_for_update(user=user, mission_id=mission_id)
    if mission.status != MS.SUGGESTED:
        raise ValidationError("Only a suggested mission can be approved.", code="invalid_state")
    mission.status = MS.PENDING
    mission.save(update_fields=["status", "updated_at"])
    return mission


@transaction.atomic
def mission_approve_all(*, user: User, goal_id: int) -> int:
    """Approve every suggested mission of a goal; returns how many were approved."""
    goal = goal_for_update(user=user, goal_id=goal_id)
    return goal.missions.filter(status=MS.SUGGESTED).update(
        status=MS.PENDING, updated_at=timezone.now()
    )


@transaction.atomic
def mission_reject(*, user: User, mission_id: int) -> None:
    """Set a suggested mission aside: it leaves every list, and `mission_restore` undoes it."""
    mission = mission_for_update(user=user, mission_id=mission_id)
    if mission.status != MS.SUGGESTED:
        raise ValidationError("Only a suggested mission can be rejected.", code="invalid_state")
    mission.status = MS.REJECTED
    mission.save(update_fields=["status", "updated_at"])


@transaction.atomic
def mission_restore(*, user: User, mission_id: int) -> Mission:
    """Undo a rejection: the mission waits for review again."""
    mission = mission_for_update(user=user, mission_id=mission_id)
    if mission.status != MS.REJECTED:
        raise ValidationError(
            "Only a removed suggestion can be brought back.", code="invalid_state"
        )
    mission.status = MS.SUGGESTED
    mission.save(update_fields=["status", "updated_at"])
    return mission


@transaction.atomic
def mission_start(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.PENDING, MS.DEFERRED), "start")
    _require_active_goal(mission)
    _mission_activate(mission=mission, now=now)
    return mission


def _mission_activate(*, mission: Mission, now: dt.datetime) -> None:
    if mission.status != MS.ACTIVE:
        mission.status = MS.ACTIVE
        mission.started_at = mission.started_at or now
        mission.deferred_until = None
        mission.save(update_fields=["status", "started_at", "deferred_until", "updated_at"])
        event_record(
            user=mission.user,
            kind=ActivityEvent.Kind.MISSION_STARTED,
            now=now,
            mission=mission,
            goal=mission.goal,
        )
    goal_worked_on(mission=mission, now=now)


@transaction.atomic
def mission_defer(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    """Put a mission aside until the person's next day; the triad refreshes without it."""
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.PENDING, MS.ACTIVE), "defer")
    if mission.sessions.filter(status=MissionSession.Status.RUNNING).exists():
        raise ValidationError("Finish the running session before deferring this mission.")
    mission.status = MS.DEFERRED
    mission.deferred_until = user.local_day(now) + dt.timedelta(days=1)
    mission.defer_count += 1
    mission.save(update_fields=["status", "deferred_until", "defer_count", "updated_at"])
    event_record(
        user=user,
        kind=ActivityEvent.Kind.MISSION_DEFERRED,
        now=now,
        mission=mission,
        goal=mission.goal,
    )
    return mission


@transaction.atomic
def mission_complete(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    """Complete a mission (a running session of it ends too); completing twice is refused."""
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, Mission.POOL, "complete")
    running = mission.sessions.select_for_update().filter(status=MissionSession.Status.RUNNING)
    for session in running:
        _session_finish(session=session, now=now, actual_minutes=None, notes="", reflection="")
    _mission_finish(mission=mission, now=now)
    return mission


@transaction.atomic
def mission_reopen(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    """Take back a completion the person says did not happen ("wait, I didn't do that yet").

    1. Only a completed mission can be reopened; it goes back to pending, with no
       completion time, and counts the reopening (its next completion is a new one).
    2. The completion's activity event is removed, so the streak, the day's consistency and
       the progress pages count it no more.
    3. Announce `mission_reopened`, so the story takes back its Essence and its waiting
       trigger, and refresh the open pages and the insights.
    """
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.COMPLETED,), "reopen")
    done_at = mission.completed_at
    mission.status = MS.PENDING
    mission.completed_at = None
    mission.reopened = F("reopened") + 1
    mission.save(update_fields=["status", "completed_at", "reopened", "updated_at"])
    mission.refresh_from_db(fields=["reopened"])
    events = ActivityEvent.objects.owned_by(user).filter(
        mission=mission, kind=ActivityEvent.Kind.MISSION_COMPLETED
    )
    at_done = events.filter(occurred_at=done_at).first() if done_at else None
    latest = at_done or events.order_by("-occurred_at").first()
    if latest is not None:
        latest.delete()
    announce(signals.mission_reopened, sender=Mission, mission=mission, at=now)
    streaks = progress_selectors.progress_streaks(user=user, now=now)
    notify_progress(user=user, streak=streaks.overall)
    insights_refresh_enqueue(user=user)
    return mission


def _mission_finish(*, mission: Mission, now: dt.datetime) -> None:
    mission.status = MS.COMPLETED
    mission.completed_at = now
    mission.deferred_until = None
    mission.save(update_fields=["status", "completed_at", "deferred_until", "updated_at"])
    goal_worked_on(mission=mission, now=now)
    event_record(
        user=mission.user,
        kind=ActivityEvent.Kind.MISSION_COMPLETED,
        now=now,
        mission=mission,
        goal=mission.goal,
        metadata={"estimated_minutes": mission.estimated_minutes, "energy": mission.energy},
    )
    announce(signals.mission_completed, sender=Mission, mission=mission, at=now)
    # Counted once, with this mission in: for the milestones and for the open pages.
    streaks = progress_selectors.progress_streaks(user=mission.user, now=now)
    streak_milestones_record(user=mission.user, streaks=streaks)
    notify_progress(user=mission.user, streak=streaks.overall)
    insights_refresh_enqueue(user=mission.user)


@transaction.atomic
def mission_skip(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, Mission.POOL, "skip")
    mission.status = MS.SKIPPED
    mission.save(update_fields=["status", "updated_at"])
    event_record(
        user=user,
        kind=ActivityEvent.Kind.MISSION_SKIPPED,
        now=now,
        mission=mission,
        goal=mission.goal,
    )
    return mission


# The mission actions a person can take from a page or the API, by name.
MISSION_ACTIONS: dict[str, Callable[..., Mission | None]] = {
    "approve": mission_approve,
    "reject": mission_reject,
    "restore": mission_restore,
    "start": mission_start,
    "defer": mission_defer,
    "complete": mission_complete,
    "skip": mission_skip,
}


# -- sessions -----------------------------------------------------------------------------


@transaction.atomic
def session_start(
    *,
    user: User,
    mission_id: int,
    planned_minutes: int | None = None,
    now: dt.datetime | None = None,
) -> MissionSession:
    """Start the timer on one of the person's own missions (it becomes active)."""
    now = now or timezone.now()
    mission = mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, Mission.POOL, "start")
    _require_active_goal(mission)
    if mission.sessions.filter(status=MissionSession.Status.RUNNING).exists():
        raise ValidationError("A session for this mission is already running.")
    session = MissionSession(
        user=user,
        mission=mission,
        started_at=now,
        planned_minutes=planned_minutes or mission.estimated_minutes,
    )
    session.full_clean()
    session.save()
    _mission_activate(mission=mission, now=now)
    return session


def _session_for_update(*, user: User, session_id: int) -> MissionSession:
    queryset = MissionSession.objects.select_for_update(of=("self",)).select_related(
        "mission", "mission__goal"
    )
    session = owned_or_not_found(
        queryset, user=user, pk=session_id, message="There is no such session."
    )
    if session.status != MissionSession.Status.RUNNING:
        raise ValidationError("This session has already ended; nothing changed.")
    return session


@transaction.atomic
def session_pause(*, user: User, session_id: int, now: dt.datetime | None = None) -> MissionSession:
    """Stop the clock of a running session; pausing a paused one changes nothing."""
    session = _session_for_update(user=user, session_id=session_id)
    if session.paused_at is None:
        session.paused_at = now or timezone.now()
        session.save(update_fields=["paused_at"])
    return session


@transaction.atomic
def session_resume(
    *, user: User, session_id: int, now: dt.datetime | None = None
) -> MissionSession:
    """Start the clock again; the pause does not count as focus."""
    session = _session_for_update(user=user, session_id=session_id)
    if session.paused_at is not None:
        _pause_end(session=session, now=now or timezone.now())
        session.save(update_fields=["paused_at", "paused_seconds"])
    return session


def _pause_end(*, session: MissionSession, now: dt.datetime) -> None:
    if session.paused_at is not None:
        session.paused_seconds += max(0, int((now - session.paused_at).total_seconds()))
        session.paused_at = None


@transaction.atomic
def session_extend(*, user: User, session_id: int, minutes: int = 10) -> MissionSession:
    """Give a running session more time (up to three hours in all)."""
    session = _session_for_update(user=user, session_id=session_id)
    if minutes < 1:
        raise ValidationError({"minutes": "Extend by at least one minute."})
    session.planned_minutes += minutes
    if session.planned_minutes > SESSION_MAX_MINUTES:
        raise ValidationError(
            {"minutes": f"A session can last at most {SESSION_MAX_MINUTES} minutes."}
        )
    session.full_clean()
    session.save(update_fields=["planned_minutes"])
    return session


@transaction.atomic
def session_complete(
    *,
    user: User,
    session_id: int,
    actual_minutes: int | None = None,
    notes: str = "",
    reflection: str = "",
    complete_mission: bool = True,
    now: dt.datetime | None = None,
) -> MissionSession:
    """End a session (early or on time) with the minutes spent, notes and a reflection.

    Notes become a task memory and the reflection a personal memory (after the commit).
    With `complete_mission` the mission is completed too, unless it already was. Either
    way, new insights are looked for once, after the commit.
    """
    now = now or timezone.now()
    session = _session_for_update(user=user, session_id=session_id)
    _session_finish(
        session=session,
        now=now,
        actual_minutes=actual_minutes,
        notes=notes.strip(),
        reflection=reflection.strip(),
    )
    mission = session.mission
    if complete_mission and mission.status in Mission.POOL:
        _mission_finish(mission=mission, now=now)  # which looks for insights too
    else:
        insights_refresh_enqueue(user=user)
    return session


def _session_finish(
    *,
    session: MissionSession,
    now: dt.datetime,
    actual_minutes: int | None,
    notes: str,
    reflection: str,
) -> None:
    _pause_end(session=session, now=now)
    session.ended_at = now
    elapsed = round(session.focused_seconds(now) / 60)
    session.actual_minutes = (
        actual_minutes if actual_minutes is not None else min(max(elapsed, 1), SESSION_MAX_MINUTES)
    )
    session.ended_at = now
    session.status = MissionSession.Status.COMPLETED
    session.notes = notes
    session.reflection = reflection
    session.full_clean()
    session.save()
    mission = session.mission
    event_record(
        user=session.user,
        kind=ActivityEvent.Kind.SESSION_COMPLETED,
        now=now,
        mission=mission,
        goal=mission.goal,
        session=session,
        metadata={"actual_minutes": session.actual_minutes},
    )
    announce(
        signals.session_ended,
        sender=MissionSession,
        session=session,
        notes=notes,
        reflection=reflection,
    )
