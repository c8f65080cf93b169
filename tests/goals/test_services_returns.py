"""Coming back: the ease-back-in mission a return brings (ten minutes, low energy, in the
person's most-loved category), once per return day, as today's easy win."""

from __future__ import annotations

import datetime as dt

import pytest

from goals import selectors, services
from goals.models import ActivityEvent, Goal, Mission
from tests.goals.factories import make_event, make_goal, make_mission

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)
DONE = ActivityEvent.Kind.MISSION_COMPLETED


def finished(user, category: str, *, days_ago: int, times: int = 1) -> None:
    for _ in range(times):
        make_event(user, DONE, NOW - dt.timedelta(days=days_ago), category=category)


def test_the_most_loved_category_is_the_one_of_most_missions_finished_lately(owner):
    make_goal(owner, title="Run a 10k", category="health")
    make_goal(owner, title="Learn Spanish", category="growth")
    finished(owner, "growth", days_ago=5, times=3)
    finished(owner, "health", days_ago=10, times=2)
    finished(owner, "health", days_ago=120, times=5)  # long ago: not counted

    assert selectors.category_most_loved(user=owner, now=NOW) == "growth"


def test_with_nothing_finished_the_goal_worked_on_last_decides(owner):
    make_goal(owner, category="health", last_worked_at=NOW - dt.timedelta(days=9))
    make_goal(owner, category="craft", last_worked_at=NOW - dt.timedelta(days=4))

    assert selectors.category_most_loved(user=owner, now=NOW) == "craft"


def test_only_categories_of_active_goals_are_loved(owner):
    make_goal(owner, category="health", status=Goal.Status.COMPLETED)
    make_goal(owner, category="craft")
    finished(owner, "health", days_ago=3, times=6)

    assert selectors.category_most_loved(user=owner, now=NOW) == "craft"


def test_the_mission_is_ten_easy_minutes_of_the_goal_in_that_category(owner):
    goal = make_goal(owner, title="Learn Spanish", category="growth")
    make_goal(owner, category="health")

    mission = services.mission_ease_back_in(user=owner, category="growth", now=NOW)

    assert mission.goal == goal
    assert (mission.estimated_minutes, mission.energy, mission.status) == (10, "low", "pending")
    assert mission.title == "Ease back in: ten easy minutes for “Learn Spanish”"
    assert mission.ease_back_on == owner.local_day(NOW)


def test_asking_twice_the_same_day_gives_the_same_mission(owner):
    make_goal(owner, category="growth")

    first = services.mission_ease_back_in(user=owner, category="growth", now=NOW)
    again = services.mission_ease_back_in(
        user=owner, category="growth", now=NOW + dt.timedelta(hours=2)
    )

    assert again == first
    assert Mission.objects.filter(user=owner, ease_back_on__isnull=False).count() == 1


def test_no_mission_without_an_active_goal_of_the_category(owner):
    make_goal(owner, category="growth", status=Goal.Status.PAUSED)

    assert services.mission_ease_back_in(user=owner, category="growth", now=NOW) is None
    assert selectors.category_most_loved(user=owner, now=NOW) is None
    assert not Mission.objects.filter(user=owner).exists()


def test_it_is_todays_easy_win_even_behind_a_long_plan(owner):
    goal = make_goal(owner, category="health", importance=5)
    for number in range(6):
        make_mission(goal, title=f"Plan step {number}", estimated_minutes=10, energy="low")

    mission = services.mission_ease_back_in(user=owner, category="health", now=NOW)
    triad = selectors.triad_for(user=owner, now=NOW)

    assert triad.low == mission
    assert mission not in (triad.high, triad.medium)
    # The next day it is an ordinary mission, at the end of its goal's plan.
    tomorrow = selectors.triad_for(user=owner, now=NOW + dt.timedelta(days=1))
    assert mission not in tomorrow.missions
