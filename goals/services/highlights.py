"""Highlight reels: a period's wins gathered on one page, made once per occasion — when a
day's consistency reaches 0.8 with a streak of 7 days or more (at most one such reel a
week), and at each streak milestone."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.db import transaction

from goals.models import ConsistencySnapshot, HighlightReel, StreakMilestone

HIGH_CONSISTENCY = 0.8
LONG_ENOUGH = 7  # streak days a consistency reel needs
REEL_DAYS = 7  # a consistency reel gathers the week up to the day
MILESTONE_REEL_MAX_DAYS = 30  # a milestone reel gathers its streak, at most the last 30 days


@transaction.atomic
def highlight_reels_for_milestones(*, milestones: Sequence[StreakMilestone]) -> int:
    """One reel per newly kept milestone: the streak's days up to it (at most 30)."""
    reels = [
        HighlightReel(
            user=milestone.user,
            trigger=HighlightReel.Trigger.MILESTONE,
            key=HighlightReel.milestone_key(milestone),
            title=milestone.words,
            starts_on=milestone.reached_on
            - dt.timedelta(days=min(milestone.days, MILESTONE_REEL_MAX_DAYS) - 1),
            ends_on=milestone.reached_on,
        )
        for milestone in milestones
    ]
    return len(HighlightReel.objects.bulk_create(reels, ignore_conflicts=True))


@transaction.atomic
def highlight_reels_for_consistency(*, snapshots: Sequence[ConsistencySnapshot]) -> int:
    """A reel for each person whose day reached 0.8 with a streak of 7 or more, unless one
    such reel ended in the week before (so a steady month makes a few reels, not thirty).

    1. Keep the days that qualify, the earliest per person first.
    2. Read once which of these people had a consistency reel in the period.
    3. Walk each person's qualifying days in date order: a day at least 7 days after
       their last consistency reel makes a reel of the week up to it.
    """
    qualifying = sorted(
        (s for s in snapshots if s.value >= HIGH_CONSISTENCY and s.streak >= LONG_ENOUGH),
        key=lambda s: (s.user_id, s.date),
    )
    if not qualifying:
        return 0
    last_reel = dict(
        HighlightReel.objects.filter(
            user_id__in={s.user_id for s in qualifying},
            trigger=HighlightReel.Trigger.CONSISTENCY,
            ends_on__gte=min(s.date for s in qualifying) - dt.timedelta(days=REEL_DAYS),
        )
        .order_by("user_id", "ends_on")
        .values_list("user_id", "ends_on")
    )
    reels = []
    for snapshot in qualifying:
        previous = last_reel.get(snapshot.user_id)
        if previous is not None and (snapshot.date - previous).days < REEL_DAYS:
            continue
        last_reel[snapshot.user_id] = snapshot.date
        reels.append(
            HighlightReel(
                user_id=snapshot.user_id,
                trigger=HighlightReel.Trigger.CONSISTENCY,
                key=f"consistency:{snapshot.date}",
                title=f"A week at {round(snapshot.value * 100)}% consistency",
                starts_on=snapshot.date - dt.timedelta(days=REEL_DAYS - 1),
                ends_on=snapshot.date,
            )
        )
    return len(HighlightReel.objects.bulk_create(reels, ignore_conflicts=True))
