"""Goal planning: the offline planner's plans and the model planner's contract."""

from __future__ import annotations

import datetime as dt

import jsonschema
import pytest

from delight.ai.chat import AIResponseError, AIUnavailableError
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, OfflineEngine, build_engine
from delight.ai.planning import (
    CATEGORIES,
    PLAN_SCHEMA,
    Plan,
    choose_template,
    goal_phrase,
    plan_offline,
)
from tests.support.openai_server import CHAT, OpenAIServer, model_plan

TODAY = dt.date(2026, 3, 1)


def as_data(plan: Plan) -> dict:
    return {
        "summary": plan.summary,
        "milestones": [
            {
                "title": m.title,
                "description": m.description,
                "missions": [
                    {
                        "title": x.title,
                        "description": x.description,
                        "estimated_minutes": x.estimated_minutes,
                        "energy": x.energy,
                    }
                    for x in m.missions
                ],
            }
            for m in plan.milestones
        ],
    }


def assert_well_formed(plan: Plan) -> None:
    jsonschema.validate(as_data(plan), PLAN_SCHEMA)
    assert 3 <= len(plan.milestones) <= 7
    for milestone in plan.milestones:
        assert len(milestone.missions) in range(1, 6)
        assert all(10 <= m.estimated_minutes <= 30 for m in milestone.missions)


@pytest.mark.parametrize("category", CATEGORIES)
def test_offline_plan_for_an_unrecognised_goal_uses_the_category_template(category) -> None:
    plan = plan_offline(
        title="Something quite unusual", description="", category=category, target_date=None
    )
    assert_well_formed(plan)
    assert plan.source == f"offline:{category} basics"
    assert "something quite unusual" in plan.summary


@pytest.mark.parametrize(
    ("title", "category", "template", "expected_milestone"),
    [
        ("Run a half marathon", "health", "running", "Taper and race day"),
        ("Write a novel", "craft", "writing", "Write the first draft"),
        ("Learn Spanish", "growth", "language", "Speak"),
        ("Make new friends in my city", "connection", "friends", "Reach out"),
        ("Play guitar at my sister's wedding", "craft", "music", "Your first song"),
        ("Sleep better", "health", "sleep", "Set up your evening"),
        ("Find a new job", "growth", "career", "Interview practice"),
    ],
)
def test_keyword_cues_choose_a_fitting_plan(title, category, template, expected_milestone):
    plan = plan_offline(title=title, description="", category=category, target_date=None)
    assert_well_formed(plan)
    assert plan.source == f"offline:{template}"
    assert expected_milestone in [m.title for m in plan.milestones]


def test_the_description_can_decide_the_template() -> None:
    chosen = choose_template(
        title="Feel stronger", description="three gym sessions a week", category="health"
    )
    assert chosen is not None
    assert chosen.name == "strength"


def test_a_tight_deadline_shortens_the_plan_but_keeps_the_finish() -> None:
    relaxed = plan_offline(
        title="Run a 10k",
        description="",
        category="health",
        target_date=TODAY + dt.timedelta(90),
        today=TODAY,
    )
    tight = plan_offline(
        title="Run a 10k",
        description="",
        category="health",
        target_date=TODAY + dt.timedelta(10),
        today=TODAY,
    )
    assert len(relaxed.milestones) == 5
    assert len(tight.milestones) == 4
    assert tight.milestones[-1].title == "Taper and race day"
    assert "paced to finish by 11 March 2026" in tight.summary
    assert_well_formed(tight)


def test_the_goal_phrase_drops_i_want_to() -> None:
    assert goal_phrase("I want to learn the piano.") == "learn the piano"
    assert goal_phrase("CV refresh") == "CV refresh"


def test_offline_engine_plans_with_rules() -> None:
    plan = OfflineEngine().plan_goal(
        title="Meditate daily", description="", category="health", target_date=None
    )
    assert plan.source == "offline:calm"


@pytest.fixture
def model_engine(ai_config: AIConfig) -> ModelEngine:
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    return engine


def test_model_engine_returns_the_models_plan(model_engine, openai_server: OpenAIServer):
    openai_server.plan_json(model_plan())
    plan = model_engine.plan_goal(
        title="Run a 5k", description="", category="health", target_date=TODAY
    )
    assert [m.title for m in plan.milestones] == ["Step 0", "Step 1", "Step 2"]
    assert plan.source == "model:gpt-4o-mini"
    request = openai_server.requests_to(CHAT)[0].body
    assert "Target date: 2026-03-01" in request["messages"][-1]["content"]


def test_model_engine_retries_a_schema_violation_then_raises(model_engine, openai_server):
    for _ in range(3):
        openai_server.plan_json(model_plan(missions_minutes=90))
    with pytest.raises(AIResponseError, match="estimated_minutes"):
        model_engine.plan_goal(title="Run", description="", category="health", target_date=None)
    assert len(openai_server.requests_to(CHAT)) == 3


def test_model_engine_does_not_fall_back_when_the_model_is_down(model_engine, openai_server):
    openai_server.plan_error(503, times=3)
    with pytest.raises(AIUnavailableError):
        model_engine.plan_goal(title="Run", description="", category="health", target_date=None)
