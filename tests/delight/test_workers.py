"""The supervised background workers (`manage.py worker`, also run by `manage.py serve`):
killed workers wedge a plain qcluster for good; the supervisor replaces the whole cluster."""

from __future__ import annotations

import sys

import psutil
import pytest
from django_q.conf import Conf
from django_q.tasks import async_task

from delight.models import WorkerHeartbeat
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_workers_killed_mid_wait_are_replaced_by_a_fresh_cluster_and_jobs_run_again(
    monkeypatch,
):
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for the real cluster, not inline
    with processes.running([sys.executable, "manage.py", "worker"]) as worker:
        victims = processes.wait_for(lambda: processes.sentinel_children(worker.pid), timeout=60)
        async_task("delight.tasks.heartbeat", "before the kill")
        processes.wait_for(
            lambda: WorkerHeartbeat.objects.filter(name="before the kill").exists(), timeout=30
        )

        for victim in victims:
            victim.kill()  # kill -9: one of them waits on the task queue, holding its lock
        async_task("delight.tasks.heartbeat", "after the kill")

        processes.wait_for(
            lambda: WorkerHeartbeat.objects.filter(name="after the kill").exists(), timeout=60
        )
        assert not any(victim.is_running() for victim in victims)
        assert worker.poll() is None


def test_stopping_the_supervisor_while_its_workers_are_wedged_leaves_no_process():
    with processes.running([sys.executable, "manage.py", "worker"]) as worker:
        victims = processes.wait_for(lambda: processes.sentinel_children(worker.pid), timeout=60)
        started = processes.descendants(worker.pid)
        for victim in victims:
            victim.kill()

        worker.terminate()  # what a service manager sends

        assert worker.wait(timeout=30) == 0
        left = [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
        assert left == []
