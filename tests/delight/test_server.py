"""delight.server (what `make run` starts): the close codes a real client receives, a
chunked request body read whole, and what Twisted refuses answered with a real response.

Channels' communicator hands close codes straight to the test; only a real daphne and a real
WebSocket client show what reaches the wire (daphne used to turn a 1009 into 1011 and to drop
the TCP connection without a close frame for messages over its size limit).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import shutil
import subprocess
from collections.abc import Iterator

import pytest
from rest_framework.authtoken.models import Token
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from delight.server import LISTEN_BACKLOG
from delight.ws import CLOSE_TOO_LARGE, CLOSE_UNSUPPORTED_DATA, MAX_FRAME_CHARS
from tests.factories import make_user
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def server() -> Iterator[str]:
    """A real web process on a free port; yields its ws:// base URL with a user's token."""
    token = Token.objects.create(user=make_user("wyn")).key
    with processes.web_server() as (port, _web):
        yield f"ws://127.0.0.1:{port}/{{path}}?token={token}"


@contextlib.contextmanager
def open_socket(server: str, path: str) -> Iterator[ClientConnection]:
    with connect(server.format(path=path), open_timeout=10, max_size=None) as client:
        if path == "ws/world/":
            assert json.loads(client.recv(timeout=10))["type"] == "world.snapshot"
        yield client


def close_code(client: ClientConnection) -> tuple[list[dict], int | None]:
    """The error frames received before the server closed, and its close code (None when the
    connection was dropped without a close frame)."""
    errors = []
    while True:
        try:
            errors.append(json.loads(client.recv(timeout=10)))
        except ConnectionClosed as closed:
            return errors, closed.rcvd.code if closed.rcvd else None


def test_a_frame_over_the_world_limit_closes_with_1009(server):
    with open_socket(server, "ws/world/") as client:
        client.send(json.dumps({"type": "ping", "pad": "x" * 5000}))
        errors, code = close_code(client)
        assert [e["code"] for e in errors] == ["frame_too_large"]
        assert code == CLOSE_TOO_LARGE == 1009


def test_a_binary_frame_closes_with_1003(server):
    with open_socket(server, "ws/world/") as client:
        client.send(b"\x00\x01")
        errors, code = close_code(client)
        assert [e["code"] for e in errors] == ["binary_frame"]
        assert code == CLOSE_UNSUPPORTED_DATA == 1003


@pytest.mark.parametrize("path", ["ws/world/", "ws/companion/"])
def test_a_one_megabyte_frame_gets_a_close_frame_with_1009_not_a_dropped_connection(server, path):
    with open_socket(server, path) as client:
        client.send("x" * 1_048_577)
        errors, code = close_code(client)
        assert code == CLOSE_TOO_LARGE
        assert errors == []  # refused by the server before the consumer saw it


def test_a_frame_at_the_consumer_limit_in_four_byte_characters_reaches_the_consumer(server):
    text = "\U0001f600" * (MAX_FRAME_CHARS - 40)  # an emoji is four bytes of UTF-8
    frame = json.dumps({"type": "message", "text": text}, ensure_ascii=False)
    assert len(frame) <= MAX_FRAME_CHARS
    with open_socket(server, "ws/companion/") as client:
        client.send(frame)
        error = json.loads(client.recv(timeout=10))
        assert (error["code"], error["message"]) == (
            "invalid_message",
            f"text: A message can be at most 4,000 characters long (this one has {len(text):,}).",
        )


def _listen_backlog(port: int) -> int:
    """The accept queue's size of the socket listening on `port` (ss's Send-Q column)."""
    listing = subprocess.run(
        ["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True, check=True
    )
    return int(listing.stdout.split()[2])


@pytest.mark.skipif(shutil.which("ss") is None, reason="needs ss (iproute2)")
def test_the_web_process_queues_many_connections_at_once():
    # Twisted listens with a backlog of 50: 200 people connecting at once to a busy process
    # overflowed it and lost requests before daphne saw them.
    with processes.web_server() as (port, _web):
        assert _listen_backlog(port) == LISTEN_BACKLOG


def http_post(server: str, path: str, chunks: list[bytes]) -> tuple[int, dict]:
    """POST `chunks` as a chunked body (Transfer-Encoding: chunked, no Content-Length) with
    the server's token; the answer's status and JSON."""
    address, token = server.split("/")[2], server.rsplit("token=", 1)[1]
    connection = http.client.HTTPConnection(address, timeout=30)
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    connection.request("POST", path, body=iter(chunks), headers=headers, encode_chunked=True)
    response = connection.getresponse()
    return response.status, json.loads(response.read())


def test_a_chunked_body_is_read_whole(server):
    body = json.dumps({"title": "Swim a mile", "category": "health"}).encode()

    status, answer = http_post(server, "/api/goals/", [body[:10], body[10:]])

    assert status == 201, answer
    assert answer["title"] == "Swim a mile"


def http_answer(server: str, path: str, **options: object) -> tuple[int, str, dict]:
    """A plain HTTP request to the web process: its status, content type and JSON."""
    address = server.split("/")[2]
    connection = http.client.HTTPConnection(address, timeout=30)
    connection.request(options.pop("method", "GET"), path, **options)
    response = connection.getresponse()
    return response.status, response.getheader("Content-Type"), json.loads(response.read())


def test_a_request_line_too_long_answers_414_not_a_dropped_connection(server):
    status, kind, answer = http_answer(server, "/api/me/?x=" + "a" * 100_000)

    assert (status, kind, answer["code"]) == (414, "application/json", "uri_too_long")


def test_headers_too_large_answer_431(server):
    status, kind, answer = http_answer(server, "/api/me/", headers={"Cookie": "a=" + "b" * 65_536})

    assert (status, kind, answer["code"]) == (431, "application/json", "headers_too_large")


def test_a_multipart_body_of_only_its_closing_boundary_answers_a_400_with_its_headers(server):
    status, kind, answer = http_answer(
        server,
        "/api/goals/",
        method="POST",
        body=b"--XYZ--\r\n",
        headers={"Content-Type": "multipart/form-data; boundary=XYZ"},
    )

    assert (status, kind, answer["code"]) == (400, "application/json", "bad_request")
