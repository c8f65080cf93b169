"""Corrections applied to a flow's draft ("actually make it June", "no i mean the date. its
end of april", "make it read 12 books by december"): which slot a correction changes, and the
change said back. The manager (manager.DialogueManager) is one of these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from companion.dialogue.corrections import correction_target, parse_correction
from companion.dialogue.draft import Draft
from companion.dialogue.states import DialogueStep, Outcome, S

# The pending "slot" after a plain "no" at confirmation: which slot to change.
CHOOSE_FIELD = "_which"
# The pending "slot" of an offer ("Shall we make that a goal?"): yes starts the flow.
OFFERED = "_offer"


class Correcting:
    """Applies corrections; the subclass fills slots (`_fill`)."""

    def _fill(
        self, draft: Draft, raw: Mapping[str, str], *, leave_open: bool = True
    ) -> DialogueStep:
        raise NotImplementedError

    def _correction(self, draft: Draft, text: str) -> tuple[str, str] | None:
        """The slot a correction changes and its new raw value, if `text` is one."""
        correction = parse_correction(text, draft.flow)
        if correction is None:
            return None
        pending = draft.pending if draft.pending not in (CHOOSE_FIELD, OFFERED) else None
        target = correction.slot or correction_target(
            correction, draft.flow, pending=pending, filled=draft.filled, env=draft.slot_env()
        )
        return (target, correction.value) if target else None

    @staticmethod
    def _title_and_date(draft: Draft, value: str) -> dict[str, str]:
        """A correction that says a whole new goal, then its date ("make it read 12 books by
        next december"): both, else {} (a date first, then a reason, is no new title: "mid
        april, march is mad at work")."""
        found = draft.flow.extract(value, draft.slot_env()).values
        wanted = ("title", "target_date")
        both = all(name in found and name in draft.slots for name in wanted)
        both = both and value.strip().lower().startswith(found["title"].lower())
        return {name: found[name] for name in wanted} if both else {}

    def _correct_several(self, draft: Draft, raw: dict[str, str]) -> DialogueStep:
        """Change several slots at once, saying each change."""
        draft.go(S.UNDERSTANDING)
        step = self._fill(draft, raw)
        if step.outcome is Outcome.INVALID:
            return step
        changes = [
            f"the {slot.label or slot.name} is now {slot.display(draft.slots[slot.name])}"
            for slot in draft.flow.slots
            if slot.name in raw
        ]
        return replace(step, reply=joined(f"Got it — {' and '.join(changes)}.", step.reply))

    def _correct(self, draft: Draft, name: str, value: str) -> DialogueStep:
        """Apply a correction through `understanding`.

        1. A named slot without a value ("change the date"): ask that slot again.
        2. Otherwise validate the value for that slot and carry on; the reply says what
           changed before asking the next question or confirming again.
        """
        draft.go(S.UNDERSTANDING)
        slot = draft.flow.slot(name)
        if not value:
            draft.go(S.WAITING_FOR_SLOT)
            draft.pending = name
            return draft.step(Outcome.ASK, slot.prompt)
        step = self._fill(draft, {name: value})
        if step.outcome is Outcome.INVALID:
            return step
        shown = slot.display(draft.slots[name])
        if slot.free_text and name != "title":  # "the reason is now partly health, …"
            shown = shown[:1].lower() + shown[1:]
        note = f"Got it — the {slot.label or slot.name} is now {shown}."
        return replace(step, reply=joined(note, step.reply))


def joined(*parts: str) -> str:
    return " ".join(part for part in parts if part)
