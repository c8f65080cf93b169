"""Questions about streaks, answered from the streak note."""

from __future__ import annotations

import pytest

from delight.ai.offline.streak_answers import (
    StreakNote,
    asks_about_streak,
    encouragement,
    streak_answer,
    streak_line,
)

LIVE = StreakNote(current=5, longest=9, strength=42, freezes=1, categories=(("health", 3),))


def test_a_model_reads_the_note_as_one_plain_line() -> None:
    assert streak_line(LIVE) == "5 days in a row; longest 9; strength 42%; freezes held 1; health 3"


@pytest.mark.parametrize(
    "text",
    ["what's my streak?", "How long is my streak", "how consistent have I been?", "days in a row?"],
)
def test_streak_questions_are_recognised(text) -> None:
    assert asks_about_streak(text)


@pytest.mark.parametrize("text", ["I lost my streak of bad luck today", "my brother is consistent"])
def test_statements_are_not_streak_questions(text) -> None:
    assert not asks_about_streak(text)


def test_a_live_streak_is_told_with_its_figures() -> None:
    said = streak_answer("what's my streak?", LIVE)

    assert said.startswith("You're on a 5-day streak — your longest is 9 days.")
    assert "health 3 days" in said
    assert "a freeze" in said
    assert "42%" in said


def test_a_resting_streak_is_said_kindly_with_the_way_back() -> None:
    said = streak_answer("what's my streak?", StreakNote(0, 12, 35, 0))

    assert "resting" in said
    assert "12 days" in said
    assert "starts a new one" in said
    for harsh in ("lost", "broke", "failed", "0-day"):
        assert harsh not in said


def test_no_streak_yet_says_how_one_begins() -> None:
    assert "haven't started a streak yet" in streak_answer("my streak?", StreakNote(0, 0, 0, 0))


def test_without_the_line_there_is_no_answer() -> None:
    assert streak_answer("what's my streak?", None) == ""


def test_asked_how_consistent_the_strength_leads_in_words() -> None:
    said = streak_answer("how consistent have I been?", LIVE)

    assert said == (
        "Your consistency is building nicely: habit strength 42%. "
        "You've kept it up 5 days in a row."
    )
    assert not set(said.split(". ")) & set(streak_answer("what's my streak?", LIVE).split(". "))


def test_the_line_says_the_consistency_once_a_day_has_ended() -> None:
    note = StreakNote(5, 9, 42, 1, (("health", 3),), consistency=64, trend="rising")

    line = streak_line(note)

    assert line == (
        "5 days in a row; longest 9; strength 42%; freezes held 1; consistency 64% rising; health 3"
    )


@pytest.mark.parametrize(
    ("trend", "words"),
    [
        ("rising", "64% — and rising over the last month"),
        ("steady", "64% — and steady over the last month"),
        ("easing", "64% — a quieter stretch lately, and one mission lifts it"),
    ],
)
def test_asked_how_consistent_the_index_leads_with_its_direction(trend, words) -> None:
    note = StreakNote(5, 9, 42, 1, consistency=64, trend=trend)

    answer = streak_answer("how consistent have I been?", note)

    assert answer.startswith(f"Your consistency for the last full day was {words}.")
    assert "Habit strength 42%. You've kept it up 5 days in a row." in answer


def test_encouragement_shows_what_was_built_and_nothing_when_nothing_was() -> None:
    assert "5 days in a row right now" in encouragement(LIVE)
    resting = StreakNote(current=0, longest=9, strength=30, freezes=0)
    assert "a streak of 9 days behind you" in encouragement(resting)
    assert encouragement(StreakNote(current=0, longest=0, strength=0, freezes=0)) == ""
    assert encouragement(None) == ""


def test_a_mission_done_late_is_said_to_count_for_the_day():
    said = streak_answer("can i do them at night tho i finish at like 11pm most days", None)
    assert said.startswith("Yes: any hour of your day counts.")


def test_a_first_day_is_said_as_one_without_a_kind_that_repeats_it() -> None:
    said = streak_answer("whats my streak", StreakNote(1, 1, 5, 0, (("health", 1),)))

    assert said.startswith("Day one of your streak")
    assert "By kind" not in said
