"""Real-time events of the narrative app, delivered to the person's open pages (ws/world/):
one `story.beat` event when a new passage of their story is written."""

from __future__ import annotations

from functools import partial
from typing import Literal, TypedDict

from django.urls import reverse

from delight.realtime import send_logged, send_to_user
from narrative.models import Beat
from narrative.words import opening


class BeatPayload(TypedDict):
    id: int
    title: str
    kind: str
    excerpt: str
    url: str


class BeatEvent(TypedDict):
    type: Literal["story.beat"]
    beat: BeatPayload


def beat_written_send(beat: Beat) -> None:
    """Tell the person's open pages; a delivery failure is logged, never raised (the story
    page and Home read the beat on their next load)."""
    send_logged(partial(_beat_send, beat), what=f"a story beat to {beat.user_id}")


def _beat_send(beat: Beat) -> None:
    event: BeatEvent = {
        "type": "story.beat",
        "beat": {
            "id": beat.pk,
            "title": beat.title,
            "kind": beat.kind,
            "excerpt": opening(beat.text),
            "url": reverse("story") + "#latest",
        },
    }
    send_to_user(beat.user_id, event)
