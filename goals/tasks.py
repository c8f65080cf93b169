"""Background entry points of the goals app (django-q2): take ids, call a service."""

from __future__ import annotations

from delight.ai.runtime import model_job
from delight.models import User
from goals import services


def decompose_goal(goal_id: int) -> str:
    """Plan one goal; the service claims the job, so a duplicate run does nothing."""
    with model_job():
        return services.goal_decompose(goal_id=goal_id)


def sweep_plans() -> int:
    """Every minute: start again the planning whose worker died or whose job was lost."""
    return services.goal_plans_sweep()


def write_consistency() -> int:
    """Every 15 minutes: the consistency snapshots of the people whose day has ended."""
    return services.consistency_snapshots_write()


def write_consistency_for(user_id: int) -> int:
    """At once for one person (after their history changed); the claim makes a concurrent
    run of the schedule harmless."""
    return services.consistency_snapshots_write(only=[user_id])


def refresh_insights(user_id: int) -> int:
    """After a mission or a session: keep what Eliza notices now; how many were new."""
    user = User.objects.filter(pk=user_id).first()
    if user is None:  # the account was deleted since
        return 0
    with model_job():
        return len(services.progress_insights_refresh(user=user))


def recount_progress(user_id: int) -> int:
    """After a habit day changed: count the person's streaks, milestones and insights again
    (claimed: a duplicate job counts nothing twice); how many counts ran."""
    return services.progress_recount_run(user_id=user_id)


def sweep_recounts() -> int:
    """Every minute: count the people whose recount job was lost (a killed worker)."""
    return services.progress_recounts_sweep()
