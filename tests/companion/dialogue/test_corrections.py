"""Recognising a change of an earlier answer, before the manager decides where it goes."""

from __future__ import annotations

import pytest

from companion.dialogue.corrections import Correction, parse_correction
from companion.dialogue.flows import CREATE_GOAL


@pytest.mark.parametrize(
    ("text", "correction"),
    [
        ("no, the title should be Learn Portuguese", Correction("title", "Learn Portuguese")),
        ("change the category to connection", Correction("value_category", "connection")),
        ("wait, the deadline: June", Correction("target_date", "June")),
        ("the title should be Run a 10k", Correction("title", "Run a 10k")),
    ],
)
def test_a_named_slot_with_a_cue_verb_or_connector_is_changed(text, correction):
    assert parse_correction(text, CREATE_GOAL) == correction


def test_a_cue_without_a_slot_leaves_the_slot_to_the_caller():
    assert parse_correction('I meant "Learn Italian".', CREATE_GOAL) == Correction(
        None, "Learn Italian"
    )


def test_make_it_refers_back_to_the_last_answer():
    assert parse_correction("Actually, make it May", CREATE_GOAL) == Correction(
        None, "May", refers_back=True
    )


@pytest.mark.parametrize("text", ["next Friday", "stop smoking", "the date"])
def test_a_plain_answer_is_not_a_correction(text):
    assert parse_correction(text, CREATE_GOAL) is None


def test_a_bare_slot_name_counts_when_the_person_was_asked_which_to_change():
    assert parse_correction("the date", CREATE_GOAL, need_cue=False) == Correction(
        "target_date", ""
    )


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("actually call it run a 10k with my sister", "run a 10k with my sister"),
        ("can we name it couch to 5k", "couch to 5k"),
    ],
)
def test_a_new_name_said_as_such_changes_the_title(text, title):
    assert parse_correction(text, CREATE_GOAL) == Correction("title", title)


def test_calling_it_a_day_is_no_new_title():
    assert parse_correction("ok lets call it a day", CREATE_GOAL) is None
