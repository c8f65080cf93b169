"""Notifications' panel on Home (registered in `NudgesConfig.ready`; see delight.dashboard).
Nothing is sent yet (a later issue): the panel keeps its place with an honest empty state."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from delight.dashboard import Panel, register


def _notifications(request: HttpRequest) -> dict[str, Any]:
    return {}


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
