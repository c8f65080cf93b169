"""What the narrative app announces (delight.events): sent once the change has committed."""

from __future__ import annotations

from django.dispatch import Signal

# A person unlocked a hidden quest (once per person and quest). Facts: user (User), key (str,
# narrative.quests.Quest.key), title (str) and message (str: Eliza's words for the person).
quest_unlocked = Signal()

# A beat was written (once). Facts: user (User), beat (Beat: title, text, kind, provenance).
beat_written = Signal()
