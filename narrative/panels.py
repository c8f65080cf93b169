"""The story's panel on Home (registered in `NarrativeConfig.ready`; see delight.dashboard):
the newest passage's title, chapter and opening words, a link to read it on the story page,
and the Essence balance; an honest empty state before the first passage is written."""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from delight.dashboard import Panel, register
from delight.requests import PersonRequest
from narrative import selectors
from narrative.held import held_said


def _story(request: PersonRequest) -> dict[str, Any]:
    user = request.user
    beat = selectors.beat_latest(user=user)
    held = held_said(user=user, now=timezone.now())
    if beat is None:
        return {"beat": None, "held": held}
    return {
        "beat": beat,
        "chapter": selectors.story_chapter(story=beat.story, beat=beat),
        "balance": selectors.essence_balance(user=user),
        "held": held,
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
