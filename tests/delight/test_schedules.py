"""delight.schedules: the recurring jobs, and how often a worker looks for due ones."""

from __future__ import annotations

import threading

import pytest
from django_q.models import Schedule
from django_q.tasks import async_task

from delight.models import WorkerHeartbeat
from delight.schedules import SCHEDULES, ensure_schedules


def _tickers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "schedule-tick"]


@pytest.mark.django_db
def test_every_recurring_job_is_kept_once_by_name():
    ensure_schedules()
    ensure_schedules()

    names = list(Schedule.objects.values_list("name", flat=True))
    assert sorted(names) == sorted(recurring.name for recurring in SCHEDULES)


@pytest.mark.django_db
def test_a_job_run_inline_starts_no_schedule_tick_in_its_callers_process(settings):
    settings.Q_SCHEDULE_SECONDS = 1.0  # quicker than django-q: a worker would tick

    async_task("delight.tasks.heartbeat", "inline")  # sync mode: a "worker" in this process

    assert WorkerHeartbeat.objects.filter(name="inline").exists()
    assert _tickers() == []
