"""Benchmark the world's real-time path and its 15-minute re-evaluation.

Run: ``.venv/bin/python bench/broadcast.py [--clients 1000] [--users 100000]``

Everything runs on 127.0.0.1 against a database of its own (``bench_world``) on the
embedded PostgreSQL (or on ``DATABASE_URL``'s server), created and migrated here:

1. Users: ``--clients`` WebSocket users (UTC, with API tokens) and ``--users`` users
   spread over every IANA timezone and four productive-hour patterns (created once,
   reused by later runs).
2. Re-evaluation: clear the world's state tables, run :func:`zones_evaluate_due` once
   (every user is new: the bootstrap), then eight consecutive 15-minute runs; print each
   run's duration and how many users it evaluated (target: <= 5 s per run).
3. Broadcast: start ONE daphne process on a free port, connect ``--clients`` WebSocket
   clients (one per user) and wait for each one's ``world.snapshot``; then a separate
   worker process sends one ``zone.update`` to every user through
   :func:`world.realtime.zone_updates_send`; print how many arrived and the latency
   (receipt minus the worker's start of sending) p50/p95/p99 (target: all, p99 <= 1 s).
   The clients share the machine with the server, so each does the least it can per
   frame (see :class:`Client`) and all stay open until the last update is in.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import time

from common import ROOT, bench_database_url, django_setup, figure  # bench/ is on sys.path
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

BENCH_DB = "bench_world"
CLIENT_PREFIX = "bench-ws-"
EVAL_PREFIX = "bench-eval-"
PRODUCTIVE = ((9, 17), (22, 2), (6, 14), (13, 21))
FIRST_RUN = dt.datetime(2026, 1, 15, 0, 0, tzinfo=dt.UTC)
RUNS = 8
CONNECT_CONCURRENCY = 50
CONNECT_TIMEOUT_S = 120
DELIVERY_TIMEOUT_S = 60

WORKER = """
import django, json, os, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")
django.setup()
from world.models import Zone
from world.realtime import zone_updates_send
from world.rules import ZoneState
from world.selectors import zone_payload
ids = json.loads(sys.stdin.read())
state = ZoneState("arena", False, "Closed for the night", None, "opens tomorrow at 06:00")
payload = zone_payload(Zone.objects.get(slug="arena"), state)
started = time.time()
zone_updates_send([(user_id, payload) for user_id in ids])
print(json.dumps({"started": started, "finished": time.time()}))
"""


def ensure_users(prefix: str, count: int, tz_for: object) -> list[int]:
    """``count`` users named ``<prefix><n>``, created in bulk when missing."""
    from delight.models import User

    existing = set(
        User.objects.filter(username__startswith=prefix).values_list("username", flat=True)
    )
    missing = []
    for n in range(count):
        name = f"{prefix}{n}"
        if name not in existing:
            timezone_name, (start, end) = tz_for(n)
            missing.append(
                User(
                    username=name,
                    password="!",
                    timezone=timezone_name,
                    productive_start=dt.time(start),
                    productive_end=dt.time(end),
                    onboarding_step=User.Onboarding.DONE,
                )
            )
    User.objects.bulk_create(missing, batch_size=5000)
    names = [f"{prefix}{n}" for n in range(count)]
    ids = dict(User.objects.filter(username__in=names).values_list("username", "id"))
    return [ids[name] for name in names]


def tokens_for(user_ids: list[int]) -> list[str]:
    from rest_framework.authtoken.models import Token

    have = dict(Token.objects.filter(user_id__in=user_ids).values_list("user_id", "key"))
    new = [Token(user_id=uid, key=Token.generate_key()) for uid in user_ids if uid not in have]
    Token.objects.bulk_create(new, batch_size=5000)
    have.update({token.user_id: token.key for token in new})
    return [have[uid] for uid in user_ids]


def bench_reevaluation(users: int) -> None:
    from zoneinfo import available_timezones

    from django.db import connection
    from django_q.models import Schedule

    from world.services import zones_evaluate_due

    names = sorted(available_timezones())
    ensure_users(EVAL_PREFIX, users, lambda n: (names[n % len(names)], PRODUCTIVE[n % 4]))
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE world_userzonestate, world_userworldschedule")
    Schedule.objects.filter(name__startswith="world zones at").delete()
    print(f"\n15-minute re-evaluation ({users:,} users + the WebSocket users)")
    started = time.perf_counter()
    count = zones_evaluate_due(now=FIRST_RUN)
    print(f"  bootstrap (every user new): {count:,} users in {time.perf_counter() - started:.2f} s")
    durations = []
    for run in range(1, RUNS + 1):
        now = FIRST_RUN + run * dt.timedelta(minutes=15)
        started = time.perf_counter()
        count = zones_evaluate_due(now=now)
        durations.append(time.perf_counter() - started)
        print(f"  run at {now:%H:%M} UTC: {count:>6,} users due, {durations[-1]:.3f} s")
    print(f"  max {max(durations):.3f} s, mean {statistics.mean(durations):.3f} s (target <= 5 s)")
    figure(f"zone re-check, {users:,} users: max", max(durations), target=5, unit="s")
    Schedule.objects.filter(name__startswith="world zones at").delete()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_daphne(url: str, port: int) -> subprocess.Popen:
    log = open(ROOT / ".data" / "bench-daphne.log", "w")  # noqa: SIM115
    command = [sys.executable, "-m", "delight.server", "-b", "127.0.0.1", "-p", str(port)]
    return subprocess.Popen(
        [*command, "delight.asgi:application"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": url, "LOG_LEVEL": "WARNING"},
        stdout=log,
        stderr=log,
    )


async def wait_for_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(0.2)
            continue
        writer.close()
        return
    raise RuntimeError(f"daphne did not listen on {port} within {timeout} s")


class Client(asyncio.Protocol):
    """One WebSocket client doing as little as possible per frame, so that the clients'
    own cost (1,000 of them in this process, on the server's cores) stays out of the
    figures: websockets' sans-I/O protocol parses frames and answers daphne's pings, and
    the receipt time is taken as the bytes arrive, before any parsing.
    """

    def __init__(self, url: str) -> None:
        loop = asyncio.get_running_loop()
        self.protocol = ClientProtocol(parse_uri(url))
        self.snapshot: asyncio.Future[None] = loop.create_future()
        self.update: asyncio.Future[float] = loop.create_future()  # its receipt time
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        received = time.time()
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if self.protocol.handshake_exc is not None:
                self._fail(self.protocol.handshake_exc)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                kind = json.loads(event.data)["type"]
                if kind == "world.snapshot" and not self.snapshot.done():
                    self.snapshot.set_result(None)
                elif kind == "zone.update" and not self.update.done():
                    self.update.set_result(received)
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(exc or ConnectionError("the server closed the connection"))

    def close(self) -> None:
        self.protocol.send_close()
        self._flush()
        if self.transport is not None:
            self.transport.close()

    def _flush(self) -> None:
        for data in self.protocol.data_to_send():
            if data and self.transport is not None:
                self.transport.write(data)

    def _fail(self, error: BaseException) -> None:
        for future in (self.snapshot, self.update):
            if not future.done():
                future.set_exception(error)
                future.exception()  # marked retrieved: failures are counted, not logged


async def connect(port: int, token: str, gate: asyncio.Semaphore) -> Client:
    """A client of ``ws/world/`` that has received its snapshot."""
    url = f"ws://127.0.0.1:{port}/ws/world/?token={token}"
    async with gate:
        loop = asyncio.get_running_loop()
        _, client = await loop.create_connection(lambda: Client(url), "127.0.0.1", port)
        await asyncio.wait_for(asyncio.shield(client.snapshot), CONNECT_TIMEOUT_S)
        return client


async def bench_broadcast(url: str, user_ids: list[int], tokens: list[str]) -> None:
    clients = len(user_ids)
    port = free_port()
    daphne = start_daphne(url, port)
    try:
        await wait_for_port(port)
        layer = "Redis" if os.environ["REDIS_URL"] else "PostgreSQL"
        print(f"\nBroadcast: {clients:,} WebSocket clients on one daphne, {layer} channel layer")
        gate = asyncio.Semaphore(CONNECT_CONCURRENCY)
        started = time.perf_counter()
        results = await asyncio.gather(
            *(connect(port, token, gate) for token in tokens), return_exceptions=True
        )
        connected = [result for result in results if isinstance(result, Client)]
        elapsed = time.perf_counter() - started
        print(f"  connected {len(connected):,} (with snapshot) in {elapsed:.1f} s")
        failures = [result for result in results if not isinstance(result, Client)]
        if failures:
            print(f"  {len(failures):,} failed to connect, e.g. {failures[0]!r}")
        await asyncio.sleep(1)  # let the last subscriptions settle
        worker = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WORKER,
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": url, "LOG_LEVEL": "WARNING"},
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        out, _ = await asyncio.wait_for(worker.communicate(json.dumps(user_ids).encode()), 120)
        sent = json.loads(out)
        # Sockets stay open until every update is in: closing handshakes would compete.
        updates = [client.update for client in connected]
        await asyncio.wait(updates, timeout=DELIVERY_TIMEOUT_S)
        report(clients, sent, [u.result() for u in updates if u.done() and not u.exception()])
        for client in connected:
            client.close()
    finally:
        daphne.terminate()
        daphne.wait(timeout=20)


def report(clients: int, sent: dict, arrivals: list[float]) -> None:
    latencies = sorted(arrival - sent["started"] for arrival in arrivals)
    print(f"  worker sent {clients:,} events in {sent['finished'] - sent['started']:.3f} s")
    print(f"  delivered {len(latencies):,} / {clients:,}")
    if len(latencies) >= 2:
        cuts = statistics.quantiles(latencies, n=100, method="inclusive")
        print(
            f"  latency p50 {cuts[49] * 1000:.0f} ms, p95 {cuts[94] * 1000:.0f} ms, "
            f"p99 {cuts[98] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
            "(target: all delivered, p99 <= 1000 ms)"
        )
        figure(f"broadcast, {clients:,} clients: p99", cuts[98] * 1000, target=1000)
    figure("broadcast: not delivered", clients - len(latencies), target=0, unit="")


def raise_open_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--users", type=int, default=100_000)
    parser.add_argument(
        "--redis", default="", help="a REDIS_URL: use channels-redis instead of PostgreSQL"
    )
    parser.add_argument("--skip-eval", action="store_true")
    parser.add_argument("--skip-broadcast", action="store_true")
    args = parser.parse_args()
    raise_open_file_limit()
    os.environ["REDIS_URL"] = args.redis
    url = bench_database_url(BENCH_DB)
    django_setup(url)
    if not args.skip_broadcast:
        user_ids = ensure_users(CLIENT_PREFIX, args.clients, lambda n: ("UTC", PRODUCTIVE[0]))
        asyncio.run(bench_broadcast(url, user_ids, tokens_for(user_ids)))
    if not args.skip_eval:
        bench_reevaluation(args.users)


if __name__ == "__main__":
    main()
