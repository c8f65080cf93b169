"""Middleware: database admission answers a clear 503 when no connection frees up in time;
pages show times in the person's own zone; a late request cannot sign a person out."""

from __future__ import annotations

import datetime as dt
import json
import threading
import uuid

import pytest
from django.conf import settings
from django.db import OperationalError, connection
from django.test import Client
from django.utils import timezone

from companion.models import Conversation, Turn
from delight import health
from delight.models import User
from goals.models import Goal
from tests.factories import PASSWORD, make_user
from tests.support import processes
from tests.support.database import every_request_connection_taken

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_message_that_finds_no_free_connection_in_its_wait_gets_a_json_503_with_retry_after(
    owner_api, settings
):
    settings.DATABASE_WRITE_WAIT = 0.3
    owner_api.get("/api/me/")  # the token exists before the pool is drained
    with every_request_connection_taken():
        response = owner_api.post("/api/companion/messages/", {"text": "Hello"}, format="json")
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json()["code"] == "busy"
    assert int(response["Retry-After"]) >= 1
    assert not Turn.objects.exists()  # nothing was kept half-way


def test_a_write_waits_its_turn_for_a_connection_instead_of_being_refused(owner_api, settings):
    settings.DATABASE_WRITE_WAIT = 60
    owner_api.get("/api/me/")  # the token exists before the pool is drained
    with every_request_connection_taken() as held:  # a read would be refused after 0.2 s
        pool = connection.pool

        def give_one_back_once_it_waits() -> None:
            processes.wait_for(lambda: pool.get_stats().get("requests_waiting"), timeout=30)
            pool.putconn(held.pop())

        freer = threading.Thread(target=give_one_back_once_it_waits)
        freer.start()
        response = owner_api.post("/api/goals/", {"title": "Swim", "category": "health"})
        freer.join()

    assert response.status_code == 201
    assert Goal.objects.filter(title="Swim").exists()


def test_a_page_that_finds_no_free_connection_says_it_will_retry_by_itself():
    with every_request_connection_taken():
        response = Client().get("/accounts/login/")
    assert response.status_code == 503
    assert int(response["Retry-After"]) >= 1
    page = response.content.decode()
    assert "busier than usual" in page
    assert 'http-equiv="refresh"' in page


def test_a_form_sent_when_no_connection_is_free_says_it_was_not_saved_and_is_not_resent(settings):
    settings.DATABASE_WRITE_WAIT = 0.3
    with every_request_connection_taken():
        response = Client().post("/accounts/signup/", {"username": "nia"})
    assert response.status_code == 503
    page = response.content.decode()
    assert "was not saved" in page
    assert 'http-equiv="refresh"' not in page


def test_healthz_answers_on_its_own_connection_and_says_when_requests_have_none_for_long(
    monkeypatch,
):
    monkeypatch.setattr(health, "STUCK_SECONDS", 0.0)  # stuck as soon as nothing moves
    with every_request_connection_taken():
        Client().get("/healthz")  # taking them all was movement; now none moves
        response = Client().get("/healthz")
    checks = response.json()["checks"]
    assert response.status_code == 503
    assert checks["database"]["ok"] is True  # asked on the probe's own connection
    assert checks["requests"]["ok"] is False
    assert checks["requests"]["error"].startswith("no connection came free for requests")
    assert checks["requests"]["pool_available"] == 0
    assert Client().get("/healthz").json()["checks"]["requests"]["ok"] is True  # given back


def database_lost(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def test_an_api_request_that_loses_the_database_midway_answers_503_json_not_500(
    owner_api, monkeypatch
):
    monkeypatch.setattr("goals.api.selectors.goal_list", database_lost)

    response = owner_api.get("/api/goals/")

    assert response.status_code == 503
    assert response.json()["code"] == "busy"
    assert int(response["Retry-After"]) >= 1


def test_a_page_that_loses_the_database_midway_says_it_will_retry(owner, monkeypatch):
    client = Client()
    client.force_login(owner)
    monkeypatch.setattr("goals.views.selectors.goal_list", database_lost)

    response = client.get("/goals/")

    assert response.status_code == 503
    assert 'http-equiv="refresh"' in response.content.decode()


@pytest.fixture
def madrid(db) -> User:
    return make_user("marta", timezone="Europe/Madrid")


@pytest.fixture
def kathmandu(db) -> User:
    return make_user("kiran", timezone="Asia/Kathmandu")


# 2026-11-24 08:05 UTC is 09:05 in Madrid (UTC+1) and 13:50 in Kathmandu (UTC+5:45).
INSTANT = dt.datetime(2026, 11, 24, 8, 5, tzinfo=dt.UTC)


def _conversation_at(user: User) -> Conversation:
    return Conversation.objects.create(
        id=uuid.uuid4(), user=user, title="Morning plans", last_message_at=INSTANT
    )


@pytest.mark.parametrize(("person", "shown"), [("madrid", "09:05"), ("kathmandu", "13:50")])
def test_a_page_shows_times_in_the_persons_own_zone(request, person, shown):
    user = request.getfixturevalue(person)
    _conversation_at(user)
    client = Client()
    client.force_login(user)
    page = client.get("/chat/").content.decode()
    assert f"24 Nov, {shown}" in page
    assert "24 Nov, 08:05" not in page


def test_the_api_keeps_answering_in_utc(madrid):
    client = Client()
    client.force_login(madrid)
    client.get("/chat/")  # a page first: its zone must not leak into the next request
    assert timezone.get_current_timezone_name() == "UTC"
    conversation = _conversation_at(madrid)
    sessions = client.get("/api/companion/sessions/").json()
    listed = next(s for s in sessions["results"] if s["session_id"] == str(conversation.id))
    assert listed["last_message_at"].endswith("Z")


@pytest.mark.parametrize("megabytes", [3, 10])
def test_a_body_over_the_limit_answers_413_json_and_creates_nothing(owner_api, megabytes):
    body = json.dumps(
        {"title": "Run", "category": "health", "description": "x" * (megabytes << 20)}
    )

    response = owner_api.post("/api/goals/", body, content_type="application/json")

    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"
    assert not Goal.objects.exists()


def test_a_page_sent_a_body_over_the_limit_answers_413(owner):
    client = Client()
    client.force_login(owner)

    response = client.post("/goals/new/", {"title": "x" * (3 << 20)})

    assert response.status_code == 413
    assert "larger than" in response.content.decode()


def _signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_late_request_with_the_cookie_from_before_a_password_change_leaves_the_new_one(owner):
    client = _signed_in(owner)
    before = client.cookies[settings.SESSION_COOKIE_NAME].value
    changed = client.post(
        "/accounts/password/",
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-Pass-1234",
            "new_password2": "a-new-Pass-1234",
        },
    )
    assert changed.status_code == 302
    assert client.cookies[settings.SESSION_COOKIE_NAME].value != before

    late = Client()  # what the browser sent with the old cookie before the change's answer came
    late.cookies[settings.SESSION_COOKIE_NAME] = before
    answer = late.get("/sw.js")

    assert answer.status_code == 200
    assert settings.SESSION_COOKIE_NAME not in answer.cookies  # the new cookie is not deleted
    assert client.get("/settings/").status_code == 200


def test_logging_out_still_deletes_the_cookie(owner):
    client = _signed_in(owner)

    answer = client.post("/accounts/logout/")

    assert answer.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 0
    assert client.get("/settings/").status_code == 302


def test_a_password_changed_elsewhere_ends_this_session_and_its_cookie(owner):
    client = _signed_in(owner)
    owner.set_password("changed-on-another-device")
    owner.save()

    answer = client.get("/settings/")

    assert answer.status_code == 302
    assert answer.cookies[settings.SESSION_COOKIE_NAME]["max-age"] == 0
