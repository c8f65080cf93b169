"""ws/world/: the signed-in user's live world (zone states) and notifications.

Protocol (JSON text frames):

- server -> client: ``world.snapshot`` on connect and on request (every zone's current
  state, computed fresh), ``zone.update`` when a zone changes for this user, the user's
  ``notification`` events, ``pong``, and ``error`` frames ``{code, message}``.
- client -> server: ``{"type": "snapshot"}`` re-sends the snapshot, ``{"type": "ping"}``
  answers ``pong``. Clients ping every 25 s and reconnect (then ask for a snapshot, which
  the server also sends on connect) when no pong arrives within 10 s; daphne's own
  protocol-level pings (``--ping-interval``/``--ping-timeout``) close dead peers too.

Bad input (checked by ``delight.ws.UserConsumer``): invalid JSON, a frame without a
``type`` or one nested deeper than ``API_MAX_JSON_DEPTH`` gets ``invalid_frame`` (the fifth
closes with 4400), an unknown type gets ``unknown_type``, a frame larger than
``max_frame_chars`` gets ``frame_too_large`` and a close with 1009 (message too big), a binary
frame gets ``binary_frame`` and a close with 1003 (unsupported data). The server itself closes
with 1009 on messages over ``delight.server.MAX_MESSAGE_BYTES`` before they reach the
consumer. One connection's errors never touch another's.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from delight.ws import UserConsumer
from world import selectors, services


class WorldConsumer(UserConsumer):
    """Sends a fresh snapshot on connect; relays the user's group events."""

    max_frame_chars = 4096

    async def on_connect(self) -> None:
        await self.send_snapshot()
        await database_sync_to_async(services.activity_record)(user=self.user)

    async def on_message(self, content: dict[str, Any]) -> None:
        if content["type"] == "snapshot":
            await self.send_snapshot()
            return
        await super().on_message(content)

    async def send_snapshot(self) -> None:
        snapshot = await database_sync_to_async(selectors.world_snapshot)(user=self.user)
        await self.send_json(snapshot)
