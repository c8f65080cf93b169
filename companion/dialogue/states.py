"""The conversation's states, seed 001's transition matrix between them, the dialogue's
state as it is kept with each turn (DialogueState), and what a message did to it
(DialogueStep)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from typing import Any

from delight.runner import IllegalTransition


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


@dataclass(frozen=True)
class DialogueState:
    """Where the conversation is; JSON-serialisable so it can be persisted with the turn.

    `filled` is the order slots were filled in (the last one is what an unnamed correction
    refers to); `paused` keeps a flow set aside by a new request, to resume later.
    """

    state: ConversationState = ConversationState.IDLE
    flow: str | None = None
    slots: dict[str, Any] = field(default_factory=dict)
    filled: tuple[str, ...] = ()
    pending_slot: str | None = None
    paused: dict[str, Any] | None = None
    error: str | None = None
    # The titles just offered to choose from ("Do you mean “A” or “B”?"): "the first one"
    # means A, not the first of every open mission.
    offered: tuple[str, ...] = ()
    # Messages in a row that left the question open (said in passing, or no answer it could
    # take): a flow the person keeps talking past is set aside, not asked about forever.
    strays: int = 0

    @property
    def waiting(self) -> bool:
        """A flow waits for the person's answer: a slot, or its yes."""
        return self.state in (ConversationState.WAITING_FOR_SLOT, ConversationState.CONFIRMING)

    def complete(self) -> DialogueState:
        """The caller performed the action it was handed: the flow is completed."""
        if self.state is not S.EXECUTING_ACTION:
            raise IllegalTransition(f"nothing to complete while {self.state}")
        return replace(self, state=transition(self.state, S.COMPLETED), pending_slot=None)

    def fail(self, reason: str) -> DialogueState:
        """The action (or anything else) failed: keep the flow so the person can retry."""
        return replace(self, state=transition(self.state, S.ERROR), error=reason)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["state"] = self.state.value
        data["filled"] = list(self.filled)
        data["offered"] = list(self.offered)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DialogueState:
        return cls(
            state=ConversationState(data["state"]),
            flow=data.get("flow"),
            slots=dict(data.get("slots") or {}),
            filled=tuple(data.get("filled") or ()),
            pending_slot=data.get("pending_slot"),
            paused=data.get("paused"),
            error=data.get("error"),
            offered=tuple(data.get("offered") or ()),
            strays=int(data.get("strays") or 0),
        )

    @classmethod
    def from_json(cls, text: str) -> DialogueState:
        return cls.from_dict(json.loads(text))


# --- what a message did ----------------------------------------------------------------------


class Outcome(StrEnum):
    ASK = "ask"  # a slot question (or a re-ask after a correction)
    INVALID = "invalid"  # a value was refused; the reply says why and asks again
    CONFIRM = "confirm"  # all slots are in; the reply is the summary
    EXECUTE = "execute"  # confirmed: the caller performs `action`, then `complete()`
    CANCELLED = "cancelled"
    HANDOFF = "handoff"  # not for the flow: the turn handles the message normally
    ASIDE = "aside"  # said in passing: the turn answers it, the flow keeps waiting


@dataclass(frozen=True)
class DialogueStep:
    dialogue: DialogueState
    outcome: Outcome
    reply: str = ""
    action: tuple[str, dict[str, Any]] | None = None
    changed: tuple[str, ...] = ()  # the slots this message set
    error: str | None = None
    path: tuple[ConversationState, ...] = ()

    @property
    def handoff(self) -> bool:
        """The turn handles the message itself (the flow set aside, or still waiting)."""
        return self.outcome in (Outcome.HANDOFF, Outcome.ASIDE)
