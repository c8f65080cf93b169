"""The web process: daphne, with the WebSocket close codes our consumers document.

Run it as daphne: ``python -m delight.server -b 127.0.0.1 -p 8000 delight.asgi:application``
(every daphne option works). Two things differ from plain daphne, both measured against a
real client:

- daphne hands an application's close code to autobahn's ``sendClose``, which accepts only
  1000 and 3000-4999 and raises otherwise; daphne then closes with 1011. RFC 6455 lets an
  endpoint close with 1003 (unsupported data), 1008 (policy violation), 1009 (message too
  big) and others, so this protocol sends those itself.
- autobahn drops the TCP connection without a close frame when a message is over the size
  limit (``failByDrop``); here it answers with a close frame, 1009 (message too big), and a
  reason. The limit defaults to :data:`MAX_MESSAGE_BYTES` instead of daphne's 1 MiB.

Twisted's HTTP channel answered what it refused with a bare ``HTTP/1.1 400`` and no header
(a multipart body it could not parse, too many headers) or dropped the connection with no
answer at all (a request line or header line over 16 KiB: a 100 KB query string, a 64 KB
cookie). :class:`HTTPChannel` answers them as the API documents errors: **414** for a
request line too long, **431** for headers too large or too many, **400** otherwise, each
with a JSON body, its length and ``Connection: close``.

And a TCP endpoint listens with a backlog of :data:`LISTEN_BACKLOG` connections, not
Twisted's 50: with 200 people connecting at once to a process busy answering others, the
kernel's accept queue overflowed and some requests were lost before daphne saw them
(bench/load.py: 14-56 "ReadError" of 2,000, none logged by daphne).
"""

from __future__ import annotations

import json
from typing import Any, cast

from daphne import cli, http_protocol, server, ws_protocol
from twisted.web import http

# 128 KiB: any frame a consumer accepts (delight.ws.MAX_FRAME_CHARS characters, at most four
# bytes each in UTF-8) reaches it; anything larger is refused before it is buffered whole.
MAX_MESSAGE_BYTES = 131_072
LISTEN_BACKLOG = 1024  # the kernel caps it at net.core.somaxconn (4096 on recent Linux)
# Close codes RFC 6455 section 7.4.1 lets an endpoint send that autobahn keeps from apps.
STANDARD_CLOSE_CODES = frozenset({1001, 1003, 1007, 1008, 1009, 1011})


class WebSocketProtocol(ws_protocol.WebSocketProtocol):
    # Fail a connection (oversized message, protocol error) with a close frame, not a drop.
    failByDrop = False

    def serverClose(self, code: int | None = None) -> None:
        if code in STANDARD_CLOSE_CODES:
            self.sendCloseFrame(code=code, isReply=False)
            return
        super().serverClose(code=code)


REFUSALS = {
    414: ("URI Too Long", "uri_too_long", "The request line (its address and query) is too long."),
    431: (
        "Request Header Fields Too Large",
        "headers_too_large",
        "The request's headers are too large or too many.",
    ),
    400: ("Bad Request", "bad_request", "The request could not be read."),
}


class HTTPChannel(http.HTTPChannel):
    """Twisted's channel, answering what it refuses with a real response (see the module)."""

    def lineLengthExceeded(self, line: bytes) -> None:
        # Until the request line is read there is no command yet.
        self._refuse(414 if getattr(self, "_command", None) is None else 431)

    def _respondToBadRequestAndDisconnect(self) -> None:
        too_many = self._receivedHeaderCount > self.maxHeaders
        self._refuse(431 if too_many or self._receivedHeaderSize > self.totalHeadersSize else 400)

    def _refuse(self, status: int) -> None:
        reason, code, detail = REFUSALS[status]
        body = json.dumps({"detail": detail, "code": code}).encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        # zope declares ITransport.write without self, which the type checker misreads.
        cast(Any, self.transport).write(head.encode() + body)
        self.loseConnection()


def _http_channel() -> http._GenericHTTPChannelProtocol:
    """What Twisted's factory builds per connection (its own, around our channel)."""
    return http._GenericHTTPChannelProtocol(HTTPChannel())


def with_backlog(endpoint: str) -> str:
    """A Twisted endpoint description with our listen backlog, unless it sets its own."""
    if endpoint.startswith("tcp:") and ":backlog=" not in endpoint:
        return f"{endpoint}:backlog={LISTEN_BACKLOG}"
    return endpoint


class Server(server.Server):
    """daphne's server building our protocols (daphne makes its factories in run()) and
    listening with our backlog."""

    def __init__(self, *args: Any, endpoints: list[str] | None = None, **kwargs: Any) -> None:
        endpoints = [with_backlog(endpoint) for endpoint in endpoints or []]
        super().__init__(*args, endpoints=endpoints, **kwargs)

    @property
    def http_factory(self) -> http_protocol.HTTPFactory:
        return self._http_factory

    @http_factory.setter
    def http_factory(self, factory: http_protocol.HTTPFactory) -> None:
        factory.protocol = _http_channel
        self._http_factory = factory

    @property
    def ws_factory(self) -> ws_protocol.WebSocketFactory:
        return self._ws_factory

    @ws_factory.setter
    def ws_factory(self, factory: ws_protocol.WebSocketFactory) -> None:
        factory.protocol = WebSocketProtocol
        self._ws_factory = factory


class CommandLineInterface(cli.CommandLineInterface):
    server_class = Server

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parser.set_defaults(
            websocket_max_message_size=MAX_MESSAGE_BYTES, websocket_max_frame_size=MAX_MESSAGE_BYTES
        )


if __name__ == "__main__":
    CommandLineInterface.entrypoint()
