"""The tools a turn's reply reads, and running them: what the planned reply needs to know
beyond what its strategy reads, read concurrently when there are several."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from companion.turn.common import TurnDeps, in_tool_thread, tool_pool
from delight.ai.offline import (
    JOYFUL,
    VERY_SAD,
    asks_about_story,
    asks_about_streak,
    asks_about_world,
)
from delight.runner import ToolOutcome, TurnState, run_concurrently, timed
from delight.tools import ToolCall

# What each planned reply needs to know, beyond what its strategy reads.
ACT_TOOLS = {
    "progress": ("progress.streaks", "progress.dci"),
    "kindness": ("progress.streaks", "progress.summary"),
    "story": ("narrative.story",),
    "world": ("world.zones",),
    "missions": ("missions.suggest", "world.zones", "habits.list"),
}


def tools_for(
    state: TurnState, context: dict[str, Any], intent: dict[str, Any], strategy: str, act: str
) -> list[dict[str, Any]]:
    """The tools the reply reads (seed 000's tool selection, then the act's own)."""
    received = state.output("receive_input")
    dominant = (received.get("emotion") or {}).get("dominant", "neutral")
    tools: list[dict[str, Any]] = []
    world = context.get("world") or {}
    if intent.get("label") == "mission_request" or strategy == "calm":
        args = {"energy": "low"} if strategy == "calm" else {}
        if world.get("closed_categories"):
            args["avoid_categories"] = world["closed_categories"]
        tools.append({"name": "missions.suggest", "args": args})
    names = [zone["name"] for zone in world.get("zones", [])]
    if intent.get("label") == "mission_request" or asks_about_world(state.input.text, names):
        tools.append({"name": "world.zones", "args": {}})
    sadness = (received.get("emotion") or {}).get("scores", {}).get("sadness", 0)
    if asks_about_streak(state.input.text) or sadness > VERY_SAD:  # very sad: show progress
        tools.append({"name": "progress.streaks", "args": {}})
        tools.append({"name": "progress.dci", "args": {}})
    joy = (received.get("emotion") or {}).get("scores", {}).get("joy", 0)
    if asks_about_story(state.input.text) or joy > JOYFUL:  # very happy: celebrate with the story
        tools.append({"name": "narrative.story", "args": {}})
    if intent.get("label") == "goal_discussion" or strategy == "acknowledge" or context.get("goal"):
        tools.append({"name": "progress.summary", "args": {}})
    if dominant != "neutral":
        tools.append({"name": "emotion.current", "args": {}})
    tools += [{"name": name, "args": {}} for name in ACT_TOOLS.get(act, ())]
    if act == "sympathy" and intent.get("label") != "goal_discussion":
        # A loss or bad news is met first: no goal progress in the reply.
        tools = [t for t in tools if t["name"] != "progress.summary"]
    return _unique(tools)


def _unique(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    return [t for t in tools if not (t["name"] in seen or seen.add(t["name"]))]


def run_tools(
    deps: TurnDeps, planned: list[dict[str, Any]], *, sandbox: bool
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the planned tools; return each successful tool's output and every run's record."""
    outputs: dict[str, Any] = {}
    runs: list[dict[str, Any]] = []

    def record(name: str, outcome: ToolOutcome[Any]) -> None:
        runs.append({"name": name, "ok": outcome.ok, "error": outcome.error, "ms": outcome.ms})
        if outcome.ok:
            outputs[name] = outcome.value
        deps.emit("tool", {"name": name, **outcome.to_dict()})

    reads: dict[str, Callable[[], Any]] = {}
    writing = any(
        deps.tools.get(item["name"]).writes for item in planned if item["name"] in deps.tools
    )
    known = {} if writing else deps.reads  # a write may change what the turn read
    for item in planned:
        name = item["name"]
        if name not in deps.tools:
            record(name, ToolOutcome(False, None, "unknown tool", 0.0))
            continue
        tool = deps.tools.get(name)
        call = ToolCall(user=deps.user, args=item.get("args", {}), now=deps.now, known=known)
        if not tool.writes:
            reads[name] = functools.partial(tool.fn, call)
        elif sandbox:
            record(name, ToolOutcome(False, None, "sandbox: not run", 0.0))
        else:
            record(name, timed(functools.partial(tool.fn, call)))
    if deps.concurrent_tools and len(reads) > 1:
        concurrent = {name: in_tool_thread(call) for name, call in reads.items()}
        for name, outcome in run_concurrently(concurrent, executor=tool_pool()).items():
            record(name, outcome)
    else:
        for name, call in reads.items():
            record(name, timed(call))
    return outputs, runs
