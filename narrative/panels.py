"""The story's panel on Home (registered in `NarrativeConfig.ready`; see delight.dashboard):
the newest passage's title, chapter and opening words, a link to read it on the story page,
and the Essence balance; an honest empty state before the first passage is written."""

from __future__ import annotations

from typing import Any

from delight.dashboard import Panel, register
from delight.requests import PersonRequest
from narrative import selectors


def _story(request: PersonRequest) -> dict[str, Any]:
    user = request.user
    beat = selectors.beat_latest(user=user)
    if beat is None:
        return {"beat": None}
    return {
        "beat": beat,
        "chapter": selectors.story_chapter(story=beat.story, beat=beat),
        "balance": selectors.essence_balance(user=user),
    }


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
