"""Password guessing is limited per account and per address on every way in.

The token exchange, the login page and the admin login share one record of failures
(django-axes): a lockout answers 429 with Retry-After, as JSON under /api/ and as a page
that says when to try again elsewhere. Limits are lowered here so a test stays short.
"""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

TOKEN = "/api/auth/token/"
HOME = "10.0.0.1"
ELSEWHERE = "10.0.0.2"


@pytest.fixture(autouse=True)
def _low_limits(settings):
    settings.AXES_FAILURE_LIMIT = 3
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    settings.AXES_COOLOFF_TIME = dt.timedelta(minutes=15)


def exchange(username: str, password: str, address: str = HOME):
    return APIClient().post(
        TOKEN, {"username": username, "password": password}, format="json", REMOTE_ADDR=address
    )


def test_the_token_exchange_locks_an_account_after_repeated_failures(owner):
    answers = [exchange("olivia", "wrong") for _ in range(3)]

    assert [a.status_code for a in answers] == [400, 400, 429]
    locked = exchange("olivia", PASSWORD)
    assert locked.status_code == 429
    assert locked["Retry-After"] == "900"
    assert locked["Content-Type"] == "application/json"
    body = locked.json()
    assert body["code"] == "login_locked"
    assert "Try again in 15 minutes" in body["detail"]
    assert "token" not in body


def test_an_account_lockout_holds_from_any_address(owner):
    for _ in range(3):
        exchange("olivia", "wrong", address=HOME)

    assert exchange("olivia", PASSWORD, address=ELSEWHERE).status_code == 429
    make_user("nadia")
    assert exchange("nadia", PASSWORD, address=ELSEWHERE).status_code == 200


def test_an_address_is_locked_after_failures_across_accounts(owner):
    for name in ("ann", "bob", "cy", "dee", "eve"):
        exchange(name, "guess", address=HOME)

    # Olivia never failed, but this address has guessed too often.
    assert exchange("olivia", PASSWORD, address=HOME).status_code == 429
    assert exchange("olivia", PASSWORD, address=ELSEWHERE).status_code == 200


def test_failures_below_the_limit_lock_nothing(owner):
    for _ in range(2):
        exchange("olivia", "wrong")

    assert exchange("olivia", PASSWORD).status_code == 200


def test_the_lockout_ends_after_the_cool_off(owner):
    for _ in range(3):
        exchange("olivia", "wrong")
    assert exchange("olivia", PASSWORD).status_code == 429

    # As if the cool-off had passed since the last failure.
    AccessAttempt.objects.update(attempt_time=dt.datetime(2020, 1, 1, tzinfo=dt.UTC))
    assert exchange("olivia", PASSWORD).status_code == 200


def test_the_login_page_locks_out_with_a_page_that_says_when(owner):
    client = Client(REMOTE_ADDR=HOME)
    codes = [
        client.post("/accounts/login/", {"username": "olivia", "password": "no"}).status_code
        for _ in range(3)
    ]

    assert codes == [200, 200, 429]
    locked = client.post("/accounts/login/", {"username": "olivia", "password": PASSWORD})
    assert locked.status_code == 429
    assert locked["Retry-After"] == "900"
    assert locked["Content-Type"].startswith("text/html")
    assert b"Try again in 15 minutes" in locked.content
    assert "_auth_user_id" not in client.session


def test_the_admin_login_locks_out_too(db):
    make_user("root", is_staff=True, is_superuser=True)
    client = Client(REMOTE_ADDR=HOME)
    for _ in range(3):
        client.post("/admin/login/", {"username": "root", "password": "no"})

    locked = client.post("/admin/login/?next=/admin/", {"username": "root", "password": PASSWORD})
    assert locked.status_code == 429
    assert locked["Retry-After"] == "900"
    assert b"Try again in 15 minutes" in locked.content
    assert client.get("/admin/").status_code == 302  # still signed out


def test_failures_on_every_way_in_count_together(owner):
    client = Client(REMOTE_ADDR=HOME)
    client.post("/accounts/login/", {"username": "olivia", "password": "no"})
    client.post("/admin/login/", {"username": "olivia", "password": "no"})
    exchange("olivia", "wrong")

    assert exchange("olivia", PASSWORD).status_code == 429


def test_a_client_without_an_ip_address_is_limited_per_account(owner):
    # A unix socket or an ASGI test client gives no IP address: no 500, the account limit holds.
    answers = [exchange("olivia", "wrong", address="testclient") for _ in range(3)]

    assert [a.status_code for a in answers] == [400, 400, 429]
    assert exchange("olivia", PASSWORD, address=ELSEWHERE).status_code == 429


def test_an_overlong_username_is_refused_as_invalid_input(owner):
    response = exchange("x" * 300, "wrong")

    assert response.status_code == 400
    assert "username" in response.json()["errors"]


@pytest.mark.django_db(transaction=True)
async def test_the_login_page_locks_out_under_asgi_too(async_client, owner):
    # Under daphne the middleware runs async (axes' middleware takes another path there).
    for _ in range(3):
        await async_client.post("/accounts/login/", {"username": "olivia", "password": "no"})

    locked = await async_client.post(
        "/accounts/login/", {"username": "olivia", "password": PASSWORD}
    )
    assert locked.status_code == 429
    assert locked["Retry-After"] == "900"
    assert b"Try again in 15 minutes" in locked.content
