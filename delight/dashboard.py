"""Home, the dashboard: a registry of the panels each app contributes, and the greeting.

Home shows missions and goals (goals), the zones (world), later the story (narrative) and
notifications (nudges), but the kernel may not import any app above it, not even inside a
function (docs/architecture.md, "Layers"). So the dependency points the other way, as for
Eliza's tools (`delight.tools.registry`): each app registers its panels in its
`AppConfig.ready` (`dashboard.register(Panel(...))`), and the home view renders whatever is
registered, in order, without knowing whose panels they are.

A panel is a template and a function that gathers its context for one request (None hides
the panel for this request). Its id is
the id of its element on the page; `live_on` names the `ws/world/` events after which
live.js fetches Home again and swaps that element (the fetch carries the panel's id in
`X-Delight-Part`, and Home then renders only that panel).
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, cast

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from delight.models import User
from delight.requests import PersonRequest

Column = Literal["main", "side"]

# The session key set when onboarding ends: the next Home is the person's first.
FIRST_VISIT = "delight.first_home"


@dataclass(frozen=True)
class Panel:
    id: str
    template: str
    context: Callable[[PersonRequest], dict[str, Any] | None]
    column: Column = "main"
    # Smaller first, within a column.
    order: int = 50
    # Space-separated ws/world/ event types that refresh the panel ("" for none).
    live_on: str = ""


@dataclass(frozen=True)
class RenderedPanel:
    id: str
    column: Column
    live_on: str
    html: SafeString


class Registry:
    def __init__(self) -> None:
        self._panels: dict[str, Panel] = {}

    def register(self, panel: Panel) -> Panel:
        if panel.id in self._panels and self._panels[panel.id] != panel:
            raise ValueError(f"A home panel {panel.id!r} is already registered.")
        self._panels[panel.id] = panel
        return panel

    def panels(self) -> list[Panel]:
        return sorted(self._panels.values(), key=lambda panel: (panel.order, panel.id))

    def render(self, request: HttpRequest, *, only: str | None = None) -> list[RenderedPanel]:
        """Each shown panel's HTML for this request (only the panel `only` when given)."""
        rendered = []
        for panel in self.panels():
            if only is not None and panel.id != only:
                continue
            # Home renders panels for a signed-in person only.
            context = panel.context(cast("PersonRequest", request))
            if context is None:
                continue
            html = render_to_string(panel.template, context, request=request)
            rendered.append(RenderedPanel(panel.id, panel.column, panel.live_on, html))
        return rendered


registry = Registry()
register = registry.register


def first_visit(request: HttpRequest) -> bool:
    """True on the first Home after onboarding (the view forgets it once Home is shown)."""
    return bool(request.session.get(FIRST_VISIT))


def talk_form_context() -> dict[str, Any]:
    # A fresh key per page: a double submit of the same box runs Eliza's turn once.
    return {"idempotency_key": uuid.uuid4().hex}


def _talk(request: HttpRequest) -> dict[str, Any] | None:
    # On the first visit the welcome card holds the same box.
    return None if first_visit(request) else talk_form_context()


# The kernel's own panel: a box that sends its text to Eliza and opens the chat.
register(Panel("home-talk", "delight/panels/talk.html", _talk, order=20))


def greeting(user: User, *, now: dt.datetime, first_visit: bool) -> str:
    """ "Welcome, Maria" the first time, then a greeting for the hour of the person's day."""
    name = user.first_name or user.username
    if first_visit:
        return f"Welcome, {name}"
    hour = now.astimezone(user.zone).hour
    if 5 <= hour < 12:
        words = "Good morning"
    elif 12 <= hour < 18:
        words = "Good afternoon"
    elif 18 <= hour < 23:
        words = "Good evening"
    else:
        words = "Hello again"
    return f"{words}, {name}"
