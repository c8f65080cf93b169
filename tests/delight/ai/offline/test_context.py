"""What a reply knows of the person: facts for the offline engine, lines for a model, and
the token budget both keep to."""

from __future__ import annotations

from delight.ai.offline import StreakNote, ZoneNote
from delight.ai.offline.context import GoalNote, MemoryNote, ReplyContext

KNOWN = ReplyContext(
    name="Ana",
    welcome="Welcome back!",
    goal_notes=(
        GoalNote("Write a novel", percent=40),
        GoalNote("Learn Spanish", percent=0, reviewing=True),
        GoalNote("Run a 5k", planning=True),
    ),
    missions=("outline", "read"),
    zones=(ZoneNote("Observatory", True, fits="growth and learning"),),
    streak=StreakNote(current=5, longest=9, strength=42, freezes=1),
    memory_notes=(MemoryNote("Has a cat called Pepper", "pet:cat", id=7), MemoryNote("Likes tea")),
)


def test_a_model_reads_every_fact_as_a_line_most_relevant_first() -> None:
    assert KNOWN.lines() == [
        "Welcome: Welcome back!",
        "Goal: Write a novel (40% done)",
        "Goal: Learn Spanish (plan to review)",
        "Goal: Run a 5k (being planned)",
        "Missions: outline; read",
        "Zone: Observatory — open now, at any hour; for growth and learning",
        "Streak: 5 days in a row; longest 9; strength 42%; freezes held 1",
        "Memory (pet:cat): Has a cat called Pepper",
        "Memory: Likes tea",
    ]


def test_the_offline_engine_reads_goals_and_memories_as_facts() -> None:
    assert KNOWN.goals == ["Write a novel", "Learn Spanish", "Run a 5k"]
    assert KNOWN.progress == {"Write a novel": 40, "Learn Spanish": 0}
    assert (KNOWN.reviewing, KNOWN.planning) == (["Learn Spanish"], ["Run a 5k"])
    assert KNOWN.remembered == [("pet:cat", "Has a cat called Pepper"), ("", "Likes tea")]


def test_packing_keeps_the_facts_that_fit_in_order_and_reports_the_cut() -> None:
    known = ReplyContext(
        name="Ana",
        goal_notes=(GoalNote("a" * 20),),
        missions=("x" * 100,),
        memory_notes=(MemoryNote("short", id=3),),
    )

    kept, report = known.packed(budget=20)

    assert kept == ReplyContext(
        name="Ana", goal_notes=(GoalNote("a" * 20),), memory_notes=(MemoryNote("short", id=3),)
    )
    assert report["cut"] == [("Missions: " + "x" * 100)[:80]]
    assert report["kept"] == 2
    assert report["used"] <= 20


def test_a_budget_that_fits_everything_changes_nothing() -> None:
    kept, report = KNOWN.packed(budget=10_000)

    assert kept == KNOWN
    assert report["cut"] == []
