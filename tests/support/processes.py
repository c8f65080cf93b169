"""Start real Delight processes (qcluster, daphne, one-off scripts) against the test database."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
# Each xdist worker (gw0, gw1, …) has a Redis database of its own, as it has its own test
# database: people of different workers share ids, and their counts must not add up.
_WORKER = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)
REDIS_TEST_URL = os.environ.get("TEST_REDIS_URL", f"redis://127.0.0.1:6379/{9 + _WORKER % 7}")


def database_url() -> str:
    """A DATABASE_URL for the test database this pytest process created."""
    s = connection.settings_dict
    host = s["HOST"]
    if host.startswith("/"):
        return f"postgresql://{s['USER']}:{s['PASSWORD']}@/{s['NAME']}?host={host}"
    return f"postgresql://{s['USER']}:{s['PASSWORD']}@{host}:{s['PORT'] or 5432}/{s['NAME']}"


def child_env(*, redis_url: str = "", **extra: str) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url}
    env.update(extra)
    return env


def run_script(code: str, *, redis_url: str = "", timeout: float = 60) -> str:
    """Run Python code in a fresh Django process (a separate OS process) and return stdout."""
    prelude = (
        "import django, os\n"
        "os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'tests.settings')\n"
        "django.setup()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", prelude + code],
        cwd=ROOT,
        env=child_env(redis_url=redis_url),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if result.returncode != 0:
        raise AssertionError(f"child process failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


@contextlib.contextmanager
def running(
    args: list[str], *, redis_url: str = "", own_session: bool = False, **extra: str
) -> Iterator[subprocess.Popen]:
    """Run a long-lived child (qcluster, daphne); stop it with SIGTERM afterwards. With
    `own_session` it leads a process group of its own, as a command typed in a terminal
    does (so the test can send the group a Ctrl-C)."""
    log = open(ROOT / ".data" / f"test-{Path(args[-1]).name}-{os.getpid()}.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        args,
        cwd=ROOT,
        env=child_env(redis_url=redis_url, **extra),
        stdout=log,
        stderr=log,
        start_new_session=own_session,
    )
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=60)  # longer than a supervisor's own stop (delight.workers)
        except subprocess.TimeoutExpired:
            # Its children too: orphaned, a cluster's workers would go on taking the next
            # tests' jobs.
            for child in descendants(process.pid):
                child.kill()
            process.kill()
            process.wait()
        log.close()


def descendants(pid: int) -> list[psutil.Process]:
    """Every living process started by `pid`, at any depth."""
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def sentinel_children(worker_pid: int) -> list[psutil.Process]:
    """The workers, monitor and pusher of the cluster under `worker_pid` (`manage.py
    worker`), once all started."""
    expected = settings.Q_CLUSTER["workers"] + 2
    for process in descendants(worker_pid):
        children = process.children()
        if len(children) >= expected:
            return children
    return []


def qcluster(
    *, redis_url: str = "", schedule_seconds: float | None = None, **extra: str
) -> contextlib.AbstractContextManager[subprocess.Popen]:
    """A real qcluster (with `extra` added to its environment); with `schedule_seconds` its
    workers look for due schedules that often (Q_SCHEDULE_SECONDS), for a test that waits
    for a schedule. Without it the first look comes after django-q's 30 s, so the recurring
    jobs stay out of the other tests."""
    tick = {"Q_SCHEDULE_SECONDS": str(schedule_seconds)} if schedule_seconds else {}
    return running([sys.executable, "manage.py", "qcluster"], redis_url=redis_url, **tick, **extra)


def wait_for(condition: Callable[[], object], *, timeout: float, interval: float = 0.25) -> object:
    """Poll until condition() is truthy; return its value or fail after timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"condition not met within {timeout} s")


def redis_available(url: str = REDIS_TEST_URL) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_connect_timeout=1).ping())
    except (redis.RedisError, OSError):
        return False


@dataclass(frozen=True)
class Answer:
    status: int
    content_type: str
    body: Any


def post_message(port: int, token: str, body: dict[str, Any]) -> Answer:
    """POST a message to Eliza on a web process listening on 127.0.0.1:`port`, with a token;
    raises the client's error when the process dies before it answers."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/companion/messages/",
        data=json.dumps(body).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return Answer(response.status, response.headers["Content-Type"], json.load(response))
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers["Content-Type"], json.load(error))


def listens(process: subprocess.Popen, port: int) -> bool:
    """Whether `process` itself listens on `port`: not another worker's server that took
    the same free port a moment later (its daphne then exits, and this worker's test would
    talk to the other worker's database)."""
    try:
        sockets = psutil.Process(process.pid).net_connections(kind="tcp")
    except psutil.NoSuchProcess:
        return False
    return any(s.status == psutil.CONN_LISTEN and s.laddr.port == port for s in sockets)


@contextlib.contextmanager
def web_server(*options: str, **env: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """The web process on a free port once it listens there itself; yields the port and
    the process. `env` values may name "{port}" (a SITE_URL at the server's own address).
    A port taken by another worker in between makes daphne exit: it starts again on
    another, up to three times."""
    for _ in range(3):
        port = free_port()
        own_env = {name: value.replace("{port}", str(port)) for name, value in env.items()}
        with running(web_command(port, *options), **own_env) as web:
            wait_for(lambda: web.poll() is not None or listens(web, port), timeout=30)  # noqa: B023
            if web.poll() is None:
                yield port, web
                return
    raise AssertionError("the web process found no free port in three tries")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def web_command(port: int, *options: str) -> list[str]:
    """The web process as `make run` starts it (delight.server), on 127.0.0.1:`port`."""
    address = ["-b", "127.0.0.1", "-p", str(port)]
    return [sys.executable, "-m", "delight.server", *address, *options, "delight.asgi:application"]
