"""Background entry points of the companion app (django-q2)."""

from __future__ import annotations

from companion import checkpoints, conversations, services


def prune_expired_memories() -> int:
    """Daily: delete task memories past their expiry."""
    return services.memories_prune_expired()


def compact_checkpoints() -> int:
    """Hourly: idle sessions keep one checkpoint per turn."""
    return checkpoints.checkpoints_compact()


def recover_turns() -> int:
    """Every few minutes: finish turns whose process died mid-way (from their checkpoints)."""
    return conversations.turns_recover()
