from __future__ import annotations

import pytest

from narrative import services
from narrative.invariants import HERO, Give, Introduce
from tests.narrative.factories import at

pytestmark = pytest.mark.django_db

URL = "/api/story/world/"


@pytest.fixture
def gifted(story):
    """Mira met on 2 March (09:00 UTC), the lantern given to her on 4 March."""
    services.world_apply(
        story=story,
        changes=[
            Introduce(place="commons", kind="person", key="mira"),
            Introduce(place="commons", kind="item", key="lantern", holder=HERO),
        ],
        at=at("2026-03-02 09:00"),
    )
    give = Give(place="commons", giver=HERO, item="lantern", to="mira")
    services.world_apply(story=story, changes=[give], at=at("2026-03-04 09:00"))
    return story


def texts(answer) -> set[str]:
    return {fact["text"] for fact in answer.json()["facts"]}


def test_the_owner_reads_their_world_as_it_stood_at_a_past_date(gifted, owner_api):
    then = owner_api.get(URL, {"at": "2026-03-03"})
    now = owner_api.get(URL)

    assert then.status_code == 200
    assert then.json()["at"] == "2026-03-03T22:59:59.999999Z"  # the end of 3 March in Paris
    assert "You hold A small lantern" in texts(then)
    assert "Mira the Lamplighter holds A small lantern" in texts(now)
    assert "You hold A small lantern" not in texts(now)


def test_a_date_before_anyone_was_met_shows_only_the_start(gifted, owner_api):
    answer = owner_api.get(URL, {"at": "2026-03-01"})

    assert [entity["key"] for entity in answer.json()["entities"]] == []
    assert answer.json()["facts"] == []


def test_the_outsider_sees_only_their_own_world(gifted, outsider_api):
    answer = outsider_api.get(URL)

    keys = {entity["key"] for entity in answer.json()["entities"]}
    assert answer.status_code == 200
    assert keys == {HERO, "commons"}  # their own story, just begun


@pytest.mark.parametrize("bad", ["yesterday", "2026-13-01", "03/04/2026", ""])
def test_a_bad_date_is_a_clear_400(story, owner_api, bad):
    answer = owner_api.get(URL, {"at": bad})

    assert answer.status_code == 400
    assert answer.json()["detail"] == "at: Must be a date as YYYY-MM-DD."


def test_someone_not_signed_in_is_refused(client):
    assert client.get(URL).status_code in (401, 403)
