"""Reading a target date from what a person writes, relative to today."""

from __future__ import annotations

from datetime import date

import pytest

from companion.dialogue.dates import (
    DateError,
    add_months,
    easter_sunday,
    find_date,
    parse_target_date,
)
from tests.companion.factories import TODAY


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
        ("12 books next year", date(2027, 12, 31)),  # a calendar year, like "this year"
        ("by the end of the month", date(2026, 3, 31)),
        ("end of this week", date(2026, 3, 15)),
        ("by the end of the year", date(2026, 12, 31)),
        ("I'd like to be done by Sept. 2026", date(2026, 9, 30)),
        ("no real deadline, maybe a first draft by next summer?", date(2026, 8, 31)),
        ("in the spring", date(2026, 5, 31)),
        ("next spring", date(2027, 5, 31)),
        ("by winter", date(2027, 2, 28)),
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("in about four weeks", date(2026, 4, 8)),
        ("in a couple of months or so", date(2026, 5, 11)),
        ("two months or so", date(2026, 5, 11)),
        ("in a year and a half", date(2027, 9, 11)),
        ("in a hundred days", date(2026, 6, 19)),
        ("within eighteen months", date(2027, 9, 11)),
        ("by mid April", date(2026, 4, 15)),
        ("by the middle of May", date(2026, 5, 15)),
        ("before Christmas", date(2026, 12, 25)),
        ("by the new year", date(2026, 12, 31)),
        ("end of next month", date(2026, 4, 30)),
        ("until end of October", date(2026, 10, 31)),
        ("let's say by the end of August", date(2026, 8, 31)),
        # a season narrowed to a month by what follows: that month
        ("mmm for... september? no, for the summer, june", date(2026, 6, 30)),
        ("maybe by the summer? like june", date(2026, 6, 30)),
        ("by the summer", date(2026, 8, 31)),
        ("by june, no wait, july", date(2026, 7, 31)),
    ],
)
def test_spoken_and_approximate_date_phrases(text, expected):
    assert parse_target_date(text, TODAY) == expected


@pytest.mark.parametrize(
    "text",
    [
        "phone my aunt every sunday",
        "walk 5 km a day",
        "we met 3 years ago in a bar",
        "plan the summer holiday",
        "sell my pottery at the christmas market",
        "run the easter egg hunt",
    ],
)
def test_a_weekday_or_span_inside_a_title_is_not_a_date(text):
    assert find_date(text) is None


def test_a_span_in_the_past_is_not_a_deadline():
    with pytest.raises(DateError):
        parse_target_date("we moved here 6 months ago and know nobody", TODAY)


@pytest.mark.parametrize(
    ("text", "today", "expected"),
    [
        ("by next december", date(2026, 11, 30), date(2027, 12, 31)),
        ("by december next year", date(2026, 11, 30), date(2027, 12, 31)),
        ("next june", date(2026, 11, 30), date(2027, 6, 30)),
        ("by this december", date(2026, 11, 30), date(2026, 12, 31)),
    ],
)
def test_next_and_next_year_move_a_month_on(text, today, expected):
    assert parse_target_date(text, today) == expected


def test_in_the_new_year_is_early_next_year_and_by_the_new_year_its_eve():
    assert parse_target_date("sometime in the new year?", date(2026, 11, 30)) == date(2027, 3, 31)
    assert parse_target_date("by the new year", date(2026, 11, 30)) == date(2026, 12, 31)


@pytest.mark.parametrize(
    ("year", "sunday"),
    [(2024, date(2024, 3, 31)), (2025, date(2025, 4, 20)), (2027, date(2027, 3, 28)),
     (2038, date(2038, 4, 25)), (2285, date(2285, 3, 22))],
)  # fmt: skip
def test_easter_sunday_is_the_computus_date(year, sunday):
    assert easter_sunday(year) == sunday


@pytest.mark.parametrize(
    ("text", "expected"),
    [("by easter maybe", date(2027, 3, 28)), ("before halloween", date(2027, 10, 31)),
     ("valentines day", date(2027, 2, 14))],
)  # fmt: skip
def test_named_days_of_the_year_are_dates(text, expected):
    assert parse_target_date(text, date(2026, 12, 4)) == expected


def test_easter_said_before_this_years_is_this_years():
    assert parse_target_date("easter", date(2027, 1, 10)) == date(2027, 3, 28)
