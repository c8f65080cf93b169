"""Middleware: database admission answers a clear 503 when no connection frees up in time."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.models import Turn
from tests.support.database import every_request_connection_taken

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_api_request_that_finds_no_free_connection_gets_a_json_503_with_retry_after(
    owner_api,
):
    owner_api.get("/api/me/")  # the token exists before the pool is drained
    with every_request_connection_taken():
        response = owner_api.post("/api/companion/messages/", {"text": "Hello"}, format="json")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "busy"
    assert int(response["Retry-After"]) >= 1
    assert not Turn.objects.exists()  # nothing was kept half-way


def test_a_page_that_finds_no_free_connection_says_it_will_retry_by_itself():
    with every_request_connection_taken():
        response = Client().get("/accounts/login/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) >= 1
    page = response.content.decode()
    assert "busier than usual" in page
    assert 'http-equiv="refresh"' in page


def test_a_form_sent_when_no_connection_is_free_says_it_was_not_saved_and_is_not_resent():
    with every_request_connection_taken():
        response = Client().post("/accounts/signup/", {"username": "nia"})
    assert response.status_code == 503
    page = response.content.decode()
    assert "was not saved" in page
    assert 'http-equiv="refresh"' not in page


def test_healthz_answers_on_its_own_connection_while_requests_have_none():
    with every_request_connection_taken():
        response = Client().get("/healthz")
    database = response.json()["checks"]["database"]
    assert database["ok"] is True
    assert database["pool_available"] == 0
