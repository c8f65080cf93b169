"""GET /api/story/essence/ and /api/story/quests/: the owner's own, in the schema."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.models import Goal
from narrative import ledger, quests
from narrative.models import EssenceKind
from tests.goals.factories import make_goal

pytestmark = pytest.mark.django_db

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
