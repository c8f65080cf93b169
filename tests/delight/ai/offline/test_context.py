"""Context lines sorted by their prefix."""

from __future__ import annotations

from delight.ai.engine import context_lines
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


def test_a_keyed_memory_line_keeps_its_key() -> None:
    lines = context_lines(
        memories=["Has a cat called Pepper", "Likes tea"], memory_keys=["pet:cat"]
    )

    context = parse_context(lines)

    assert lines == ["Memory (pet:cat): Has a cat called Pepper", "Memory: Likes tea"]
    assert context.memories == ["Has a cat called Pepper", "Likes tea"]
    assert context.remembered == [("pet:cat", "Has a cat called Pepper"), ("", "Likes tea")]
