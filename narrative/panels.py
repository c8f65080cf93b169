"""The story's panel on Home (registered in `NarrativeConfig.ready`; see delight.dashboard).
The story is not told yet (a later issue): the panel keeps its place with an honest empty
state and the step that starts it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from delight.dashboard import Panel, register


def _story(request: HttpRequest) -> dict[str, Any]:
    return {}


register(
    Panel(
        "home-story",
        "narrative/panels/story.html",
        _story,
        column="side",
        order=30,
        live_on="story.beat",
    )
)
