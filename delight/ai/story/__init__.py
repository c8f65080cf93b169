"""What a story beat says: the person's real progress told as a passage of their story
(issue 21).

- `facts.py`: what a beat may draw on, as pure data (`BeatFacts`), its words (`BeatText`)
  and a draft with the world changes it proposes (`BeatDraft`).

The facts are gathered and the scene planned by narrative (narrative/beats); this package
only words them.
"""

from __future__ import annotations

from delight.ai.story.facts import (
    BEAT_KINDS,
    PARTS_OF_DAY,
    WORDS_MAX,
    WORDS_MIN,
    BeatDraft,
    BeatFacts,
    BeatText,
    Change,
    Thing,
)

__all__ = [
    "BEAT_KINDS",
    "PARTS_OF_DAY",
    "WORDS_MAX",
    "WORDS_MIN",
    "BeatDraft",
    "BeatFacts",
    "BeatText",
    "Change",
    "Thing",
]
