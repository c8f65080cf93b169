"""Every recurring job of Delight, kept in step with the database after each migrate."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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
    Recurring(name="compact checkpoints", func="companion.tasks.compact_checkpoints", minutes=60),
    Recurring(name="recover cut-off turns", func="companion.tasks.recover_turns", minutes=1),
    Recurring(name="restart lost planning", func="goals.tasks.sweep_plans", minutes=1),
    Recurring(name="consistency snapshots", func="goals.tasks.write_consistency", minutes=15),
    Recurring(name="wake snoozed notifications", func="nudges.tasks.wake_snoozed", minutes=1),
    Recurring(name="plan nudges", func="nudges.tasks.plan_nudges", minutes=5),
    Recurring(name="deliver nudges", func="nudges.tasks.deliver_nudges", minutes=1),
    Recurring(name="write lost story beats", func="companion.tasks.recover_story_beats", minutes=1),
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
