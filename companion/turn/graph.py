"""The turn's graph, and its answer as the REST body and the WebSocket `reply` event."""

from __future__ import annotations

from typing import Any

from companion.dialogue import DialogueState, waiting_words
from companion.turn.common import FALLBACK_REPLIES
from companion.turn.nodes import (
    after_input,
    after_recall,
    clarify,
    error,
    reason,
    recall_context,
    receive_input,
    respond,
)
from companion.turn.remembering import store_memory
from companion.turn.safety import CLOSED
from companion.turn.safety_nodes import check_in, crisis
from delight.runner import ERROR, Graph, Node, TurnState

REPLY_NODES = ("crisis", "check_in", "respond", "error")
# The nodes in the order they run: a later node's session keys win (session_data).
SESSION_NODES = ("receive_input", "crisis", "check_in", "reason", "respond", "store_memory")


def answer_of(state: TurnState) -> dict[str, Any]:
    """The output of the node that answered the person ({} if none did yet)."""
    return next((state.output(n) for n in REPLY_NODES if state.output(n).get("reply")), {})


def session_data(state: TurnState) -> dict[str, Any]:
    """What this turn leaves for the session's next turns (AgentState.state_data): each
    node's "session" keys, a later node's winning; None removes a key. What the reply did
    is kept too: the next message is read after it ("Not bad for an old man" after her news
    of a streak is pride)."""
    data: dict[str, Any] = {}
    for node in SESSION_NODES:
        data.update(state.output(node).get("session", {}))
    data["reply_act"] = answer_of(state).get("act", "")
    return data


def turn_result(state: TurnState, dialogue: DialogueState) -> dict[str, Any]:
    """The whole answer to a message: the REST body, and the WebSocket `reply` event."""
    received = state.output("receive_input")
    answer = answer_of(state)
    reply = answer.get("reply", "")
    emotion = received.get("emotion")
    intent = received.get("intent")
    safety = received.get("safety", {"level": 0, "reason": ""})
    return {
        "session_id": state.input.session_id,
        "message_id": state.input.message_id,
        "reply": reply or FALLBACK_REPLIES[""],
        "intent": {"label": intent["label"], "confidence": intent["confidence"]}
        if intent
        else None,
        "emotion": {"label": emotion["dominant"], "scores": emotion["scores"]} if emotion else None,
        "crisis": {
            "triggered": "crisis" in state.outputs,
            "level": safety["level"],
            "reason": safety["reason"],
            "resources": state.output("crisis").get("resources", []),
            # The person said they are safe, answering a check-in or the crisis response.
            "resolved": received.get("answer") == CLOSED,
        },
        "strategy": answer.get("strategy", ""),
        # What Eliza's reply does (a greeting, sympathy, a check-in, a mission marked done…).
        "act": answer.get("act", ""),
        "conversation_state": dialogue.state.value,
        "pending_slot": dialogue.pending_slot,
        "waiting_for": waiting_words(dialogue.state, dialogue.pending_slot),
        "trace": [
            {key: entry[key] for key in ("node", "ms", "ok", "note", "error") if key in entry}
            for entry in state.trace
        ],
        "memories_used": [
            memory
            for memory in state.output("recall_context").get("memories", [])
            if memory["id"] in state.output("respond").get("memories_used", [])
        ],
        "tool_outputs": state.output("respond").get("tool_outputs", {}),
        "prompt": state.output("respond").get("prompt"),
    }


def build_graph() -> Graph:
    return Graph(
        [
            Node(
                "receive_input",
                receive_input,
                router=after_input,
                choices=("crisis", "check_in", "recall_context"),
                writes=True,
            ),
            Node("crisis", crisis, next="store_memory", writes=True),
            Node("check_in", check_in, next="store_memory"),
            # These three only read: a resume runs them again rather than a checkpoint each
            # turn (two statements and two encodings of the whole state).
            Node(
                "recall_context",
                recall_context,
                router=after_recall,
                choices=("clarify", "reason"),
                optional=True,
                checkpoint=False,
            ),
            Node("clarify", clarify, next="respond", checkpoint=False),
            Node("reason", reason, next="respond", checkpoint=False),
            Node("respond", respond, next="store_memory", writes=True),
            # A failed memory write must not take back a reply already sent.
            Node("store_memory", store_memory, next="end", optional=True, writes=True),
            Node(ERROR, error, next="end"),
        ],
        start="receive_input",
    )


GRAPH = build_graph()
