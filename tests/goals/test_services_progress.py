"""Streak milestones: each reached milestone is kept and announced once, and Eliza remembers it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from companion.models import Memory
from goals import services, signals
from goals.models import StreakMilestone
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard() -> list[dict]:
    """Every streak_milestone announcement, as its facts."""
    facts: list[dict] = []

    def listen(**kwargs) -> None:
        facts.append({k: kwargs[k] for k in ("category", "days")})

    signals.streak_milestone.connect(listen, dispatch_uid="test-heard")
    yield facts
    signals.streak_milestone.disconnect(dispatch_uid="test-heard")


def _finish_on_days(user, days_ago, django_capture_on_commit_callbacks) -> None:
    goal = make_goal(user, category="health")
    for ago in days_ago:
        mission = make_mission(goal)
        with django_capture_on_commit_callbacks(execute=True):
            at = timezone.now() - dt.timedelta(days=ago)
            services.mission_complete(user=user, mission_id=mission.pk, now=at)


def test_seven_days_in_a_row_is_a_milestone_kept_and_announced_once(
    owner, heard, django_capture_on_commit_callbacks
):
    _finish_on_days(owner, [6, 5, 4, 3, 2, 1, 0], django_capture_on_commit_callbacks)
    _finish_on_days(owner, [0], django_capture_on_commit_callbacks)  # counted again: no repeat

    kept = StreakMilestone.objects.filter(user=owner)
    assert sorted((m.category, m.days) for m in kept) == [("", 7), ("health", 7)]
    assert sorted((f["category"], f["days"]) for f in heard) == [("", 7), ("health", 7)]
    memory = Memory.objects.get(user=owner, key="streak:overall:7")
    assert memory.content.startswith("Reached a 7-day streak on ")


def test_an_old_streaks_milestones_are_not_celebrated_by_a_new_one(
    owner, heard, django_capture_on_commit_callbacks
):
    # Seven days long ago, a whole month apart from today's first day of a new streak.
    _finish_on_days(owner, [46, 45, 44, 43, 42, 41, 40], django_capture_on_commit_callbacks)
    heard.clear()
    StreakMilestone.objects.all().delete()

    _finish_on_days(owner, [0], django_capture_on_commit_callbacks)

    assert heard == []
    assert not StreakMilestone.objects.exists()


def test_a_milestone_shows_on_home_the_day_it_is_reached(
    client, owner, django_capture_on_commit_callbacks
):
    _finish_on_days(owner, [6, 5, 4, 3, 2, 1, 0], django_capture_on_commit_callbacks)
    client.force_login(owner)

    page = client.get("/").content.decode()

    assert "7 days in a row!" in page
