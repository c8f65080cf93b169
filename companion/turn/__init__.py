"""Eliza's conversation turn: the nodes, their edges, and what they need.

    receive_input ─┬─ crisis ─────────────────────────────────┐
                   ├─ check_in ───────────────────────────────┤
                   └─ recall_context ─┬─ clarify ─┐           ├─ store_memory ─ end
                                      └─ reason ──┴─ respond ─┘
    (any required node that fails) ─ error ─ end

The runner (runner.py) checkpoints after every node, and a node that writes (`writes=True`)
commits its writes in one transaction with its checkpoint (conversations.py passes
`transaction.atomic`), so a resumed turn never repeats a write. Every node honours
`ctx.sandbox`: in a staff replay it computes everything and writes nothing.

`common.py` holds what the nodes share, `nodes.py` the nodes, `flows.py` the dialogue's part,
`deeds.py` which flow a message opens (the mission a deed names),
`context.py` the prompt's context, `safety.py` how the safety screen is answered (the
crisis response, a check-in), `plan.py` what the reply will do (its act), `tools.py` the
tools the reply reads and running them, `graph.py` the wiring, the turn's answer and what it leaves
for the session's next turns.
"""

from __future__ import annotations

from companion.turn.common import (
    FALLBACK_REPLIES,
    NODE_LABELS,
    TurnDeps,
    embed_ahead,
    tool_pool,
)
from companion.turn.flows import final_dialogue
from companion.turn.graph import GRAPH, answer_of, session_data, turn_result

__all__ = [
    "FALLBACK_REPLIES",
    "GRAPH",
    "NODE_LABELS",
    "TurnDeps",
    "answer_of",
    "embed_ahead",
    "final_dialogue",
    "session_data",
    "tool_pool",
    "turn_result",
]
