"""A client that never reads is dropped by daphne's keepalive; the others are unaffected.

daphne pings every idle socket (`--ping-interval`, 20 s by default) and closes one that has
not answered within `--ping-timeout` (30 s). A client that stops reading never answers, so its
buffered events are released with its connection. Here both are shortened to 1 s and 2 s.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time

import pytest
import websockets
from rest_framework.authtoken.models import Token

from delight.realtime import send_to_users
from tests.factories import make_user
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

BURST = 200


def open_silent_socket(port: int, token: str) -> socket.socket:
    """Complete the WebSocket handshake by hand, then never read again."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/world/?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    response = b""
    while b"\r\n\r\n" not in response:
        response += sock.recv(1)
    assert response.startswith(b"HTTP/1.1 101")
    return sock


def closed_by_server(sock: socket.socket, timeout: float) -> bool:
    """Drain what was buffered; True once the server has closed the connection."""
    sock.settimeout(0.5)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            continue
        except ConnectionResetError:
            return True
    return False


async def receive_all(url: str, count: int) -> list[dict]:
    async with websockets.connect(url) as client:
        events = [json.loads(await client.recv())]  # the snapshot
        while len(events) <= count:
            events.append(json.loads(await asyncio.wait_for(client.recv(), timeout=15)))
        return events[1:]


def test_a_client_that_never_reads_is_closed_and_others_get_every_event():
    silent, reader = make_user("sid"), make_user("rey")
    silent_token, reader_token = (Token.objects.create(user=u).key for u in (silent, reader))
    keepalive = ["--ping-interval", "1", "--ping-timeout", "2"]
    with processes.web_server(*keepalive) as (port, _web):
        sock = open_silent_socket(port, silent_token)
        url = f"ws://127.0.0.1:{port}/ws/world/?token={reader_token}"
        loop = asyncio.new_event_loop()
        received = loop.create_task(receive_all(url, BURST))
        loop.run_until_complete(asyncio.sleep(1))  # the reader is connected and subscribed
        events = [{"type": "notification", "n": n} for n in range(BURST)]
        send_to_users([(user.pk, event) for event in events for user in (silent, reader)])
        assert loop.run_until_complete(received) == events
        loop.close()
        assert closed_by_server(sock, timeout=20)
        sock.close()
