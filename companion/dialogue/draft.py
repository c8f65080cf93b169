"""The dialogue being worked on during one message (`Draft`): every move goes through the
transition matrix, and a step of the flow is made from it."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.dialogue.choices import names_a_choice
from companion.dialogue.cues import plans_ahead
from companion.dialogue.deed_phrases import COUNT_ONLY, COUNT_WHICH
from companion.dialogue.flows import Flow
from companion.dialogue.parsing import SlotEnv
from companion.dialogue.phrases import (
    BACK_TO_FLOW,
    POINTS_AT_ONE,
    WAITING_WORDS,
    WHICH_AGAIN,
    WHICH_LISTED,
)
from companion.dialogue.states import (
    ConversationState,
    DialogueState,
    DialogueStep,
    Outcome,
    S,
    transition,
)
from delight.ai.text import listed


@dataclass
class Draft:
    """The dialogue being worked on during one message; every move goes through the matrix."""

    flow: Flow
    state: ConversationState
    env: SlotEnv
    slots: dict[str, Any]
    filled: list[str]
    pending: str | None = None
    path: list[ConversationState] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was assumed, said in the reply
    offered: tuple[str, ...] = ()  # the titles asked about last, kept while the slot waits
    strays: int = 0  # messages in a row that left the question open

    def go(self, *targets: ConversationState) -> None:
        for target in targets:
            self.state = transition(self.state, target)
            self.path.append(target)

    def put(self, name: str, value: Any) -> None:
        self.slots[name] = value
        self.filled = [*(n for n in self.filled if n != name), name]
        self.changed.append(name)
        self.strays = 0

    def slot_env(self) -> SlotEnv:
        return replace(self.env, slots=dict(self.slots))

    def asks_a_title(self) -> bool:
        """A goal's title is asked: a new one's, or the new title of a goal being changed."""
        return self.pending == "title" or (
            self.pending == "new_value" and self.slots.get("field") == "title"
        )

    def tells_no_mission(self, text: str) -> bool:
        """A reply to "which mission?" that names none of them ("ok", "night"), or one still
        to do ("the journal page i'll do before bed")."""
        missions = self.env.context.missions
        said = [text, *re.split(r"[,.;!?]+|\bbut\b", text)]  # "duolingo, the podcast is later"
        told = any(names_a_choice(part, missions) and not plans_ahead(part) for part in said)
        return bool(missions) and not told

    def which_again(self, text: str) -> str:
        """Asked which mission, a reply that points at one by a name none has ("it was the
        alarm one", "neither"): the question again, with the open missions to choose from;
        "" for anything else, a plan ("the journal one i'll do later"), or when it was
        asked again already."""
        missions = self.env.context.missions[:WHICH_LISTED]
        if self.strays or not missions or not POINTS_AT_ONE.search(text) or plans_ahead(text):
            return ""
        self.offered = tuple(m.title for m in missions)
        self.strays += 1
        return WHICH_AGAIN.format(listed=listed([f"“{title}”" for title in self.offered], "or"))

    def count_which(self, text: str) -> str:
        """Asked which mission, "does that count" alone: it will, once she knows which (the
        open missions to choose from); "" for anything else."""
        missions = self.env.context.missions[:WHICH_LISTED]
        if not missions or not COUNT_ONLY.match(text):
            return ""
        self.offered = tuple(m.title for m in missions)
        return COUNT_WHICH.format(listed=listed([f"“{title}”" for title in self.offered], "or"))

    def takeable(self, found: Mapping[str, str]) -> dict[str, str]:
        """The values a message gave, less those of slots never asked for (a flow that does
        not ask its optional ones) that their slot refuses."""
        env = self.slot_env()
        return {
            name: value
            for name, value in found.items()
            if self.flow.asks_optional
            or self.flow.slot(name).required
            or self.flow.slot(name).accepts(value, env)
        }

    def step(self, outcome: Outcome, reply: str = "", **extra: Any) -> DialogueStep:
        dialogue = DialogueState(
            state=self.state,
            flow=self.flow.name,
            slots=self.slots,
            filled=tuple(self.filled),
            pending_slot=self.pending,
            offered=self.offered,
            strays=self.strays,
        )
        return DialogueStep(
            dialogue, outcome, reply, changed=tuple(self.changed), path=tuple(self.path), **extra
        )


def waiting_step(
    draft: Draft, state: ConversationState, question: str, *, pending: str | None = None
) -> DialogueStep:
    """The flow as it was, still waiting; the reply reminds of the question still open."""
    dialogue = DialogueState(
        state=state,
        flow=draft.flow.name,
        slots=draft.slots,
        filled=tuple(draft.filled),
        pending_slot=pending,
        strays=draft.strays,
    )
    return DialogueStep(dialogue, Outcome.ASIDE, BACK_TO_FLOW.format(question=question))


def waiting_words(state: str, pending_slot: str | None) -> str:
    """What Eliza waits to hear, in plain words for the person ("" when nothing waits);
    never a slot's name."""
    if state not in (S.WAITING_FOR_SLOT, S.CONFIRMING):
        return ""
    return WAITING_WORDS.get(pending_slot or "", WAITING_WORDS[""])
