"""What every node of the turn uses: its dependencies, token streaming, the tool threads."""

from __future__ import annotations

import contextvars
import datetime as dt
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from companion.dialogue import DialogueManager
from delight.ai.classifiers.safety_semantic import texts_embedded
from delight.ai.engine import Engine
from delight.ai.types import Usage
from delight.database import Role, role_executor
from delight.models import User
from delight.runner import EventSink, NodeContext, no_events
from delight.tools import ToolRegistry, registry

HISTORY_TURNS = 12  # earlier turns given to the reply; offline Eliza repeats none of them
MEMORIES_K = 6
# How strongly a heavy feeling must read to overrule a light reply (the plan; a deed's words).
HEAVY = 0.45
T = TypeVar("T")

# What the chat page shows while Eliza is in a node.
NODE_LABELS = {
    "receive_input": "listening…",
    "crisis": "here with you…",
    "check_in": "here with you…",
    "recall_context": "recalling…",
    "clarify": "thinking…",
    "reason": "thinking…",
    "respond": "writing…",
    "store_memory": "remembering…",
    "error": "recovering…",
}

# Kind replies for when a node fails and the turn cannot go on normally.
FALLBACK_REPLIES = {
    "create_goal": "I'd love to help you set that goal up, but something went wrong on my side. "
    "Could you tell me about it again in a moment?",
    "mission_request": "I couldn't pull up your missions just now. Give me a moment and ask again?",
    "": "I'm sorry, something went wrong on my side and I lost my thread. Could you say "
    "that again?",
}


@dataclass
class TurnDeps:
    """What the nodes use besides the state. `turn_id`/`conversation_id` key their writes."""

    user: User
    engine: Engine
    conversation_id: Any
    turn_id: Any
    now: dt.datetime = field(default_factory=timezone.now)
    emit: EventSink = no_events
    tools: ToolRegistry = registry
    dialogue: DialogueManager = field(default_factory=DialogueManager)
    # Recall and read tools run in the tool threads (which see committed rows only).
    concurrent_tools: bool = True
    token_budget: int = 0  # 0: settings.ELIZA_CONTEXT_TOKENS
    # The model calls made so far in this turn (filled by delight.ai.runtime.usage_collected).
    usage: list[Usage] = field(default_factory=list)
    # The session's conversation state when the turn began (None: read it when needed).
    dialogue_at_start: dict[str, Any] | None = None
    # What the session keeps between turns (AgentState.state_data) when the turn began: a
    # check-in waiting for its answer, Eliza's last action, ...
    session_at_start: dict[str, Any] = field(default_factory=dict)
    # Reads of this turn that read tools may reuse (ToolCall.known): today's triad, the goals.
    reads: dict[str, Any] = field(default_factory=dict)

    @property
    def today(self) -> dt.date:
        return self.user.local_day(self.now)

    @property
    def budget(self) -> int:
        return self.token_budget or settings.ELIZA_CONTEXT_TOKENS


def deps_of(ctx: NodeContext) -> TurnDeps:
    return ctx.deps


def emit_text(deps: TurnDeps, chunks: Iterable[str]) -> str:
    """Send each chunk as a `token` event and return the whole text."""
    parts = []
    for chunk in chunks:
        if chunk:
            parts.append(chunk)
            deps.emit("token", {"text": chunk})
    return "".join(parts).strip()


def word_chunks(text: str) -> Iterator[str]:
    yield from re.findall(r"\S+\s*", text)


def noted(ctx: NodeContext, what: str, result: Any) -> Any:
    """Pass a classifier's result through, noting in the trace when the model failed and the
    offline classifier decided instead."""
    if "failed" in result.source:
        ctx.note(f"{what}: {result.source}")
    return result


def beside(deps: TurnDeps, read: Callable[[], T]) -> Callable[[], T]:
    """Start a read in a tool thread and return what waits for its result, so this thread
    can work meanwhile; the read itself (run when asked) when the turn's reads must see its
    own transaction."""
    if not deps.concurrent_tools:
        return read
    return tool_pool().submit(in_tool_thread(read)).result


def embed_ahead(*, engine: Engine, text: str) -> Future[list[list[float]]] | None:
    """Start embedding a message in a tool thread, so the vectors its turn asks for first
    (the safety screen's batch: safety_semantic.texts_embedded) are made while the turn
    keeps the message and reads its session (an in-process embedder releases the GIL while
    it runs). The turn's own ask waits for that run instead of embedding twice, and embeds
    itself should it fail. A remote embedder is left to the turn, within its model budget."""
    embedder = engine.embedder
    if not embedder.in_process:
        return None
    return tool_pool().submit(embedder.embed_cached, texts_embedded(text, embedder))


@functools.cache
def tool_pool() -> ThreadPoolExecutor:
    """The process's tool threads. Long-lived, and their connections come from a pool of
    their own, one each (delight.database), so a burst of requests can never take the
    connections the tools of those very requests need."""
    return role_executor(Role.TOOLS, workers=settings.ELIZA_TOOL_WORKERS, name="eliza-tool")


def in_tool_thread(call: Callable[[], Any]) -> Callable[[], Any]:
    """Like a request: give back (to the tool threads' pool) or drop the thread's connection
    before and after. The call runs in a copy of the turn's context, so its model calls
    (recall embeds the message) keep to the turn's model budget and count in its usage."""
    context = contextvars.copy_context()

    def run() -> Any:
        close_old_connections()
        try:
            return context.run(call)
        finally:
            close_old_connections()

    return run


def readable(error: str) -> str:
    """A tool error as words for the person ("ValidationError: ['x']" → "x")."""
    message = error.split(": ", 1)[-1]
    return re.sub(r"^[\[{]?['\"]?|['\"]?[\]}]?$", "", message).strip() or "something went wrong"
