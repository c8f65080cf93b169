"""Reading slot values: dates, categories, minutes, and the limits goals keep."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import ValidationError

from companion.dialogue.dates import add_months, find_date, parse_target_date
from companion.dialogue.parsing import (
    SlotEnv,
    SlotError,
    minutes_in_range,
    parse_category,
    parse_minutes,
    parse_title,
    parse_why,
)
from goals.models import SESSION_MAX_MINUTES, TEXT_MAX, TITLE_MAX, Goal, MissionSession
from tests.companion.factories import TODAY

# --- dates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2027-05-01", date(2027, 5, 1)),
        ("in 3 months", date(2026, 6, 11)),
        ("in three weeks", date(2026, 4, 1)),
        ("within a year", date(2027, 3, 11)),
        ("10 days from now", date(2026, 3, 21)),
        ("by May", date(2026, 5, 31)),
        ("May", date(2026, 5, 31)),
        ("in March", date(2026, 3, 31)),
        ("by February", date(2027, 2, 28)),
        ("by the end of June 2027", date(2027, 6, 30)),
        ("May 15th", date(2026, 5, 15)),
        ("1 March", date(2027, 3, 1)),
        ("the 4th of July, 2027", date(2027, 7, 4)),
        ("next Friday", date(2026, 3, 13)),
        ("Wednesday", date(2026, 3, 18)),
        ("tomorrow", date(2026, 3, 12)),
        ("today", TODAY),
        ("next week", date(2026, 3, 18)),
        ("next month", date(2026, 4, 11)),
        ("by the end of the month", date(2026, 3, 31)),
        ("end of this week", date(2026, 3, 15)),
        ("by the end of the year", date(2026, 12, 31)),
        ("I'd like to be done by Sept. 2026", date(2026, 9, 30)),
    ],
)
def test_date_phrases(text, expected):
    assert parse_target_date(text, TODAY) == expected


def test_a_bare_may_inside_a_sentence_is_not_a_date():
    assert find_date("I may go running when I feel better") is None
    assert find_date("run a 10k by may").group() == "by may"


def test_adding_months_clamps_to_the_month_end():
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_months(date(2026, 11, 30), 3) == date(2027, 2, 28)


# --- categories -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("health", "health"),
        ("fitness", "health"),
        ("it's about my mental health", "health"),
        ("learning", "growth"),
        ("Career", "growth"),
        ("friends", "connection"),
        ("family", "connection"),
        ("woodwork", "craft"),
        ("music!", "craft"),
    ],
)
def test_category_synonyms(text, category):
    assert parse_category(text, SlotEnv(TODAY)) == category


# --- minutes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("25", 25),
        ("25 minutes", 25),
        ("about 40 min", 40),
        ("twenty minutes", 20),
        ("half an hour", 30),
        ("an hour", 60),
        ("an hour and a half", 90),
        ("1.5 hours", 90),
    ],
)
def test_minutes(text, minutes):
    assert parse_minutes(text, SlotEnv(TODAY)) == minutes


# --- goals' limits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("parse", "field", "limit"),
    [
        (parse_title, Goal._meta.get_field("title"), TITLE_MAX),
        (parse_why, Goal._meta.get_field("description"), TEXT_MAX),
    ],
)
def test_the_dialogue_takes_what_a_goal_keeps_and_refuses_the_rest(parse, field, limit):
    longest = "W" * limit

    assert parse(longest, SlotEnv(TODAY)) == field.clean(longest, None) == longest
    with pytest.raises(SlotError, match=f"at most {limit} characters"):
        parse(longest + "W", SlotEnv(TODAY))
    with pytest.raises(ValidationError):
        field.clean(longest + "W", None)


def test_minutes_spent_are_taken_within_a_sessions_limit():
    field = MissionSession._meta.get_field("actual_minutes")

    for minutes in (1, SESSION_MAX_MINUTES):
        minutes_in_range(minutes, SlotEnv(TODAY))
        assert field.clean(minutes, None) == minutes
    for minutes in (0, SESSION_MAX_MINUTES + 1):
        with pytest.raises(SlotError, match=f"between 1 and {SESSION_MAX_MINUTES} minutes"):
            minutes_in_range(minutes, SlotEnv(TODAY))
        with pytest.raises(ValidationError):
            field.clean(minutes, None)
