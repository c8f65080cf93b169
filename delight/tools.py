"""Eliza's tools: a registry the apps offer their tools to, and the turn uses.

A tool is a named function of a `ToolCall` (who, what, with which arguments) returning a
JSON-able dict. Tools that write declare `writes=True`: the turn runs them one after the other
inside the node's transaction (so their writes commit with the node's checkpoint and a resumed
turn never repeats them), and never in a sandboxed replay. Read-only tools run concurrently.

The registry lives in the kernel so that an app offers its tools without importing the
companion above it: each app registers its own from `AppConfig.ready()` (companion: memory
and emotion; goals: goals and missions; narrative, world and progress can join the same way).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from delight.models import User


@dataclass(frozen=True)
class ToolCall:
    user: User
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
