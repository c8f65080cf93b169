"""Child processes run as whole process groups, and the supervision of the background
workers (django-q2's ``qcluster``).

qcluster is a tree: its parent starts a sentinel, which forks the workers, a monitor and a
pusher that share in-memory queues. Two faults follow from that tree, both measured:

- A worker killed while it waits for a job holds the task queue's read lock forever: every
  other worker, and every replacement the sentinel starts, then waits on that lock and no
  job runs again (the sentinel still looks healthy).
- Stopping the parent asks the sentinel to stop the workers; with a wedged queue that never
  ends, and the parent, the sentinel and its workers stay behind.

So a ``ProcessGroup`` starts a child in a session of its own and stops it by signalling the
whole group (SIGTERM, then SIGKILL after a grace period): nothing it started outlives it.
And a ``WorkerSupervisor`` restarts the whole cluster, with fresh queues, when any process of
it died (the sentinel replaces processes only after a death: a kill, a crash, the job time
limit) or when the workers' heartbeat is older than WORKER_HEARTBEAT_MAX_AGE. Jobs are kept
in the broker and every job of Delight can run twice without doing anything twice, so a
restart loses nothing.
"""

from __future__ import annotations

import contextlib
import ctypes
import datetime as dt
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import psutil
from django.conf import settings
from django.db import DatabaseError, close_old_connections
from django.utils import timezone

logger = logging.getLogger(__name__)

STOP_GRACE_SECONDS = 10
CHECK_SECONDS = 0.25  # how often `serve` and `worker` check their children
HEARTBEAT_CHECK_SECONDS = 10  # how often the supervisor reads the heartbeat
# A process that exits this soon after starting, this many times in a row, cannot run here
# (its port taken, a broken install): starting it again would only loop.
QUICK_EXIT_SECONDS = 10
QUICK_EXITS_MAX = 5
_PR_SET_PDEATHSIG = 1


def _end_with_parent() -> None:
    """In the child, before exec: receive SIGTERM if the parent dies (Linux), so a parent
    killed without cleaning up does not leave its children running."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


class ProcessGroup:
    """A child process in a session (and process group) of its own, and all it starts."""

    def __init__(
        self,
        name: str,
        command: list[str],
        *,
        cwd: Path | None = None,
        pass_fds: tuple[int, ...] = (),
    ) -> None:
        self.name = name
        self.command = command
        self.cwd = cwd
        self.pass_fds = pass_fds  # file descriptors the child keeps (a listening socket)
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.command,
            cwd=self.cwd,
            start_new_session=True,
            preexec_fn=_end_with_parent,
            pass_fds=self.pass_fds,
        )
        self.started_at = time.monotonic()

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def uptime(self) -> float:
        return time.monotonic() - self.started_at

    def members(self) -> set[int]:
        """The pids of the child and everything it started that is still alive."""
        if not self.running:
            return set()
        try:
            root = psutil.Process(self.process.pid)
            return {root.pid, *(child.pid for child in root.children(recursive=True))}
        except psutil.NoSuchProcess:
            return set()

    def stop(self, grace: float = STOP_GRACE_SECONDS) -> None:
        """SIGTERM to the child; after `grace` seconds SIGKILL to its whole group. Every
        process of the group is gone when this returns."""
        stop_all([self], grace=grace)

    def _terminate(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def _reap(self, deadline: float) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            logger.warning("%s did not stop in time; killing it", self.name)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # its group: whatever it left behind
        self.process.wait()


def stop_all(groups: list[ProcessGroup], *, grace: float = STOP_GRACE_SECONDS) -> None:
    """Stop several groups at once: SIGTERM to each child, then one shared deadline `grace`
    seconds away, after which each whole group gets SIGKILL. Kept short, so that whoever
    stops us (a terminal, a test, a service manager) does not kill us first, which would
    leave a wedged group behind."""
    for group in groups:
        group._terminate()
    deadline = time.monotonic() + grace
    for group in groups:
        group._reap(deadline)


class GaveUp(RuntimeError):
    """A kept process exited QUICK_EXITS_MAX times in a row right after starting."""


class Kept:
    """A ProcessGroup started again whenever it exits (a kill -9, a crash), the others
    untouched; one that cannot run here at all (see QUICK_EXIT_SECONDS) raises GaveUp."""

    def __init__(self, group: ProcessGroup) -> None:
        self.group = group
        self.quick_exits = 0
        self.restarts = 0

    def check(self) -> str:
        """Start the process again if it exited and say why ("" while it runs)."""
        process = self.group.process
        if self.group.running or process is None:
            return ""
        quick = self.group.uptime < QUICK_EXIT_SECONDS
        self.quick_exits = self.quick_exits + 1 if quick else 0
        if self.quick_exits >= QUICK_EXITS_MAX:
            raise GaveUp(f"{self.group.name} exited {self.quick_exits} times right after starting")
        reason = f"{self.group.name} exited ({process.returncode})"
        logger.error("starting %s again: %s", self.group.name, reason)
        self.group.stop(grace=1)  # whatever it left behind in its group
        self.group.start()
        self.restarts += 1
        return reason


def qcluster_command() -> list[str]:
    return [sys.executable, str(settings.BASE_DIR / "manage.py"), "qcluster"]


class WorkerSupervisor:
    """Runs the qcluster as a ProcessGroup and restarts it whole when it cannot be trusted.

    `check()` is called a few times a second; it answers why the cluster was restarted
    (for the log), or "" when all is well.
    """

    def __init__(
        self,
        *,
        last_heartbeat: Callable[[], dt.datetime | None],
        release_jobs: Callable[..., int],
        command: list[str] | None = None,
        heartbeat_max_age: float | None = None,
        expected_members: int | None = None,
    ) -> None:
        self.cluster = ProcessGroup("the background workers", command or qcluster_command())
        self.last_heartbeat = last_heartbeat
        self.release_jobs = release_jobs
        self.started_at = timezone.now()
        self.heartbeat_max_age = heartbeat_max_age or settings.WORKER_HEARTBEAT_MAX_AGE
        # parent + sentinel + workers + monitor + pusher
        self.expected_members = expected_members or settings.Q_CLUSTER["workers"] + 4
        self.seen: set[int] = set()  # every process of the cluster seen since it started
        self.restarts = 0
        self._heartbeat_checked = 0.0

    def start(self) -> None:
        self.started_at = timezone.now()
        self.cluster.start()
        self.seen = set()

    def stop(self) -> None:
        self.cluster.stop()

    def check(self) -> str:
        """If the cluster cannot be trusted (see `_fault`): stop it whole, give back the jobs
        it had taken, start a new one, and say why ("" when all is well)."""
        reason = self._fault()
        if reason:
            logger.error("restarting the background workers: %s", reason)
            self.cluster.stop(grace=5)
            self._release()
            self.start()
            self.restarts += 1
        return reason

    def _release(self) -> None:
        """Give back the jobs the stopped cluster had taken; with the database away they
        stay taken until the broker's retry hands them out again, so supervision goes on."""
        try:
            released = self.release_jobs(taken_since=self.started_at)
        except DatabaseError as error:
            logger.warning("could not give back the stopped cluster's jobs: %s", error)
            close_old_connections()  # a broken connection is not kept for the next check
            return
        logger.info("%d job(s) the stopped cluster had taken are queued again", released)

    def _fault(self) -> str:
        """1. The cluster exited.
        2. One of its processes died: a process seen before is gone, or more processes were
           seen than it has (the sentinel started a replacement). Its processes all start at
           once and live as long as it does, so either means a death.
        3. No heartbeat for longer than the allowed age, while it ran that long."""
        if not self.cluster.running:
            return "the cluster exited"
        current = self.cluster.members()
        gone = self.seen - current
        self.seen |= current
        if gone or len(self.seen) > self.expected_members:
            return "one of its processes died"
        if self.cluster.uptime > self.heartbeat_max_age and self._heartbeat_due():
            try:
                last = self.last_heartbeat()
            except DatabaseError as error:  # no heartbeat to read; nothing says they are stuck
                logger.warning("could not read the workers' heartbeat: %s", error)
                close_old_connections()
                return ""
            age = None if last is None else (timezone.now() - last).total_seconds()
            if age is None or age > self.heartbeat_max_age:
                return "its workers ran no job for too long"
        return ""

    def _heartbeat_due(self) -> bool:
        now = time.monotonic()
        if now - self._heartbeat_checked < HEARTBEAT_CHECK_SECONDS:
            return False
        self._heartbeat_checked = now
        return True


def stop_on_signals() -> Callable[[], bool]:
    """Turn SIGINT (Ctrl-C) and SIGTERM into a flag the main loop reads."""
    stopped = [False]

    def request_stop(signum: int, frame: object) -> None:
        stopped[0] = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    return lambda: stopped[0]
