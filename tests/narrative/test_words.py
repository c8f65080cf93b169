"""How the story's passages are remembered (narrative.words.beat_memory)."""

from __future__ import annotations

import datetime as dt

import pytest

from narrative.models import Beat
from narrative.services import story_start
from narrative.words import beat_memory
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
