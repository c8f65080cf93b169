"""The supervised background workers (`manage.py worker`, also run by `manage.py serve`):
killed workers wedge a plain qcluster for good; the supervisor replaces the whole cluster,
and a database that goes away never ends the supervision. A kept process (the web server
under `serve`) is started again whenever it exits."""

from __future__ import annotations

import datetime as dt
import sys

import psutil
import pytest
from django.db import OperationalError
from django.utils import timezone
from django_q.conf import Conf
from django_q.tasks import async_task

from delight.models import WorkerHeartbeat
from delight.workers import QUICK_EXITS_MAX, GaveUp, Kept, ProcessGroup, WorkerSupervisor
from tests.support import processes

SLEEPER = [sys.executable, "-c", "import time; time.sleep(600)"]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
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


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
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


@pytest.fixture
def sleeper():
    """A kept process that would run for ten minutes, stopped afterwards."""
    kept = Kept(ProcessGroup("a sleeper", SLEEPER))
    kept.group.start()
    yield kept
    kept.group.stop(grace=1)


def test_a_kept_process_killed_is_started_again_and_says_why(sleeper):
    first = sleeper.group.process
    assert sleeper.check() == ""

    first.kill()  # kill -9
    first.wait()
    reason = sleeper.check()

    assert reason == "a sleeper exited (-9)"
    assert sleeper.group.running
    assert sleeper.group.process.pid != first.pid
    assert sleeper.restarts == 1


def test_a_kept_process_that_cannot_run_here_is_given_up_on():
    kept = Kept(ProcessGroup("a broken one", [sys.executable, "-c", "raise SystemExit(3)"]))
    kept.group.start()
    for _ in range(QUICK_EXITS_MAX - 1):
        kept.group.process.wait()
        assert kept.check() == "a broken one exited (3)"

    kept.group.process.wait()
    with pytest.raises(GaveUp, match="exited 5 times right after starting"):
        kept.check()
    assert kept.restarts == QUICK_EXITS_MAX - 1


def supervisor_without_a_database(**faults) -> WorkerSupervisor:
    def database_gone(**_):
        raise OperationalError("connection refused")

    supervisor = WorkerSupervisor(
        last_heartbeat=faults.get("last_heartbeat", database_gone),
        release_jobs=database_gone,
        command=SLEEPER,
        heartbeat_max_age=0.001,
        expected_members=1,
    )
    supervisor.start()
    return supervisor


def test_a_heartbeat_the_database_cannot_give_leaves_the_workers_running():
    supervisor = supervisor_without_a_database()
    try:
        assert supervisor.check() == ""  # no heartbeat to read says nothing about them
        assert supervisor.restarts == 0
    finally:
        supervisor.stop()


def test_a_restart_goes_on_when_the_database_cannot_take_the_jobs_back():
    stale = timezone.now() - dt.timedelta(hours=1)
    supervisor = supervisor_without_a_database(last_heartbeat=lambda: stale)
    try:
        assert supervisor.check() == "its workers ran no job for too long"
        assert supervisor.restarts == 1
        assert supervisor.cluster.running
    finally:
        supervisor.stop()
