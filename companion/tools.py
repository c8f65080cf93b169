"""The companion's own tools for Eliza (registered in `CompanionConfig.ready`)."""

from __future__ import annotations

from typing import Any

from companion.selectors import memory_recall
from delight.tools import ToolCall, registry


@registry.tool("memory.search", description="Recall what Eliza knows that fits a query.")
def memory_search(call: ToolCall) -> dict[str, Any]:
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
