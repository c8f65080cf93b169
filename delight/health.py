"""/healthz: the database, whether a request can get a connection, the channel layer (a real
round trip) and the worker heartbeat.

Answers 200 when every check passes and 503 otherwise, so a load balancer takes an
unhealthy node out of rotation; the JSON body says which check failed and why.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from psycopg_pool import ConnectionPool, PoolTimeout

from delight.database import Role, pool_role
from delight.selectors import worker_last_heartbeat

Check = dict[str, object]


def _database() -> Check:
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        row = cursor.fetchone()
    if row is None:
        return {"ok": False, "error": "the pgvector extension is not installed"}
    return {"ok": True, "vector": row[0]}


# How long the probe waits for a request connection: a process whose every connection stays
# taken this long answers its requests 503, so it is no healthy node for them.
REQUEST_CONNECTION_WAIT = 1.0


def _take_and_give_back(pool: ConnectionPool) -> None:
    pool.open()  # as Django opens it on a request's first connection; then a no-op
    pool.putconn(pool.getconn(REQUEST_CONNECTION_WAIT))


async def _requests() -> Check:
    """Whether a request can get a connection now: one taken from this process's request
    pool and given back within REQUEST_CONNECTION_WAIT seconds, with the pool's figures.
    The pool is this (event loop) thread's, whose connections are the requests'."""
    pool = connection.pool
    if pool is None:
        return {"ok": True}
    try:
        await asyncio.to_thread(_take_and_give_back, pool)
    except PoolTimeout:
        check: Check = {"ok": False, "error": "no connection came free for requests"}
    else:
        check = {"ok": True}
    stats = pool.get_stats()
    return {
        **check,
        "pool_size": stats.get("pool_size", 0),
        "pool_available": stats.get("pool_available", 0),
        "requests_waiting": stats.get("requests_waiting", 0),
    }


def _on_health_connection(check: Callable[[], Check]) -> Callable[[], Awaitable[Check]]:
    """Run a database check in a thread, on the health checks' own connection, so a probe
    is answered even while every request connection is busy."""

    def run() -> Check:
        with pool_role(Role.HEALTH):
            return check()

    return sync_to_async(run)


async def _channel_layer() -> Check:
    """Send one message to a fresh channel and receive it (within 3 s)."""
    layer = get_channel_layer()
    if layer is None:
        return {"ok": False, "error": "no channel layer is configured"}
    channel = await layer.new_channel("healthz.")
    await layer.send(channel, {"type": "healthz.ping"})
    message = await asyncio.wait_for(layer.receive(channel), timeout=3)
    return {"ok": message.get("type") == "healthz.ping", "backend": type(layer).__name__}


def _worker() -> Check:
    last = worker_last_heartbeat()
    if last is None:
        return {"ok": False, "error": "no worker has reported yet"}
    age = (timezone.now() - last).total_seconds()
    ok = age <= settings.WORKER_HEARTBEAT_MAX_AGE
    check: Check = {"ok": ok, "last_heartbeat": last.isoformat(), "age_seconds": round(age, 1)}
    if not ok:
        check["error"] = f"no heartbeat for {int(age)} s"
    return check


async def _timed(check: Callable[[], Awaitable[Check]]) -> Check:
    started = time.perf_counter()
    try:
        result = await check()
    except Exception as error:  # a health check reports failures, it never raises
        result = {"ok": False, "error": f"{type(error).__name__}: {error}"}
    result["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return result


async def healthz(request: HttpRequest) -> JsonResponse:
    checks = {
        "database": await _timed(_on_health_connection(_database)),
        "requests": await _timed(_requests),
        "channel_layer": await _timed(_channel_layer),
        "worker": await _timed(_on_health_connection(_worker)),
    }
    healthy = all(check["ok"] for check in checks.values())
    body = {"status": "ok" if healthy else "unhealthy", "checks": checks}
    return JsonResponse(body, status=200 if healthy else 503)
