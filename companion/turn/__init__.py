"""Eliza's conversation turn: the nodes, their edges, and what they need.

    receive_input ─┬─ crisis ─────────────────────────────────┐
                   └─ recall_context ─┬─ clarify ─┐           ├─ store_memory ─ end
                                      └─ reason ──┴─ respond ─┘
    (any required node that fails) ─ error ─ end

The runner (runner.py) checkpoints after every node, and a node that writes (`writes=True`)
commits its writes in one transaction with its checkpoint (conversations.py passes
`transaction.atomic`), so a resumed turn never repeats a write. Every node honours
`ctx.sandbox`: in a staff replay it computes everything and writes nothing.

`common.py` holds what the nodes share, `nodes.py` the nodes, `flows.py` the dialogue's part,
`context.py` the prompt's context, `graph.py` the wiring and the turn's answer.
"""

from __future__ import annotations

from companion.turn.common import FALLBACK_REPLIES, NODE_LABELS, TurnDeps, tool_pool
from companion.turn.flows import final_dialogue
from companion.turn.graph import GRAPH, answer_of, turn_result

__all__ = [
    "FALLBACK_REPLIES",
    "GRAPH",
    "NODE_LABELS",
    "TurnDeps",
    "answer_of",
    "final_dialogue",
    "tool_pool",
    "turn_result",
]
