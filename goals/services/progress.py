"""Writes of progress: the streak milestones a person reached, each kept and announced once."""

from __future__ import annotations

from django.db import transaction

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import StreakMilestone
from goals.progress.selectors import Streaks


@transaction.atomic
def streak_milestones_record(*, user: User, streaks: Streaks) -> list[StreakMilestone]:
    """Keep the milestones the person's live streaks reached that were not kept yet.

    1. `streaks`: the person's streaks as counted now, overall and per value category.
    2. Each milestone a live streak reached since it started is a candidate (an old streak's
       milestones were its own moment, not this one's).
    3. A candidate already kept is skipped; a new one is kept and announced once
       (goals.signals.streak_milestone), after the transaction commits.
    """
    kept = []
    for category, streak in (("", streaks.overall), *streaks.by_category.items()):
        if not streak.current or streak.started_on is None:
            continue
        for days, reached_on in streak.milestones:
            if reached_on < streak.started_on:
                continue
            milestone, created = StreakMilestone.objects.get_or_create(
                user=user, category=category, days=days, reached_on=reached_on
            )
            if created:
                kept.append(milestone)
                announce(
                    signals.streak_milestone,
                    sender=StreakMilestone,
                    user=user,
                    category=category,
                    days=days,
                    reached_on=reached_on,
                )
    return kept
