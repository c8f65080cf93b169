"""The model planner's contract: the model's plan, validated, and no silent fallback."""

from __future__ import annotations

import datetime as dt

import pytest

from delight.ai.chat import unbounded
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, build_engine
from delight.ai.retries import AIResponseError, AIUnavailableError
from goals.planning import plan_goal
from goals.planning.plans import PLAN_SCHEMA, PlannedHabit
from tests.support.openai_server import CHAT, OpenAIServer, model_plan

TODAY = dt.date(2026, 3, 1)


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


def test_model_engine_returns_the_models_plan(model_engine, openai_server: OpenAIServer):
    openai_server.plan_json(model_plan())
    plan = plan_goal(
        engine=model_engine, title="Run a 5k", description="", category="health", target_date=TODAY
    )
    assert [m.title for m in plan.milestones] == ["Step 0", "Step 1", "Step 2"]
    assert plan.source == "model:gpt-4o-mini"
    request = openai_server.requests_to(CHAT)[0].body
    assert "Target date: 2026-03-01" in request["messages"][-1]["content"]


def test_the_habits_a_models_plan_proposes_are_read_a_target_of_0_being_none(
    model_engine, openai_server: OpenAIServer
):
    answer = model_plan()
    answer["habits"] = [
        {"title": "Run", "times_per_week": 3, "target": 0, "unit": "km"},
        {"title": "Stretch", "times_per_week": 7, "target": 10, "unit": "minutes"},
    ]
    openai_server.plan_json(answer)

    plan = plan_goal(
        engine=model_engine, title="Run a 5k", description="", category="health", target_date=None
    )

    assert plan.habits == (PlannedHabit("Run", 3), PlannedHabit("Stretch", 7, 10, "minutes"))


@pytest.mark.parametrize(
    ("titles", "problem"),
    [
        (["Lace up your shoes", "Walk for ten minutes", "Lace up your shoes"], "same title twice"),
        (
            ["One encouraging sentence about the plan. One encouraging sentence about the plan",
             "Walk for ten minutes", "Lace up your shoes"],
            "says the same words twice",
        ),
    ],
)  # fmt: skip
def test_a_plan_that_reads_as_no_plan_is_refused(
    model_engine, openai_server: OpenAIServer, titles, problem
):
    answer = model_plan()
    for milestone, title in zip(answer["milestones"], titles, strict=True):
        milestone["missions"][0]["title"] = title
    openai_server.plan_json(answer)

    with pytest.raises(AIResponseError, match=problem):
        plan_goal(
            engine=model_engine, title="Run", description="", category="health", target_date=None
        )


def test_model_engine_retries_a_schema_violation_then_raises(model_engine, openai_server):
    for _ in range(3):
        openai_server.plan_json(model_plan(missions_minutes=90))
    with pytest.raises(AIResponseError, match="estimated_minutes"):
        plan_goal(
            engine=model_engine, title="Run", description="", category="health", target_date=None
        )
    assert len(openai_server.requests_to(CHAT)) == 3


def test_model_engine_does_not_fall_back_when_the_model_is_down(model_engine, openai_server):
    openai_server.plan_error(503, times=3)
    with pytest.raises(AIUnavailableError):
        plan_goal(
            engine=model_engine, title="Run", description="", category="health", target_date=None
        )


def test_every_string_and_list_of_an_answer_is_bounded():
    """So an answer always fits its token limit (a grammar-bound server never cuts it)."""
    assert unbounded(PLAN_SCHEMA) == []
