"""WebSocket clients for consumer tests: Channels' communicator on the real ASGI app."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token

from delight.asgi import application


async def connect(user, path: str) -> WebsocketCommunicator:
    """A connected client on `path`, signed in as `user` by API token."""
    token = await sync_to_async(lambda: Token.objects.get_or_create(user=user)[0].key)()
    client = WebsocketCommunicator(
        application, f"{path}?token={token}", headers=[(b"origin", b"http://localhost")]
    )
    assert (await client.connect(timeout=5))[0]
    return client
