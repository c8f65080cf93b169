"""Run web (daphne) and the supervised background workers together; Ctrl-C stops both.

The web server is WEB_PROCESSES daphne processes sharing one listening socket, which this
command opens (the kernel hands each new connection to one of them), so turns run on every
core and one process dying leaves the others answering. Each process runs as a process
group of its own (delight.workers): stopping one stops everything it started, even when its
workers are wedged, so no process outlives ``make run``. Nothing one of them suffers takes
the others down: a web process is started again whenever it exits (unless it cannot run
here at all: see delight.workers.Kept), the workers whenever
they cannot be trusted (see WorkerSupervisor), and the embedded PostgreSQL, if this process
started it, whenever it stopped. That one is also stopped (a fast, clean shutdown) once the
others have exited, so the data folder is left consistent.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from delight import embedded
from delight.ai.embeddings import EmbedderMisfit, build_embedder, embedder_check
from delight.selectors import worker_last_heartbeat
from delight.server import LISTEN_BACKLOG
from delight.services import worker_jobs_release
from delight.workers import (
    CHECK_SECONDS,
    GaveUp,
    Kept,
    ProcessGroup,
    WorkerSupervisor,
    stop_all,
    stop_on_signals,
)

DATABASE_CHECK_SECONDS = 2.0  # how often an embedded server this process started is looked at


class Command(BaseCommand):
    help = "Start the web server and the background workers; stop both on Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        try:
            # Built from the settings now: the cached default engine may predate them.
            embedder_check(build_embedder(settings.AI))
        except EmbedderMisfit as exc:
            raise CommandError(str(exc)) from exc
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        try:
            listener = socket.create_server((host, port), backlog=LISTEN_BACKLOG)
        except OSError as error:
            raise CommandError(f"Cannot listen on {host}:{port}: {error}") from error
        fd = str(listener.fileno())
        daphne = [sys.executable, "-m", "delight.server", "--fd", fd, "delight.asgi:application"]
        webs = [
            ProcessGroup(f"web process {n}", daphne, pass_fds=(listener.fileno(),))
            for n in range(1, settings.WEB_PROCESSES + 1)
        ]
        workers = WorkerSupervisor(
            last_heartbeat=worker_last_heartbeat, release_jobs=worker_jobs_release
        )
        stopping = stop_on_signals()
        for web in webs:
            web.start()
        workers.start()
        self.stdout.write(self.style.SUCCESS(f"Delight is running at http://{host}:{port}/"))
        self.stdout.write("Press Ctrl-C to stop.")
        try:
            self._supervise([Kept(web) for web in webs], workers, stopping)
        except GaveUp as gave_up:
            self.stderr.write(f"Stopping: {gave_up}.")
        finally:
            stop_all([*webs, workers.cluster])
            listener.close()
            self._stop_database()
        self.stdout.write("Stopped.")

    def _supervise(
        self, webs: list[Kept], workers: WorkerSupervisor, stopping: Callable[[], bool]
    ) -> None:
        """Until Ctrl-C: keep the web processes, the workers and our database running."""
        database_checked = time.monotonic()
        while not stopping():
            for web in webs:
                if reason := web.check():
                    self.stderr.write(f"Started it again: {reason}.")
            if reason := workers.check():
                self.stderr.write(f"Restarted the background workers: {reason}.")
            if time.monotonic() - database_checked >= DATABASE_CHECK_SECONDS:
                database_checked = time.monotonic()
                self._revive_database()
            time.sleep(CHECK_SECONDS)

    def _revive_database(self) -> None:
        server = embedded.current()
        if server is None or not server.started_here:
            return
        try:
            revived = embedded.revive(server)
        except Exception as error:  # tried again at the next check; serving goes on
            self.stderr.write(f"Could not start the embedded database again: {error}")
            return
        if revived:
            self.stderr.write("Started the embedded database again: it had stopped.")

    def _stop_database(self) -> None:
        server = embedded.current()
        if server is not None and server.started_here:
            # This process's own pools (migrate's) would otherwise try to reconnect.
            for wrapper in connections.all(initialized_only=True):
                wrapper.close_pool()
            embedded.stop(server.data_dir)
            self.stdout.write("Stopped the embedded database cleanly.")
