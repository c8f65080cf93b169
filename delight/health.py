"""/healthz: the database, whether a request can get a connection, the channel layer (a real
round trip) and the worker heartbeat.

Answers 200 when every check passes and 503 otherwise, so a load balancer takes an
unhealthy node out of rotation; the JSON body says which check failed and why.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone

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


# Every request connection taken and none handed out for this long: the connections are
# stuck (lost to requests that never gave them back), not busy. A busy pool hands them out
# all the time, oldest request first, so probing it by taking one would wait behind the
# whole queue and call a merely busy node unhealthy.
STUCK_SECONDS = 30.0


@dataclass
class _Progress:
    served: int = -1  # connections handed out, as last seen
    at: float = 0.0  # when a connection was last seen free or handed out (time.monotonic())


_progress = _Progress()


async def _requests() -> Check:
    """Whether requests can get a connection: one is free, the pool can still grow, or one
    was handed out in the last STUCK_SECONDS; with the pool's figures. Read from the pool's
    counters in this (event loop) thread, whose connections are the requests'."""
    pool = connection.pool
    if pool is None:
        return {"ok": True}
    stats = pool.get_stats()
    available, size = stats.get("pool_available", 0), stats.get("pool_size", 0)
    waiting = stats.get("requests_waiting", 0)
    served = stats.get("requests_num", 0) - waiting - stats.get("requests_errors", 0)
    now = time.monotonic()
    moving = bool(available) or size < pool.max_size or served != _progress.served
    _progress.served = served
    if moving:
        _progress.at = now
    stuck_for = now - _progress.at
    check: Check = {"ok": True}
    if not moving and stuck_for >= STUCK_SECONDS:
        check = {"ok": False, "error": f"no connection came free for requests in {stuck_for:.0f} s"}
    return {**check, "pool_size": size, "pool_available": available, "requests_waiting": waiting}


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
