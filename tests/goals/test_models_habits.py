"""A habit's schedule in a person's words, one place for the pages, Eliza and her offers."""

from __future__ import annotations

import pytest

from goals.models import Habit
from goals.models.habits import schedule_words


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"schedule": "daily"}, "every day"),
        ({"schedule": "weekly", "times_per_week": 1}, "once a week"),
        ({"schedule": "weekly", "times_per_week": 2}, "twice a week"),
        ({"schedule": "weekly", "times_per_week": 3}, "3 times a week"),
        ({"schedule": "every", "every_days": 2}, "every other day"),
        ({"schedule": "every", "every_days": 5}, "every 5 days"),
        ({"schedule": "weekdays", "weekdays": [0, 1, 2, 3, 4]}, "on weekdays"),
        ({"schedule": "weekdays", "weekdays": [3, 0]}, "on Mondays and Thursdays"),
        ({"schedule": "weekdays", "weekdays": [0, 2, 4]}, "on Mondays, Wednesdays, Fridays"),
    ],
)
def test_a_schedule_reads_as_a_person_says_it(fields, words):
    assert Habit(title="Walk", **fields).how_often == words
    assert (
        schedule_words(
            fields["schedule"],
            fields.get("times_per_week"),
            fields.get("weekdays", []),
            fields.get("every_days"),
        )
        == words
    )
