"""The nudges app's panels on Home (registered in `NudgesConfig.ready`; see
delight.dashboard): the newest unread notes, refreshed on every `notification` event; and a
welcome back on the day a person returns after days away."""

from __future__ import annotations

from typing import Any

from delight.dashboard import Panel, register
from delight.requests import PersonRequest
from nudges import selectors

HOME_ITEMS = 3


def _notifications(request: PersonRequest) -> dict[str, Any]:
    inbox = selectors.notifications_inbox(user=request.user, state="unread", limit=HOME_ITEMS)
    return {"items": inbox.results, "unread_count": inbox.unread_count}


def _welcome_back(request: PersonRequest) -> dict[str, Any] | None:
    back = selectors.return_today(user=request.user)
    if back is None:
        return None
    return {"back": back, "name": request.user.first_name}


register(
    Panel(
        "home-welcome-back",
        "nudges/panels/welcome_back.html",
        _welcome_back,
        order=5,
        live_on="goal.update",
    )
)
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
