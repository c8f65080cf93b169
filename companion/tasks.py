"""Background entry points of the companion app (django-q2)."""

from __future__ import annotations

from companion import conversations, services


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


def recover_turns() -> int:
    """Every few minutes: finish turns whose process died mid-way (from their checkpoints)."""
    return conversations.turns_recover()
