"""A hidden quest's special mission (goals.services.mission_special_create)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from goals.models import Goal, Mission
from tests.goals.factories import make_goal

pytestmark = pytest.mark.django_db


def test_a_special_mission_joins_the_active_goal_worked_on_last(owner):
    make_goal(owner, title="Older", last_worked_at=timezone.now() - dt.timedelta(days=3))
    recent = make_goal(owner, title="Recent", category="growth", last_worked_at=timezone.now())
    make_goal(owner, title="Paused", status=Goal.Status.PAUSED, last_worked_at=timezone.now())

    mission = services.mission_special_create(user=owner, title="Map the land", description="Ten")

    assert mission.goal == recent
    assert (mission.is_special, mission.status, mission.category) == (True, "pending", "growth")


def test_without_an_active_goal_there_is_no_special_mission(owner, outsider):
    make_goal(owner, status=Goal.Status.COMPLETED)
    make_goal(outsider)

    assert services.mission_special_create(user=owner, title="Map the land") is None
    assert not Mission.objects.filter(is_special=True).exists()
