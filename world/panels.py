"""The world's panel on Home (registered in `WorldConfig.ready`; see delight.dashboard):
which zones are open now, and the next change ("The Arena opens at 06:00")."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

from django.utils import timezone

from delight.dashboard import Panel, register
from delight.requests import PersonRequest
from world.selectors import world_zones


def _until(minutes: int) -> str:
    """ "in 5 min", "in 2 h 15 min", "in 3 h": how long until the next change."""
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"in {rest} min"
    return f"in {hours} h {rest} min" if rest else f"in {hours} h"


def _zones(request: PersonRequest) -> dict[str, Any]:
    now = timezone.now()
    zones = world_zones(user=request.user, now=now)
    changes = [zone for zone in zones if zone["next_change_at"]]
    upcoming = min(changes, key=lambda zone: zone["next_change_at"], default=None)
    next_change = None
    if upcoming is not None:
        at = dt.datetime.fromisoformat(upcoming["next_change_at"])
        next_change = {
            "zone": upcoming,
            "in": _until(max(1, math.ceil((at - now).total_seconds() / 60))),
        }
    return {
        "zones": zones,
        "open_count": sum(zone["is_open"] for zone in zones),
        "next_change": next_change,
    }


register(
    Panel(
        "home-zones",
        "world/panels/zones.html",
        _zones,
        column="side",
        order=10,
        live_on="zone.update",
    )
)
