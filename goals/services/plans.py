"""Writes of a goal's plan: the decomposition job, its retry, and the sweep that starts
again the planning that was lost."""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django_q.tasks import async_task

from delight.ai.engine import Engine
from delight.ai.retries import AIError, AIRequestError, AIResponseError
from delight.ai.runtime import engine_or_default
from delight.events import announce
from delight.locks import liveness_lock, lock_key
from delight.models import User
from goals import signals
from goals.models import (
    TITLE_MAX,
    Goal,
    Habit,
    Milestone,
    Mission,
)
from goals.planning import Plan, PlannedHabit, plan_goal
from goals.services.common import goal_for_update, notify_goal
from goals.services.habits import habit_take
from goals.services.missions import mission_approve_all

logger = logging.getLogger("goals")
DECOMPOSE_TASK = "goals.tasks.decompose_goal"
# A plan whose worker died this many times (e.g. killed by the job time limit, Q_TIMEOUT)
# is marked failed for the person to retry, instead of being started again by the sweep.
PLAN_ATTEMPTS = 3
# A goal still pending this long after its last change has lost its job (the process that
# committed it died before enqueueing): the sweep enqueues it again.
PENDING_GRACE = dt.timedelta(minutes=2)
Decomposition = Goal.Decomposition
MS = Mission.Status
DAYS_A_WEEK = 7


def enqueue_decomposition(*, goal_id: int) -> None:
    transaction.on_commit(lambda: async_task(DECOMPOSE_TASK, goal_id))


def plan_lock_key(goal_id: int) -> int:
    """The liveness lock a goal's planning job holds while it runs (delight.locks)."""
    return lock_key("goal-plan", goal_id)


@transaction.atomic
def goal_retry_decomposition(*, user: User, goal_id: int) -> Goal:
    """Queue planning again for a goal whose planning failed, never started, or whose
    worker died mid-way (its job is running but nobody alive holds its lock)."""
    goal = goal_for_update(user=user, goal_id=goal_id)
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
    enqueue_decomposition(goal_id=goal.pk)
    notify_goal(goal_id=goal.pk)
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
    notify_goal(goal_id=goal_id)
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
        notify_goal(goal_id=goal_id)
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
        plan = plan_goal(
            engine=engine_or_default(engine),
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
    notify_goal(goal_id=goal.pk)


@transaction.atomic
def _plan_save(*, goal_id: int, plan: Plan) -> str:
    """Write milestones, suggested missions and suggested habits, all or nothing.

    1. Lock the goal; if it is no longer running (a concurrent run finished), do nothing.
    2. If planned missions already exist, only mark the goal done (never a second copy).
    3. Milestones and missions follow any hand-made ones; earlier missions get a higher
       priority score (1.0 falling to 0.5), so the sequence is respected in the triad.
    4. The plan's practices wait beside them as suggested habits of the goal, starting on
       the person's today.
    """
    goal = Goal.objects.select_for_update().select_related("user").get(pk=goal_id)
    if goal.decomposition_status != Decomposition.RUNNING:
        return "skipped"
    if not goal.missions.filter(from_plan=True).exists():
        _plan_write(goal=goal, plan=plan)
        _plan_habits_write(goal=goal, habits=plan.habits)
    goal.decomposition_status = Decomposition.DONE
    goal.decomposition_source = plan.source[:120]
    goal.plan_summary = plan.summary[:500]
    goal.decomposition_error = ""
    goal.save()
    notify_goal(goal_id=goal.pk)
    announce(
        signals.plan_saved,
        sender=Goal,
        goal=goal,
        description=_plan_description(goal=goal, plan=plan),
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


@dataclass(frozen=True)
class PlanTaken:
    missions: int  # suggested missions put on the person's list
    habits: tuple[str, ...]  # the titles of the suggested habits taken on


@transaction.atomic
def plan_approve(*, user: User, goal_id: int) -> PlanTaken:
    """Take a goal's whole plan: every suggested mission onto the list, every suggested
    habit kept from the person's today."""
    missions = mission_approve_all(user=user, goal_id=goal_id)
    suggested = Habit.objects.owned_by(user).filter(goal_id=goal_id, status=Habit.Status.SUGGESTED)
    habits = [habit_take(user=user, habit_id=habit.pk) for habit in suggested]
    return PlanTaken(missions=missions, habits=tuple(habit.title for habit in habits))


def _plan_habits_write(*, goal: Goal, habits: tuple[PlannedHabit, ...]) -> None:
    today = goal.user.local_day(timezone.now())
    for planned in habits:
        daily = planned.times_per_week >= DAYS_A_WEEK
        habit = Habit(
            user_id=goal.user_id,
            goal=goal,
            title=planned.title[:TITLE_MAX],
            category=goal.category,
            schedule=Habit.Schedule.DAILY if daily else Habit.Schedule.WEEKLY,
            times_per_week=None if daily else planned.times_per_week,
            target=planned.target,
            unit=planned.unit,  # a plan's unit comes only with its target
            status=Habit.Status.SUGGESTED,
            start_date=today,
        )
        habit.full_clean()
        habit.save()


def _plan_description(*, goal: Goal, plan: Plan) -> str:
    steps = "; ".join(milestone.title for milestone in plan.milestones)
    habits = " and ".join(f"“{habit.title}”" for habit in plan.habits)
    kept = f", and {habits} to keep as a habit" if habits else ""
    return (
        f"Plan for the goal “{goal.title}”: {len(plan.milestones)} milestones "
        f"({steps}), {plan.missions_count} missions suggested{kept}."
    )[:1000]
