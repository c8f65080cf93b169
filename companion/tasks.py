"""Background entry points of the companion app (django-q2)."""

from __future__ import annotations

from companion import checkpoints, conversations, narrator, services
from narrative import selectors as narrative_selectors


def prune_expired_memories() -> int:
    """Daily: delete task memories past their expiry."""
    return services.memories_prune_expired()


# A run stops after the batch that ends past this many seconds: the job comes back every
# minute, and the worker's other jobs need not wait long for it.
REEMBED_RUN_SECONDS = 40


def reembed_memories() -> int:
    """Every minute: re-embed memories another embedder made (after an upgrade or a change
    of EMBEDDINGS), in batches claimed so that workers never share one; nothing to do is one
    index lookup."""
    return services.memories_reembed(seconds=REEMBED_RUN_SECONDS)


def compact_checkpoints() -> int:
    """Hourly: idle sessions keep one checkpoint per turn."""
    return checkpoints.checkpoints_compact()


def recover_turns() -> int:
    """Every few minutes: finish turns whose process died mid-way (from their checkpoints)."""
    return conversations.turns_recover()


def write_story_beat(beat_id: int) -> bool:
    """Write a pending passage of a person's story (the narrator), unless another worker
    holds it or it is written already; whether this run wrote or tried it."""
    return narrator.beat_write(beat_id=beat_id) is not None


def recover_story_beats() -> int:
    """Every minute: write the beats whose job was lost (a killed worker's claim lapsed, a
    try that failed is due again); how many were taken up."""
    return sum(write_story_beat(beat_id) for beat_id in narrative_selectors.beat_ids_due())
