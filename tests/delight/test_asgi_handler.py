"""Every request gives its database connection back, even one whose response fails."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.db import connection

from delight.asgi_handler import ASGIHandler
from tests.support.processes import wait_for

pytestmark = pytest.mark.django_db(transaction=True)

SCOPE = {
    "type": "http",
    "asgi": {"version": "3.0"},
    "http_version": "1.1",
    "method": "GET",
    "scheme": "http",
    "path": "/accounts/login/",
    "raw_path": b"/accounts/login/",
    "root_path": "",
    "query_string": b"",
    "headers": [(b"host", b"testserver")],
    "client": ("127.0.0.1", 40000),
    "server": ("testserver", 80),
}


def taken() -> int:
    """How many connections of this process's request pool are handed out now."""
    stats = connection.pool.get_stats()
    return stats.get("pool_size", 0) - stats.get("pool_available", 0)


async def request_whose_client_went_away(handler: ASGIHandler) -> None:
    """One request through the handler whose response cannot be sent (the client left)."""
    gone = asyncio.Event()  # the client never says it disconnected

    async def receive() -> dict[str, Any]:
        if not hasattr(receive, "sent"):
            receive.sent = True  # type: ignore[attr-defined]
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        raise ConnectionResetError("the client went away")

    with pytest.raises(ConnectionResetError):
        await handler(SCOPE, receive, send)


async def test_requests_whose_response_fails_give_their_connections_back():
    before = await sync_to_async(taken)()
    handler = ASGIHandler()

    for _ in range(15):  # more than the pool holds
        await request_whose_client_went_away(handler)

    # None kept: a leak keeps one per request (15), for good. Under the parallel suite a
    # thread an earlier test left in this process may hold one (seen in a clean-clone run: 1
    # taken with 0 before), or a few for a moment (3 with 1): one is allowed, and the count is
    # awaited back down to it, which leaked connections never allow.
    await sync_to_async(wait_for)(lambda: taken() <= before + 1, timeout=10)
