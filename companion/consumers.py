"""ws/companion/: talk to Eliza with the reply streamed live.

Protocol (JSON text frames):

- client -> server: ``{"type": "message", "text": …, "session_id": …?, "idempotency_key": …?}``
  and ``{"type": "ping"}``.
- server -> client, for each message, in this order: ``state`` for every node Eliza enters
  (``{node, label}``: "recalling…"), ``tool`` for every tool run, ``token`` chunks of the
  reply as it is written, then ``reply`` (exactly the body ``POST /api/companion/messages/``
  returns); or ``error`` ``{code, message}`` instead of the reply: ``invalid_message``,
  ``unknown_session``, ``session_busy``, ``internal_error``. Frames that are not JSON objects
  with a ``type`` get ``invalid_frame`` (the fifth closes with 4400); frames over
  MAX_FRAME_CHARS get ``frame_too_large``. A bad frame never changes anything.

One message at a time per connection: a second one sent while Eliza is still answering gets
``session_busy`` (the same rule the database enforces per session).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from asgiref.sync import sync_to_async
from django.core.exceptions import ValidationError
from django.db import close_old_connections
from django.http import Http404

from companion import services
from delight.ws import UserConsumer

logger = logging.getLogger("companion")

MAX_FRAME_CHARS = 32_768  # a 4,000-character message fits even with every character escaped
_DONE = object()


def _parse(content: dict[str, Any]) -> dict[str, Any]:
    """The message frame's fields, or ValidationError with what is wrong."""
    text = content.get("text")
    if not isinstance(text, str):
        raise ValidationError('A message needs a "text" string.')
    session = content.get("session_id")
    try:
        session_id = uuid.UUID(session) if session not in (None, "") else None
    except (TypeError, ValueError, AttributeError):
        raise ValidationError('"session_id" must be a session id (a UUID).') from None
    key = content.get("idempotency_key")
    if key is not None and not isinstance(key, str):
        raise ValidationError('"idempotency_key" must be a string.')
    return {"text": text, "session_id": session_id, "idempotency_key": key}


def _run_turn(user: Any, fields: dict[str, Any], emit: Any) -> dict[str, Any]:
    close_old_connections()
    try:
        return services.message_send(user=user, emit=emit, **fields)
    finally:
        close_old_connections()


class CompanionConsumer(UserConsumer):
    """A turn under way when the socket closes still finishes in its thread: the answer is
    kept with the session and shows in its history."""

    async def on_connect(self) -> None:
        self.turn_task: asyncio.Task | None = None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if bytes_data is not None or len(text_data or "") > MAX_FRAME_CHARS:
            await self.send_error(
                "frame_too_large", f"Send JSON text frames of at most {MAX_FRAME_CHARS} characters."
            )
            return
        await super().receive(text_data=text_data)

    async def on_message(self, content: dict[str, Any]) -> None:
        if content["type"] != "message":
            await super().on_message(content)
            return
        if self.turn_task is not None and not self.turn_task.done():
            await self.send_error("session_busy", "Eliza is still answering your last message.")
            return
        try:
            fields = _parse(content)
        except ValidationError as invalid:
            await self.send_error("invalid_message", " ".join(invalid.messages))
            return
        self.turn_task = asyncio.create_task(self._answer(fields))

    async def _answer(self, fields: dict[str, Any]) -> None:
        """Run the turn in a worker thread; its events reach this socket in order through
        a queue (the thread only enqueues, this task only sends)."""
        loop = asyncio.get_running_loop()
        events: asyncio.Queue[Any] = asyncio.Queue()

        def emit(kind: str, payload: dict[str, Any]) -> None:
            loop.call_soon_threadsafe(events.put_nowait, {"type": kind, **payload})

        sender = asyncio.create_task(self._relay(events))
        try:
            result = await sync_to_async(_run_turn, thread_sensitive=False)(self.user, fields, emit)
            final = {"type": "reply", **result}
        except ValidationError as invalid:
            final = _error("invalid_message", " ".join(invalid.messages))
        except Http404:
            final = _error("unknown_session", "There is no such session.")
        except services.SessionBusy as busy:
            final = _error("session_busy", str(busy))
        except Exception:
            logger.exception("a companion turn failed")
            final = _error("internal_error", "Something went wrong; your message was kept.")
        events.put_nowait(final)
        events.put_nowait(_DONE)
        await sender

    async def _relay(self, events: asyncio.Queue[Any]) -> None:
        while (event := await events.get()) is not _DONE:
            await self.send_json(event)


def _error(code: str, message: str) -> dict[str, str]:
    return {"type": "error", "code": code, "message": message}
