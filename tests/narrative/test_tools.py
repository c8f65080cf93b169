"""The story as Eliza reads it (narrative.tools): when a passage held for the evening comes."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from delight.tools import ToolCall
from narrative.beats import services as beats
from narrative.models import BeatTrigger
from narrative.tools import narrative_story
from tests.narrative.factories import make_beat

pytestmark = pytest.mark.django_db
PARIS = ZoneInfo("Europe/Paris")


def test_eliza_reads_when_the_held_passage_comes_and_nobody_elses(story, owner, outsider, settings):
    settings.STORY_DAILY, settings.STORY_EVENING_HOUR = True, 20
    morning = dt.datetime(2026, 3, 3, 10, tzinfo=PARIS)
    make_beat(story, written_at=morning - dt.timedelta(hours=3))
    beats.beat_request(
        user=owner, kind=BeatTrigger.Kind.MISSION, key="mission:1", at=morning,
        detail={"title": "Run 2 km"},
    )  # fmt: skip

    mine = narrative_story(ToolCall(user=owner, now=morning))
    theirs = narrative_story(ToolCall(user=outsider, now=morning))

    assert mine["next"] == "Your next passage comes this evening at 20:00, telling of “Run 2 km”."
    assert mine["coming"] is True
    assert theirs["next"] == ""
