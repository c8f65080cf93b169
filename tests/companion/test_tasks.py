from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_q.models import Schedule
from django_q.tasks import async_task

from companion.models import Memory
from companion.tasks import prune_expired_memories
from delight.ai.runtime import default_engine
from tests.companion.factories import remember

pytestmark = pytest.mark.django_db


def test_prune_schedule_exists_after_migrate():
    schedule = Schedule.objects.get(name="prune expired memories")
    assert schedule.func == "companion.tasks.prune_expired_memories"
    assert schedule.schedule_type == Schedule.MINUTES
    assert schedule.minutes == 60 * 24
    assert schedule.repeats == -1


def test_prune_task_removes_expired_task_memories_and_keeps_the_rest(owner):
    expired = remember(owner, "Call the gym", tier="task", source="mission").memory
    kept = remember(owner, "Book a physio slot", tier="task", source="mission").memory
    personal = remember(owner, "Afraid of deep water").memory
    Memory.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - dt.timedelta(days=1))

    # Conf.SYNC (tests/conftest.py): the queued job runs inline, through django-q2.
    async_task("companion.tasks.prune_expired_memories")

    assert set(Memory.objects.values_list("pk", flat=True)) == {kept.pk, personal.pk}
    assert prune_expired_memories() == 0


def test_reembed_command_uses_the_current_embedder(owner):
    remember(owner, "Plays the cello")
    Memory.objects.update(embedder="some-old-embedder")

    call_command("reembed_memories", "--batch-size", "10")

    current = default_engine().embedder.name
    assert set(Memory.objects.values_list("embedder", flat=True)) == {current}
