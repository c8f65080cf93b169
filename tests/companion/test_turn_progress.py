"""The turn's side of progress: a question about streaks reads them (progress.streaks) and
Eliza answers with the person's real figures."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from tests.companion.factories import say
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def test_asked_for_her_streak_eliza_answers_with_the_real_figures(owner):
    goal = make_goal(owner, category="health")
    for ago in (3, 2, 1, 0):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=owner, mission_id=mission.pk, now=at)

    answer = say(owner, "what's my streak?")

    assert "progress.streaks" in answer["tool_outputs"]
    assert answer["reply"].startswith("You're on a 4-day streak")
    assert "habit strength is" in answer["reply"]
    assert "By kind" not in answer["reply"]  # health alone, as long as the streak


def test_with_no_finished_mission_she_says_how_a_streak_begins(owner):
    answer = say(owner, "how long is my streak?")

    assert "haven't started a streak yet" in answer["reply"]


def test_a_streak_question_and_a_consistency_question_each_get_their_answer(owner):
    goal = make_goal(owner, category="growth")
    for ago in (1, 0):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=owner, mission_id=mission.pk, now=at)

    first = say(owner, "what's my streak?")
    second = say(owner, "how consistent have I been?", first)

    assert first["reply"].startswith("You're on a 2-day streak")
    assert second["reply"].startswith("Your consistency is just getting started")


def test_asked_how_consistent_she_answers_with_the_last_full_days_index(owner):
    owner.date_joined = timezone.now() - dt.timedelta(days=4)
    owner.save(update_fields=["date_joined"])
    goal = make_goal(owner, category="growth")
    for ago in (3, 2, 1):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=owner, mission_id=mission.pk, now=at)
    services.consistency_snapshots_write()
    value = round(owner.consistency_snapshots.order_by("-date").first().value * 100)

    answer = say(owner, "how consistent have I been?")

    assert answer["tool_outputs"]["progress.dci"]["value"] == pytest.approx(value / 100, abs=0.01)
    assert answer["reply"].startswith(f"Your consistency for the last full day was {value}%")


def test_a_very_sad_message_is_met_with_what_they_have_built(owner):
    goal = make_goal(owner, category="health")
    for ago in (2, 1, 0):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=owner, mission_id=mission.pk, now=at)

    answer = say(owner, "I feel so sad and hopeless and miserable today, everything is grief")

    assert answer["emotion"]["scores"]["sadness"] > 0.7
    assert "progress.streaks" in answer["tool_outputs"]
    assert "3 days in a row right now" in answer["reply"]
