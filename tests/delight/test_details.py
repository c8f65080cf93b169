"""The registry of detail finders: what the app that knows a person offers the one that
writes to them."""

from __future__ import annotations

import logging

import pytest

from companion.nudge_details import nudge_detail_for
from delight import details


@pytest.fixture
def finders(monkeypatch) -> list:
    """An empty registry for the test (the apps' own finders set aside)."""
    registered: list = []
    monkeypatch.setattr(details, "_finders", registered)
    return registered


def nobody(*, user) -> str:
    return ""


def sister(*, user) -> str:
    return f"your sister Ana ({user})"


def broken(*, user) -> str:
    raise RuntimeError("memory is down")


def test_the_first_finder_with_a_detail_names_it(finders):
    for finder in (nobody, sister, broken):
        details.detail_finder_register(finder)

    assert details.person_detail(user="olivia") == "your sister Ana (olivia)"


def test_a_finder_is_offered_once(finders):
    details.detail_finder_register(sister)
    details.detail_finder_register(sister)

    assert finders == [sister]


def test_a_failing_finder_is_logged_and_skipped(finders, caplog):
    details.detail_finder_register(broken)
    details.detail_finder_register(sister)

    with caplog.at_level(logging.ERROR, logger="delight.details"):
        assert details.person_detail(user="olivia") == "your sister Ana (olivia)"
    assert "finding a detail for a message failed" in caplog.text


def test_no_finder_no_detail(finders):
    details.detail_finder_register(nobody)

    assert details.person_detail(user="olivia") == ""


def test_companion_offers_its_memory_as_a_finder():
    assert nudge_detail_for in details._finders
