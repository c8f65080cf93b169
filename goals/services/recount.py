"""Counting a person's progress again after a habit day changed, in the background.

A check-in keeps the day (its check-in, its day of work, its Essence) in the request; what
is counted from the person's whole history (the overall and per-value streaks, the
milestones they reached, the live streak on open pages, the insights) is counted by one job
per person: ticking three habits in a row counts once or twice, never with the person
waiting. The mark (`ProgressRecount`) is written with the tick, so a job lost between the
commit and the queue is made up by the sweep."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django_q.tasks import async_task

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import ConsistencyClock, Habit, ProgressRecount
from goals.progress import selectors as progress_selectors
from goals.selectors import habit_streaks, habits_active
from goals.services.common import notify_progress
from goals.services.consistency import consistency_snapshots_write
from goals.services.insights import insights_refresh_enqueue
from goals.services.progress import streak_milestones_record

RECOUNT_TASK = "goals.tasks.recount_progress"
# The lengths of a habit's own streak worth a passage of the story, by its unit.
HABIT_MILESTONES = {"days": (7, 30, 100, 365), "weeks": (4, 12, 52)}
# How long a claim holds: far beyond a recount's time, short enough for the sweep to take
# over a killed worker's soon.
LEASE = dt.timedelta(minutes=2)
# A mark this old had its job lost: the sweep counts it.
GRACE = dt.timedelta(minutes=1)
# A job counts again while ticks keep arriving during its count, this many times at most
# (then the mark stays for the next job or the sweep).
ROUNDS = 3


def progress_recount_enqueue(*, user: User, now: dt.datetime) -> None:
    """Mark the person's progress due to be counted at `now` (one upsert, in the caller's
    transaction) and enqueue the count once it commits."""
    ProgressRecount.objects.bulk_create(
        [ProgressRecount(user=user, due_at=now)],
        update_conflicts=True,
        unique_fields=["user"],
        update_fields=["due_at"],
    )
    transaction.on_commit(lambda: async_task(RECOUNT_TASK, user.pk))


def progress_recount_run(*, user_id: int, now: dt.datetime | None = None) -> int:
    """Count the person's progress again if it is due and no one else is counting it; how
    many counts ran (0: nothing due, or another worker holds it).

    1. Claim the mark for LEASE (a conditional update: two workers never both win).
    2. Read the mark's time, then count: every tick up to that time is committed and read;
       then write the consistency snapshots a past day's tick forgot.
    3. Remove the mark if no tick came since; else release it and count again (at most
       ROUNDS times), so the last tick is always counted.
    """
    rounds = 0
    for _ in range(ROUNDS):
        at = now or timezone.now()
        marks = ProgressRecount.objects.filter(user_id=user_id)
        free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=at)
        if not marks.filter(free).update(claimed_until=at + LEASE):
            break
        due_at = marks.values_list("due_at", flat=True).get()
        _recount(user=User.objects.get(pk=user_id), now=at)
        if ConsistencyClock.objects.filter(user_id=user_id, due_at__lte=at).exists():
            consistency_snapshots_write(only=[user_id], now=at)  # a past day changed them
        rounds += 1
        if marks.filter(due_at__lte=due_at).delete()[0]:
            break
        marks.update(claimed_until=None)
    return rounds


def progress_recounts_sweep(*, now: dt.datetime | None = None, limit: int = 200) -> int:
    """Count the people whose job was lost (the mark older than GRACE, unclaimed or its
    claim lapsed); how many were counted."""
    now = now or timezone.now()
    lost = ProgressRecount.objects.filter(due_at__lt=now - GRACE).filter(
        Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    )
    users = list(lost.order_by("due_at").values_list("user_id", flat=True)[:limit])
    return sum(progress_recount_run(user_id=user_id, now=now) > 0 for user_id in users)


@transaction.atomic
def _recount(*, user: User, now: dt.datetime) -> None:
    """The streaks counted from the whole history: new milestones kept (each announced
    once), each habit's own streak at a milestone announced, the live streak sent to open
    pages, the insights looked for; then announced (the quests a habit can change)."""
    streaks = progress_selectors.progress_streaks(user=user, now=now)
    streak_milestones_record(user=user, streaks=streaks)
    _habit_milestones_announce(user=user, today=user.local_day(now))
    notify_progress(user=user, streak=streaks.overall)
    insights_refresh_enqueue(user=user)
    announce(signals.progress_recounted, sender=User, user=user)


def _habit_milestones_announce(*, user: User, today: dt.date) -> None:
    """Announce each active habit whose streak, counted now, is at a milestone length (the
    receivers keep each streak's milestone once: its start and length make its key)."""
    habits = habits_active(user=user)
    streaks = habit_streaks(user=user, habits=habits, today=today)
    for habit in habits:
        streak = streaks[habit.pk]
        if streak.current in HABIT_MILESTONES[streak.unit] and streak.started_on:
            habit.user = user  # theirs: the receivers read it, unread again
            announce(
                signals.habit_milestone,
                sender=Habit,
                habit=habit,
                length=streak.current,
                unit=streak.unit,
                started_on=streak.started_on,
            )
