"""The story page in a real browser against real daphne: on a desktop and on a phone the
newest passage is in view and marked, nothing spills sideways and axe finds nothing serious;
a passage written elsewhere arrives on the open page without a reload."""

from __future__ import annotations

import pytest

from delight.realtime import send_to_user
from narrative import ledger, services
from narrative.invariants import HERO, Discover, Introduce
from narrative.models import EssenceKind, Story
from tests.factories import PASSWORD
from tests.narrative.factories import ARRIVAL, DOME, SPARK, at, make_beat
from tests.support.browser import accessibility_problems, live_app, log_in, page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NEWEST = "The star map"


@pytest.fixture
def told(story: Story) -> Story:
    """Three passages over two chapters, the people and things they brought, some Essence."""
    services.world_apply(
        story=story,
        changes=[
            Introduce(place="commons", kind="person", key="mira"),
            Introduce(place="commons", kind="item", key="lantern", holder=HERO),
            Discover(place="commons", key="arena"),
        ],
        at=at("2026-03-02 19:00"),
    )
    make_beat(
        story,
        title="Arrival at dusk",
        text=ARRIVAL,
        written_at=at("2026-03-02 19:00"),
        provenance=[{"kind": "mission", "id": 1, "title": "Run 2 km"}],
    )
    make_beat(
        story,
        title="Seven marks in the wall",
        text=SPARK,
        chapter=2,
        written_at=at("2026-03-08 07:30"),
        provenance=[{"kind": "streak", "days": 7, "category": ""}],
    )
    make_beat(
        story,
        title=NEWEST,
        text=DOME,
        chapter=3,
        written_at=at("2026-03-10 19:30"),
        provenance=[{"kind": "reflection", "words": "Harder than I thought, but I kept going"}],
        choice={"key": "orchard", "label": "Follow the road past the orchard", "cost": 15},
    )
    Story.objects.filter(pk=story.pk).update(chapter=3)  # the pipeline moves the story on
    for n in range(3):
        ledger.essence_earn(
            user=story.user, key=f"mission:{n}", amount=10, kind=EssenceKind.EARNED_MISSION
        )
    return story


def _open_at_newest(page, live_app, width: int, height: int) -> None:  # noqa: F811
    page.set_viewport_size({"width": width, "height": height})
    log_in(page, live_app, "olivia", PASSWORD)
    page.goto(f"{live_app}/story/#latest")
    page.wait_for_load_state("networkidle")


def _in_view(page, selector: str) -> bool:  # noqa: F811
    return page.evaluate(
        """(selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return box.top >= 0 && box.top < window.innerHeight;
        }""",
        selector,
    )


def _overflows(page) -> bool:  # noqa: F811
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_newest_passage_is_in_view_and_marked_and_nothing_spills(
    told,
    page,  # noqa: F811
    live_app,  # noqa: F811
    width,
    height,
):
    _open_at_newest(page, live_app, width, height)

    newest = page.locator("#latest")
    assert newest.locator("h3").inner_text() == NEWEST
    assert "story-beat-latest" in newest.get_attribute("class")
    assert newest.locator(".chip", has_text="New").is_visible()
    assert _in_view(page, "#latest h3")
    offer = newest.get_by_role("button", name="Follow the road past the orchard · 15 Essence")
    assert offer.is_enabled()
    assert not _overflows(page)
    assert accessibility_problems(page) == []


def test_a_passage_written_elsewhere_arrives_without_a_reload(told, page, live_app):  # noqa: F811
    page.add_init_script(
        "document.addEventListener('live:status', e => { window.liveState = e.detail.state })"
    )
    _open_at_newest(page, live_app, 1280, 800)
    page.wait_for_function("window.liveState === 'live'")
    page.evaluate("window.notReloaded = true")

    beat = make_beat(told, title="The orchard gate", chapter=3, written_at=at("2026-03-11 18:00"))
    send_to_user(
        told.user_id,
        {
            "type": "story.beat",
            "beat": {
                "id": beat.pk,
                "title": beat.title,
                "kind": beat.kind,
                "excerpt": "The lanterns…",
                "url": "/story/#latest",
            },
        },
    )

    page.locator("#latest h3", has_text="The orchard gate").wait_for()
    assert page.evaluate("window.notReloaded") is True
    before = page.locator(".story-beat", has=page.locator("h3", has_text=NEWEST))
    assert before.get_attribute("id") != "latest"
    assert before.locator(".chip").count() == 0
    page.locator(".toast", has_text="A new passage has arrived.").get_by_role(
        "link", name="Read it"
    ).click()
    assert _in_view(page, "#latest h3")
