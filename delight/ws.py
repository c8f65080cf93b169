"""WebSocket plumbing shared by every consumer: origin check, token auth, a base consumer.

Close codes (sent after the handshake so clients can read them):
- 4401: not authenticated (no session cookie and no valid token).
- 4400: the client keeps sending frames that are not valid JSON objects.
- 1003 (unsupported data): a binary frame; the protocol is JSON text.
- 1009 (message too big): a frame over the consumer's ``max_frame_chars``; a message over
  the server's own limit (``delight.server.MAX_MESSAGE_BYTES``, 128 KiB) is refused with
  1009 by the server before a consumer sees it.
Each close but the server's comes after an ``error`` frame saying why. Plain daphne cannot
send 1003 or 1009 (autobahn lets applications close with 1000 and 3000-4999 only, and daphne
then closes with 1011); ``delight.server`` sends them, as RFC 6455 allows.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.auth import AuthMiddlewareStack
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from channels.security.websocket import OriginValidator
from django.conf import settings
from django.contrib.auth.models import AnonymousUser

from delight.errors import DomainError
from delight.parsers import JSONTooDeep, json_loads
from delight.realtime import RELAY_TYPE, user_group
from delight.server import MAX_MESSAGE_BYTES

CLOSE_UNAUTHENTICATED = 4401
CLOSE_PROTOCOL_ERROR = 4400
CLOSE_UNSUPPORTED_DATA = 1003
CLOSE_TOO_LARGE = 1009
# The most a consumer's max_frame_chars may be: every such frame gets past the server's limit.
MAX_FRAME_CHARS = MAX_MESSAGE_BYTES // 4


class BrowserOriginValidator(OriginValidator):
    """Browsers always send Origin: check it against our hosts. Other clients (which
    authenticate with a token, not an ambient cookie) may omit it."""

    def valid_origin(self, parsed_origin: Any) -> bool:
        if parsed_origin is None:
            return True
        return self.validate_origin(parsed_origin)


def allowed_origins() -> list[str]:
    hosts = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not hosts:
        hosts = ["localhost", "127.0.0.1", "[::1]"]
    return hosts + list(settings.CSRF_TRUSTED_ORIGINS)


@database_sync_to_async
def _user_for_token(key: str) -> Any:
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


def _token_from_scope(scope: dict[str, Any]) -> str:
    query = parse_qs(scope.get("query_string", b"").decode("latin1"))
    if query.get("token"):
        return query["token"][0]
    for name, value in scope.get("headers", []):
        if name == b"authorization":
            kind, _, key = value.decode("latin1").partition(" ")
            if kind.lower() in ("token", "bearer"):
                return key.strip()
    return ""


class TokenAuthMiddleware:
    """Authenticate by API token (``?token=`` or ``Authorization: Token …``) when the
    session cookie did not already identify the user."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        user = scope.get("user")
        if user is None or not user.is_authenticated:
            key = _token_from_scope(scope)
            if key:
                scope = {**scope, "user": await _user_for_token(key)}
        return await self.inner(scope, receive, send)


def auth_stack(inner: Any) -> Any:
    return BrowserOriginValidator(
        AuthMiddlewareStack(TokenAuthMiddleware(inner)), allowed_origins()
    )


class UserConsumer(AsyncJsonWebsocketConsumer):
    """A JSON WebSocket bound to one signed-in user; relays that user's events.

    Subclasses implement ``on_connect`` (e.g. send a snapshot) and ``on_message``, which only
    ever sees a JSON object with a string ``type`` no larger than ``max_frame_chars``; a
    domain error (delight.errors) it raises becomes an ``error`` frame with the error's code.
    """

    max_bad_frames = 5
    max_frame_chars = 4096

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.send_error("unauthenticated", "Log in or pass a valid API token.")
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = user_group(self.user.pk)
        self.bad_frames = 0
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.on_connect()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def on_connect(self) -> None:
        """Hook: called once the user is authenticated and subscribed."""

    async def on_message(self, content: dict[str, Any]) -> None:
        await self.send_error("unknown_type", f"Unknown message type {content.get('type')!r}.")

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            await self.send_error("binary_frame", "Send JSON text frames, not binary ones.")
            await self.close(code=CLOSE_UNSUPPORTED_DATA)
            return
        if len(text_data) > self.max_frame_chars:
            message = f"Send JSON text frames of at most {self.max_frame_chars:,} characters."
            await self.send_error("frame_too_large", message)
            await self.close(code=CLOSE_TOO_LARGE)
            return
        try:
            content = json_loads(text_data, max_depth=settings.API_MAX_JSON_DEPTH)
        except JSONTooDeep as deep:
            await self._bad_frame(str(deep))
            return
        except ValueError:
            content = None
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            await self._bad_frame('Send JSON objects with a "type" field.')
            return
        if content["type"] == "ping":
            await self.send_json({"type": "pong"})
            return
        try:
            await self.on_message(content)
        except DomainError as error:
            # As the API answers it (delight.errors): an error frame, the socket stays open.
            await self.send_error(error.code, error.message)

    async def _bad_frame(self, message: str) -> None:
        self.bad_frames += 1
        await self.send_error("invalid_frame", message)
        if self.bad_frames >= self.max_bad_frames:
            await self.close(code=CLOSE_PROTOCOL_ERROR)

    async def send_error(self, code: str, message: str) -> None:
        await self.send_json({"type": "error", "code": code, "message": message})

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Relay the user's events straight to the socket.

        Channels runs ``close_old_connections`` in the one thread-sensitive sync thread
        before every handler; relaying touches no database, and that hop per event
        serialised a 1,000-user broadcast behind thread hand-offs in one web process.
        """
        if message["type"] == RELAY_TYPE:
            await self.user_event(message)
            return
        await super().dispatch(message)

    async def user_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["payload"])
