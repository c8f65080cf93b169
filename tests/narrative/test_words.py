"""How the story's passages are remembered (narrative.words.beat_memory), and when the passage
held for later comes, in words (narrative.words.held_words)."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from narrative.models import Beat
from narrative.services import story_start
from narrative.words import beat_memory, held_words
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def test_a_passage_is_remembered_on_the_persons_own_date_and_in_plain_words():
    # 02:30 UTC on 29 November is still the evening of the 28th in New York.
    person = make_user("nora", timezone="America/New_York")
    beat = Beat(
        user=person,
        story=story_start(user=person),
        status=Beat.Status.WRITTEN,
        kind="milestone",
        act=1,
        chapter=2,
        requested_at=dt.datetime(2026, 11, 29, 2, 30, tzinfo=dt.UTC),
        written_at=dt.datetime(2026, 11, 29, 2, 30, tzinfo=dt.UTC),
        title="Another Lantern Lit",
        text="The valley glows.",
        provenance=[],
    )

    said = beat_memory(beat)

    assert said.startswith("Story passage “Another Lantern Lit” (act 1, chapter 2, 28 November")
    assert "beat" not in said.lower()


LISBON = ZoneInfo("Europe/Lisbon")
NOW = dt.datetime(2026, 12, 4, 9, 30, tzinfo=LISBON)


@pytest.mark.parametrize(
    ("due", "missions", "said"),
    [
        (
            dt.datetime(2026, 12, 4, 20, tzinfo=LISBON),
            ["Run 2 km", "Stretch"],
            "Your next passage comes this evening at 20:00, telling of “Run 2 km” and “Stretch”.",
        ),
        (
            dt.datetime(2026, 12, 5, 20, tzinfo=LISBON),
            ["A", "B", "C", "D", "E"],
            "Your next passage comes tomorrow evening at 20:00, telling of “A”, “B”, “C” and "
            "2 more.",
        ),
        (
            dt.datetime(2026, 12, 4, 9, 32, tzinfo=LISBON),
            [],
            "Your next passage comes in a few minutes.",
        ),
        (
            dt.datetime(2026, 12, 4, 14, 0, tzinfo=LISBON),
            [],
            "Your next passage comes today at 14:00.",
        ),
        (
            dt.datetime(2026, 12, 7, 20, tzinfo=dt.UTC),  # 20:00 in Lisbon, a Monday
            ["Run 2 km"],
            "Your next passage comes on Monday at 20:00, telling of “Run 2 km”.",
        ),
    ],
)
def test_the_held_passage_is_told_on_the_persons_clock(due, missions, said):
    assert held_words(at=due, missions=missions, now=NOW, zone=LISBON) == said
