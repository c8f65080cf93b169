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


def test_healthz_answers_on_its_own_connection_while_requests_have_none():
    with every_request_connection_taken():
        response = Client().get("/healthz")
    database = response.json()["checks"]["database"]
    assert database["ok"] is True
    assert database["pool_available"] == 0
