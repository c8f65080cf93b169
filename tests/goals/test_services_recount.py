"""The progress recount a habit tick asks for: counted once it commits, by one worker at a
time, and made up by the sweep when its job was lost."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services
from goals.models import ProgressRecount, StreakMilestone
from goals.services.recount import GRACE, LEASE
from tests.goals.factories import make_habit

pytestmark = pytest.mark.django_db


@pytest.fixture
def week_ticked(owner):
    """Seven days of a habit ticked, their recount jobs not run (as if lost)."""
    habit = make_habit(owner)
    today = owner.local_day(timezone.now())
    for ago in range(7):
        services.habit_checkin(user=owner, habit_id=habit.pk, day=today - dt.timedelta(days=ago))
    return habit


def test_a_tick_counts_the_streak_milestone_once_it_commits_and_clears_its_mark(
    owner, django_capture_on_commit_callbacks
):
    habit = make_habit(owner)
    today = owner.local_day(timezone.now())
    for ago in range(6, 0, -1):
        services.habit_checkin(user=owner, habit_id=habit.pk, day=today - dt.timedelta(days=ago))
    assert not StreakMilestone.objects.filter(user=owner).exists()  # nothing counted yet

    with django_capture_on_commit_callbacks(execute=True):
        services.habit_checkin(user=owner, habit_id=habit.pk, day=today)

    assert set(StreakMilestone.objects.filter(user=owner).values_list("category", "days")) == {
        ("", 7),
        ("health", 7),
    }
    assert not ProgressRecount.objects.filter(user=owner).exists()


def test_a_mark_another_worker_holds_is_not_counted_twice(owner, week_ticked):
    now = timezone.now()
    ProgressRecount.objects.filter(user=owner).update(claimed_until=now + LEASE)

    assert services.progress_recount_run(user_id=owner.pk, now=now) == 0
    assert not StreakMilestone.objects.filter(user=owner).exists()
    assert ProgressRecount.objects.filter(user=owner).exists()


def test_nothing_due_counts_nothing(owner, outsider, week_ticked):
    assert services.progress_recount_run(user_id=outsider.pk) == 0
    assert services.progress_recount_run(user_id=owner.pk) == 1
    assert services.progress_recount_run(user_id=owner.pk) == 0  # a duplicate job
    assert StreakMilestone.objects.filter(user=owner).count() == 2


def test_the_sweep_counts_a_lost_job_or_a_killed_workers_claim_and_leaves_a_fresh_one(
    owner, outsider, week_ticked
):
    make_habit(outsider)
    now = timezone.now()
    services.habit_checkin(
        user=outsider, habit_id=outsider.habits.get().pk, day=outsider.local_day(now)
    )
    ProgressRecount.objects.filter(user=owner).update(
        due_at=now - GRACE * 2, claimed_until=now - dt.timedelta(seconds=1)
    )

    assert services.progress_recounts_sweep(now=now) == 1

    assert StreakMilestone.objects.filter(user=owner).count() == 2
    assert list(ProgressRecount.objects.values_list("user", flat=True)) == [outsider.pk]
