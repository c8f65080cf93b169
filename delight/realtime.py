"""The shared transport for per-user real-time events.

Each app's own ``realtime.py`` defines its typed payloads and sends them through
:func:`send_to_user`; consumers of the user's open pages relay them to the browser.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any, TypedDict

from channels.layers import get_channel_layer

RELAY_TYPE = "user.event"


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
    future = asyncio.run_coroutine_threadsafe(asend_to_user(user_id, payload), _sender_loop())
    future.result(timeout=timeout)
