"""The conversation's states and seed 001's transition matrix between them."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from companion.runner import IllegalTransition


class ConversationState(StrEnum):
    IDLE = "idle"
    UNDERSTANDING = "understanding"
    WAITING_FOR_SLOT = "waiting_for_slot"
    VALIDATING_SLOT = "validating_slot"
    EXECUTING_ACTION = "executing_action"
    CONFIRMING = "confirming"
    COMPLETED = "completed"
    ERROR = "error"


S = ConversationState

# Seed 001's transition matrix; any state may also fall into ERROR.
TRANSITIONS: Mapping[ConversationState, frozenset[ConversationState]] = {
    state: frozenset(targets) | ({S.ERROR} if state is not S.ERROR else set())
    for state, targets in {
        S.IDLE: {S.UNDERSTANDING},
        S.UNDERSTANDING: {S.WAITING_FOR_SLOT, S.EXECUTING_ACTION, S.IDLE},
        S.WAITING_FOR_SLOT: {S.VALIDATING_SLOT, S.UNDERSTANDING},
        S.VALIDATING_SLOT: {S.WAITING_FOR_SLOT, S.UNDERSTANDING, S.EXECUTING_ACTION},
        S.EXECUTING_ACTION: {S.COMPLETED, S.WAITING_FOR_SLOT, S.CONFIRMING},
        S.CONFIRMING: {S.EXECUTING_ACTION, S.COMPLETED, S.UNDERSTANDING},
        S.COMPLETED: {S.IDLE},
        S.ERROR: {S.UNDERSTANDING, S.IDLE},
    }.items()
}


def transition(current: ConversationState, target: ConversationState) -> ConversationState:
    """Return `target` if the matrix allows `current -> target`, else raise."""
    if target not in TRANSITIONS[current]:
        raise IllegalTransition(f"conversation cannot go from {current} to {target}")
    return target
