"""The world as Eliza's tool (registered in `WorldConfig.ready`)."""

from __future__ import annotations

from typing import Any

from delight.tools import ToolCall, registry
from world import selectors


@registry.tool(
    "world.zones",
    description="The person's zones: open now or not, the next opening or closing on their "
    "own clock, and what each zone is for.",
)
def world_zones(call: ToolCall) -> dict[str, Any]:
    known = call.known.get("world")  # the turn read the zones at this instant already
    if known is not None:
        return known
    return selectors.zones_now(user=call.user, now=call.now)
