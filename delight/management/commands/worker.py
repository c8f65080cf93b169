"""Run the background workers (django-q2's qcluster) under supervision, for worker nodes:
restarted whole when one of their processes dies or their heartbeat goes stale, and
stopped whole on SIGTERM or Ctrl-C (see delight.workers)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from delight.selectors import worker_last_heartbeat
from delight.services import worker_jobs_release
from delight.workers import CHECK_SECONDS, WorkerSupervisor, stop_on_signals


class Command(BaseCommand):
    help = "Run the background workers, restarting them when they wedge or die."

    def handle(self, *args: Any, **options: Any) -> None:
        workers = WorkerSupervisor(
            last_heartbeat=worker_last_heartbeat, release_jobs=worker_jobs_release
        )
        stopping = stop_on_signals()
        workers.start()
        try:
            while not stopping():
                if reason := workers.check():
                    self.stderr.write(f"Restarted the background workers: {reason}.")
                time.sleep(CHECK_SECONDS)
        finally:
            workers.stop()
