"""Run web (daphne) and worker (qcluster) together; Ctrl-C stops both cleanly.

If this process started the embedded PostgreSQL, it also stops it (a fast, clean shutdown)
once both children have exited, so the data folder is left consistent.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from delight import embedded

CHILD_STOP_SECONDS = 20


class Command(BaseCommand):
    help = "Start the web server and the background worker; stop both on Ctrl-C."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))

    def handle(self, *args: Any, host: str, port: int, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        daphne = [sys.executable, "-m", "delight.server", "-b", host, "-p", str(port)]
        children = {
            "web": subprocess.Popen([*daphne, "delight.asgi:application"]),
            "worker": subprocess.Popen([*manage, "qcluster"]),
        }
        self.stdout.write(self.style.SUCCESS(f"Delight is running at http://{host}:{port}/"))
        self.stdout.write("Press Ctrl-C to stop.")
        stopping = False

        def request_stop(signum: int, frame: Any) -> None:
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, request_stop)
        signal.signal(signal.SIGTERM, request_stop)
        while not stopping and all(child.poll() is None for child in children.values()):
            time.sleep(0.2)
        for name, child in children.items():
            if child.poll() is not None and not stopping:
                self.stderr.write(f"The {name} process exited ({child.returncode}); stopping.")
        self._stop(children)

    def _stop(self, children: dict[str, subprocess.Popen]) -> None:
        for child in children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + CHILD_STOP_SECONDS
        for child in children.values():
            try:
                child.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        server = embedded.current()
        if server is not None and server.started_here:
            embedded.stop(server.data_dir)
            self.stdout.write("Stopped the embedded database cleanly.")
        self.stdout.write("Stopped.")
