"""The bell in the top bar of every signed-in page (registered in `NudgesConfig.ready`; see
delight.navigation.BarPart): the unread count, from the inbox's own count."""

from __future__ import annotations

from typing import Any

from delight.navigation import BarPart, bar_part_register
from delight.requests import PersonRequest
from nudges import selectors


def _bell(request: PersonRequest) -> dict[str, Any]:
    return {"count": selectors.notifications_unread_count(user=request.user)}


bar_part_register(BarPart("nudges/_bell.html", _bell))
