"""The decomposition job: idempotent, model failures retried then reported, retry by the user."""

from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import timezone

from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from delight.ai.guard import current_budget
from delight.ai.runtime import model_job
from delight.errors import NotFound
from goals import selectors, services, tasks
from goals.models import Goal, Habit, Mission
from tests.goals.factories import make_goal, make_mission
from tests.support.openai_server import CHAT, model_plan

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending_goal(owner) -> Goal:
    return make_goal(
        owner,
        title="Learn Spanish",
        category="growth",
        decomposition_status=Goal.Decomposition.PENDING,
    )


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


def test_running_twice_never_duplicates_missions(pending_goal):
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "done"
    count = pending_goal.missions.count()
    assert count >= 3
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "skipped"
    assert tasks.decompose_goal(pending_goal.pk) == "skipped"
    assert pending_goal.missions.count() == count
    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_attempts == 1


def test_a_second_plan_is_never_added_even_if_the_goal_is_reset(pending_goal):
    services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine())
    count, milestones = pending_goal.missions.count(), pending_goal.milestones.count()
    Goal.objects.filter(pk=pending_goal.pk).update(decomposition_status="failed")
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "done"
    assert (pending_goal.missions.count(), pending_goal.milestones.count()) == (count, milestones)


def test_the_plan_follows_hand_made_missions(pending_goal):
    make_mission(pending_goal, title="My own first step")
    services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine())
    planned = pending_goal.missions.filter(from_plan=True).order_by("position")
    assert planned.first().position == 2
    scores = list(planned.values_list("priority_score", flat=True))
    assert scores[0] == 1.0
    assert scores == sorted(scores, reverse=True)


def test_model_failure_then_success(pending_goal, ai_config, openai_server):
    now = [0.0]
    model_engine = build_engine(ai_config, embedder=HashingEmbedder(), clock=lambda: now[0])
    openai_server.plan_error(503, times=3)  # the first attempt and both retries fail
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=model_engine) == "failed"
    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "failed"
    assert pending_goal.decomposition_error.startswith(
        "Eliza could not plan this goal: the planning service is not answering right now"
    )
    assert not pending_goal.missions.exists()

    services.goal_retry_decomposition(user=pending_goal.user, goal_id=pending_goal.pk)
    now[0] += ai_config.breaker_cooldown_seconds  # three failures opened the circuit breaker
    openai_server.plan_json(model_plan())
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=model_engine) == "done"
    pending_goal.refresh_from_db()
    assert (pending_goal.decomposition_status, pending_goal.decomposition_error) == ("done", "")
    assert pending_goal.decomposition_attempts == 2
    assert pending_goal.decomposition_source == "model:gpt-4o-mini"
    assert pending_goal.missions.filter(status=Mission.Status.SUGGESTED).count() == 3


def test_schema_violations_are_retried_then_reported(pending_goal, model_engine, openai_server):
    openai_server.plan_json({"summary": "Too short", "milestones": []})
    openai_server.plan_json(model_plan(missions_minutes=120))
    openai_server.plan_json(model_plan(missions_minutes=5))
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=model_engine) == "failed"
    assert len(openai_server.requests_to(CHAT)) == 3
    pending_goal.refresh_from_db()
    assert "the plan Eliza received was not usable" in pending_goal.decomposition_error
    assert "estimated_minutes" in pending_goal.decomposition_error
    assert not pending_goal.milestones.exists()


def test_an_invalid_answer_then_a_valid_one_succeeds(pending_goal, model_engine, openai_server):
    openai_server.plan_chat("Sure! Here is your plan: run a lot.")
    openai_server.plan_json(model_plan())
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=model_engine) == "done"
    assert pending_goal.missions.count() == 3


def test_retry_is_only_for_failed_or_cut_off_goals(owner, outsider, pending_goal):
    services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine())
    with pytest.raises(ValidationError, match="only a goal whose planning failed"):
        services.goal_retry_decomposition(user=owner, goal_id=pending_goal.pk)
    with pytest.raises(NotFound):
        services.goal_retry_decomposition(user=outsider, goal_id=pending_goal.pk)


def cut_off(goal: Goal, attempts: int = 1) -> None:
    """The goal's planning job started and its worker died (nobody holds its lock)."""
    Goal.objects.filter(pk=goal.pk).update(
        decomposition_status="running",
        decomposition_started_at=timezone.now(),
        decomposition_attempts=attempts,
    )


def test_a_job_being_planned_by_a_live_worker_is_left_alone(pending_goal, held_elsewhere):
    cut_off(pending_goal)
    held_elsewhere(services.plan_lock_key(pending_goal.pk))

    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "skipped"
    assert services.goal_plans_sweep() == 0
    with pytest.raises(ValidationError, match="being planned"):
        services.goal_retry_decomposition(user=pending_goal.user, goal_id=pending_goal.pk)
    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "running"


def test_a_job_whose_worker_died_is_claimed_again_at_once(pending_goal, held_elsewhere):
    cut_off(pending_goal)
    held_elsewhere(services.plan_lock_key(pending_goal.pk)).die()

    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "done"
    assert pending_goal.missions.filter(from_plan=True).exists()


def test_the_sweep_plans_goals_whose_worker_died_exactly_once(pending_goal):
    cut_off(pending_goal)

    assert services.goal_plans_sweep() == 1  # the job runs inline in unit tests (Conf.SYNC)

    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "done"
    planned = pending_goal.missions.filter(from_plan=True).count()
    assert planned > 0
    assert services.goal_plans_sweep() == 0
    assert pending_goal.missions.filter(from_plan=True).count() == planned


def test_the_sweep_gives_up_after_repeated_deaths_and_the_person_can_retry(
    pending_goal, django_capture_on_commit_callbacks
):
    cut_off(pending_goal, attempts=services.PLAN_ATTEMPTS)

    assert services.goal_plans_sweep() == 1

    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "failed"
    assert "try again" in pending_goal.decomposition_error
    with django_capture_on_commit_callbacks(execute=True):
        services.goal_retry_decomposition(user=pending_goal.user, goal_id=pending_goal.pk)
    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "done"


def test_a_job_cut_off_too_often_is_not_started_again_by_a_redelivered_job(pending_goal):
    # The workers' supervisor hands a dead cluster's jobs out again at once: a plan that
    # kills its worker every time (the job time limit) must not loop forever.
    cut_off(pending_goal, attempts=services.PLAN_ATTEMPTS)

    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "failed"

    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "failed"
    assert pending_goal.decomposition_attempts == services.PLAN_ATTEMPTS
    assert not pending_goal.missions.exists()


def test_the_retry_button_takes_over_a_goal_whose_worker_died(
    owner, pending_goal, django_capture_on_commit_callbacks
):
    cut_off(pending_goal)

    with django_capture_on_commit_callbacks(execute=True):
        services.goal_retry_decomposition(user=owner, goal_id=pending_goal.pk)

    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "done"


def test_the_sweep_enqueues_a_goal_left_pending_without_a_job(pending_goal):
    Goal.objects.filter(pk=pending_goal.pk).update(
        updated_at=timezone.now() - services.PENDING_GRACE - dt.timedelta(seconds=1)
    )

    assert services.goal_plans_sweep() == 1

    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_status == "done"


def test_a_slow_model_ends_the_planning_job_within_its_budget_not_at_its_time_limit(
    pending_goal, model_engine, openai_server, ai_config, settings
):
    settings.MODEL_JOB_BUDGET_SECONDS = 1.0
    openai_server.plan_hang(times=10)

    with model_job() as budget:
        outcome = services.goal_decompose(goal_id=pending_goal.pk, engine=model_engine)

    assert outcome == "failed"
    assert budget.spent
    assert len(openai_server.requests_to(CHAT)) < 1 + ai_config.max_retries  # cut short
    pending_goal.refresh_from_db()
    assert pending_goal.decomposition_error.startswith("Eliza could not plan this goal")


def test_the_planning_job_runs_within_the_model_job_budget(pending_goal, monkeypatch):
    seen = []
    monkeypatch.setattr(
        services, "goal_decompose", lambda goal_id: seen.append(current_budget()) or "done"
    )

    tasks.decompose_goal(pending_goal.pk)

    assert seen[0] is not None
    assert seen[0].left() <= settings.MODEL_JOB_BUDGET_SECONDS


def test_a_plans_practice_waits_as_a_suggested_habit_of_the_goal(owner):
    goal = make_goal(owner, title="Read 12 books", decomposition_status="pending")

    services.goal_decompose(goal_id=goal.pk, engine=OfflineEngine())

    (habit,) = Habit.objects.filter(goal=goal)
    assert (habit.title, habit.schedule, habit.target, habit.unit, habit.status) == (
        "Read",
        Habit.Schedule.DAILY,
        20,
        "pages",
        Habit.Status.SUGGESTED,
    )
    assert selectors.habits_active(user=owner) == []
    assert selectors.habits_kept(user=owner) == []


def test_taking_the_whole_plan_takes_its_habits_on_from_today(owner, outsider):
    goal = make_goal(owner, title="Run a 10k", category="health", decomposition_status="pending")
    services.goal_decompose(goal_id=goal.pk, engine=OfflineEngine())
    Habit.objects.filter(goal=goal).update(start_date=dt.date(2020, 1, 1))  # planned long ago
    with pytest.raises(NotFound):
        services.plan_approve(user=outsider, goal_id=goal.pk)

    taken = services.plan_approve(user=owner, goal_id=goal.pk)

    assert taken.habits == ("Run",)
    assert taken.missions == goal.missions.filter(status=Mission.Status.PENDING).count() > 0
    (habit,) = selectors.habits_active(user=owner)
    assert habit.start_date == owner.local_day(timezone.now())
    assert services.plan_approve(user=owner, goal_id=goal.pk).habits == ()
