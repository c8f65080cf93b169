"""GET /api/progress/: a person's streaks, from their own days."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def _finish_on_days(user, days_ago: list[int], category: str = "health") -> None:
    goal = make_goal(user, category=category)
    for ago in days_ago:
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=user, mission_id=mission.pk, now=at)


def test_progress_shows_the_persons_streak_overall_and_by_category(owner, owner_api):
    _finish_on_days(owner, [2, 1, 0])

    body = owner_api.get("/api/progress/").json()

    overall = body["streaks"]["overall"]
    assert (overall["current"], overall["longest"]) == (3, 3)
    assert 0 < overall["strength"] < 1
    assert overall["next_milestone"] == 7
    assert body["streaks"]["by_category"]["health"]["current"] == 3
    assert body["streaks"]["by_category"]["growth"]["current"] == 0
    assert body["dci"] is None


def test_a_person_sees_only_their_own_progress(owner, outsider_api):
    _finish_on_days(owner, [1, 0])

    body = outsider_api.get("/api/progress/").json()

    assert body["streaks"]["overall"]["longest"] == 0


def test_progress_needs_a_signed_in_person(client, db):
    assert client.get("/api/progress/").status_code in (401, 403)
