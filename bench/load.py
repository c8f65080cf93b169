"""Many people talking to Eliza at once, over REST and over ``ws/companion/``.

Run: ``.venv/bin/python bench/load.py [--people 200] [--messages 10] [--hung-model]``

Everything runs on 127.0.0.1 against a database of its own (``bench_load``) on the
embedded PostgreSQL (or on ``DATABASE_URL``'s server):

1. People: ``--people`` users with API tokens (created once, reused by later runs; what
   they said and Eliza kept in an earlier run is deleted first, so every run starts alike).
2. The app: ONE ``manage.py serve`` (daphne + qcluster, exactly what ``make run`` starts) on
   a free port. With ``--hung-model`` the app talks to a model server that accepts every
   request and never answers (``OPENAI_API_KEY`` and ``OPENAI_BASE_URL`` point at it), so
   every reply must come from the offline engine within the turn's model budget.
3. Serial: five more people send ``--messages`` messages each, one message at a time over
   REST: the throughput of one process doing one turn at a time.
4. REST: every person sends ``--messages`` messages, one after another, in one session of
   their own, all people at once. Then the same over ``ws/companion/`` (one socket each).
5. Print for each path: errors by kind, turns/s (and as a share of the serial figure),
   latency p50/p95/p99/max; the most database connections the app held during the run
   and how many it still held a few seconds after; how many ``/healthz`` probes (one every
   second during the run) did not answer 200.

Targets on 2 cores: 0 errors at 200 people on both paths, throughput >= 80% of serial,
and with a hung model server every reply within the turn budget + 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx2 as httpx  # the openai client's HTTP library
import psycopg
import websockets
from common import ROOT, bench_database_url, django_setup  # bench/ is on sys.path

BENCH_DB = "bench_load"
PREFIX = "bench-load-"
REQUEST_TIMEOUT_S = 120
SERIAL_PEOPLE = 6  # one warms the app up, five talk one after another
TEXTS = (
    "I want to get better at running",
    "I feel a bit tired today but I went for a walk",
    "What should I do next for my goal?",
    "I finished reading a chapter of my book",
    "Can you help me plan my week?",
)


@dataclass
class Outcome:
    """What one path of the run produced."""

    latencies: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def turns(self) -> int:
        return len(self.latencies)


def ensure_people(count: int) -> list[str]:
    """API tokens of ``count`` onboarded people named ``<PREFIX><n>``."""
    from rest_framework.authtoken.models import Token

    from companion.models import Conversation, Memory
    from delight.models import AgentState, User
    from goals.models import Goal

    names = [f"{PREFIX}{n}" for n in range(count)]
    existing = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    User.objects.bulk_create(
        User(username=name, password="!", timezone="UTC", onboarding_step=User.Onboarding.DONE)
        for name in names
        if name not in existing
    )
    ids = dict(User.objects.filter(username__in=names).values_list("username", "id"))
    # Every run starts alike: what the people said and Eliza kept in an earlier run would
    # otherwise make each run's recall slower than the last.
    for model in (Conversation, Memory, Goal, AgentState):
        model.objects.filter(user_id__in=ids.values()).delete()
    have = dict(Token.objects.filter(user_id__in=ids.values()).values_list("user_id", "key"))
    new = [Token(user_id=uid, key=Token.generate_key()) for uid in ids.values() if uid not in have]
    Token.objects.bulk_create(new)
    have.update({token.user_id: token.key for token in new})
    return [have[ids[name]] for name in names]


# -- the app ---------------------------------------------------------------------------------


class _Hung(BaseHTTPRequestHandler):
    """A model server that reads the request and then never answers."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.stop.wait()  # type: ignore[attr-defined]

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def hung_model_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Hung)
    server.daemon_threads = True
    server.stop = threading.Event()  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.stop.set()  # type: ignore[attr-defined]
        server.shutdown()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def app(database_url: str, port: int, model_url: str):
    """``manage.py serve`` on ``port``; stopped as Ctrl-C would stop it."""
    env = {**os.environ, "DATABASE_URL": database_url, "PORT": str(port), "LOG_LEVEL": "ERROR"}
    if model_url:
        env.update(OPENAI_API_KEY="bench", OPENAI_BASE_URL=model_url, EMBEDDINGS="hashing")
    log = open(ROOT / ".data" / "bench-load-serve.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=log,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        log.close()


async def wait_until_healthy(base: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if (await client.get(f"{base}/healthz")).status_code == 200:
                    return
            await asyncio.sleep(0.5)
    raise RuntimeError(f"the app did not become healthy within {timeout} s (see .data logs)")


# -- the people ------------------------------------------------------------------------------


def _error_kind(status: int, body: bytes) -> str:
    try:
        code = json.loads(body).get("code", "")
    except (ValueError, AttributeError):
        code = "not JSON"
    return f"HTTP {status} {code}".strip()


async def rest_person(client: httpx.AsyncClient, token: str, messages: int, out: Outcome) -> None:
    session = None
    headers = {"Authorization": f"Token {token}"}
    for n in range(messages):
        body = {"text": TEXTS[n % len(TEXTS)], **({"session_id": session} if session else {})}
        started = time.perf_counter()
        try:
            response = await client.post("/api/companion/messages/", json=body, headers=headers)
        except httpx.HTTPError as error:
            out.errors[f"{type(error).__name__} at message {n} ({error!r:.80})"] += 1
            continue
        if response.status_code != 200:
            out.errors[_error_kind(response.status_code, response.content)] += 1
            continue
        out.latencies.append(time.perf_counter() - started)
        session = response.json()["session_id"]


async def ws_person(base: str, token: str, messages: int, out: Outcome) -> None:
    url = base.replace("http://", "ws://") + f"/ws/companion/?token={token}"
    try:
        async with websockets.connect(url, open_timeout=REQUEST_TIMEOUT_S) as socket_:
            session = None
            for n in range(messages):
                frame = {"type": "message", "text": TEXTS[n % len(TEXTS)], "session_id": session}
                started = time.perf_counter()
                await socket_.send(json.dumps(frame))
                while True:
                    event = json.loads(await socket_.recv())
                    if event["type"] in ("reply", "error"):
                        break
                if event["type"] == "error":
                    out.errors[f"error frame {event['code']}"] += 1
                    continue
                out.latencies.append(time.perf_counter() - started)
                session = event["session_id"]
    except (OSError, websockets.WebSocketException) as error:
        out.errors[type(error).__name__] += 1


async def timed_run(people: list[Awaitable[None]], out: Outcome) -> Outcome:
    started = time.perf_counter()
    await asyncio.gather(*people)
    out.seconds = time.perf_counter() - started
    return out


# -- watching the app ------------------------------------------------------------------------


class Watch:
    """Samples, once a second, the app's database connections and its /healthz."""

    def __init__(self, database_url: str, base: str) -> None:
        self.database_url = database_url
        self.base = base
        self.peak = 0
        self.health: Counter = Counter()
        self._tasks: list[asyncio.Task] = []

    def connections(self) -> int:
        with psycopg.connect(self.database_url, autocommit=True) as conn:
            return conn.execute(
                "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = current_database()"
            ).fetchone()[0]

    async def _sample_connections(self) -> None:
        while True:
            self.peak = max(self.peak, await asyncio.to_thread(self.connections))
            await asyncio.sleep(0.5)

    async def _probe_health(self) -> None:
        async with httpx.AsyncClient(timeout=30) as client:
            while True:
                try:
                    status = (await client.get(f"{self.base}/healthz")).status_code
                except httpx.HTTPError as error:
                    status = type(error).__name__
                self.health[status] += 1
                await asyncio.sleep(1)

    def __enter__(self) -> Watch:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._sample_connections()),
            loop.create_task(self._probe_health()),
        ]
        return self

    def __exit__(self, *exc: object) -> None:
        for task in self._tasks:
            task.cancel()


# -- report ----------------------------------------------------------------------------------


def report(name: str, out: Outcome, serial_rate: float | None, watch: Watch | None) -> None:
    rate = out.turns / out.seconds if out.seconds else 0.0
    line = f"  {name}: {out.turns} turns in {out.seconds:.1f} s = {rate:.1f} turns/s"
    if serial_rate:
        line += f" ({rate / serial_rate:.0%} of serial)"
    print(line)
    errors = sum(out.errors.values())
    detail = ", ".join(f"{kind} x{count}" for kind, count in out.errors.most_common())
    print(f"    errors: {errors}" + (f" ({detail})" if detail else ""))
    if len(out.latencies) >= 2:
        cuts = statistics.quantiles(out.latencies, n=100, method="inclusive")
        print(
            f"    latency p50 {cuts[49]:.2f} s, p95 {cuts[94]:.2f} s, p99 {cuts[98]:.2f} s, "
            f"max {max(out.latencies):.2f} s"
        )
    if watch is not None:
        bad = sum(count for status, count in watch.health.items() if status != 200)
        print(
            f"    database connections: peak {watch.peak}; /healthz not 200: "
            f"{bad} of {sum(watch.health.values())}"
        )


async def bench(args: argparse.Namespace, database_url: str, tokens: list[str], base: str) -> None:
    await wait_until_healthy(base)
    limits = httpx.Limits(max_connections=len(tokens) + 10, max_keepalive_connections=None)
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT_S, limits=limits) as client:
        # Serially, people of their own (one person's 50 messages a minute would be limited).
        soloists, tokens = tokens[:SERIAL_PEOPLE], tokens[SERIAL_PEOPLE:]
        await rest_person(client, soloists[0], 3, Outcome())  # warm up the processes
        serial = Outcome()
        solo = [rest_person(client, token, args.messages, serial) for token in soloists[1:]]
        started = time.perf_counter()
        for person in solo:
            await person
        serial.seconds = time.perf_counter() - started
        serial_rate = serial.turns / serial.seconds
        print(f"\n{len(tokens)} people x {args.messages} messages, one app (daphne + qcluster)")
        report("serial, one at a time", serial, None, None)
        for name, person in (
            ("REST", lambda token, out: rest_person(client, token, args.messages, out)),
            ("ws/companion/", lambda token, out: ws_person(base, token, args.messages, out)),
        ):
            if name.split("/")[0].lower() not in args.paths:
                continue
            out = Outcome()
            with Watch(database_url, base) as watch:
                await timed_run([person(token, out) for token in tokens], out)
            report(name, out, serial_rate, watch)
            await asyncio.sleep(5)
            print(f"    database connections 5 s later: {watch.connections()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--people", type=int, default=200)
    parser.add_argument("--messages", type=int, default=10)
    parser.add_argument("--paths", default="rest,ws", help="rest, ws or both (rest,ws)")
    parser.add_argument("--hung-model", action="store_true")
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    logging.getLogger("httpx2").setLevel(logging.WARNING)
    database_url = bench_database_url(BENCH_DB, args.database_url)
    django_setup(database_url)
    tokens = ensure_people(args.people + SERIAL_PEOPLE)
    port = free_port()
    with contextlib.ExitStack() as stack:
        model_url = stack.enter_context(hung_model_server()) if args.hung_model else ""
        if model_url:
            print(f"model server: {model_url} (never answers)")
        stack.enter_context(app(database_url, port, model_url))
        asyncio.run(bench(args, database_url, tokens, f"http://127.0.0.1:{port}"))


if __name__ == "__main__":
    main()
