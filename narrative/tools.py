"""The story as Eliza's tool (registered in `NarrativeConfig.ready`)."""

from __future__ import annotations

from typing import Any

from delight.tools import ToolCall, registry
from narrative import selectors
from narrative.held import held_said
from narrative.quests import quests_found
from narrative.words import provenance_words


@registry.tool(
    "narrative.story",
    description="The person's story: where they are in it, its latest passage and the real "
    "progress it told, the hidden quests found, and their Essence.",
)
def narrative_story(call: ToolCall) -> dict[str, Any]:
    user = call.user
    story = selectors.story_of(user=user)
    latest = selectors.beat_latest(user=user)
    chapter = selectors.story_chapter(story=story) if story else None
    return {
        "essence": selectors.essence_balance(user=user),
        "beats": selectors.beats_written(user=user).count(),
        "coming": selectors.beat_on_its_way(user=user),
        "next": held_said(user=user, now=call.now),
        "act": chapter.act_name if chapter else "",
        "chapter": chapter.name if chapter else "",
        "latest": latest.title if latest else "",
        "told": provenance_words(selectors.beat_latest_told(user=user, beat=latest))
        if latest
        else [],
        "quests": [quest.title for quest, _ in quests_found(user=user)],
    }
