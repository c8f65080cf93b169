"""Every recurring job of Delight, kept in step with the database after each migrate, and
how often a worker looks for the jobs that are due."""

from __future__ import annotations

import logging
import multiprocessing
import threading
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django_q.scheduler import scheduler

logger = logging.getLogger(__name__)

# django-q's own look at the schedules comes every 30 s from the cluster's guard loop.
DJANGO_Q_TICK_SECONDS = 30.0


@dataclass(frozen=True)
class Recurring:
    name: str
    func: str
    minutes: int


SCHEDULES: tuple[Recurring, ...] = (
    Recurring(name="worker heartbeat", func="delight.tasks.heartbeat", minutes=1),
    Recurring(
        name="prune expired memories",
        func="companion.tasks.prune_expired_memories",
        minutes=60 * 24,
    ),
    Recurring(name="re-embed memories", func="companion.tasks.reembed_memories", minutes=1),
    Recurring(name="world zones", func="world.tasks.evaluate_due_zones", minutes=15),
    Recurring(name="compact checkpoints", func="delight.tasks.compact_checkpoints", minutes=60),
    Recurring(name="recover cut-off turns", func="companion.tasks.recover_turns", minutes=1),
    Recurring(name="restart lost planning", func="goals.tasks.sweep_plans", minutes=1),
    Recurring(name="recount lost progress", func="goals.tasks.sweep_recounts", minutes=1),
    Recurring(name="consistency snapshots", func="goals.tasks.write_consistency", minutes=15),
    Recurring(name="wake snoozed notifications", func="nudges.tasks.wake_snoozed", minutes=1),
    Recurring(name="plan nudges", func="nudges.tasks.plan_nudges", minutes=5),
    Recurring(name="plan habit reminders", func="nudges.tasks.plan_habit_reminders", minutes=15),
    Recurring(name="deliver nudges", func="nudges.tasks.deliver_nudges", minutes=1),
    Recurring(name="write lost story beats", func="narrative.tasks.recover_story_beats", minutes=1),
    Recurring(name="look at lost quests", func="narrative.tasks.sweep_quests", minutes=1),
    Recurring(name="check Essence", func="narrative.tasks.check_essence", minutes=60 * 24),
)


def ensure_schedules(**_: Any) -> None:
    """Create or update each schedule by name (idempotent; runs on post_migrate)."""
    from django.utils import timezone
    from django_q.models import Schedule

    for recurring in SCHEDULES:
        Schedule.objects.update_or_create(
            name=recurring.name,
            defaults={
                "func": recurring.func,
                "schedule_type": Schedule.MINUTES,
                "minutes": recurring.minutes,
                "repeats": -1,
            },
            create_defaults={
                "func": recurring.func,
                "schedule_type": Schedule.MINUTES,
                "minutes": recurring.minutes,
                "repeats": -1,
                "next_run": timezone.now(),
            },
        )


_ticking = threading.Event()


def tick_on_spawn(**_: Any) -> None:
    """In each worker process, when Q_SCHEDULE_SECONDS is below django-q's 30 s, look for due
    schedules that often too, in a thread of its own. Two lookers are safe: django-q claims
    each due schedule under a row lock and moves its next run, so it runs once. A job run
    inline (django-q's sync mode) "spawns" in its caller's process, which never ticks."""
    in_worker = multiprocessing.parent_process() is not None
    if not in_worker or settings.Q_SCHEDULE_SECONDS >= DJANGO_Q_TICK_SECONDS or _ticking.is_set():
        return
    _ticking.set()
    threading.Thread(target=_tick, name="schedule-tick", daemon=True).start()


def _tick() -> None:
    stop = threading.Event()  # never set: the thread ends with its worker process
    while not stop.wait(settings.Q_SCHEDULE_SECONDS):
        try:
            scheduler()
        except Exception:  # a database hiccup: the next tick tries again
            logger.exception("could not look at the schedules")
