"""The decomposition job: idempotent, model failures retried then reported, retry by the user."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404
from django.utils import timezone

from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from goals import services, tasks
from goals.models import Goal, Mission
from tests.delight.ai.test_planning import model_plan
from tests.goals.factories import make_goal, make_mission
from tests.support.openai_server import CHAT

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


def test_retry_is_only_for_failed_goals(owner, outsider, pending_goal):
    services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine())
    with pytest.raises(ValidationError, match="only a goal whose planning failed"):
        services.goal_retry_decomposition(user=owner, goal_id=pending_goal.pk)
    with pytest.raises(Http404):
        services.goal_retry_decomposition(user=outsider, goal_id=pending_goal.pk)


def test_a_stale_running_job_can_be_claimed_again(pending_goal):
    Goal.objects.filter(pk=pending_goal.pk).update(
        decomposition_status="running",
        decomposition_started_at=timezone.now() - dt.timedelta(minutes=5),
    )
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "skipped"
    Goal.objects.filter(pk=pending_goal.pk).update(
        decomposition_started_at=timezone.now() - dt.timedelta(hours=1)
    )
    assert services.goal_decompose(goal_id=pending_goal.pk, engine=OfflineEngine()) == "done"
