"""Home's story panel: the newest passage's title, chapter and opening words with the way to
read it, the Essence balance; an honest empty state before the first passage."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from delight.models import User
from narrative import ledger
from narrative.models import EssenceKind, Story
from tests.narrative.factories import at, make_beat

pytestmark = pytest.mark.django_db

# Sixty numbered words in two paragraphs: the panel shows the first 45.
LONG_PASSAGE = (
    " ".join(f"word{n}" for n in range(1, 31))
    + "\n\n"
    + " ".join(f"word{n}" for n in range(31, 61))
)


def _panel(user: User, *, alone: bool = False) -> str:
    """The story panel's HTML on the person's Home (alone: as live.js asks for it)."""
    client = Client()
    client.force_login(user)
    headers = {"X-Delight-Part": "home-story"} if alone else {}
    html = client.get(reverse("home"), headers=headers).content.decode()
    return re.search(r'<div id="home-story".*?</section>\s*</div>', html, re.S).group(0)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_before_any_passage_the_panel_says_honestly_what_will_come(story, owner):
    text = _text(_panel(owner))

    assert text == (
        "Your story Every mission you finish and every habit you keep becomes part of your "
        "story. "
        "Eliza will tell it here, chapter by chapter."
    )


def test_the_panel_shows_the_newest_passage_its_chapter_and_the_way_to_read_it(story: Story, owner):
    make_beat(story, title="Arrival at dusk", written_at=at("2026-03-02 19:00"))
    make_beat(
        story, title="Sand in the Arena", chapter=2, text=LONG_PASSAGE, written_at=at("2026-03-05")
    )
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION)

    panel = _panel(owner)

    text = _text(panel)
    assert "Chapter 2 · The First Spark Sand in the Arena" in text
    assert "Arrival at dusk" not in text
    excerpt = " ".join(f"word{n}" for n in range(1, 46))
    assert f"{excerpt}…" in text
    assert "word46" not in text
    assert "10 Essence" in text
    assert re.search(rf'href="{reverse("story")}#latest"[^>]*>.*?Read your story', panel, re.S)


def test_the_panel_says_when_the_days_passage_comes(evening_held, owner):
    text = _text(_panel(owner))

    assert evening_held in text


def test_the_panel_refreshes_alone_on_a_new_passage(story, owner):
    make_beat(story, title="Arrival at dusk", written_at=at("2026-03-02 19:00"))

    panel = _panel(owner, alone=True)

    assert 'data-live-on="story.beat"' in panel
    assert "Arrival at dusk" in panel


def test_an_outsiders_home_never_shows_anothers_passage(story, owner, outsider):
    make_beat(story, title="Arrival at dusk", written_at=at("2026-03-02 19:00"))

    assert "Arrival at dusk" not in _panel(outsider)
