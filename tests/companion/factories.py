"""Shared builders for the companion tests: memories, turns through the real services, a
small graph of Eliza's shape for the runner, and a dialogue fed one message at a time."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import numpy as np

from companion import conversations, selectors, services
from companion.dialogue import Choice, DialogueContext, DialogueManager, DialogueState, DialogueStep
from companion.models import Memory
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import OfflineEngine
from delight.runner import END, ERROR, Graph, Node, NodeContext, TurnState

ENGINE = OfflineEngine()


def remember(user, content, *, tier="personal", engine=ENGINE, **fields):
    fields.setdefault("source", "conversation")
    return services.memory_create(user=user, content=content, tier=tier, engine=engine, **fields)


class RenamedEmbedder(HashingEmbedder):
    name = "hashing-v2"


class RecordingEmbedder(RenamedEmbedder):
    """Records every text it embeds (from any thread); with `fail_at`, that call (1-based)
    raises instead, as a worker dying mid-way would stop."""

    def __init__(self, *, fail_at: int = 0) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.calls = 0
        self.fail_at = fail_at

    def embed(self, texts: list[str]) -> list[list[float]]:
        self.calls += 1
        if self.calls == self.fail_at:
            raise RuntimeError("the worker died mid-way")
        self.texts.extend(texts)
        return super().embed(texts)


def random_memories(user, count: int, *, seed: int) -> list[Memory]:
    """`count` memories with random unit vectors, written in one INSERT."""
    vectors = np.random.default_rng(seed).standard_normal((count, 384))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return Memory.objects.bulk_create(
        Memory(
            user=user,
            tier="personal",
            content=f"Random note {number}",
            embedding=vector,
            embedder=ENGINE.embedder.name,
            source="conversation",
        )
        for number, vector in enumerate(vectors)
    )


def meaning(user, vector, *, limit: int = 40) -> list[tuple[int, float]]:
    return selectors.memory_nearest(
        user_id=user.pk,
        vector=[float(x) for x in vector],
        embedder=ENGINE.embedder.name,
        limit=limit,
    )


def say(user, text: str, session: dict | None = None, **kwargs: Any) -> dict[str, Any]:
    kwargs.setdefault("concurrent_tools", False)  # tool threads cannot see the test transaction
    session_id = session["session_id"] if session else None
    return conversations.message_send(user=user, text=text, session_id=session_id, **kwargs)


class Events(list):
    def __call__(self, kind: str, payload: dict[str, Any]) -> None:
        self.append((kind, payload))

    def kinds(self) -> list[str]:
        return [kind for kind, _ in self]


class SimulatedCrash(BaseException):
    """Stands for the process dying mid-node: not an `Exception`, so no handler catches it."""


@dataclass
class Effects:
    """The injected dependencies: counts of completed side effects, and failure switches."""

    writes: Counter[str] = field(default_factory=Counter)
    attempts: Counter[str] = field(default_factory=Counter)
    crash_once: set[str] = field(default_factory=set)
    sandbox_seen: list[bool] = field(default_factory=list)


def body(name: str):
    """A node that fails on "fail:<name>" in the text and otherwise performs one write."""

    def node(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
        effects: Effects = ctx.deps
        effects.attempts[name] += 1
        effects.sandbox_seen.append(ctx.sandbox)
        if name in effects.crash_once:
            effects.crash_once.discard(name)
            raise SimulatedCrash(name)
        if f"fail:{name}" in state.input.text:
            raise RuntimeError(f"{name} broke")
        if not ctx.sandbox:
            effects.writes[name] += 1
        return {"ran": name, "seen_failure": state.failure}

    return node


def after_input(state: TurnState) -> str:
    return "crisis" if "hurt myself" in state.input.text else "recall_context"


def after_recall(state: TurnState) -> str:
    return "clarify" if "vague" in state.input.text else "reason"


def eliza_graph(*, with_error: bool = True) -> Graph:
    nodes = [
        Node("receive_input", body("receive_input"), router=after_input,
             choices=("crisis", "recall_context")),
        Node("crisis", body("crisis"), next=END),
        Node("recall_context", body("recall_context"), router=after_recall,
             choices=("clarify", "reason"), optional=True),
        Node("clarify", body("clarify"), next="respond"),
        Node("reason", body("reason"), next="respond"),
        Node("respond", body("respond"), next="store_memory"),
        Node("store_memory", body("store_memory"), next=END),
    ]  # fmt: skip
    if with_error:
        nodes.append(Node(ERROR, body(ERROR), next=END))
    return Graph(nodes, start="receive_input")


TODAY = date(2026, 3, 11)  # a Wednesday: the day every dialogue test talks on
OPEN_MISSIONS = DialogueContext(
    missions=(
        Choice(1, "Stretch for 10 minutes"),
        Choice(2, "Write 200 words"),
        Choice(3, "Walk around the block"),
    )
)
ACTIVE_GOALS = DialogueContext(
    goals=(Choice(10, "Run a half marathon"), Choice(11, "Learn Spanish"))
)


def flow_start(
    text: str, flow: str = "create_goal", context: DialogueContext | None = None
) -> DialogueStep:
    """Open `flow` with `text`, as on a first message."""
    return DialogueManager().start(flow, text, today=TODAY, context=context)


def flow_say(step: DialogueStep, text: str, context: DialogueContext | None = None) -> DialogueStep:
    """Send the next message, persisting the state in between as the turn will."""
    stored = DialogueState.from_json(step.dialogue.to_json())
    assert stored == step.dialogue
    return DialogueManager().handle(stored, text, today=TODAY, context=context)


def flow_at_confirmation() -> DialogueStep:
    """A create_goal flow with every slot filled, asking "Shall I set it up?"."""
    step = flow_start("I want to run a half marathon by May for my health")
    return flow_say(step, "because I want to prove I can")
