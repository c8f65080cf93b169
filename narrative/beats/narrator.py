"""The narrator: the agent that writes each passage of a person's story, as an explicit
state machine run by the same runner as Eliza's turn, checkpointed after every node into
the same agent states and checkpoints (agent type "narrator", one session per person), so
a beat cut off by a crash resumes from its last node and staff read it in admin.

    assess → select → generate → validate ─ok→ commit → unlocks → end
                         ↑           │ a model's draft broke the world (up to 3 drafts)
                         └───────────┤
                                     └─ still broken → fallback (offline) → validate

The steps are in narrative.beats.steps; this module only wires them. A node
that fails (or an offline draft that breaks the world) ends in `error`, which lets the beat
go for another try, or gives it up after narrative.beats.services.ATTEMPTS_MAX.
"""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from delight.ai.engine import Engine
from delight.ai.runtime import engine_or_default
from delight.checkpoints import DatabaseCheckpointStore, agent_state_open
from delight.locks import liveness_lock, lock_key
from delight.models import AgentState
from delight.runner import END, ERROR, Graph, Node, NodeContext, Runner, TurnInput, TurnState
from narrative.beats import services as beats
from narrative.beats import steps
from narrative.models import Beat

DRAFTS_MAX = 3  # a model's draft and two regenerations, then the offline generator
NARRATOR_SESSIONS = uuid.UUID("6f0d3c1e-2a4b-4c8d-9e1f-5a7b3c9d2e10")


class DraftBrokeTheWorld(Exception):
    """Even the offline draft breaks an invariant: nothing is committed."""


@dataclass
class NarratorDeps:
    beat: Beat
    engine: Engine
    now: dt.datetime = field(default_factory=timezone.now)


def _deps(ctx: NodeContext) -> NarratorDeps:
    deps: NarratorDeps = ctx.deps
    return deps


def assess(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    deps = _deps(ctx)
    return steps.beat_assess(beat=deps.beat, now=deps.now)


def select(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    return steps.beat_select(beat=_deps(ctx).beat, assessment=state.output("assess"))


def generate(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    feedback = state.output("validate").get("violations", [])
    attempt = state.output("generate").get("attempt", 0) + 1
    if feedback:
        ctx.note(f"draft {attempt}, after {len(feedback)} refusal(s)")
    draft = steps.beat_generate(
        selected=state.output("select"), engine=_deps(ctx).engine, feedback=feedback
    )
    return {**draft, "attempt": attempt}


def fallback(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    ctx.note("the model's drafts broke the world: the offline generator writes it")
    draft = steps.beat_generate(
        selected=state.output("select"), engine=_deps(ctx).engine, offline=True
    )
    return {**draft, "source": f"offline (model drafts refused: {_tries(state)})"}


def _draft(state: TurnState) -> dict[str, Any]:
    return state.output("fallback") or state.output("generate")


def _tries(state: TurnState) -> int:
    return len(state.output("validate").get("log", []))


def validate(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Check the latest draft's world changes; an offline draft that breaks the world is a
    failure (`error`), never a commit."""
    draft = _draft(state)
    violations = steps.beat_validate(
        beat=_deps(ctx).beat, selected=state.output("select"), draft=draft
    )
    log = [
        *state.output("validate").get("log", []),
        {"source": draft["source"], "violations": violations},
    ]
    offline = "fallback" in state.outputs or draft["source"].startswith("offline")
    if violations and offline:
        raise DraftBrokeTheWorld("; ".join(violations))
    if violations:
        ctx.note(f"{len(violations)} violation(s): {violations[0]}")
    return {"violations": violations, "log": log}


def after_validate(state: TurnState) -> str:
    if not state.output("validate")["violations"]:
        return "commit"
    return "generate" if state.output("generate")["attempt"] < DRAFTS_MAX else "fallback"


def commit(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    beat = beats.beat_commit(
        beat_id=_deps(ctx).beat.pk,
        selected=state.output("select"),
        draft=_draft(state),
        validation=state.output("validate")["log"],
    )
    return {"beat": beat.pk, "title": beat.title}


def unlocks(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    return {"unlocked": steps.beat_unlocks(user=_deps(ctx).beat.user)}


def error(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    failure = state.failure or {"node": "?", "error": "unknown"}
    beat = beats.beat_fail(
        beat_id=_deps(ctx).beat.pk, reason=f"{failure['node']}: {failure['error']}"
    )
    return {"status": beat.status}


GRAPH = Graph(
    [
        Node("assess", assess, next="select"),
        Node("select", select, next="generate"),
        Node("generate", generate, next="validate"),
        Node(
            "validate",
            validate,
            router=after_validate,
            choices=("commit", "generate", "fallback"),
        ),
        Node("fallback", fallback, next="validate"),
        Node("commit", commit, next="unlocks", writes=True),
        Node("unlocks", unlocks, next=END, optional=True, writes=True),
        Node(ERROR, error, next=END, writes=True),
    ],
    start="assess",
)


def narrator_state(*, beat: Beat) -> AgentState:
    """The person's narrator agent state (one session for their whole story)."""
    session = uuid.uuid5(NARRATOR_SESSIONS, str(beat.user_id))
    return agent_state_open(
        user=beat.user, session_id=session, agent_type=AgentState.AgentType.NARRATOR
    )


def beat_write(*, beat_id: int, engine: Engine | None = None) -> TurnState | None:
    """Write a pending beat, if this worker can claim it; the pipeline's final state.

    1. Take the beat's liveness lock (delight.locks), held while it is written: a writer
       alive holds it → None, whatever its claim says (a slow model's draft may outlast the
       claim; a second writer would share its checkpoints).
    2. Claim the beat (one statement): written, given up or held by another worker → None.
    3. Resume its run if one was cut off (the narrator's state stopped inside it); otherwise
       start a new run for this try.
    """
    with liveness_lock(lock_key("beat-writer", beat_id)) as ours:
        if not ours:
            return None
        beat = beats.beat_claim(beat_id=beat_id)
        return None if beat is None else _beat_run(beat, engine)


def _beat_run(beat: Beat, engine: Engine | None) -> TurnState:
    agent_state = narrator_state(beat=beat)
    store = DatabaseCheckpointStore(agent_state)
    runner = Runner(GRAPH, store, atomic=transaction.atomic)
    deps = NarratorDeps(beat=beat, engine=engine_or_default(engine))
    cut_off = agent_state.current_turn.startswith(
        f"beat-{beat.pk}."
    ) and agent_state.current_node not in ("", END)
    if cut_off:
        return runner.resume(agent_state.current_turn, deps=deps)
    turn = f"beat-{beat.pk}.{beat.attempts}"
    first = TurnInput(
        user_id=beat.user_id,
        session_id=str(agent_state.session_id),
        message_id=turn,
        text="",
        idempotency_key=turn,
    )
    return runner.run(runner.new_turn(first), deps=deps)
