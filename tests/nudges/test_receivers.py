"""Notifications for the other apps' news: a plan to review, a streak milestone."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services as goals_services
from nudges.models import Notification
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def test_a_plan_saved_is_a_note_to_review_it(owner, django_capture_on_commit_callbacks):
    goal = make_goal(owner, title="Learn Spanish", decomposition_status="pending")

    with django_capture_on_commit_callbacks(execute=True):
        goals_services.goal_decompose(goal_id=goal.pk)

    note = Notification.objects.get(user=owner, kind="plan_ready")
    assert note.title == "Your plan for “Learn Spanish” is ready"
    assert note.url == f"/goals/{goal.pk}/"


def test_streak_milestones_are_one_note_once(owner, django_capture_on_commit_callbacks):
    goal = make_goal(owner)
    with django_capture_on_commit_callbacks(execute=True):
        for ago in range(6, -1, -1):
            mission = make_mission(goal)
            at = timezone.now() - dt.timedelta(days=ago)
            goals_services.mission_complete(user=owner, mission_id=mission.pk, now=at)
        goals_services.mission_complete(user=owner, mission_id=make_mission(goal).pk)

    # Two at once (overall and health) make one note that counts them.
    (note,) = Notification.objects.filter(kind="milestone")
    assert note.title == "2 streak milestones reached"
    assert note.body in ("The latest: 7 days in a row!", "The latest: 7 days of health in a row!")
