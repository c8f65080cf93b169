"""The turn's side of the dialogue manager: the state a flow is in, the action a confirmed
flow runs (through a tool), and the words after it. Which flow a message opens is deeds.py's."""

from __future__ import annotations

from typing import Any

from companion.dialogue import (
    ADJUST_GOAL,
    CREATE_GOAL,
    ConversationState,
    DialogueState,
    DialogueStep,
    Outcome,
)
from companion.selectors import agent_state_data
from companion.turn.common import HEAVY, TurnDeps, readable
from delight.ai.offline import grief_in, loss_in
from delight.ai.offline.advice import asks_which_first
from delight.ai.offline.reflection import capitalise
from delight.runner import TurnState
from goals.selectors import HABIT_CHOICE

ACTIVE = (ConversationState.WAITING_FOR_SLOT, ConversationState.CONFIRMING, ConversationState.ERROR)
# The dialogue's actions and the tools that perform them.
FLOW_TOOLS = {
    "create_goal": "goals.create",
    "complete_mission": "missions.complete",
    "complete_habit": "habits.checkin",  # a "mission done" that names one of today's habits
    "adjust_goal": "goals.update",
}

FLOW_DONE = {
    "create_goal": "Done: “{title}” is set up. I'm breaking it into small missions now; "
    "they'll show up on your goals page in a moment.",
    "complete_mission": "Marked “{title}” as done. Nice work!",
    "complete_habit": "Ticked “{title}” for today. Nice work!",
    "adjust_goal": "Updated “{title}”: its {field} is now {value}.",
}
# A new title says itself: not "Updated “Run a 5k”: its title is now Run a 5k".
GOAL_RENAMED = "Done: your goal is now “{title}”."
# A deed told beside a loss or a heavy feeling is marked without a cheer.
FLOW_DONE_QUIET = {
    "complete_mission": "{sorry} I've marked “{title}” as done.",
    "complete_habit": "{sorry} I've ticked “{title}” for today.",
}
SORRY_FOR_LOSS = "I'm so sorry about {who}."
SORRY_HEAVY = "That sounds like a heavy day."


def dialogue_now(deps: TurnDeps) -> DialogueState:
    data = deps.dialogue_at_start
    if data is None:
        data = agent_state_data(user=deps.user, session_id=deps.conversation_id).get("dialogue")
    return DialogueState.from_dict(data) if data else DialogueState()


def step_dict(step: DialogueStep) -> dict[str, Any]:
    return {
        "dialogue": step.dialogue.to_dict(),
        "outcome": step.outcome.value,
        "reply": step.reply,
        "action": list(step.action) if step.action else None,
        "changed": list(step.changed),
        "error": step.error,
        "path": [state.value for state in step.path],
    }


def flow_consumed(received: dict[str, Any]) -> bool:
    flow = received.get("flow")
    return flow is not None and flow["outcome"] not in (Outcome.HANDOFF.value, Outcome.ASIDE.value)


def waiting_reminder(state: TurnState) -> str:
    """After a message said in passing, the question the flow still waits on ("" if none,
    or if the message started another flow)."""
    flow = state.output("receive_input").get("flow")
    if not flow or flow["outcome"] != Outcome.ASIDE.value:
        return ""
    return "" if state.output("reason").get("flow") else flow["reply"]


def dialogue_of(state: TurnState) -> DialogueState:
    received = state.output("receive_input")
    flow = received.get("flow")
    data = flow["dialogue"] if flow else received.get("dialogue_before")
    return DialogueState.from_dict(data) if data else DialogueState()


def flow_act(flow: dict[str, Any]) -> str:
    """What a flow's reply does: marks a mission done, asks which mission was meant, or
    takes a step of setting up or changing a goal."""
    dialogue = flow["dialogue"]
    if dialogue.get("flow") == "complete_mission":
        if flow["outcome"] == Outcome.EXECUTE.value:
            return "mission_done"
        return "clarify_choice" if dialogue.get("pending_slot") == "mission" else "question"
    return "goal_step"


def flow_plan(flow: dict[str, Any]) -> dict[str, Any]:
    plan: dict[str, Any] = {"strategy": "flow", "flow": flow, "tools": [], "act": flow_act(flow)}
    if flow["outcome"] == Outcome.EXECUTE.value and flow["action"]:
        name, slots = flow["action"]
        if name == "complete_mission" and str(slots["mission"]["id"]).startswith(HABIT_CHOICE):
            name = "complete_habit"
            plan["flow"] = flow = {**flow, "action": [name, slots]}
        plan["tools"] = [{"name": FLOW_TOOLS[name], "args": _action_args(name, slots)}]
    return plan


def _action_args(action: str, slots: dict[str, Any]) -> dict[str, Any]:
    if action == "complete_mission":
        return {"mission_id": slots["mission"]["id"], "minutes": slots.get("minutes")}
    if action == "complete_habit":
        return {"habit_id": str(slots["mission"]["id"]).removeprefix(HABIT_CHOICE)}
    if action == "adjust_goal":
        return {
            "goal_id": slots["goal"]["id"],
            "field": slots["field"],
            "new_value": slots["new_value"],
        }
    return dict(slots)


def flow_outcome(
    flow: dict[str, Any],
    outputs: dict[str, Any],
    runs: list[dict[str, Any]],
    *,
    sorry: str = "",
) -> tuple[dict[str, Any], str]:
    """The flow's state and words after its action (if it had one) ran; with `sorry` (a
    loss or a heavy feeling told with the deed) a deed is marked quietly after it."""
    if not flow["action"]:
        return flow, flow["reply"]
    name, slots = flow["action"]
    dialogue = DialogueState.from_dict(flow["dialogue"])
    run = runs[0] if runs else {"ok": False, "error": "not run"}
    if run["ok"]:
        title = _action_title(name, slots, outputs.get(FLOW_TOOLS[name], {}))
        dialogue = dialogue.complete()
        changed = _changed(name, slots)
        words = FLOW_DONE_QUIET.get(name, FLOW_DONE[name]) if sorry else FLOW_DONE[name]
        words = GOAL_RENAMED if changed.get("field") == "title" else words
        done = words.format(title=title, sorry=sorry, **changed)
        text = " ".join(filter(None, [flow["reply"], done]))
    else:
        reason = readable(run["error"] or "")
        dialogue = dialogue.fail(reason)
        text = f"I couldn't do that: {reason}. Say “try again”, or “cancel” to let it go."
    return {**flow, "dialogue": dialogue.to_dict()}, text


def _changed(action: str, slots: dict[str, Any]) -> dict[str, str]:
    """What a change to a goal changed, in words ("target date", "30 April 2027")."""
    if action != "adjust_goal":
        return {}
    field, value = ADJUST_GOAL.slot("field"), ADJUST_GOAL.slot("new_value")
    shown = value.display(slots["new_value"])
    return {"field": field.display(slots["field"]).lower(), "value": shown or "open"}


def _action_title(name: str, slots: dict[str, Any], output: dict[str, Any]) -> str:
    if "goal" in output:
        return output["goal"]["title"]
    if "mission" in output or "habit" in output:
        return (output.get("mission") or output["habit"])["title"]
    return str(slots.get("title", ""))


def final_dialogue(state: TurnState) -> DialogueState:
    """The conversation state after the turn: the latest flow step of this turn, else the
    one before it (a flow finished earlier goes back to idle)."""
    for node in ("respond", "clarify", "reason", "receive_input"):
        flow = state.output(node).get("flow")
        if flow:
            return DialogueState.from_dict(flow["dialogue"])
    before = dialogue_of(state)
    if before.state is ConversationState.COMPLETED:
        return DialogueState(paused=before.paused)
    return before


def sorry_for(text: str, *, scores: dict[str, float], mourning: bool) -> str:
    """Words of sympathy for a message that tells a loss, remembers someone gone, or reads
    as sad (or comes while a loss is fresh); "" for any other."""
    if (loss := loss_in(text)) is not None:
        return SORRY_FOR_LOSS.format(who=loss.who)
    sad = scores.get("sadness", 0.0) >= HEAVY  # fear or anger beside a deed is no sorrow
    return SORRY_HEAVY if grief_in(text) or mourning or sad else ""


# Missions asked for while a new goal waits for its yes: they come from that goal.
MISSIONS_AFTER_YES = (
    "Your missions come from your goal: say yes and I'll set up “{title}” and plan its first "
    "small steps."
)
MISSIONS_AFTER_SETUP = (
    "Your missions come from your goal: once “{title}” is set up, I'll plan its first small steps."
)


def goal_being_set_up(dialogue: DialogueState, text: str, act: str) -> str:
    """Asked for missions or what to start with ("ok so what should i start with") while a
    new goal is still being set up: what it waits for, said about its missions (its yes, or
    the answers still to come); "" when no goal is, or something else is asked."""
    title = str(dialogue.slots.get("title") or "")
    if dialogue.flow != CREATE_GOAL.name or not title:
        return ""
    if act != "missions_question" and not asks_which_first(text):
        return ""
    if dialogue.state is ConversationState.CONFIRMING:
        return MISSIONS_AFTER_YES.format(title=title)
    if dialogue.state is ConversationState.WAITING_FOR_SLOT and dialogue.pending_slot:
        asked = CREATE_GOAL.slot(dialogue.pending_slot).reask  # the question still open
        return f"{MISSIONS_AFTER_SETUP.format(title=title)} {capitalise(asked)}"
    return ""
