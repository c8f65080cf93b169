"""The shared transport for per-user real-time events.

Each app's own ``realtime.py`` defines its typed payloads and sends them through
:func:`send_to_user`; consumers of the user's open pages relay them to the browser. A
service sends with :func:`send_on_commit`, the one spelling of "after the write commits,
and a failed delivery is logged, never raised".
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any, TypedDict

from channels.layers import get_channel_layer
from django.db import transaction

RELAY_TYPE = "user.event"

logger = logging.getLogger("delight.realtime")


class Event(TypedDict):
    type: str


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def _envelope(payload: Event | dict[str, Any]) -> dict[str, Any]:
    return {"type": RELAY_TYPE, "payload": dict(payload)}


async def asend_to_user(user_id: int, payload: Event | dict[str, Any]) -> None:
    await get_channel_layer().group_send(user_group(user_id), _envelope(payload))


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """One long-lived event loop per process for sends from synchronous code.

    async_to_sync would run each send on a new loop, and channel-layer connection pools
    are bound to the loop that opened them: one loop keeps one pool alive.
    """
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="realtime-sender", daemon=True).start()
        return _loop


def send_to_user(user_id: int, payload: Event | dict[str, Any], timeout: float = 10) -> None:
    """Deliver one event to every open connection of the user, from any process."""
    send_to_users([(user_id, payload)], timeout=timeout)


async def _send_many(events: list[tuple[int, Event | dict[str, Any]]], concurrency: int) -> None:
    layer = get_channel_layer()
    if hasattr(layer, "group_send_many"):  # our PostgreSQL layer batches in two statements
        await layer.group_send_many(
            [(user_group(user_id), _envelope(payload)) for user_id, payload in events]
        )
        return
    limit = asyncio.Semaphore(concurrency)

    async def send_one(user_id: int, payload: Event | dict[str, Any]) -> None:
        async with limit:
            await asend_to_user(user_id, payload)

    await asyncio.gather(*(send_one(user_id, payload) for user_id, payload in events))


def send_to_users(
    events: Iterable[tuple[int, Event | dict[str, Any]]],
    *,
    concurrency: int = 32,
    timeout: float = 120,
) -> None:
    """Deliver many (user id, event) pairs from synchronous code, overlapping the sends."""
    batch = list(events)
    if batch:
        future = asyncio.run_coroutine_threadsafe(_send_many(batch, concurrency), _sender_loop())
        future.result(timeout=timeout)


def send_logged(send: Callable[[], object], *, what: str) -> None:
    """Run one live send; a failure is logged, never raised: what it reports is already
    stored, and every page reads it again on its next load."""
    try:
        send()
    except Exception:
        logger.exception("could not deliver %s", what)


def send_on_commit(send: Callable[[], object], *, what: str) -> None:
    """Send once the current transaction commits (a page never hears of a write that rolled
    back); a failed delivery is logged, never raised."""
    transaction.on_commit(partial(send_logged, send, what=what))
