from __future__ import annotations

import datetime as dt

import pytest

from goals.models import Goal
from narrative import ledger, quests, services
from narrative.invariants import HERO, Give, Introduce
from narrative.models import BeatTrigger, EssenceKind
from tests.goals.factories import make_goal
from tests.narrative.factories import at, make_beat

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


# -- Essence and quests ---------------------------------------------------------------

NOW = dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC)


def test_the_owner_reads_their_balance_and_ledger_newest_first(owner_api, owner):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION)
    ledger.essence_spend(user=owner, key="choice:bridge", amount=4, note="The bridge")

    body = owner_api.get("/api/story/essence/").json()

    assert body["balance"] == 6
    assert body["entries_count"] == 2
    assert [(e["amount"], e["kind"], e["note"]) for e in body["entries"]] == [
        (-4, "spent_choice", "The bridge"),
        (10, "earned_mission", ""),
    ]
    assert body["entries"][0]["label"] == "Spent: a choice in the story"


def test_an_outsider_sees_none_of_the_owners_essence(outsider_api, owner):
    ledger.essence_earn(user=owner, key="mission:1", amount=10, kind=EssenceKind.EARNED_MISSION)

    body = outsider_api.get("/api/story/essence/").json()

    assert body == {"balance": 0, "entries_count": 0, "entries": []}


def test_the_owner_sees_the_quests_unlocked_and_only_a_count_of_the_hidden(
    owner_api, outsider_api, owner
):
    make_goal(owner)
    make_goal(owner, status=Goal.Status.COMPLETED)
    quests.quests_check(user=owner, now=NOW)
    quest = quests.QUESTS_BY_KEY["first-goal"]

    mine = owner_api.get("/api/story/quests/").json()
    theirs = outsider_api.get("/api/story/quests/").json()

    (shown,) = mine["unlocked"]
    assert shown["key"] == quest.key
    assert (shown["title"], shown["message"], shown["reward"]) == (
        quest.title,
        quest.message,
        quest.reward,
    )
    assert shown["mission_id"] is not None
    assert mine["hidden_count"] == len(quests.QUESTS) - 1
    assert theirs == {"unlocked": [], "hidden_count": len(quests.QUESTS)}


@pytest.mark.parametrize("path", ["/api/story/essence/", "/api/story/quests/"])
def test_anonymous_requests_are_refused(client, path):
    assert client.get(path).status_code in (401, 403)


def test_both_are_in_the_schema(owner_api):
    paths = owner_api.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]

    assert {"/api/story/essence/", "/api/story/quests/"} <= set(paths)


# -- the story, its beats and choices ------------------------------------------------------------


@pytest.fixture
def passage(story):
    """A passage of Olivia's first chapter offering an evening with Mira for 20 Essence."""
    return make_beat(
        story,
        written_at=at("2026-03-02 09:00"),
        kind="opening",
        title="First Light",
        provenance=[{"kind": "mission", "id": 1, "title": "Run 2 km"}],
        choice={"key": "choice:1", "label": "Spend an evening with Mira", "cost": 20},
    )


def test_the_story_says_where_the_person_is_and_its_latest_passage(passage, owner_api):
    body = owner_api.get("/api/story/").json()

    assert (body["title"], body["act_name"], body["chapter_name"]) == (
        "The Lantern Valley",
        "First Light",
        "Arrival",
    )
    assert (body["beats_count"], body["being_written"], body["essence_balance"]) == (1, False, 0)
    latest = body["latest_beat"]
    assert (latest["id"], latest["chapter_name"], latest["told"]) == (
        passage.pk,
        "Arrival",
        ["You finished “Run 2 km”"],
    )
    assert latest["choice"] == {
        "key": "choice:1",
        "label": "Spend an evening with Mira",
        "cost": 20,
        "taken": False,
    }


def test_the_beats_are_listed_newest_first(passage, owner_api):
    assert [beat["title"] for beat in owner_api.get("/api/story/beats/").json()] == ["First Light"]


def test_a_choice_spends_essence_and_asks_for_its_side_chapter(passage, owner, owner_api):
    ledger.essence_earn(user=owner, key="m:1", amount=25, kind=EssenceKind.EARNED_MISSION)

    answer = owner_api.post("/api/story/choices/", {"beat": passage.pk}, format="json")

    assert answer.status_code == 202
    assert answer.json()["essence_balance"] == 5
    assert BeatTrigger.objects.get(user=owner).kind == "choice"
    assert owner_api.get("/api/story/").json()["latest_beat"]["choice"]["taken"] is True


def test_a_choice_beyond_the_balance_is_a_clear_400_and_changes_nothing(passage, owner, owner_api):
    answer = owner_api.post("/api/story/choices/", {"beat": passage.pk}, format="json")

    assert answer.status_code == 400
    assert "needs 20 Essence and you have 0" in str(answer.json())
    assert not BeatTrigger.objects.exists()


def test_another_persons_passage_cannot_be_chosen_from(passage, outsider_api):
    answer = outsider_api.post("/api/story/choices/", {"beat": passage.pk}, format="json")

    assert answer.status_code == 404
    assert not BeatTrigger.objects.exists()
