"""The story page: the person's passages read like a book (oldest first, the newest marked),
what each was drawn from in plain words, their world beside it; nobody else's story."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from delight.models import User
from narrative import ledger, services
from narrative.beats import services as beats
from narrative.invariants import HERO, Discover, Introduce
from narrative.models import BeatTrigger, EssenceKind, QuestUnlock, Story
from tests.narrative.factories import at, make_beat

pytestmark = pytest.mark.django_db

URL = "/story/"


def _page(user: User, **headers: str) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(URL, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def _text(html: str) -> str:
    """What a person reads: the text between tags, one space between words."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _article(html: str, anchor: str) -> str:
    """The <article> whose id is `anchor`."""
    return re.search(rf'<article[^>]*id="{anchor}".*?</article>', html, re.S).group(0)


@pytest.fixture
def three_beats(story: Story) -> Story:
    """Two passages in Act I's first chapter, then one in its second (created out of order)."""
    make_beat(story, title="The lamplighter's tea", written_at=at("2026-03-03 18:00"))
    make_beat(story, title="Arrival at dusk", written_at=at("2026-03-02 19:00"))
    make_beat(story, title="Sand in the Arena", chapter=2, written_at=at("2026-03-05 07:00"))
    return story


def test_the_owner_reads_their_passages_in_order_by_chapter_the_newest_marked(three_beats, owner):
    html = _page(owner)

    titles = [unescape(t) for t in re.findall(r'<h3 id="beat-\d+-title">([^<]+)</h3>', html)]
    assert titles == ["Arrival at dusk", "The lamplighter's tea", "Sand in the Arena"]
    text = _text(html)
    assert text.index("Act I · First Light") < text.index("Chapter 1 Arrival")
    assert "The Commons welcomes you with tea and a map full of blank spaces." in text
    assert text.index("Chapter 2 The First Spark") > text.index("The lamplighter")
    assert text.count("Act I ·") == 1  # the act is named once, above its first chapter
    newest = _article(html, "latest")
    assert _text(newest).startswith("New Sand in the Arena Thursday 5 March 2026, 08:00")
    assert html.count('id="latest"') == 1
    assert 'href="#latest"' in html


def test_a_passage_reads_as_its_paragraphs(three_beats, owner):
    newest = _article(_page(owner), "latest")

    paragraphs = re.findall(r"<p>(.*?)</p>", newest, re.S)
    assert len(paragraphs) == 3
    assert (
        paragraphs[-1]
        == "You folded the map into your coat. Somewhere past the square, a small light came on."
    )


def test_times_are_shown_in_the_persons_timezone(story, owner):
    make_beat(story, written_at=at("2026-03-02 23:30"))  # 00:30 on 3 March in Paris

    text = _text(_page(owner))

    assert "Tuesday 3 March 2026, 00:30" in text
    assert "23:30" not in text


def test_the_passage_held_for_the_evening_is_announced_on_the_persons_clock(evening_held, owner):
    text = _text(_page(owner))

    assert evening_held in text


def test_a_first_passage_on_its_way_is_announced_instead_of_asking_for_a_mission(
    story, owner, settings
):
    settings.STORY_GATHER_SECONDS = 90
    beats.beat_request(
        user=owner, kind=BeatTrigger.Kind.MISSION, key="mission:1", detail={"title": "Run 2 km"}
    )

    text = _text(_page(owner))

    assert "Your first page is on its way" in text
    assert "Your next passage comes in a few minutes, telling of “Run 2 km”." in text
    assert "Finish one" not in text


def test_each_passage_says_what_it_was_drawn_from_in_plain_words(story, owner):
    make_beat(
        story,
        written_at=at("2026-03-04 18:00"),
        provenance=[
            {"kind": "mission", "id": 3, "title": "Run 2 km"},
            {"kind": "streak", "days": 7, "category": ""},
            {"kind": "streak", "days": 5, "category": "growth"},
            {"kind": "goal", "id": 9, "title": "Read more"},
            {"kind": "reflection", "words": "Harder than I thought, but I kept going"},
            {"kind": "quest", "key": "first-goal", "title": "The first summit"},
            {"kind": "something_new", "score": 0.7},
        ],
    )

    drawn = _text(re.search(r'<p class="story-drawn">.*?</p>', _page(owner), re.S).group(0))

    assert drawn == (
        "Drawn from You finished “Run 2 km” · A 7-day streak · A 5-day growth streak · "
        "You reached your goal “Read more” · "
        "Your words: “Harder than I thought, but I kept going” · "
        "A hidden quest: “The first summit”"
    )


def test_a_passage_with_nothing_to_quote_has_no_drawn_from_line(story, owner):
    make_beat(story, written_at=at("2026-03-04 18:00"), kind="opening", provenance=[])

    assert "Drawn from" not in _page(owner)


def test_before_any_passage_the_page_invites_the_first_mission(owner, zones):
    html = _page(owner)

    text = _text(html)
    assert "Your story begins with your first mission" in text
    assert "The Lantern Valley" in text
    assert f'href="{reverse("today")}"' in html
    assert 'id="latest"' not in html
    assert "You are here" in text  # the world is there from the start: the Commons


def test_the_header_names_the_story_the_chapter_the_person_is_in_and_their_essence(story, owner):
    Story.objects.filter(pk=story.pk).update(act=2, chapter=3)
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION)
    ledger.essence_earn(user=owner, key="mission:2", amount=10, kind=EssenceKind.EARNED_MISSION)

    header = _text(re.search(r'<header class="page-header.*?</header>', _page(owner), re.S)[0])

    assert "The Lantern Valley" in header
    assert "Act II, The Growing Road · Chapter 3, The Library of Small Wins" in header
    assert "20 Essence" in header


def test_the_map_people_items_quests_and_ledger_are_beside_the_story(story, owner):
    services.world_apply(
        story=story,
        changes=[
            Discover(place="commons", key="arena"),
            Introduce(place="commons", kind="person", key="mira"),
            Introduce(place="commons", kind="item", key="lantern", holder=HERO),
        ],
        at=at("2026-03-02 09:00"),
    )
    ledger.essence_earn(
        user=owner,
        key="mission:1",
        amount=10,
        kind=EssenceKind.EARNED_MISSION,
        note="Run 2 km",
    )
    ledger.essence_spend(user=owner, key="choice:orchard", amount=4, note="The orchard path")
    QuestUnlock.objects.create(
        user=owner, quest_key="first-goal", unlocked_at=at("2026-03-04 22:30")
    )
    QuestUnlock.objects.create(user=owner, quest_key="retired-quest", unlocked_at=at("2026-03-04"))

    html = _page(owner)

    places = _text(re.search(r'<section class="card story-map".*?</section>', html, re.S)[0])
    assert "The Commons You are here A warm square with long tables" in places
    assert "The Arena An open ring of sand and stone" in places
    assert f'href="{reverse("world-zone", args=["arena"])}"' in html
    people = _text(re.search(r'<section class="card story-people".*?</section>', html, re.S)[0])
    assert "Mira the Lamplighter Keeps the valley's lanterns" in people
    items = _text(re.search(r'<section class="card story-items".*?</section>', html, re.S)[0])
    assert "A small lantern It glows a little brighter" in items
    quests = _text(re.search(r'<section class="card story-quests".*?</section>', html, re.S)[0])
    assert quests == "Hidden quests The first summit Found Wednesday 4 March 2026"
    essence = _text(re.search(r'<section class="card story-ledger".*?</section>', html, re.S)[0])
    assert "6 to spend" in essence
    assert "\N{MINUS SIGN}4 Spent: a choice in the story The orchard path" in essence
    assert "+10 Earned: a mission done Run 2 km" in essence
    assert "spent_choice" not in html
    assert "earned_mission" not in html


def test_a_choice_is_offered_inside_its_passage_and_explained_when_essence_is_short(story, owner):
    offer = {"key": "orchard", "label": "Follow Mira to the orchard", "cost": 15}
    beat = make_beat(story, written_at=at("2026-03-04 18:00"), choice=offer)
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION)

    short = _article(_page(owner), "latest")

    assert f'action="{reverse("story-choice")}"' in short
    assert f'name="beat" value="{beat.pk}"' in short
    button = re.search(r"<button[^>]*>.*?</button>", short, re.S)[0]
    assert "disabled" in button
    assert "Follow Mira to the orchard · 15 Essence" in _text(button)
    assert "You have 10 Essence and this needs 15" in _text(short)

    ledger.essence_earn(user=owner, key="mission:2", amount=10, kind=EssenceKind.EARNED_MISSION)
    enough = _article(_page(owner), "latest")

    assert "disabled" not in re.search(r"<button[^>]*>", enough)[0]
    assert "this needs" not in enough


def test_a_choice_taken_is_shown_as_taken_not_offered_again(story, owner):
    offer = {"key": "choice:9", "label": "Spend an evening with Mira", "cost": 20}
    beat = make_beat(story, written_at=at("2026-03-04 18:00"), choice=offer)
    ledger.essence_earn(user=owner, key="mission:1", amount=20, kind=EssenceKind.EARNED_MISSION)
    beats.story_choice_take(user=owner, beat_id=beat.pk)

    latest = _article(_page(owner), "latest")

    assert "You took this path: Spend an evening with Mira." in _text(latest)
    assert "<button" not in latest
    assert "this needs" not in latest


def test_an_outsider_never_sees_another_persons_story(three_beats, owner, outsider):
    ledger.essence_earn(
        user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION, note="Olivia's run"
    )

    html = _page(outsider)

    assert "Arrival at dusk" not in html
    assert "Sand in the Arena" not in html
    assert "Olivia" not in html
    assert "Your story begins with your first mission" in html
    assert "0 Essence" in _text(html)


def test_the_story_needs_a_signed_in_person(db):
    response = Client().get(URL)

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_live_part_refreshes_alone_after_a_new_passage(three_beats, owner):
    part = _page(owner, **{"X-Delight-Part": "story-page"})

    assert part.lstrip().startswith('<div id="story-page"')
    assert 'data-live-on="story.beat"' in part
    assert f'data-live-src="{URL}"' in part
    assert 'class="topbar"' not in part
    assert "Sand in the Arena" in part
