"""Reads: scoping, the daily triad's choices, and missions by value category."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from delight.errors import NotFound
from goals import selectors, services
from goals.models import ActivityEvent, Goal, Mission
from tests.factories import make_user
from tests.goals.factories import days_ago, make_event, make_goal, make_mission

pytestmark = pytest.mark.django_db


def test_goal_get_is_scoped(owner, outsider):
    goal = make_goal(owner)
    with pytest.raises(NotFound):
        selectors.goal_get(user=outsider, goal_id=goal.pk)
    assert list(selectors.goal_list(user=outsider)) == []


def test_goal_progress_counts_accepted_missions(owner):
    goal = make_goal(owner)
    make_mission(goal, status=Mission.Status.COMPLETED)
    make_mission(goal)
    make_mission(goal, status=Mission.Status.SUGGESTED)
    fetched = selectors.goal_get(user=owner, goal_id=goal.pk)
    assert (fetched.missions_total, fetched.missions_suggested) == (2, 1)
    assert selectors.goal_progress(fetched) == 50


def test_goal_focus_puts_the_goal_worked_on_last_first_with_its_progress(owner, outsider):
    older = make_goal(owner, title="Learn Spanish", last_worked_at=days_ago(3))
    focus = make_goal(owner, title="Run a 10k", last_worked_at=days_ago(1))
    make_goal(owner, title="Paused", status=Goal.Status.PAUSED)
    make_goal(outsider, title="Not mine", last_worked_at=timezone.now())
    make_mission(focus, status=Mission.Status.COMPLETED)
    make_mission(focus)
    make_mission(focus, status=Mission.Status.COMPLETED)
    make_mission(focus, status=Mission.Status.SUGGESTED)
    make_mission(older, status=Mission.Status.SKIPPED)

    goals = selectors.goal_focus(user=owner)

    assert [(g["title"], g["progress"]) for g in goals] == [("Run a 10k", 67), ("Learn Spanish", 0)]
    assert goals[0] == {
        "id": focus.pk,
        "title": "Run a 10k",
        "category": "health",
        "target_date": None,
        "status": "active",
        "planning": "done",
        "progress": 67,
        "done": 2,
        "accepted": 3,
        "to_review": False,
    }
    assert goals[1]["to_review"] is True  # planned, nothing approved yet


def test_triad_is_empty_without_missions(owner):
    triad = selectors.triad_for(user=owner)
    assert (triad.high, triad.medium, triad.low) == (None, None, None)


def test_triad_prefers_important_urgent_goals_for_high(owner):
    today = timezone.localdate()
    urgent = make_goal(owner, importance=5, target_date=today + dt.timedelta(days=3))
    relaxed = make_goal(owner, title="Write", category="craft", importance=2)
    make_mission(relaxed, title="Write 300 words", energy="medium")
    top = make_mission(urgent, title="Long run", energy="high", estimated_minutes=30)
    assert selectors.triad_for(user=owner).high == top


def test_triad_spreads_value_categories(owner):
    health = make_goal(owner, importance=5)
    craft = make_goal(owner, title="Novel", category="craft", importance=3)
    growth = make_goal(owner, title="Spanish", category="growth", importance=3)
    for n in range(3):
        make_mission(health, title=f"Run {n}")
    make_mission(craft, title="Outline")
    make_mission(growth, title="Flashcards")
    triad = selectors.triad_for(user=owner)
    assert {m.category for m in triad.missions} == {"health", "craft", "growth"}


def test_low_is_an_easy_win(owner):
    goal = make_goal(owner, importance=5)
    other = make_goal(owner, title="Friends", category="connection")
    intervals = make_mission(goal, title="Intervals", energy="high", estimated_minutes=30)
    make_mission(goal, title="Tempo", energy="high", estimated_minutes=30)
    easy = make_mission(other, title="Text a friend", energy="low", estimated_minutes=10)
    make_mission(other, title="Host a dinner", energy="high", estimated_minutes=30)
    triad = selectors.triad_for(user=owner)
    assert (triad.high, triad.low) == (intervals, easy)
    assert triad.medium is not None


def test_low_energy_today_favours_light_missions(owner):
    goal = make_goal(owner, importance=5)
    heavy = make_mission(goal, title="Hill repeats", energy="high", estimated_minutes=30)
    light = make_mission(goal, title="Stretch", energy="low", estimated_minutes=10)
    assert selectors.triad_for(user=owner).high == heavy
    tired = selectors.triad_for(user=owner, energy="low")
    assert tired.high == light
    assert tired.energy == "low"
    with pytest.raises(ValueError, match="Unknown energy"):
        selectors.triad_for(user=owner, energy="exhausted")


def test_avoided_categories_are_chosen_only_when_nothing_else_is_left(owner):
    run = make_goal(owner, title="Run a 10k", category="health", importance=5)
    craft = make_goal(owner, title="Carve a spoon", category="craft", importance=4)
    spanish = make_goal(owner, title="Learn Spanish", category="growth", importance=1)
    hills = make_mission(run, title="Hill repeats", priority_score=1.0)
    whittle = make_mission(craft, title="Whittle a blank")
    flashcards = make_mission(spanish, title="Ten flashcards", priority_score=0.0)
    assert selectors.triad_for(user=owner).high == hills

    night = selectors.triad_for(user=owner, avoid_categories=["health", "craft"])

    assert night.high == flashcards
    assert {night.medium, night.low} == {hills, whittle}  # still there, after the rest
    assert night.avoided == {"health", "craft"}


def test_neglected_goals_rise(owner):
    fresh = make_goal(owner, last_worked_at=timezone.now())
    neglected = make_goal(owner, title="Guitar", category="health", last_worked_at=days_ago(10))
    make_mission(fresh, title="Run")
    wanted = make_mission(neglected, title="Practise chords")
    assert selectors.triad_for(user=owner).high == wanted


def test_triad_refreshes_after_complete_and_defer(owner):
    goal = make_goal(owner)
    missions = [make_mission(goal, title=f"Step {n}", priority_score=1 - n / 10) for n in range(5)]
    first = selectors.triad_for(user=owner)
    assert first.high == missions[0]
    services.mission_complete(user=owner, mission_id=missions[0].pk)
    services.mission_defer(user=owner, mission_id=missions[1].pk)
    second = selectors.triad_for(user=owner)
    shown = {m.pk for m in second.missions}
    assert missions[0].pk not in shown
    assert missions[1].pk not in shown
    assert second.high == missions[2]
    tomorrow = timezone.now() + dt.timedelta(days=1, hours=1)
    assert missions[1].pk in {m.pk for m in selectors.triad_for(user=owner, now=tomorrow).missions}


def test_triad_skips_suggestions_inactive_goals_and_other_people(owner, outsider):
    make_mission(make_goal(owner), status=Mission.Status.SUGGESTED)
    make_mission(make_goal(owner, status=Goal.Status.PAUSED))
    make_mission(make_goal(outsider))
    assert selectors.triad_for(user=owner).missions == []


def test_triad_takes_each_goals_next_steps_in_two_queries(owner):
    goals = [make_goal(owner, title=f"Goal {n}") for n in range(5)]
    for goal in goals:
        for n in range(6):
            make_mission(goal, title=f"{goal.title} step {n}")
    with CaptureQueriesContext(connection) as queries:
        triad = selectors.triad_for(user=owner)
    # each goal's next steps with their scoring columns, then the three chosen in full
    assert len(queries.captured_queries) == 2
    assert all(m.position <= 3 for m in triad.missions)


def test_missions_for_categories(owner, outsider):
    health = make_goal(owner)
    craft = make_goal(owner, title="Novel", category="craft")
    make_mission(health, title="Run", priority_score=0.4)
    best = make_mission(craft, title="Outline", priority_score=0.9)
    make_mission(craft, title="Later", status=Mission.Status.SUGGESTED)
    make_mission(make_goal(outsider, category="craft"), title="Not yours")
    found = selectors.missions_for_categories(user=owner, categories=["craft", "health"])
    assert [m.title for m in found] == ["Outline", "Run"]
    assert selectors.missions_for_categories(user=owner, categories=["craft"], limit=1) == [best]


def test_on_a_low_energy_day_the_easy_win_is_a_light_mission(owner):
    goal = make_goal(owner, importance=5)
    other = make_goal(owner, title="Read more", category="growth", importance=5)
    make_mission(goal, title="Stretch", energy="low", estimated_minutes=10, priority_score=1.0)
    quick = make_mission(other, title="Quick chapter", energy="medium", estimated_minutes=10)
    slow = make_mission(other, title="Slow walk", energy="low", estimated_minutes=30)
    tired = selectors.triad_for(user=owner, energy="low")
    assert tired.low == slow  # not the short medium-energy one
    assert tired.medium == quick


def test_on_a_low_energy_day_no_heavy_mission_poses_as_the_easy_win(owner):
    goal = make_goal(owner, importance=5)
    make_mission(goal, title="Stretch", energy="low", estimated_minutes=10)
    make_mission(goal, title="Tempo run", energy="medium", estimated_minutes=10)
    tired = selectors.triad_for(user=owner, energy="low")
    assert tired.high.title == "Stretch"
    assert tired.low is None
    assert tired.medium.title == "Tempo run"


def test_the_day_keeps_what_is_done_and_finishes_after_three(owner):
    goal = make_goal(owner)
    missions = [make_mission(goal, title=f"Step {n}") for n in range(5)]
    day = selectors.day_for(user=owner)
    assert (day.done, len(day.open), day.finished) == ([], 3, False)
    services.mission_complete(user=owner, mission_id=missions[0].pk)
    day = selectors.day_for(user=owner)
    assert day.done == [missions[0]]
    assert [slot for slot, _ in day.open] == ["high", "low"]  # no instant refill
    for mission in missions[1:3]:
        services.mission_complete(user=owner, mission_id=mission.pk)
    day = selectors.day_for(user=owner)
    assert (len(day.done), day.open, day.finished) == (3, [], True)
    more = selectors.day_for(user=owner, more=True)
    assert not more.finished
    assert [slot for slot, _ in more.open] == ["high"]
    assert more.open[0][1] in missions[3:]


def test_done_today_follows_the_persons_day_start(db):
    user = make_user("nora", timezone="Europe/Madrid", day_start_hour=4)
    goal = make_goal(user)
    # 10:00 in Madrid on 10 January; the day began there at 04:00 (03:00 UTC).
    now = dt.datetime(2026, 1, 10, 9, 0, tzinfo=dt.UTC)
    for title, at in (
        ("late night, counts for the day before", dt.datetime(2026, 1, 10, 2, 30, tzinfo=dt.UTC)),
        ("early morning", dt.datetime(2026, 1, 10, 3, 30, tzinfo=dt.UTC)),
        ("breakfast", dt.datetime(2026, 1, 10, 8, 0, tzinfo=dt.UTC)),
    ):
        mission = make_mission(goal, title=title, status=Mission.Status.PENDING)
        services.mission_complete(user=user, mission_id=mission.pk, now=at)

    done = selectors.missions_done_today(user=user, now=now)

    assert [mission.title for mission in done] == ["early morning", "breakfast"]


DONE = ActivityEvent.Kind.MISSION_COMPLETED


@pytest.mark.django_db
def test_activity_after_two_days_away_ends_an_absence_and_sooner_does_not(owner):
    make_event(owner, DONE, days_ago(3))

    assert selectors.activity_ends_absence(user=owner, at=timezone.now())
    assert not selectors.activity_ends_absence(user=owner, at=days_ago(2.5))  # 12 h later


@pytest.mark.django_db
def test_an_absence_ends_only_with_a_mission_done_before_it_and_only_the_persons_own(
    owner, outsider
):
    make_event(outsider, DONE, days_ago(1))  # someone else's activity keeps no one here
    make_event(owner, ActivityEvent.Kind.TALKED, days_ago(3))

    assert not selectors.activity_ends_absence(user=owner, at=timezone.now())  # nothing done
    make_event(owner, DONE, days_ago(4))
    assert selectors.activity_ends_absence(user=owner, at=timezone.now())


@pytest.mark.django_db
def test_return_times_are_the_day_before_the_latest_mission_done_and_the_last_before_it(
    owner, outsider
):
    long_ago = make_event(owner, ActivityEvent.Kind.TALKED, days_ago(9)).occurred_at
    back = make_event(owner, ActivityEvent.Kind.TALKED, days_ago(2.5)).occurred_at
    done = make_event(owner, DONE, days_ago(2)).occurred_at
    make_event(owner, DONE, days_ago(1))  # after `now` below: not seen yet
    make_event(outsider, DONE, days_ago(2.2))

    times = selectors.return_times(user=owner, now=days_ago(1.5), window=dt.timedelta(days=1))

    assert times == (long_ago, back, done)
    assert selectors.return_times(user=owner, now=days_ago(5), window=dt.timedelta(days=1)) == ()


def test_goal_counts_are_the_persons_goals_asked_with_their_missions_and_the_next_to_do(
    owner, outsider
):
    goal = make_goal(owner, title="Run a 5k", description="To feel strong again.")
    make_mission(goal, title="Run 4 km", position=3)
    make_mission(goal, title="Run 2 km", position=1, status=Mission.Status.COMPLETED)
    make_mission(goal, title="Run 3 km", position=2)
    make_mission(goal, title="Rest", position=0, status=Mission.Status.SUGGESTED)  # offered
    other = make_goal(outsider)

    counts = selectors.goal_counts(user=owner, goal_ids=[goal.pk, other.pk])

    assert counts == [
        {
            "id": goal.pk,
            "title": "Run a 5k",
            "why": "To feel strong again.",
            "done": 1,
            "total": 3,
            "next": "Run 3 km",
        }
    ]
