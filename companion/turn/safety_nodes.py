"""The safety branch's nodes (companion.turn.graph): the crisis reply for explicit words,
and the check-in for a signal from meaning alone, closed kindly when the person says they
are safe. What each says, and when, is decided in companion.turn.safety."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings

from companion.services import crisis_event_record
from companion.turn.common import TurnDeps, deps_of, emit_text, word_chunks
from companion.turn.flows import dialogue_now
from companion.turn.safety import (
    ASK_AGAIN,
    CHECKIN,
    CHECKIN_AGAIN,
    SOMEONE_ELSE,
    checkin_closed_text,
    checkin_text,
    crisis_text,
    someone_else_text,
)
from delight.runner import NodeContext, TurnState


def crisis(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """A calm reply with this deployment's crisis resources, and an event for staff.

    No coaching, no goal talk, no memory: the crisis content stays out of ordinary memory.
    The next message is read as an answer too: "i'm safe now" closes it (the help lines
    leave the screen), anything else is an ordinary message.
    """
    deps = deps_of(ctx)
    safety = state.output("receive_input")["safety"]
    resources = list(settings.CRISIS_RESOURCES)
    confirmed = safety["level"] < 2  # a "yes" to a check-in
    if not ctx.sandbox:
        crisis_event_record(
            user=deps.user,
            conversation_id=deps.conversation_id,
            turn_id=deps.turn_id,
            level=max(safety["level"], 2),
            reason="said yes to a check-in" if confirmed else safety["reason"],
            matched=list(safety.get("matched", ())),
        )
    reply = emit_text(deps, word_chunks(crisis_text(resources)))
    return {
        "reply": reply,
        "strategy": "crisis",
        "act": "crisis",
        "resources": resources,
        # The next message may say they are safe: read as an answer, like a check-in's.
        "session": {
            "check_in": {"turn": str(deps.turn_id), "basis": "crisis"},
            "safety_asked": deps.now.isoformat(),
            "after_crisis": 0,  # the next turns stay gentle (plan.tempered)
        },
    }


def check_in(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Ask before anything else, close a check-in the person answered "no, I'm safe", or
    help someone worried about another person in danger.

    Asking: a warm, direct question that quotes what they said, the crisis lines in one line;
    nobody is flagged, nothing is stored, and a flow in progress keeps waiting (its
    question follows the closing reply). Closed: thanks, a word for the weight they carry,
    and the flow's question if one waits.
    """
    deps = deps_of(ctx)
    received = state.output("receive_input")
    if received["answer"] == SOMEONE_ELSE:
        text = someone_else_text(list(settings.CRISIS_RESOURCES))
        return {"reply": emit_text(deps, word_chunks(text)), "strategy": "support", "act": "advice"}
    if received["answer"] == ASK_AGAIN:
        asked = {**(received.get("check_in_before") or {}), "again": True}
        reply = emit_text(deps, word_chunks(CHECKIN_AGAIN))
        return {"reply": reply, "strategy": "checkin", "act": "checkin",
                "session": {"check_in": asked}}  # fmt: skip
    if received["answer"] == CHECKIN:
        safety = received["safety"]
        heard = _heard(state.input.text, safety.get("matched", ()))
        text = checkin_text(heard, list(settings.CRISIS_RESOURCES))
        reply = emit_text(deps, word_chunks(text))
        asked = {"turn": str(deps.turn_id), "basis": safety.get("basis", "")}
        return {
            "reply": reply,
            "strategy": "checkin",
            "act": "checkin",
            "session": {"check_in": asked, "safety_asked": deps.now.isoformat()},
        }
    text = checkin_closed_text(state.input.text)
    if reminder := _flow_question(deps):
        text = f"{text} {reminder}"
    reply = emit_text(deps, word_chunks(text))
    closed = {"check_in": None, "safety_closed": deps.now.isoformat()}
    return {"reply": reply, "strategy": "checkin", "act": "listen", "session": closed}


def _heard(text: str, matched: Sequence[str]) -> str:
    """A short part of the message to quote: the whole when short, else the part that read as
    a warning sign."""
    if len(text) <= 60:
        return text
    return next((part for part in reversed(matched) if len(part) <= 60 and part in text), "")


def _flow_question(deps: TurnDeps) -> str:
    return deps.dialogue.reminder(dialogue_now(deps))
