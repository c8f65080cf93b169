"""`manage.py serve` (what `make run` starts): web and worker come up healthy, Ctrl-C stops both."""

from __future__ import annotations

import json
import signal
import sys
import urllib.error
import urllib.request

import psutil
import pytest

from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def healthz(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return json.load(response)
    except (urllib.error.URLError, ConnectionError):
        return None


def test_serve_starts_web_and_worker_and_ctrl_c_stops_both(tmp_path):
    port = processes.free_port()
    command = [sys.executable, "manage.py", "serve", "--port", str(port)]
    with processes.running(command, DELIGHT_DATA_DIR=str(tmp_path)) as serve:
        body = processes.wait_for(
            lambda: (h := healthz(port)) and h["status"] == "ok" and h, timeout=60
        )
        assert body["checks"]["worker"]["ok"] is True
        children = psutil.Process(serve.pid).children(recursive=True)
        assert len(children) >= 2  # daphne and the qcluster (with its own workers)

        serve.send_signal(signal.SIGINT)
        assert serve.wait(timeout=40) == 0
        assert not [child for child in children if child.is_running()]
