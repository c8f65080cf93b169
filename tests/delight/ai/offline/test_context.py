"""Context lines sorted by their prefix."""

from __future__ import annotations

from delight.ai.offline.context import parse_context


def test_context_lines_are_sorted_by_prefix() -> None:
    context = parse_context(
        ["Current goal: Write a novel", "Today's missions: [high] outline; read", "Likes tea"],
        user_name="Ana",
    )
    assert context.goals == ["Write a novel"]
    assert context.missions == ["outline", "read"]
    assert context.memories == ["Likes tea"]
    assert context.name == "Ana"
