"""Highlight reels: made once at each streak milestone, and for a consistent week (at most
one a week)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from goals.models import ConsistencySnapshot, HighlightReel, StreakMilestone
from goals.services.highlights import highlight_reels_for_consistency
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db
D = dt.date(2026, 11, 1)


def snapshot(user, day: int, value: float, streak: int) -> ConsistencySnapshot:
    return ConsistencySnapshot(
        user=user,
        date=D + dt.timedelta(days=day),
        value=value,
        strength=0.5,
        engagement=0.5,
        streak=streak,
    )


def test_a_streak_milestone_makes_one_reel_of_its_days(owner):
    goal = make_goal(owner, category="health")
    for ago in range(6, -1, -1):
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=owner, mission_id=mission.pk, now=at)
    mission = make_mission(goal)  # the same day again: no second reel
    services.mission_complete(user=owner, mission_id=mission.pk)

    reels = HighlightReel.objects.filter(user=owner)
    assert sorted(r.title for r in reels) == ["7 days in a row", "7 days of health in a row"]
    milestone = StreakMilestone.objects.filter(user=owner).first()
    for reel in reels:
        assert reel.trigger == HighlightReel.Trigger.MILESTONE
        assert (reel.ends_on - reel.starts_on).days == 6
        assert reel.ends_on == milestone.reached_on


def test_a_consistent_week_makes_a_reel_and_the_next_days_wait_a_week(owner, outsider):
    days = [snapshot(owner, n, 0.85, 7 + n) for n in range(10)]
    days.append(snapshot(outsider, 0, 0.95, 3))  # a short streak: no reel
    days.append(snapshot(outsider, 1, 0.7, 12))  # a lower day: no reel

    assert highlight_reels_for_consistency(snapshots=days) == 2  # day 0 and day 7

    reels = HighlightReel.objects.filter(user=owner).order_by("ends_on")
    assert [r.ends_on for r in reels] == [D, D + dt.timedelta(days=7)]
    assert reels[0].title == "A week at 85% consistency"
    assert not HighlightReel.objects.filter(user=outsider).exists()
    # Run again (a replay of the job): nothing more.
    assert highlight_reels_for_consistency(snapshots=days) == 0
