"""Writes of progress: the streak milestones a person reached (each kept and announced once),
talks with Eliza and nudges sent and answered (what the consistency index reads besides
missions and sessions)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import ActivityEvent, NudgeOutcome, StreakMilestone
from goals.progress.consistency import ANSWER_WITHIN
from goals.progress.days import lived_day
from goals.progress.selectors import Streaks
from goals.selectors import activity_ends_absence
from goals.services.common import activity_announce, event_record
from goals.services.highlights import highlight_reels_for_milestones


@transaction.atomic
def streak_milestones_record(*, user: User, streaks: Streaks) -> list[StreakMilestone]:
    """Keep the milestones the person's live streaks reached that were not kept yet.

    1. `streaks`: the person's streaks as counted now, overall and per value category.
    2. Each milestone a live streak reached since it started is a candidate (an old streak's
       milestones were its own moment, not this one's).
    3. A candidate already kept is skipped; a new one is kept and announced once
       (goals.signals.streak_milestone), after the transaction commits, and gets its
       highlight reel.
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
    highlight_reels_for_milestones(milestones=kept)
    return kept


def talk_record(*, user: User, now: dt.datetime | None = None) -> bool:
    """Note that the person talked with Eliza: announced each time (they are here), kept once
    per local day (the index counts days with a talk). Returns whether a new day was noted.
    The usual case, a day already noted, is one read with no transaction around it (BEGIN
    and COMMIT would be two more round trips for every message)."""
    now = now or timezone.now()
    today = lived_day(now, zone=user.timezone, day_start_hour=user.day_start_hour).date
    talks = ActivityEvent.objects.owned_by(user).filter(kind=ActivityEvent.Kind.TALKED)
    if talks.filter(local_date=today).exists():
        # At once, or when a caller's transaction commits. A talk earlier today means no
        # absence is ending: nothing to read to know it.
        activity_announce(user=user, kind=ActivityEvent.Kind.TALKED, at=now, returning=False)
        return False  # a second talk the same day adds nothing the index reads
    _talk_keep(user=user, now=now)
    return True


@transaction.atomic
def _talk_keep(*, user: User, now: dt.datetime) -> None:
    returning = activity_ends_absence(user=user, at=now)
    activity_announce(user=user, kind=ActivityEvent.Kind.TALKED, at=now, returning=returning)
    event_record(user=user, kind=ActivityEvent.Kind.TALKED, now=now)


@transaction.atomic
def nudge_outcome_record(*, user: User, sent_at: dt.datetime) -> NudgeOutcome:
    """A nudge was sent to the person (the nudges app calls this)."""
    return NudgeOutcome.objects.create(user=user, sent_at=sent_at)


@transaction.atomic
def nudge_outcomes_answer(*, user: User, at: dt.datetime | None = None) -> int:
    """The person came back at `at`: the nudges sent in the 48 hours before are answered.
    Returns how many."""
    at = at or timezone.now()
    return (
        NudgeOutcome.objects.owned_by(user)
        .filter(answered_at__isnull=True, sent_at__lte=at, sent_at__gte=at - ANSWER_WITHIN)
        .update(answered_at=at)
    )
