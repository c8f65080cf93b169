"""World changes as plain data and back."""

from __future__ import annotations

import pytest

from narrative.beats.changes import change_from_dict, change_to_dict, changes_read
from narrative.invariants import Give, Introduce


def test_a_change_survives_the_round_trip_as_data():
    give = Give(place="commons", item="lantern", to="mira", giver="hero")

    assert change_to_dict(give) == {
        "op": "give",
        "place": "commons",
        "item": "lantern",
        "to": "mira",
        "giver": "hero",
    }
    assert change_from_dict(change_to_dict(give)) == give


def test_nulls_a_model_sends_for_unused_fields_are_ignored():
    data = {"op": "introduce", "place": "commons", "kind": "item", "key": "lantern"}

    assert change_from_dict({**data, "holder": None, "who": None}) == Introduce(
        place="commons", kind="item", key="lantern"
    )


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"op": "teleport", "place": "commons"}, "An unknown kind of change"),
        ("give everything", "An unknown kind of change"),
        ({"op": "give", "place": "commons", "to": "mira"}, "A “give” change lacks"),
    ],
)
def test_an_unreadable_change_is_a_problem_in_plain_words(data, problem):
    changes, problems = changes_read([data])

    assert changes == []
    assert problems[0].startswith(problem)
