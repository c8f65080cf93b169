"""The companion's writes. Each write validates with full_clean(); an invalid write changes
nothing. The turn's lifecycle is in conversations.py, agent states and checkpoints in
checkpoints.py.

- `memories`: memories (create with dedupe and supersede, update, delete, touch, prune,
  re-embed, and `memory_remember` for other apps' news).
- `learning`: what Eliza learns in a turn (emotion, crisis events, profile).
- `profile`: the person's own corrections to what Eliza knows of them (About you).
"""

from __future__ import annotations

from companion.services.learning import (
    communication_style,
    crisis_event_record,
    crisis_events_review,
    profile_learn,
    profile_name_set,
    user_emotion_set,
)
from companion.services.memories import (
    DUPLICATE_SHORTLIST,
    REEMBED_BATCH,
    MemoryWrite,
    duplicate_similarity,
    memories_prune_expired,
    memories_reembed,
    memories_reembed_batch,
    memories_touch,
    memory_create,
    memory_create_quietly,
    memory_delete,
    memory_remember,
    memory_update,
    normalised_text,
    task_expiry,
)
from companion.services.profile import (
    profile_cache_clear,
    profile_item_forget,
    profile_item_update,
    profile_update,
)

__all__ = [
    "DUPLICATE_SHORTLIST",
    "REEMBED_BATCH",
    "MemoryWrite",
    "communication_style",
    "crisis_event_record",
    "crisis_events_review",
    "duplicate_similarity",
    "memories_prune_expired",
    "memories_reembed",
    "memories_reembed_batch",
    "memories_touch",
    "memory_create",
    "memory_create_quietly",
    "memory_delete",
    "memory_remember",
    "memory_update",
    "normalised_text",
    "profile_cache_clear",
    "profile_item_forget",
    "profile_item_update",
    "profile_learn",
    "profile_name_set",
    "profile_update",
    "task_expiry",
    "user_emotion_set",
]
