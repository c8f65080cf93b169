"""Every /api/ error is JSON {"detail", "code", "errors"?}, whatever the method."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

METHODS = ("get", "post", "put", "patch", "delete")


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("signed_in", [True, False], ids=["token", "anonymous"])
def test_an_unknown_api_path_is_a_json_404_for_every_method(method, signed_in, owner):
    # CSRF is enforced as a real client meets it (the test client skips it by default).
    client = APIClient(enforce_csrf_checks=True)
    if signed_in:
        token = Token.objects.get_or_create(user=owner)[0]
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = getattr(client, method)("/api/does-not-exist/", {"x": 1}, format="json")

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "detail": "No API endpoint at /api/does-not-exist/.",
        "code": "not_found",
    }


def test_an_unknown_api_path_is_a_404_for_a_browser_session_without_a_csrf_token(owner):
    # A signed-in browser session: Django's CSRF check would refuse the POST before routing.
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(owner)
    response = client.post("/api/nothing/here/", {}, format="json")

    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_a_body_of_an_unsupported_media_type_is_a_json_415(owner_api):
    response = owner_api.post("/api/goals/", "title=Run", content_type="text/plain")

    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
