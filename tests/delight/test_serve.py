"""`manage.py serve` (what `make run` starts): web and worker come up healthy, Ctrl-C stops both."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import urllib.error
import urllib.request

import psutil
import pytest
from django.core.management import CommandError, call_command

from delight.ai.config import AIConfig
from tests.support import processes
from tests.support.openai_server import EMBEDDINGS, OpenAIServer

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def healthz(port: int) -> dict | None:
    """/healthz's answer; None while there is none (serve listens before its web processes
    have started: a request waits in the socket's queue until one takes it)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            return json.load(response)
    except (urllib.error.URLError, ConnectionError, TimeoutError):
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


def _children(process: psutil.Process) -> list[psutil.Process]:
    """A process's children, none if it has already exited (a short-lived helper may end
    between listing the tree and looking at it)."""
    try:
        return process.children()
    except psutil.NoSuchProcess:
        return []


def _serve_in_a_terminal(tmp_path):
    port = processes.free_port()
    command = [sys.executable, "manage.py", "serve", "--port", str(port)]
    serve = processes.running(command, own_session=True, DELIGHT_DATA_DIR=str(tmp_path))
    return port, serve


@pytest.mark.parametrize("wedged", [False, True], ids=["healthy", "wedged-workers"])
def test_ctrl_c_in_the_terminal_leaves_no_process_behind(tmp_path, wedged):
    port, running = _serve_in_a_terminal(tmp_path)
    with running as serve:
        processes.wait_for(lambda: (h := healthz(port)) and h["status"] == "ok", timeout=60)
        started = processes.descendants(serve.pid)
        if wedged:
            for process in started:
                if len(_children(process)) >= 4:  # the sentinel: kill -9 all it started
                    for victim in _children(process):
                        with contextlib.suppress(psutil.NoSuchProcess):
                            victim.kill()

        os.killpg(serve.pid, signal.SIGINT)  # what Ctrl-C in a terminal sends

        assert serve.wait(timeout=60) == 0
        left = [p for p in processes.descendants(serve.pid) + started if p.is_running()]
        assert not [p for p in left if p.status() != psutil.STATUS_ZOMBIE]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return 0  # no answer (yet): the web process is being replaced, or waits its turn


def _stop_database(data_dir) -> psutil.Process:
    """What `pg_ctl stop -m fast` does: SIGINT to the postmaster (its pid heads postmaster.pid).
    Not pg_ctl itself: it waits for that file to go, and serve starts the database again at
    once, so the new server's file can keep it waiting for ever."""
    postmaster = psutil.Process(int((data_dir / "postmaster.pid").read_text().split()[0]))
    postmaster.send_signal(signal.SIGINT)
    return postmaster


def _gone(process: psutil.Process) -> bool:
    try:
        return process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def webs(serve) -> list[psutil.Process]:
    """The web processes serve runs (WEB_PROCESSES, 2 by default), alive (a killed one is a
    zombie until serve reaps it, and then gone)."""
    alive = []
    for process in _children(psutil.Process(serve.pid)):
        with contextlib.suppress(psutil.Error):
            if process.status() != psutil.STATUS_ZOMBIE and "delight.server" in process.cmdline():
                alive.append(process)
    return alive


def test_a_killed_web_process_and_a_stopped_database_each_come_back_by_themselves(tmp_path):
    # Its own embedded PostgreSQL, so stopping it leaves the tests' database alone.
    port = processes.free_port()
    command = [sys.executable, "manage.py", "serve", "--port", str(port)]
    ok = lambda: (h := healthz(port)) and h["status"] == "ok"  # noqa: E731
    with processes.running(command, DATABASE_URL="", DELIGHT_DATA_DIR=str(tmp_path)) as serve:
        processes.wait_for(ok, timeout=120)
        workers = [p for p in _children(psutil.Process(serve.pid)) if "qcluster" in p.cmdline()]
        first, second = webs(serve)

        first.kill()  # kill -9
        assert ok()  # the other web process answers meanwhile
        processes.wait_for(lambda: len(webs(serve)) == 2 and first not in webs(serve), timeout=30)
        assert second in webs(serve)
        assert all(worker.is_running() for worker in workers)  # the others kept running

        stopped = _stop_database(tmp_path / "pg")
        processes.wait_for(lambda: _gone(stopped), timeout=60)
        answers = []
        processes.wait_for(
            lambda: answers.append(_status(f"http://127.0.0.1:{port}/accounts/login/")) or ok(),
            timeout=30,
        )
        assert 500 not in answers  # while it was away: 503 with a page that retries
        assert serve.poll() is None


def test_serve_refuses_to_start_when_the_embeddings_server_has_another_width(
    settings, ai_config: AIConfig, openai_server: OpenAIServer
):
    settings.AI = ai_config
    openai_server.plan_malformed(
        {"data": [{"index": 0, "embedding": [0.1] * 1024}]}, path=EMBEDDINGS
    )

    with pytest.raises(CommandError, match="EMBEDDINGS"):
        call_command("serve", "--port", "1")

    assert len(openai_server.requests_to(EMBEDDINGS)) == 1
