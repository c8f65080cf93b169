"""Every write of the goals app. Keyword-only, transactional, validated with full_clean().

Objects are always looked up within the acting user's own rows, so another person's goal,
mission or session answers 404 and nothing changes. State errors (completing a mission twice,
a session that already ended) raise ValidationError with a message meant for the person.
"""

from __future__ import annotations

import datetime as dt
import functools
import logging
from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django_q.tasks import async_task

from delight.ai.chat import AIError, AIRequestError, AIResponseError
from delight.ai.engine import Engine
from delight.ai.planning import Plan
from delight.ai.runtime import engine_or_default
from delight.locks import liveness_lock, lock_key
from delight.models import User
from goals import realtime
from goals.models import (
    SESSION_MAX_MINUTES,
    ActivityEvent,
    Goal,
    Milestone,
    Mission,
    MissionSession,
)

logger = logging.getLogger("goals")

DECOMPOSE_TASK = "goals.tasks.decompose_goal"
# A plan whose worker died this many times (e.g. killed by the job time limit, Q_TIMEOUT)
# is marked failed for the person to retry, instead of being started again by the sweep.
PLAN_ATTEMPTS = 3
# A goal still pending this long after its last change has lost its job (the process that
# committed it died before enqueueing): the sweep enqueues it again.
PENDING_GRACE = dt.timedelta(minutes=2)
GOAL_FIELDS = ("title", "description", "category", "target_date", "importance")
MISSION_FIELDS = (
    "title",
    "description",
    "estimated_minutes",
    "energy",
    "due_date",
    "priority_score",
    "milestone_id",
)
Decomposition = Goal.Decomposition
MS = Mission.Status


# -- shared helpers -----------------------------------------------------------------------


def _check_target_date(*, user: User, target_date: dt.date | None) -> None:
    if target_date is not None and target_date < user.local_day(timezone.now()):
        raise ValidationError(
            {"target_date": "The target date is in the past: choose today or a later day."}
        )


def _reject_unknown(changes: dict[str, Any], allowed: Iterable[str]) -> None:
    unknown = set(changes) - set(allowed)
    if unknown:
        raise ValidationError(f"These fields cannot be changed: {', '.join(sorted(unknown))}.")


def _event_record(
    *,
    user: User,
    kind: str,
    now: dt.datetime,
    goal: Goal | None = None,
    mission: Mission | None = None,
    session: MissionSession | None = None,
    metadata: dict[str, Any] | None = None,
) -> ActivityEvent:
    category = mission.category if mission else (goal.category if goal else "")
    return ActivityEvent.objects.create(
        user=user,
        kind=kind,
        occurred_at=now,
        local_date=user.local_day(now),
        category=category,
        goal=goal,
        mission=mission,
        session=session,
        metadata=metadata or {},
    )


def _remember(**fields: Any) -> None:
    """Store a memory for Eliza after the commit; a memory failure never undoes the work."""
    from companion.services import memory_create

    try:
        memory_create(source="mission", **fields)
    except Exception:
        logger.exception("could not store a %s memory", fields.get("tier"))


def _remember_on_commit(**fields: Any) -> None:
    transaction.on_commit(functools.partial(_remember, **fields))


def _goal_for_update(*, user: User, goal_id: int) -> Goal:
    return get_object_or_404(Goal.objects.select_for_update(), user=user, pk=goal_id)


def _mission_for_update(*, user: User, mission_id: int) -> Mission:
    queryset = Mission.objects.select_for_update(of=("self",)).select_related("goal")
    return get_object_or_404(queryset, user=user, pk=mission_id)


def _goal_worked_on(*, mission: Mission, now: dt.datetime) -> None:
    Goal.objects.filter(pk=mission.goal_id).update(last_worked_at=now)


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
    _check_target_date(user=user, target_date=target_date)
    goal.save()
    _event_record(user=user, kind=ActivityEvent.Kind.GOAL_CREATED, now=timezone.now(), goal=goal)
    _enqueue_decomposition(goal_id=goal.pk)
    return goal


def _enqueue_decomposition(*, goal_id: int) -> None:
    transaction.on_commit(lambda: async_task(DECOMPOSE_TASK, goal_id))


@transaction.atomic
def goal_update(*, user: User, goal_id: int, **changes: Any) -> Goal:
    """Change a goal's title, description, category, target date or importance."""
    _reject_unknown(changes, GOAL_FIELDS)
    goal = _goal_for_update(user=user, goal_id=goal_id)
    new_date = changes.get("target_date", goal.target_date)
    if new_date != goal.target_date:
        _check_target_date(user=user, target_date=new_date)
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
    goal = _goal_for_update(user=user, goal_id=goal_id)
    if goal.status == status:
        raise ValidationError(f"This goal is already {goal.get_status_display().lower()}.")
    goal.status = status
    goal.save(update_fields=["status", "updated_at"])
    if status == Goal.Status.COMPLETED:
        _event_record(
            user=user, kind=ActivityEvent.Kind.GOAL_COMPLETED, now=timezone.now(), goal=goal
        )
    return goal


def plan_lock_key(goal_id: int) -> int:
    """The liveness lock a goal's planning job holds while it runs (delight.locks)."""
    return lock_key("goal-plan", goal_id)


@transaction.atomic
def goal_retry_decomposition(*, user: User, goal_id: int) -> Goal:
    """Queue planning again for a goal whose planning failed, never started, or whose
    worker died mid-way (its job is running but nobody alive holds its lock)."""
    goal = _goal_for_update(user=user, goal_id=goal_id)
    with liveness_lock(plan_lock_key(goal.pk)) as nobody_planning:
        if goal.decomposition_status == Decomposition.RUNNING and not nobody_planning:
            raise ValidationError("This goal is being planned right now; it will be ready soon.")
        if goal.decomposition_status == Decomposition.DONE:
            raise ValidationError(
                f"This goal is {goal.get_decomposition_status_display().lower()}; "
                "only a goal whose planning failed can be retried."
            )
        goal.decomposition_status = Decomposition.PENDING
        goal.decomposition_error = ""
        goal.save(update_fields=["decomposition_status", "decomposition_error", "updated_at"])
    _enqueue_decomposition(goal_id=goal.pk)
    _notify_goal(goal_id=goal.pk)
    return goal


def goal_plans_sweep(*, now: dt.datetime | None = None) -> int:
    """Start again the planning that was lost; return how many goals it touched.

    1. A goal whose job is running while nobody alive holds its lock was cut off (its worker
       died or hit the job time limit): it goes back to pending and its job is enqueued, or,
       after PLAN_ATTEMPTS such deaths, it is marked failed with a message for the person.
    2. A goal pending for longer than PENDING_GRACE lost its job before it was enqueued:
       the job is enqueued again (a duplicate job finds nothing to claim).
    Each status change is made while holding the goal's lock, so no job runs meanwhile.
    """
    now = now or timezone.now()
    touched = 0
    running = Goal.objects.filter(decomposition_status=Decomposition.RUNNING)
    for goal_id in running.values_list("pk", flat=True):
        with liveness_lock(plan_lock_key(goal_id)) as cut_off:
            if cut_off and _plan_restart(goal_id=goal_id, now=now):
                touched += 1
    lost = Goal.objects.filter(
        decomposition_status=Decomposition.PENDING, updated_at__lt=now - PENDING_GRACE
    )
    for goal_id in lost.values_list("pk", flat=True):
        Goal.objects.filter(pk=goal_id).update(updated_at=now)  # next sweep waits again
        async_task(DECOMPOSE_TASK, goal_id)
        touched += 1
    return touched


def _plan_restart(*, goal_id: int, now: dt.datetime) -> bool:
    """Move a cut-off plan back to pending (and enqueue it) or, after too many, to failed."""
    if _plan_give_up(goal_id=goal_id):
        return True
    running = Goal.objects.filter(pk=goal_id, decomposition_status=Decomposition.RUNNING)
    if not running.update(decomposition_status=Decomposition.PENDING, updated_at=now):
        return False
    async_task(DECOMPOSE_TASK, goal_id)
    _notify_goal(goal_id=goal_id)
    return True


def _plan_give_up(*, goal_id: int) -> bool:
    """Mark failed a plan cut off PLAN_ATTEMPTS times (its worker died each time, e.g. at
    the job time limit), for the person to retry; the caller holds its lock."""
    given_up = Goal.objects.filter(
        pk=goal_id,
        decomposition_status=Decomposition.RUNNING,
        decomposition_attempts__gte=PLAN_ATTEMPTS,
    ).update(
        decomposition_status=Decomposition.FAILED,
        decomposition_error=(
            "Eliza could not finish planning this goal: it took too long several times. "
            "You can try again."
        ),
        updated_at=timezone.now(),
    )
    if given_up:
        logger.warning("planning of goal %s was cut off %d times; failed", goal_id, PLAN_ATTEMPTS)
        _notify_goal(goal_id=goal_id)
    return bool(given_up)


def goal_decompose(*, goal_id: int, engine: Engine | None = None) -> str:
    """Plan a goal into milestones and suggested missions; safe to run any number of times.

    Not one transaction on purpose: a model call must not hold a database transaction open.

    1. Take the goal's liveness lock (delight.locks), held until the end: if someone alive
       holds it, the goal is being planned: "skipped". Holding it, a goal whose planning
       was cut off PLAN_ATTEMPTS times is marked failed instead ("failed"); otherwise claim
       the job atomically: a goal that is pending or failed, or running (its worker died:
       we hold its lock), moves to running.
    2. Ask the engine for a plan (outside any transaction). The model engine retries
       transport errors and schema-violating answers, then raises: the goal is marked failed
       with a readable error, and the person can retry from the page.
    3. Save the whole plan in one transaction (see `_plan_save`), which also refuses to add
       a second plan, so running twice never duplicates missions.
    4. After the commit: push `goal.update` to the person's pages and keep the outcome in
       their project memory.
    """
    with liveness_lock(plan_lock_key(goal_id)) as ours:
        if not ours:
            return "skipped"
        if _plan_give_up(goal_id=goal_id):
            return "failed"
        if not _decomposition_claim(goal_id=goal_id):
            return "skipped"
        return _decomposition_run(goal_id=goal_id, engine=engine)


def _decomposition_run(*, goal_id: int, engine: Engine | None) -> str:
    goal = Goal.objects.select_related("user").get(pk=goal_id)
    try:
        plan = engine_or_default(engine).plan_goal(
            title=goal.title,
            description=goal.description,
            category=goal.category,
            target_date=goal.target_date,
        )
    except AIError as exc:
        _decomposition_fail(goal=goal, error=_readable_error(exc))
        return "failed"
    except Exception:
        _decomposition_fail(goal=goal, error="Something went wrong on our side while planning.")
        raise
    return _plan_save(goal_id=goal_id, plan=plan)


def _decomposition_claim(*, goal_id: int) -> bool:
    """Move the goal to running (the caller holds its lock, so a running one was cut off)."""
    now = timezone.now()
    claimable = Goal.objects.filter(
        pk=goal_id,
        decomposition_status__in=[
            Decomposition.PENDING,
            Decomposition.FAILED,
            Decomposition.RUNNING,
        ],
    )
    return bool(
        claimable.update(
            decomposition_status=Decomposition.RUNNING,
            decomposition_attempts=F("decomposition_attempts") + 1,
            decomposition_started_at=now,
            decomposition_error="",
            updated_at=now,
        )
    )


def _readable_error(exc: AIError) -> str:
    if isinstance(exc, AIResponseError):
        reason = "the plan Eliza received was not usable"
    elif isinstance(exc, AIRequestError):
        reason = "the planning service refused the request"
    else:
        reason = "the planning service is not answering right now"
    return f"Eliza could not plan this goal: {reason} ({exc}). You can try again."[:500]


def _decomposition_fail(*, goal: Goal, error: str) -> None:
    Goal.objects.filter(pk=goal.pk, decomposition_status=Decomposition.RUNNING).update(
        decomposition_status=Decomposition.FAILED,
        decomposition_error=error,
        updated_at=timezone.now(),
    )
    logger.warning("decomposition of goal %s failed: %s", goal.pk, error)
    _notify_goal(goal_id=goal.pk)


@transaction.atomic
def _plan_save(*, goal_id: int, plan: Plan) -> str:
    """Write milestones and suggested missions, all or nothing.

    1. Lock the goal; if it is no longer running (a concurrent run finished), do nothing.
    2. If planned missions already exist, only mark the goal done (never a second copy).
    3. Milestones and missions follow any hand-made ones; earlier missions get a higher
       priority score (1.0 falling to 0.5), so the sequence is respected in the triad.
    """
    goal = Goal.objects.select_for_update().select_related("user").get(pk=goal_id)
    if goal.decomposition_status != Decomposition.RUNNING:
        return "skipped"
    if not goal.missions.filter(from_plan=True).exists():
        _plan_write(goal=goal, plan=plan)
    goal.decomposition_status = Decomposition.DONE
    goal.decomposition_source = plan.source[:120]
    goal.plan_summary = plan.summary[:500]
    goal.decomposition_error = ""
    goal.save()
    _notify_goal(goal_id=goal.pk)
    _remember_on_commit(
        user=goal.user,
        content=_plan_memory(goal=goal, plan=plan),
        tier="project",
        key=f"goal:{goal.pk}:plan",
        tags=("goal", "plan", goal.category),
        goal_id=goal.pk,
        actor="eliza",
    )
    return "done"


def _plan_write(*, goal: Goal, plan: Plan) -> None:
    first_milestone = (goal.milestones.aggregate(top=Max("position"))["top"] or 0) + 1
    first_mission = (goal.missions.aggregate(top=Max("position"))["top"] or 0) + 1
    total = max(plan.missions_count, 1)
    missions: list[Mission] = []
    for offset, planned in enumerate(plan.milestones):
        milestone = Milestone(
            goal=goal,
            position=first_milestone + offset,
            title=planned.title[:200],
            description=planned.description,
        )
        milestone.full_clean()
        milestone.save()
        for item in planned.missions:
            index = len(missions)
            mission = Mission(
                user_id=goal.user_id,
                goal=goal,
                milestone=milestone,
                position=first_mission + index,
                title=item.title[:200],
                description=item.description,
                estimated_minutes=item.estimated_minutes,
                energy=item.energy,
                category=goal.category,
                priority_score=round(1.0 - 0.5 * index / total, 3),
                status=MS.SUGGESTED,
                from_plan=True,
            )
            mission.full_clean(exclude=["milestone"])
            missions.append(mission)
    Mission.objects.bulk_create(missions)


def _plan_memory(*, goal: Goal, plan: Plan) -> str:
    steps = "; ".join(milestone.title for milestone in plan.milestones)
    return (
        f"Plan for the goal “{goal.title}”: {len(plan.milestones)} milestones "
        f"({steps}), {plan.missions_count} missions suggested."
    )[:1000]


def _notify_goal(*, goal_id: int) -> None:
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

    transaction.on_commit(send)


# -- missions -----------------------------------------------------------------------------


def _require_status(mission: Mission, allowed: Iterable[str], action: str) -> None:
    """Refuse a transition with a message that says why; nothing has changed yet."""
    if mission.status in allowed:
        return
    if mission.status == MS.COMPLETED:
        when = timezone.localtime(mission.completed_at).strftime("%d %b %Y at %H:%M")
        message = f"This mission was already completed ({when}); nothing changed."
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
    goal = _goal_for_update(user=user, goal_id=goal_id)
    if milestone_id is not None:
        get_object_or_404(Milestone, goal=goal, pk=milestone_id)
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
    _reject_unknown(changes, MISSION_FIELDS)
    mission = _mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.SUGGESTED, *Mission.POOL), "edit")
    if changes.get("milestone_id") is not None:
        get_object_or_404(Milestone, goal_id=mission.goal_id, pk=changes["milestone_id"])
    for field, value in changes.items():
        setattr(mission, field, value.strip() if isinstance(value, str) else value)
    mission.full_clean()
    mission.save()
    return mission


@transaction.atomic
def mission_approve(*, user: User, mission_id: int) -> Mission:
    """Move a suggested mission into the pool."""
    mission = _mission_for_update(user=user, mission_id=mission_id)
    if mission.status != MS.SUGGESTED:
        raise ValidationError("Only a suggested mission can be approved.", code="invalid_state")
    mission.status = MS.PENDING
    mission.save(update_fields=["status", "updated_at"])
    return mission


@transaction.atomic
def mission_approve_all(*, user: User, goal_id: int) -> int:
    """Approve every suggested mission of a goal; returns how many were approved."""
    goal = _goal_for_update(user=user, goal_id=goal_id)
    return goal.missions.filter(status=MS.SUGGESTED).update(
        status=MS.PENDING, updated_at=timezone.now()
    )


@transaction.atomic
def mission_reject(*, user: User, mission_id: int) -> None:
    """Discard a suggested mission."""
    mission = _mission_for_update(user=user, mission_id=mission_id)
    if mission.status != MS.SUGGESTED:
        raise ValidationError("Only a suggested mission can be rejected.", code="invalid_state")
    mission.delete()


@transaction.atomic
def mission_start(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    now = now or timezone.now()
    mission = _mission_for_update(user=user, mission_id=mission_id)
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
        _event_record(
            user=mission.user,
            kind=ActivityEvent.Kind.MISSION_STARTED,
            now=now,
            mission=mission,
            goal=mission.goal,
        )
    _goal_worked_on(mission=mission, now=now)


@transaction.atomic
def mission_defer(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    """Put a mission aside until the person's next day; the triad refreshes without it."""
    now = now or timezone.now()
    mission = _mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, (MS.PENDING, MS.ACTIVE), "defer")
    if mission.sessions.filter(status=MissionSession.Status.RUNNING).exists():
        raise ValidationError("Finish the running session before deferring this mission.")
    mission.status = MS.DEFERRED
    mission.deferred_until = user.local_day(now) + dt.timedelta(days=1)
    mission.defer_count += 1
    mission.save(update_fields=["status", "deferred_until", "defer_count", "updated_at"])
    _event_record(
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
    mission = _mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, Mission.POOL, "complete")
    running = mission.sessions.select_for_update().filter(status=MissionSession.Status.RUNNING)
    for session in running:
        _session_finish(session=session, now=now, actual_minutes=None, notes="", reflection="")
    _mission_finish(mission=mission, now=now)
    return mission


def _mission_finish(*, mission: Mission, now: dt.datetime) -> None:
    mission.status = MS.COMPLETED
    mission.completed_at = now
    mission.deferred_until = None
    mission.save(update_fields=["status", "completed_at", "deferred_until", "updated_at"])
    _goal_worked_on(mission=mission, now=now)
    _event_record(
        user=mission.user,
        kind=ActivityEvent.Kind.MISSION_COMPLETED,
        now=now,
        mission=mission,
        goal=mission.goal,
        metadata={"estimated_minutes": mission.estimated_minutes, "energy": mission.energy},
    )


@transaction.atomic
def mission_skip(*, user: User, mission_id: int, now: dt.datetime | None = None) -> Mission:
    now = now or timezone.now()
    mission = _mission_for_update(user=user, mission_id=mission_id)
    _require_status(mission, Mission.POOL, "skip")
    mission.status = MS.SKIPPED
    mission.save(update_fields=["status", "updated_at"])
    _event_record(
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
    mission = _mission_for_update(user=user, mission_id=mission_id)
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
    session = get_object_or_404(queryset, user=user, pk=session_id)
    if session.status != MissionSession.Status.RUNNING:
        raise ValidationError("This session has already ended; nothing changed.")
    return session


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
    With `complete_mission` the mission is completed too, unless it already was.
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
        _mission_finish(mission=mission, now=now)
    return session


def _session_finish(
    *,
    session: MissionSession,
    now: dt.datetime,
    actual_minutes: int | None,
    notes: str,
    reflection: str,
) -> None:
    elapsed = round((now - session.started_at).total_seconds() / 60)
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
    _event_record(
        user=session.user,
        kind=ActivityEvent.Kind.SESSION_COMPLETED,
        now=now,
        mission=mission,
        goal=mission.goal,
        session=session,
        metadata={"actual_minutes": session.actual_minutes},
    )
    refs = {"user": session.user, "goal_id": mission.goal_id, "mission_id": mission.pk}
    if notes:
        _remember_on_commit(
            content=f"Notes on the mission “{mission.title}”: {notes}",
            tier="task",
            tags=("mission", "notes"),
            actor="user",
            **refs,
        )
    if reflection:
        _remember_on_commit(
            content=f"Reflection after “{mission.title}”: {reflection}",
            tier="personal",
            tags=("reflection",),
            actor="user",
            **refs,
        )
