"""Notifications' panel on Home (registered in `NudgesConfig.ready`; see delight.dashboard):
the newest unread notes, refreshed on every `notification` event."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from delight.dashboard import Panel, register
from nudges import selectors

HOME_ITEMS = 3


def _notifications(request: HttpRequest) -> dict[str, Any]:
    inbox = selectors.notifications_inbox(user=request.user, state="unread", limit=HOME_ITEMS)
    return {"items": inbox.results, "unread_count": inbox.unread_count}


register(
    Panel(
        "home-notifications",
        "nudges/panels/notifications.html",
        _notifications,
        column="side",
        order=40,
        live_on="notification",
    )
)
