"""The dialogue manager: where a conversation is, and one message's move through a flow.

The `DialogueManager` is a pure function of (dialogue state, message): while a slot is
pending the reply maps straight to it, unless the person cancels, corrects an earlier answer
or asks for something else. It never performs the action: it hands `(action_name, slots)` to
the caller. Every move goes through the transition matrix (companion.dialogue.states).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date

from companion.dialogue.asked_why import (
    ANSWERS_WHY,
    WHY,
    area_said,
    clearer_aim,
    no_reason,
    retitled,
)
from companion.dialogue.choices import Choice, best_choice, offered_title, offered_titles
from companion.dialogue.correcting import CHOOSE_FIELD, OFFERED, Correcting, joined
from companion.dialogue.corrections import (
    bare_correction,
    parse_correction,
    restated_date,
)
from companion.dialogue.cues import aim_in, is_aside, is_question, tells_a_reason, wished_aim
from companion.dialogue.dates import find_date
from companion.dialogue.draft import Draft, waiting_step
from companion.dialogue.flows import FLOWS, Flow, Slot
from companion.dialogue.parsing import (
    DialogueContext,
    SlotEnv,
    SlotError,
    is_cancel,
    is_handoff,
    is_no,
    is_retry,
    is_skip,
    is_undo,
    is_yes,
    leads_with_no,
    signs_off,
    skip_led,
)
from companion.dialogue.phrases import (
    AS_A_GOAL,
    ASKS_FIRST,
    BACK_TO_FLOW,
    CANCELLED,
    CHOOSE_TWO,
    CONFIRM_AGAIN,
    GIVES_A_REASON,
    HABIT_INSTEAD,
    OFFER,
    OFFER_DECLINED,
    REMARK,
)
from companion.dialogue.states import (
    DialogueState,
    DialogueStep,
    Outcome,
    S,
)
from delight.ai.offline.reflection import capitalise
from delight.runner import IllegalTransition

# Messages in a row said past a flow's question before the flow is set aside (the person can
# pick it up again: "where were we?"), and answers an optional slot refuses before it is
# left open.
STRAY_LIMIT = 3
OPTIONAL_TRIES = 2
LEFT_OPEN = "Let's leave that open for now."


# --- the manager ------------------------------------------------------------------------------


class DialogueManager(Correcting):
    def __init__(self, flows: Mapping[str, Flow] = FLOWS) -> None:
        self.flows = flows

    def start(
        self,
        flow_name: str,
        text: str,
        *,
        today: date,
        context: DialogueContext | None = None,
        dialogue: DialogueState | None = None,
    ) -> DialogueStep:
        """Start `flow_name`, pre-filling every slot the opening message already answers.

        1. Move to `understanding` (from idle, a finished flow, an error or an abandoned one).
        2. Extract slot values from the opening message and validate them; one of a slot
           never asked for that it cannot take is let go ("ugh couldnt sleep, slept like 4
           hours": the hours are the night's, not a mission's minutes to argue about).
        3. Ask for the first missing slot, or confirm when nothing is missing.
        """
        flow = self.flows[flow_name]
        current = dialogue or DialogueState()
        draft = Draft(flow, current.state, SlotEnv(today, context or DialogueContext()), {}, [])
        if draft.state is S.COMPLETED:
            draft.go(S.IDLE)
        draft.go(S.UNDERSTANDING)
        step = self._fill(draft, draft.takeable(flow.extract(text, draft.env).values))
        step = self._assume_only_choice(draft, step)
        ready = step.outcome not in (Outcome.INVALID, Outcome.EXECUTE)
        if flow.direct and ready and flow.required_in(draft.slots):
            return self._execute_now(draft)
        return step

    def offer(
        self,
        flow_name: str,
        text: str,
        *,
        today: date,
        dialogue: DialogueState | None = None,
    ) -> DialogueStep:
        """Offer to make a wish ("I want to learn Spanish") a goal; yes starts the flow
        with the title filled, anything else lets it go."""
        flow = self.flows[flow_name]
        current = dialogue or DialogueState()
        draft = Draft(flow, current.state, SlotEnv(today), {}, [])
        if draft.state is S.COMPLETED:
            draft.go(S.IDLE)
        draft.go(S.UNDERSTANDING, S.WAITING_FOR_SLOT)
        title = flow.slot("title").read(wished_aim(text) or text, draft.env)
        draft.put("title", title)
        draft.pending = OFFERED
        return draft.step(Outcome.ASK, OFFER.format(title=title))

    def handle(
        self,
        dialogue: DialogueState,
        text: str,
        *,
        today: date,
        context: DialogueContext | None = None,
        elsewhere: bool = False,
    ) -> DialogueStep:
        """Take one message within the active flow; a pure function of (state, text).

        `elsewhere`: the message plainly does something else (a goodbye, a question about
        the story…, read by the turn): it is answered as said in passing and the flow waits.

        1. Nothing active (idle, completed): hand off to the normal turn.
        2. Waiting for a slot: cancel, hand off, correct an earlier slot, or map the reply
           straight to the pending slot (plus any other slot it clearly fills).
        3. Confirming: cancel, hand off, correct, yes → execute, no → ask what to change.
        4. Error: retry the action, cancel, or hand off.
        """
        if dialogue.state in (S.IDLE, S.COMPLETED):
            return self._nothing_active(dialogue)
        if dialogue.flow is None:
            raise IllegalTransition(f"{dialogue.state} without a flow")
        draft = Draft(
            self.flows[dialogue.flow],
            dialogue.state,
            SlotEnv(today, context or DialogueContext()),
            dict(dialogue.slots),
            list(dialogue.filled),
            dialogue.pending_slot,
            offered=dialogue.offered,
            strays=dialogue.strays,
        )
        if (
            elsewhere
            and draft.state is S.WAITING_FOR_SLOT
            and draft.pending in (draft.flow.slot_names())
        ):
            return self._aside(draft, draft.flow.slot(draft.pending or ""))
        if elsewhere and draft.state is S.CONFIRMING:
            return self._confirm_aside(draft)
        if draft.state is S.WAITING_FOR_SLOT:
            return self._on_slot_reply(draft, text)
        if draft.state is S.CONFIRMING:
            return self._on_confirmation(draft, text)
        if draft.state is S.ERROR:
            return self._on_error(draft, text)
        raise IllegalTransition(f"no message can be handled while {dialogue.state}")

    def resume(
        self, dialogue: DialogueState, *, today: date, context: DialogueContext | None = None
    ) -> DialogueStep:
        """Pick a paused flow back up where it was set aside."""
        if not dialogue.paused:
            raise IllegalTransition("there is no paused flow to resume")
        paused = dialogue.paused
        draft = Draft(
            self.flows[paused["flow"]],
            dialogue.state,
            SlotEnv(today, context or DialogueContext()),
            dict(paused["slots"]),
            list(paused["filled"]),
        )
        if draft.state is S.COMPLETED:
            draft.go(S.IDLE)
        draft.go(S.UNDERSTANDING)
        return self._advance(draft)

    def reminder(self, dialogue: DialogueState) -> str:
        """The question a waiting flow still has open, as said after something else ("" when
        no flow waits): "(When you're ready: why does it matter to you?)"."""
        if dialogue.flow is None or dialogue.state not in (S.WAITING_FOR_SLOT, S.CONFIRMING):
            return ""
        flow = self.flows[dialogue.flow]
        if dialogue.state is S.CONFIRMING or dialogue.pending_slot not in flow.slot_names():
            title = dialogue.slots.get("title")
            question = CONFIRM_AGAIN.format(what=f"“{title}”" if title else "it")
        else:
            reask = flow.slot(dialogue.pending_slot).reask
            question = reask[:1].upper() + reask[1:]
        return BACK_TO_FLOW.format(question=question)

    # -- per state --

    def _nothing_active(self, dialogue: DialogueState) -> DialogueStep:
        if dialogue.state is S.COMPLETED:
            idle = DialogueState(paused=dialogue.paused)
            return DialogueStep(idle, Outcome.HANDOFF, path=(S.IDLE,))
        return DialogueStep(dialogue, Outcome.HANDOFF)

    def _on_slot_reply(self, draft: Draft, text: str) -> DialogueStep:
        """A reply while a slot is pending.

        1. Cancel or a request for something else: let the flow go / set it aside.
        2. An offer or a "which one to change" question has its own answers.
        3. A correction of a structured slot ("actually make it June") applies first.
        4. A question or a remark in passing is answered by the turn; the flow waits.
        5. Asked which mission, a reply that names none of them is something else: the turn
           answers it and the flow is set aside.
        6. Otherwise the reply is the pending slot's answer (plus any slot it also fills);
           a long message that a structured slot refuses is taken as said in passing.
        """
        if interruption := self._interruption(draft, text):
            return interruption
        if draft.pending == CHOOSE_FIELD:
            return self._on_field_choice(draft, text)
        if draft.pending == OFFERED:
            return self._on_offer(draft, text)
        pending = draft.flow.slot(draft.pending or "")
        text = offered_title(text, draft.offered) or text
        draft.offered = ()
        if draft.asks_a_title() and HABIT_INSTEAD.search(text):
            return self._handoff(draft)  # "can u make “study 2 pomodoros a day” a habit"
        if pending.name == "mission" and draft.tells_no_mission(text):
            if question := draft.count_which(text) or draft.which_again(text):
                # "does that count"; "it was the alarm one": none is
                return draft.step(Outcome.ASK, question)
            return self._handoff(draft)  # "ok", "night": not which mission, something else
        if pending.name != WHY and ANSWERS_WHY.match(text) and draft.flow.has_slot(WHY):
            return self._correct(draft, WHY, text)  # "why... idk. partly health, my mum…"
        if pending.name == WHY and no_reason(text):
            return self._aside(draft, pending)  # "did the water thing": news, then why again
        if pending.name == WHY and (aim := clearer_aim(draft.slots.get("title", ""), text)):
            return self._retitle(draft, aim, text)  # "cut down on the beer. im having 6 a night"
        if pending.name == WHY and (
            area := area_said(draft.flow, draft.slots, draft.slot_env(), text)
        ):
            # "craft i guess" asked why: the area of life, said early; why is asked again.
            draft.go(S.VALIDATING_SLOT)
            draft.put(area.name, area.read(text, draft.slot_env()))
            return self._advance(draft)
        led = skip_led(text) if pending.name == "target_date" else ""
        if led and not find_date(text[len(led) :]):
            text = led  # "no date, just want to start": the skip; the rest said in passing
        # A skip ("no deadline") is an answer, even though it may look like a correction.
        correction = None if is_skip(text) else self._correction(draft, text)
        if correction and not draft.flow.slot(correction[0]).free_text:
            return self._correct(draft, *correction)
        if is_aside(text, free_text=draft.asks_a_title()) and not self._answers_anyway(
            pending, text, draft
        ):
            return self._aside(draft, pending)
        if correction:
            return self._correct(draft, *correction)
        draft.go(S.VALIDATING_SLOT)
        # Something said in passing is no refusal of the slot: it never leaves it open.
        chatty = not pending.free_text and _chatty(text)
        step = self._fill(draft, self._gather(draft, text), leave_open=not chatty)
        if step.outcome is Outcome.INVALID and chatty:
            return self._aside(draft, pending, counted=True)
        return step

    def _on_offer(self, draft: Draft, text: str) -> DialogueStep:
        """Yes starts the flow; an answer that says more of the goal (a clearer aim, a date,
        a reason: "like maybe just be able to run 5k, by march") starts it with what it
        says; no, or anything else, lets it go."""
        if is_yes(text) or AS_A_GOAL.match(text):
            draft.go(S.UNDERSTANDING)
            return self._advance(draft)
        if ANSWERS_WHY.match(text):
            # "bc im exhausted… i snapped at dev yesterday": all reason, no date in it
            draft.go(S.VALIDATING_SLOT)
            return self._fill(draft, {"why": text})
        found = draft.flow.extract(text, draft.env).values
        aim = aim_in(text)
        if aim or "target_date" in found or "why" in found:
            raw = {name: value for name, value in found.items() if name != "title"}
            if aim:
                raw["title"] = aim_in(found.get("title", "")) or aim
            draft.go(S.VALIDATING_SLOT)
            return self._fill(draft, raw)
        # "maybe not now. too much going on", "skip that", "idk really", "forget it"
        declined = is_no(text) or leads_with_no(text) or is_skip(text) or is_cancel(text)
        if not declined and tells_a_reason(text):
            draft.go(S.VALIDATING_SLOT)
            return self._fill(draft, {"why": text})
        if declined:
            draft.go(S.UNDERSTANDING, S.IDLE)
            return DialogueStep(
                DialogueState(), Outcome.CANCELLED, OFFER_DECLINED, path=tuple(draft.path)
            )
        draft.go(S.UNDERSTANDING, S.IDLE)
        return DialogueStep(DialogueState(), Outcome.HANDOFF, path=tuple(draft.path))

    @staticmethod
    def _answers_anyway(pending: Slot, text: str, draft: Draft) -> bool:
        """A structured answer with a question after it ("maybe end of march? is that
        realistic") is an answer; a remark in passing is not, whatever date it says ("lol
        my dog is being so weird today")."""
        return (
            not pending.free_text
            and is_question(text)
            and not REMARK.match(text)
            and not ASKS_FIRST.match(text)
            and pending.accepts(text, draft.slot_env())
        )

    def _aside(self, draft: Draft, pending: Slot, *, counted: bool = False) -> DialogueStep:
        """Leave the flow as it was; the reply reminds of the question still open. After
        STRAY_LIMIT such messages in a row the flow is set aside, to resume later.
        (`counted`: the slot already counted this message, refusing it.)"""
        draft.strays += 0 if counted else 1
        if draft.strays >= STRAY_LIMIT:
            return self._handoff(draft)
        question = capitalise(pending.reask)
        return waiting_step(draft, S.WAITING_FOR_SLOT, question, pending=pending.name)

    def _on_confirmation(self, draft: Draft, text: str) -> DialogueStep:
        if interruption := self._interruption(draft, text):
            return interruption
        bare = bare_correction(draft.flow, draft.slots, draft.slot_env(), text)
        restated = restated_date(draft.flow, draft.slots, draft.slot_env(), text)
        again = ("target_date", restated) if restated else None
        # "no i mean the date. its end of april not may": the date, not a title "the date"
        if correction := again or self._correction(draft, text) or bare:
            if several := self._title_and_date(draft, correction[1]):
                return self._correct_several(draft, several)
            return self._correct(draft, *correction)
        if is_yes(text):
            return self._execute(draft)
        if is_no(text):
            draft.go(S.UNDERSTANDING, S.WAITING_FOR_SLOT)
            if asked := draft.flow.asked_again:  # "no" to a goal's change: its new value
                draft.pending = asked
                return draft.step(Outcome.ASK, capitalise(draft.flow.slot(asked).reask))
            draft.pending = CHOOSE_FIELD
            return draft.step(Outcome.ASK, f"What should I change: {draft.flow.field_list()}?")
        if "why" in draft.flow.slot_names() and GIVES_A_REASON.match(text):
            # "because my grandchildren should know where they come from": the reason, again.
            return self._correct(draft, "why", text)
        if is_aside(text, free_text=True) or _chatty(text):
            return self._confirm_aside(draft)
        reply = f"{draft.flow.summary(draft.slots)} (Say yes, or tell me what to change.)"
        return draft.step(Outcome.CONFIRM, reply)

    def _confirm_aside(self, draft: Draft) -> DialogueStep:
        """Something said in passing while a yes is awaited: the turn answers it and the flow
        keeps waiting, asking again in a word instead of repeating the whole summary."""
        draft.strays += 1
        if draft.strays >= STRAY_LIMIT:
            return self._handoff(draft)
        title = draft.slots.get("title")
        what = f"“{title}”" if title else "it"
        return waiting_step(draft, S.CONFIRMING, CONFIRM_AGAIN.format(what=what))

    def _on_field_choice(self, draft: Draft, text: str) -> DialogueStep:
        if is_yes(text):
            draft.go(S.UNDERSTANDING)
            return self._execute(draft)
        correction = parse_correction(text, draft.flow, need_cue=False)
        if correction is None or correction.slot is None:
            return draft.step(Outcome.ASK, f"Which one: {draft.flow.field_list()}?")
        return self._correct(draft, correction.slot, correction.value)

    def _on_error(self, draft: Draft, text: str) -> DialogueStep:
        if is_cancel(text):
            return self._cancel(draft)
        if is_retry(text):
            draft.go(S.UNDERSTANDING)
            return self._execute(draft)
        return self._handoff(draft)

    # -- moves --

    def _interruption(self, draft: Draft, text: str) -> DialogueStep | None:
        # "Wait, I didn't do that yet" while a mission is being marked: nothing to mark.
        # ("wait no i did the loop one not that, undo", asked which of two: the loop one.)
        undone = draft.flow.name == "complete_mission" and is_undo(text)
        named = best_choice(text, [Choice(n, t) for n, t in enumerate(draft.offered)])
        if is_cancel(text) or (undone and named is None):
            return self._cancel(draft)
        if is_handoff(text) or signs_off(text):
            # Leaving for now ("thanks eliza. good night") answers nothing: the flow waits.
            return self._handoff(draft)
        return None

    def _cancel(self, draft: Draft) -> DialogueStep:
        route = {
            S.WAITING_FOR_SLOT: (S.UNDERSTANDING, S.IDLE),
            S.CONFIRMING: (S.COMPLETED, S.IDLE),
            S.ERROR: (S.IDLE,),
        }
        draft.go(*route[draft.state])
        return DialogueStep(DialogueState(), Outcome.CANCELLED, CANCELLED, path=tuple(draft.path))

    def _handoff(self, draft: Draft) -> DialogueStep:
        draft.go(*((S.IDLE,) if draft.state is S.ERROR else (S.UNDERSTANDING, S.IDLE)))
        if draft.flow.name == "complete_mission" and draft.pending == "mission":
            # "Which one was it?" left unanswered is not taken up again later (after "where
            # were we", or in a goodbye): the person who moved on says it again if it counts.
            return DialogueStep(DialogueState(), Outcome.HANDOFF, path=tuple(draft.path))
        paused = {"flow": draft.flow.name, "slots": draft.slots, "filled": draft.filled}
        return DialogueStep(DialogueState(paused=paused), Outcome.HANDOFF, path=tuple(draft.path))

    def _execute_now(self, draft: Draft) -> DialogueStep:
        """Act on an opening message that said everything needed; optional slots it did not
        mention stay empty, and the reply carries what was assumed."""
        for slot in draft.flow.slots:
            draft.slots.setdefault(slot.name, None)
        if draft.state is S.WAITING_FOR_SLOT:
            draft.go(S.UNDERSTANDING)
        return replace(self._execute(draft), reply=" ".join(draft.notes))

    def _execute(self, draft: Draft) -> DialogueStep:
        draft.go(S.EXECUTING_ACTION)
        draft.pending = None
        action = (draft.flow.action_name, dict(draft.slots))
        return draft.step(Outcome.EXECUTE, action=action)

    def _gather(self, draft: Draft, text: str) -> dict[str, str]:
        """The raw texts this reply gives: the pending slot, and any still-empty slot the
        message clearly fills too ("run a marathon by May" while the title is asked)."""
        pending = draft.flow.slot(draft.pending or "")
        found = draft.flow.extract(text, draft.env)
        raw = {
            name: value
            for name, value in found.values.items()
            if name != pending.name and name not in draft.slots
        }
        if pending.free_text and not raw:
            raw[pending.name] = text  # nothing else in it: the whole reply is the answer
        elif pending.name in found.values:
            raw[pending.name] = found.values[pending.name]
        elif pending.free_text:
            raw[pending.name] = found.rest
        else:
            raw[pending.name] = text
        return raw

    def _fill(
        self, draft: Draft, raw: Mapping[str, str], *, leave_open: bool = True
    ) -> DialogueStep:
        """Validate raw slot texts in flow order, keeping every valid one; re-ask the first
        refused one with its reason (an optional one refused again is left open, when
        `leave_open`), otherwise move on to the next missing slot or confirm."""
        refusals: list[tuple[Slot, SlotError]] = []
        for slot in draft.flow.slots:
            if slot.name not in raw:
                continue
            try:
                draft.put(slot.name, slot.read(raw[slot.name], draft.slot_env()))
            except SlotError as refused:
                refusals.append((slot, refused))
        if not refusals:
            return self._advance(draft)
        slot, refused = refusals[0]
        draft.strays += 1
        if (
            leave_open
            and not slot.required
            and draft.strays >= OPTIONAL_TRIES
            and slot.name == draft.pending
        ):
            # A second answer an optional slot cannot take: leave it open and go on.
            draft.put(slot.name, None)
            step = self._advance(draft)
            return replace(step, reply=joined(LEFT_OPEN, step.reply))
        draft.go(S.WAITING_FOR_SLOT)
        draft.pending = slot.name
        draft.offered = offered_titles(refused.reason)
        # A reason that is itself a question ("Do you mean “A” or “B”?") asks on its own.
        reply = (
            refused.reason if refused.reason.endswith("?") else f"{refused.reason} — {slot.reask}"
        )
        return draft.step(Outcome.INVALID, reply, error=refused.reason)

    def _advance(self, draft: Draft) -> DialogueStep:
        missing = draft.flow.next_missing(draft.slots)
        # All it needs: act, the rest stays unsaid; a flow that never asks for more (a
        # mission done, its minutes said) acts without a summary to confirm.
        complete = missing is None or not missing.required
        if complete and not draft.flow.asks_optional:
            return self._execute_now(draft)
        if missing is not None and missing.guess and (guessed := missing.guess(draft.slots)):
            draft.put(missing.name, guessed)
            return self._advance(draft)
        if missing is None:
            draft.go(S.EXECUTING_ACTION, S.CONFIRMING)
            draft.pending = None
            return draft.step(Outcome.CONFIRM, draft.flow.summary(draft.slots))
        if draft.state is S.VALIDATING_SLOT:
            draft.go(S.UNDERSTANDING)
        draft.go(S.WAITING_FOR_SLOT)
        draft.pending = missing.name
        two = draft.env.context.missions if missing.name == "mission" else ()
        if len(two) == 2:  # the two a deed may be: asked by name, "the first one" understood
            draft.offered = (two[0].title, two[1].title)
            return draft.step(Outcome.ASK, CHOOSE_TWO.format(*draft.offered))
        return draft.step(Outcome.ASK, missing.prompt)

    def _assume_only_choice(self, draft: Draft, step: DialogueStep) -> DialogueStep:
        """With a single goal to choose from, take it, and say so. (A mission is never
        assumed: marking the wrong one done would be worse than asking.)"""
        if step.outcome is not Outcome.ASK or draft.pending != "goal":
            return step
        choices: tuple[Choice, ...] = draft.env.context.goals
        if len(choices) != 1:
            return step
        only = choices[0]
        note = f"You have one goal, “{only.title}”, so I've taken it that's the one."
        draft.notes.append(note)
        draft.put(draft.pending, {"id": only.id, "title": only.title})
        draft.go(S.UNDERSTANDING)
        step = self._advance(draft)
        return replace(step, reply=joined(note, step.reply))

    def _retitle(self, draft: Draft, aim: str, text: str) -> DialogueStep:
        """Asked why, the person first says what the goal really is: the aim becomes the
        title, and what follows it, when it says anything, is the reason. Asked why again, the
        new title is said back, so the same question does not read as unheard."""
        draft.go(S.VALIDATING_SLOT)
        step = self._fill(draft, retitled(aim, text))
        if draft.pending != WHY:
            return step
        return replace(step, reply=joined(f"“{draft.slots['title']}” it is.", step.reply))


def _chatty(text: str) -> bool:
    """Long enough to be something said in passing rather than a short answer."""
    return len(text.split()) >= 5
