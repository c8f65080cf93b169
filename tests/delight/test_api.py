from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from delight.models import User
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def test_token_exchange_then_token_auth(owner):
    client = APIClient()
    response = client.post(
        "/api/auth/token/", {"username": "olivia", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    me = client.get("/api/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "olivia"
    assert me.json()["timezone"] == "Europe/Paris"


def test_wrong_password_gets_a_json_error(owner):
    response = APIClient().post(
        "/api/auth/token/", {"username": "olivia", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert "Unable to log in" in response.json()["detail"]


def test_anonymous_api_call_answers_401_json():
    response = APIClient().get("/api/me/")
    assert response.status_code == 401
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "not_authenticated"


def test_session_auth_works_for_the_browser(client, owner):
    client.force_login(owner)
    assert client.get("/api/me/").json()["username"] == "olivia"


def test_patch_me_updates_preferences(owner_api, owner):
    response = owner_api.patch(
        "/api/me/", {"timezone": "Asia/Tokyo", "daily_nudge_max": 3}, format="json"
    )
    assert response.status_code == 200
    owner.refresh_from_db()
    assert (owner.timezone, owner.daily_nudge_max) == ("Asia/Tokyo", 3)


def test_patch_me_with_a_bad_value_changes_nothing(owner_api, owner):
    response = owner_api.patch(
        "/api/me/", {"timezone": "Nowhere/City", "daily_nudge_max": 3}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert "timezone" in body["errors"]
    assert "IANA" in body["detail"]
    owner.refresh_from_db()
    assert (owner.timezone, owner.daily_nudge_max) == ("Europe/Paris", 2)


def test_nudges_paused_round_trips_through_me(owner_api, owner):
    assert owner_api.get("/api/me/").json()["nudges_paused"] is False

    response = owner_api.patch("/api/me/", {"nudges_paused": True}, format="json")

    assert response.status_code == 200
    assert response.json()["nudges_paused"] is True
    assert owner_api.get("/api/me/").json()["nudges_paused"] is True
    owner.refresh_from_db()
    assert owner.nudges_paused
    owner_api.patch("/api/me/", {"nudges_paused": False}, format="json")
    owner.refresh_from_db()
    assert not owner.nudges_paused


def test_patch_me_cannot_change_username(owner_api, owner):
    owner_api.patch("/api/me/", {"username": "mallory"}, format="json")
    assert User.objects.get(pk=owner.pk).username == "olivia"


def test_unknown_api_path_is_a_json_404(owner_api):
    response = owner_api.get("/api/does-not-exist/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_openapi_schema_and_docs_are_served(owner_api):
    schema = owner_api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    assert "/api/me/" in schema.json()["paths"]
    docs = owner_api.get("/api/docs/")
    assert docs.status_code == 200
    # The docs page loads Swagger UI from our own static files, not a CDN: works offline.
    assert b"/static/drf_spectacular_sidecar/swagger-ui-dist/" in docs.content
