"""Builders for world's tests: instants and the world socket."""

from __future__ import annotations

import datetime as dt

from channels.testing import WebsocketCommunicator

from delight.models import User
from tests.support import ws


def at(value: str) -> dt.datetime:
    """An aware UTC instant from ``"2026-01-15 20:00"``."""
    return dt.datetime.fromisoformat(value).replace(tzinfo=dt.UTC)


async def connect(user: User) -> WebsocketCommunicator:
    return await ws.connect(user, "/ws/world/")


def arena_of(snapshot: dict) -> dict:
    return next(zone for zone in snapshot["zones"] if zone["slug"] == "arena")
