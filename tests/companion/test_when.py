from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import when

MONDAY = dt.date(2023, 5, 8)  # said on Monday 8 May 2023


@pytest.mark.parametrize(
    ("text", "day", "span"),
    [
        ("Yesterday I took the kids to the museum", dt.date(2023, 5, 7), "day"),
        ("went to a support group last night, so powerful", dt.date(2023, 5, 7), "day"),
        ("the day before yesterday we signed the papers", dt.date(2023, 5, 6), "day"),
        ("got my results today!!", MONDAY, "day"),
        ("my interview is tomorrow", dt.date(2023, 5, 9), "day"),
        ("ran my first 10k two weeks ago", dt.date(2023, 4, 24), "week"),
        ("we moved here 3 years ago", dt.date(2020, 5, 8), "year"),
        ("a couple of days ago Pepper got sick", dt.date(2023, 5, 6), "day"),
        ("a few months ago I quit", dt.date(2023, 2, 8), "month"),
        ("Last Saturday we went hiking", dt.date(2023, 5, 6), "day"),
        ("painted the fence on friday", dt.date(2023, 5, 5), "day"),
        ("I'll see her on Friday", dt.date(2023, 5, 12), "day"),
        ("next monday is the big day", dt.date(2023, 5, 15), "day"),
        ("last weekend was the wedding", dt.date(2023, 5, 6), "week"),
        ("last month i started pottery", dt.date(2023, 4, 1), "month"),
        ("next year we're going to Japan", dt.date(2024, 1, 1), "year"),
        ("my birthday was on 2 May", dt.date(2023, 5, 2), "day"),
        ("we're flying out June 14th", dt.date(2023, 6, 14), "day"),
        ("back in December I broke my wrist", dt.date(2022, 12, 1), "month"),
        ("the race is in August, I'm going to train", dt.date(2023, 8, 1), "month"),
    ],
)
def test_a_time_said_is_resolved_against_the_day_it_was_said(text, day, span):
    found = when.happened(text, MONDAY)

    assert found is not None
    assert (found.on, found.span) == (day, span)


@pytest.mark.parametrize(
    "text",
    ["I love painting sunsets", "may I ask you something", "we had a great time", "a week of rain"],
)
def test_text_that_names_no_time_has_none(text):
    assert when.happened(text, MONDAY) is None


@pytest.mark.parametrize(
    ("metadata", "day"),
    [
        ({"date": "1:56 pm on 8 May, 2023"}, MONDAY),
        ({"session_date": "2023-05-08T13:56:00"}, MONDAY),
        ({"said_on": "May 8, 2023"}, MONDAY),
        ({"session": 3, "session_time": "8 May 2023, 1:56 pm"}, MONDAY),
        ({"date": "sometime"}, dt.date(2026, 1, 2)),
        ({"topic": "8 May, 2023"}, dt.date(2026, 1, 2)),  # a key that names no day
        ({}, dt.date(2026, 1, 2)),
    ],
)
def test_the_day_said_is_the_sessions_date_else_the_day_saved(metadata, day):
    assert when.said_on(metadata, dt.date(2026, 1, 2)) == day


@pytest.mark.parametrize(
    ("text", "dated"),
    [
        (
            "Yesterday I went to my first pottery class",
            "I went to my first pottery class on 7 May 2023",
        ),
        (
            "Caroline: Yesterday, I went to a support group!",
            "Caroline: I went to a support group on 7 May 2023",
        ),
        ("ran my first 10k two weeks ago.", "ran my first 10k in the week of 24 April 2023"),
        ("back in December I broke my wrist", "back I broke my wrist in December 2022"),
    ],
)
def test_a_dated_text_says_the_date_it_means_at_its_end(text, dated):
    found = when.happened(text, MONDAY)

    assert found is not None
    assert when.dated_text(text, found) == dated


@given(st.text(max_size=200), st.dates(min_value=dt.date(1900, 1, 1)))
def test_any_text_on_any_day_is_read_without_error(text, said):
    found = when.happened(text, said)

    if found is not None:
        assert found.span in ("day", "week", "month", "year")
        assert isinstance(when.dated_text(text, found), str)


@given(
    st.sampled_from(["tomorrow", "yesterday", "next year", "last week", "999 weeks ago",
                     "next monday", "last saturday", "last month", "on 31 december"]),
    st.sampled_from([dt.date(1, 1, 1), dt.date(9999, 12, 31)]),
)  # fmt: skip
def test_a_time_beyond_the_calendar_is_none_not_an_error(text, said):
    found = when.happened(text, said)

    assert found is None or dt.date.min <= found.on <= dt.date.max
