"""What the turn keeps of the message: the facts its one reading found (kept with
receive_input's checkpoint), what a model's reply must respect of them, and store_memory."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.selectors import memories_keyed
from companion.services import memories_touch, memory_create_quietly, profile_learn
from companion.turn.common import TurnDeps, deps_of
from delight.ai.types import ExtractedFact
from delight.runner import NodeContext, TurnState


def store_memory(state: TurnState, ctx: NodeContext) -> dict[str, Any]:
    """Keep what is worth keeping, through the memory services (dedupe and supersede apply).

    1. A crisis turn stores nothing: its content stays out of ordinary memory.
    2. Extract facts from the message; write each as a conversation memory.
    3. Learn the profile (name, occupation, location, interests, communication style).
    4. Mark the memories the reply's prompt carried as accessed.
    """
    deps = deps_of(ctx)
    if "crisis" in state.outputs or "check_in" in state.outputs:
        ctx.note("crisis or check-in turn: nothing stored")
        return {"facts": [], "written": []}
    facts, source = _facts_read(state, deps)
    if "failed" in source:
        ctx.note(f"facts: {source}")
    out: dict[str, Any] = {"facts": [dataclasses.asdict(fact) for fact in facts], "written": []}
    if ctx.sandbox:
        return out

    for fact in facts:
        written = memory_create_quietly(
            user=deps.user, fact=fact, engine=deps.engine, turn_id=deps.turn_id
        )
        out["written"].append(written)
    earlier = state.output("recall_context").get("history", [])
    texts = [m["content"] for m in earlier if m["role"] == "user"] + [state.input.text]
    out["profile"] = profile_learn(user=deps.user, facts=facts, texts=texts)
    used = state.output("respond").get("memories_used", [])
    if used:
        memories_touch(user=deps.user, ids=used)
    return out


def told_for_reply(state: TurnState, deps: TurnDeps) -> tuple[tuple[str, str], ...]:
    """What a model's reply must respect, as (key, content): the keyed facts of this message
    (not memories yet) and, when a model writes the reply, the foods the person cannot eat,
    whatever the reply is about (recall brings them only to a request for advice)."""
    read = state.output("receive_input").get("read_facts") or {}
    told = [(fact["key"], fact["content"]) for fact in read.get("facts", []) if fact["key"]]
    if deps.engine.chat is not None:
        keyed = memories_keyed(user=deps.user)
        told += [(m.key, m.content) for m in keyed if m.key.startswith("food:")]
    return tuple(told)


def _facts_read(state: TurnState, deps: TurnDeps) -> tuple[list[ExtractedFact], str]:
    """The message's facts as the turn's reading found them, and who read them (a turn
    begun before readings were kept reads them now)."""
    read = state.output("receive_input").get("read_facts")
    if read is None:
        return deps.engine.read_facts(state.input.text, today=deps.today)
    facts = [ExtractedFact(**{**fact, "tags": tuple(fact["tags"])}) for fact in read["facts"]]
    return facts, read["source"]
