"""The world's real-time events: their typed payloads and the only code that sends them.

Both travel on the user's group through :mod:`delight.realtime`, so every open
``ws/world/`` connection of that user receives them, whichever process sends them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Literal, TypedDict

from delight.realtime import send_logged, send_to_users


class ZonePayload(TypedDict):
    slug: str
    name: str
    description: str
    categories: list[str]
    state: Literal["open", "closed"]
    is_open: bool
    reason: str
    next_change_at: str | None
    next_change_label: str


class WorldSnapshot(TypedDict):
    type: Literal["world.snapshot"]
    zones: list[ZonePayload]
    at: str


class ZoneUpdate(TypedDict):
    type: Literal["zone.update"]
    zone: ZonePayload


def world_snapshot_event(*, zones: list[ZonePayload], at: str) -> WorldSnapshot:
    return {"type": "world.snapshot", "zones": zones, "at": at}


def zone_update_event(*, zone: ZonePayload) -> ZoneUpdate:
    return {"type": "zone.update", "zone": zone}


def zone_updates_send(updates: Iterable[tuple[int, ZonePayload]]) -> None:
    """Send one ``zone.update`` per (user id, zone) pair, the sends overlapping; a delivery
    failure is logged, never raised (each page reads the zones again on its next load)."""
    events = [(user_id, zone_update_event(zone=zone)) for user_id, zone in updates]
    send_logged(partial(send_to_users, events), what=f"{len(events)} zone updates")
