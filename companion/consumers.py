"""ws/companion/: talk to Eliza with the reply streamed live.

Protocol (JSON text frames):

- client -> server: ``{"type": "message", "text": …, "session_id": …?, "idempotency_key": …?}``
  and ``{"type": "ping"}``.
- server -> client, for each message, in this order: ``state`` for every node Eliza enters
  (``{node, label}``: "recalling…"), ``tool`` for every tool run, ``token`` chunks of the
  reply as it is written, then ``reply`` (exactly the body ``POST /api/companion/messages/``
  returns); or ``error`` ``{code, message}`` instead of the reply: ``invalid_message``,
  ``unknown_session``, ``session_busy``, ``throttled`` (more messages than the person's rate,
  THROTTLE_MESSAGES, counted with REST's), ``busy`` (no database connection freed up in
  time, or the person's other messages took longer than TURN_QUEUE_WAIT),
  ``internal_error``. After ``throttled`` and ``busy`` nothing was kept: send again after
  ``retry_after`` seconds (a whole number the error carries, as REST's Retry-After).
  A message frame is validated by the serializer of ``POST /api/companion/messages/`` (the
  same rule for text everywhere: ``delight.text``), so a socket refuses exactly what REST
  refuses, with the same message.
  Frames that are not JSON objects with a ``type`` (or are nested too deep) get
  ``invalid_frame`` (the fifth closes with 4400); binary frames close with 1003 and frames
  over ``max_frame_chars`` with 1009 after an error (``delight.ws``). A bad frame never
  changes anything.

One message at a time per connection: a second one sent while Eliza is still answering gets
``session_busy`` (the same rule the database enforces per session).
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.core.exceptions import ValidationError
from django.db import OperationalError, close_old_connections, connection

from companion import conversations
from companion.api import MessageInSerializer
from delight.api_errors import first_message
from delight.database import retry_after_seconds
from delight.errors import Busy, NotFound
from delight.models import User
from delight.throttles import message_wait
from delight.ws import MAX_FRAME_CHARS, UserConsumer

logger = logging.getLogger("companion")

_DONE = object()


class _NoConnection(Exception):
    """No database connection freed up in time: the message was not kept."""


class _Throttled(Exception):
    """The person sent more messages than their rate allows: the message was not kept."""

    def __init__(self, wait: float) -> None:
        super().__init__(f"try again in {math.ceil(wait)} s")
        self.wait = wait


def _run_turn(
    user: User, fields: dict[str, Any], emit: Callable[[str, dict[str, Any]], None]
) -> dict[str, Any]:
    close_old_connections()
    try:
        try:  # as a request does (delight.middleware), before anything is written
            connection.ensure_connection()
        except OperationalError as error:
            raise _NoConnection from error
        if (wait := message_wait(user)) is not None:  # the same rate as REST's messages
            raise _Throttled(wait)
        return conversations.message_send(user=user, emit=emit, **fields)
    finally:
        close_old_connections()


class CompanionConsumer(UserConsumer):
    """A turn under way when the socket closes still finishes in its thread: the answer is
    kept with the session and shows in its history."""

    max_frame_chars = MAX_FRAME_CHARS  # a 4,000-character message fits, every character escaped

    async def on_connect(self) -> None:
        self.turn_task: asyncio.Task | None = None

    async def on_message(self, content: dict[str, Any]) -> None:
        arrived_at = time.monotonic()  # the turn's model budget counts from here
        if content["type"] != "message":
            await super().on_message(content)
            return
        if self.turn_task is not None and not self.turn_task.done():
            await self.send_error("session_busy", "Eliza is still answering your last message.")
            return
        incoming = MessageInSerializer(data=content)
        if not incoming.is_valid():
            await self.send_error("invalid_message", first_message(incoming.errors))
            return
        data = incoming.validated_data
        fields = {
            "text": data["text"],
            "session_id": data.get("session_id"),
            "idempotency_key": data.get("idempotency_key"),
            "arrived_at": arrived_at,
        }
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
        except NotFound:
            final = _error("unknown_session", "There is no such session.")
        except conversations.SessionBusy as busy:
            final = _error("session_busy", str(busy))
        except Busy as busy:  # the person's other messages took longer than it may wait
            final = _error("busy", busy.message, retry_after=busy.retry_after)
        except _Throttled as throttled:
            final = _error(
                "throttled",
                f"You are sending messages faster than Eliza can answer; {throttled}. "
                "It was not kept.",
                retry_after=math.ceil(throttled.wait),
            )
        except _NoConnection:
            logger.warning("no database connection for a companion turn")
            wait = retry_after_seconds()
            final = _error(
                "busy",
                f"Delight is busy right now; please send your message again in {wait} s. "
                "It was not kept.",
                retry_after=wait,
            )
        except Exception:
            logger.exception("a companion turn failed")
            final = _error("internal_error", "Something went wrong; your message was kept.")
        events.put_nowait(final)
        events.put_nowait(_DONE)
        await sender

    async def _relay(self, events: asyncio.Queue[Any]) -> None:
        while (event := await events.get()) is not _DONE:
            await self.send_json(event)


def _error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, **extra}
