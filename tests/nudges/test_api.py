"""GET /api/notifications/ and its actions: the owner's own, with a count that follows."""

from __future__ import annotations

import pytest

from nudges.models import Notification
from tests.nudges.factories import make_notification

pytestmark = pytest.mark.django_db
State = Notification.State


def test_the_list_carries_the_unread_count_and_filters_by_state(owner, owner_api):
    make_notification(owner, title="A plan is ready")
    make_notification(owner, state=State.ARCHIVED, title="Old news")

    inbox = owner_api.get("/api/notifications/").json()
    archived = owner_api.get("/api/notifications/?state=archived").json()

    assert inbox["unread_count"] == 1
    assert [n["title"] for n in inbox["results"]] == ["A plan is ready"]
    assert inbox["results"][0]["state"] == "unread"
    assert [n["title"] for n in archived["results"]] == ["Old news"]
    assert archived["unread_count"] == 1


def test_an_unknown_state_is_refused_by_name(owner_api):
    response = owner_api.get("/api/notifications/?state=everything")
    assert response.status_code == 400
    assert "state" in response.json()["errors"]


def test_read_archive_snooze_and_read_all(owner, owner_api):
    one, two, three = (make_notification(owner) for _ in range(3))

    assert owner_api.post(f"/api/notifications/{one.pk}/read/").json()["state"] == "read"
    assert owner_api.post(f"/api/notifications/{two.pk}/archive/").json()["state"] == "archived"
    snoozed = owner_api.post(
        f"/api/notifications/{three.pk}/snooze/", {"for": "tomorrow"}, format="json"
    ).json()
    assert snoozed["state"] == "snoozed"
    assert snoozed["snoozed_until"]
    assert owner_api.post("/api/notifications/read-all/").json() == {
        "changed": 0,
        "unread_count": 0,
    }


@pytest.mark.parametrize(
    "body",
    [{}, {"for": "someday"}, {"until": "2020-01-01T00:00:00Z"}, {"for": "hour", "until": "x"}],
)
def test_a_bad_snooze_is_refused_and_changes_nothing(owner, owner_api, body):
    note = make_notification(owner)
    response = owner_api.post(f"/api/notifications/{note.pk}/snooze/", body, format="json")
    assert response.status_code == 400
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD


def test_an_outsider_can_neither_read_nor_change_anothers(owner, outsider_api):
    note = make_notification(owner)

    assert outsider_api.get("/api/notifications/").json() == {"unread_count": 0, "results": []}
    for action in ("read", "archive"):
        assert outsider_api.post(f"/api/notifications/{note.pk}/{action}/").status_code == 404
    response = outsider_api.post(
        f"/api/notifications/{note.pk}/snooze/", {"for": "hour"}, format="json"
    )
    assert response.status_code == 404
    outsider_api.post("/api/notifications/read-all/")
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD


def test_notifications_need_a_signed_in_person(client, db):
    assert client.get("/api/notifications/").status_code in (401, 403)
