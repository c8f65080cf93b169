"""The offline planner: a fitting template, in the person's words, paced to the deadline."""

from __future__ import annotations

import datetime as dt

import jsonschema
import pytest

from delight.ai.engine import OfflineEngine
from goals.planning import (
    CATEGORIES,
    PLAN_SCHEMA,
    Plan,
    PlannedHabit,
    choose_template,
    goal_phrase,
    plan_goal,
    plan_offline,
)

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
        "habits": [
            {
                "title": h.title,
                "times_per_week": h.times_per_week,
                "target": h.target or 0,
                "unit": h.unit,
            }
            for h in plan.habits
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
    assert "plan for “Something quite unusual”" in plan.summary  # the goal named as written


@pytest.mark.parametrize(
    ("title", "category", "template", "expected_milestone"),
    [
        ("Run a half marathon", "health", "running", "Taper and race day"),
        ("Write a novel", "craft", "writing", "Write the first draft"),
        ("Learn Spanish", "growth", "language", "Speak"),
        ("Make new friends in my city", "connection", "friends", "Reach out"),
        ("Play guitar at my sister's wedding", "craft", "music", "Your first song"),
        ("Sleep better", "health", "sleep", "Set up your evening"),
        # "learn" alone is no study plan: swimming is learned in the pool.
        ("Learn to swim properly", "health", "swimming", "Face in, breathing out"),
        # The sea in winter is cold water and tides, not lengths of a pool.
        ("Swim in the sea every week through the winter", "health", "open water", "First dips"),
        ("swim 25 lengths of the pool", "health", "swimming", "Face in, breathing out"),
        ("Find a new job", "growth", "career", "Interview practice"),
        # "10k steps" is a walker's count, not a 10k race.
        ("Get to walking 10k steps a day", "health", "walking", "A walk most days"),
        ("Go to japan", "growth", "trip", "Save for it"),
        # A reading goal reads books: no "topics" to list or flashcards (issue 33).
        ("Read 12 books in 2027", "growth", "reading", "Find your pace"),
        # "8k" of debt is no 8k race.
        ("pay off my credit card debt (about 8k)", "growth", "money", "Make it automatic"),
        ("declutter the garage", "growth", "home", "Sort it"),
        ("Learn to cook 10 new dinners", "growth", "cooking", "Cook the first one"),
        ("stop doom scrolling before bed", "growth", "habit", "Make it harder"),
        ("lower my blood pressure", "health", "health check", "Measure again"),
        # Both named: the harder half, whose plan has its walks too.
        (
            "Cut back on the beers in the week and walk more",
            "health",
            "drinking less",
            "Swap the habit",
        ),
        ("stop drinking on weeknights", "health", "drinking less", "Set your drink-free nights"),
        ("Stop drinking soda", "health", "habit", "Know the habit"),
        ("Learn to juggle", "craft", "knack", "Practise little and often"),
    ],
)
def test_keyword_cues_choose_a_fitting_plan(title, category, template, expected_milestone):
    plan = plan_offline(title=title, description="", category=category, target_date=None)
    assert_well_formed(plan)
    assert plan.source == f"offline:{template}"
    assert expected_milestone in [m.title for m in plan.milestones]


@pytest.mark.parametrize("category", CATEGORIES)
def test_a_goal_of_no_known_kind_is_never_spliced_into_a_sentence(category) -> None:
    title = "Find out what happened to my grandfather in the war"
    plan = plan_offline(title=title, description="", category=category, target_date=None)
    words = [m.title for ms in plan.milestones for m in ms.missions]
    assert not any("grandfather" in mission for mission in words), words


def test_a_template_names_the_goal_in_quotes_and_a_long_one_as_this_goal() -> None:
    short = plan_offline(title="Learn Spanish", description="", category="growth", target_date=None)
    long = plan_offline(
        title="Be conversational in Spanish before my trip to Seville in April",
        description="",
        category="growth",
        target_date=None,
    )
    first = [m.title for m in short.milestones[0].missions]
    assert "Write why “learn Spanish” matters to you" in first
    assert "Write why this goal matters to you" in [m.title for m in long.milestones[0].missions]


def test_a_reason_alone_does_not_choose_another_areas_plan() -> None:
    plan = plan_offline(
        title="Quit vaping", description="my girlfriend hates the smell", category="health",
        target_date=None,
    )  # fmt: skip
    assert plan.source == "offline:quitting"


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
    plan = plan_goal(
        engine=OfflineEngine(),
        title="Meditate daily",
        description="",
        category="health",
        target_date=None,
    )
    assert plan.source == "offline:calm"


@pytest.mark.parametrize(
    ("title", "category", "habit"),
    [
        ("Read 12 books next year", "growth", PlannedHabit("Read", 7, 20, "pages")),
        ("Run a 10k in spring", "health", PlannedHabit("Run", 3)),
        ("Learn Portuguese", "growth", PlannedHabit("Language practice", 7, 15, "minutes")),
    ],
)
def test_a_goal_built_by_doing_something_regularly_proposes_that_practice(title, category, habit):
    plan = plan_offline(title=title, description="", category=category, target_date=None)

    assert plan.habits == (habit,)
    assert_well_formed(plan)


def test_a_goal_of_no_known_kind_proposes_no_habit():
    plan = plan_offline(
        title="Something quite unusual", description="", category="craft", target_date=None
    )
    assert plan.habits == ()
