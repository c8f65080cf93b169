"""ws/world/: the signed-in user's live world (zone states) and notifications.

Protocol (JSON text frames):

- server -> client: ``world.snapshot`` on connect and on request (every zone's current
  state, computed fresh), ``zone.update`` when a zone changes for this user, the user's
  ``notification`` events, ``pong``, and ``error`` frames ``{code, message}``.
- client -> server: ``{"type": "snapshot"}`` re-sends the snapshot, ``{"type": "ping"}``
  answers ``pong``. Clients ping every 25 s and reconnect (then ask for a snapshot, which
  the server also sends on connect) when no pong arrives within 10 s; daphne's own
  protocol-level pings (``--ping-interval``/``--ping-timeout``) close dead peers too.

Bad input: invalid JSON or a frame without a ``type`` gets ``invalid_frame`` (the fifth
closes with 4400), an unknown type gets ``unknown_type``, a binary frame or one larger than
:data:`MAX_FRAME_CHARS` gets ``frame_too_large`` and a close with 1009 (message too big).
daphne itself refuses messages over ``--websocket-max-message-size`` (1 MiB by default)
before they reach the consumer. One connection's errors never touch another's.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from delight.ws import UserConsumer
from world import selectors, services

MAX_FRAME_CHARS = 4096
CLOSE_TOO_LARGE = 1009


class WorldConsumer(UserConsumer):
    """Sends a fresh snapshot on connect; relays the user's group events."""

    async def on_connect(self) -> None:
        await self.send_snapshot()
        await database_sync_to_async(services.activity_record)(user=self.user)

    async def on_message(self, content: dict[str, Any]) -> None:
        if content["type"] == "snapshot":
            await self.send_snapshot()
            return
        await super().on_message(content)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if bytes_data is not None or len(text_data or "") > MAX_FRAME_CHARS:
            await self.send_error(
                "frame_too_large", f"Send JSON text frames of at most {MAX_FRAME_CHARS} characters."
            )
            await self.close(code=CLOSE_TOO_LARGE)
            return
        await super().receive(text_data=text_data)

    async def send_snapshot(self) -> None:
        snapshot = await database_sync_to_async(selectors.world_snapshot)(user=self.user)
        await self.send_json(snapshot)
