"""Eliza's tools: a registry other apps add to, and the companion's own tools.

A tool is a named function of a `ToolCall` (who, what, with which arguments) returning a
JSON-able dict. Tools that write declare `writes=True`: the turn runs them one after the other
inside the node's transaction (so their writes commit with the node's checkpoint and a resumed
turn never repeats them), and never in a sandboxed replay. Read-only tools run concurrently.

Apps register their tools from `AppConfig.ready()` (the goals app registers goals and
missions; narrative, world and progress tools can join the same way).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone


@dataclass(frozen=True)
class ToolCall:
    user: Any
    args: Mapping[str, Any] = field(default_factory=dict)
    now: dt.datetime = field(default_factory=timezone.now)
    # What the turn has already read and nothing has changed since, by name (e.g. "triad"):
    # a read tool may answer from it instead of reading the same rows again.
    known: Mapping[str, Any] = field(default_factory=dict)


ToolFn = Callable[[ToolCall], dict[str, Any]]


@dataclass(frozen=True)
class Tool:
    name: str
    fn: ToolFn
    description: str
    writes: bool = False


class ToolRegistry:
    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool) -> Tool:
        if tool.name in self._tools and self._tools[tool.name].fn is not tool.fn:
            raise ValueError(f"a different tool is already registered as {tool.name!r}")
        self._tools[tool.name] = tool
        return tool

    def tool(
        self, name: str, *, description: str, writes: bool = False
    ) -> Callable[[ToolFn], ToolFn]:
        """Decorator: register a function as the tool `name`."""

        def register(fn: ToolFn) -> ToolFn:
            self.register(Tool(name, fn, description, writes))
            return fn

        return register

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            raise LookupError(f"no tool named {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __iter__(self) -> Iterator[Tool]:
        return iter(sorted(self._tools.values(), key=lambda tool: tool.name))


registry = ToolRegistry()


# --- the companion's own tools ----------------------------------------------------------------


@registry.tool("memory.search", description="Recall what Eliza knows that fits a query.")
def memory_search(call: ToolCall) -> dict[str, Any]:
    from companion.selectors import memory_recall

    found = memory_recall(user=call.user, query=str(call.args["query"]), k=5)
    return {"memories": [{"id": item.memory.pk, "content": item.memory.content} for item in found]}


@registry.tool("emotion.current", description="How the person has been feeling lately.")
def emotion_current(call: ToolCall) -> dict[str, Any]:
    user = call.user
    changed = user.emotion_changed_at
    return {
        "dominant": user.emotion_dominant or "neutral",
        "since": changed.isoformat() if changed else None,
        "scores": user.emotion_scores,
    }
