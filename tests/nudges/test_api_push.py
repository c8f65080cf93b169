"""The Web Push API: a person's browsers subscribe, are listed and unsubscribe; the key they
subscribe with; and the service worker at the site's root."""

from __future__ import annotations

import base64

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from nudges.models import PushSubscription
from nudges.services.push import push_send
from tests.nudges.factories import make_notification, make_push_subscription

SUBSCRIPTIONS = "/api/push/subscriptions/"
# A real push service's shape of endpoint (never contacted by these tests).
REMOTE = "https://updates.push.example.net/wpush/v2/gAAAAABm"


def remote_subscription(browser) -> dict:
    """`browser`'s keys with an https endpoint of a push service elsewhere."""
    return {**browser.subscription_json(), "endpoint": REMOTE}


def test_a_browser_subscribes_and_then_receives_pushes(owner, owner_api, push_service):
    browser = push_service.browser()

    answer = owner_api.post(SUBSCRIPTIONS, browser.subscription_json(), format="json")

    assert answer.status_code == 201
    assert answer.data["endpoint"] == browser.endpoint
    assert answer.data["last_ok_at"] is None
    assert push_send(notification=make_notification(owner, title="Spanish, tonight?")) == 1
    assert push_service.wait(1)[0].payload["title"] == "Spanish, tonight?"


def test_the_subscription_keeps_the_browser_s_keys_and_agent(owner, owner_api, push_service):
    browser = push_service.browser()

    owner_api.post(
        SUBSCRIPTIONS, browser.subscription_json(), format="json", HTTP_USER_AGENT="Firefox/140"
    )

    subscription = PushSubscription.objects.get(user=owner)
    assert (subscription.p256dh, subscription.auth) == (browser.p256dh, browser.auth)
    assert subscription.user_agent == "Firefox/140"


def test_a_known_endpoint_moves_to_the_person_who_subscribes_it_again(
    owner, outsider_api, push_service
):
    browser = push_service.browser()
    old = make_push_subscription(owner, browser, failures=4)
    renewed = push_service.browser()
    body = {**renewed.subscription_json(), "endpoint": browser.endpoint}

    answer = outsider_api.post(SUBSCRIPTIONS, body, format="json")

    assert answer.status_code == 200
    assert answer.data["id"] == old.pk
    old.refresh_from_db()
    assert old.user.username == "oscar"
    assert (old.p256dh, old.failures) == (renewed.p256dh, 0)
    assert PushSubscription.objects.count() == 1


def test_a_person_lists_only_their_own_browsers(owner, owner_api, outsider, push_service):
    mine = make_push_subscription(owner, push_service.browser())
    make_push_subscription(outsider, push_service.browser())

    answer = owner_api.get(SUBSCRIPTIONS)

    assert answer.status_code == 200
    assert [item["id"] for item in answer.data["results"]] == [mine.pk]
    assert set(answer.data["results"][0]) == {"id", "endpoint", "created_at", "last_ok_at"}


def test_an_owner_unsubscribes_a_browser(owner, owner_api, push_service):
    subscription = make_push_subscription(owner, push_service.browser())

    answer = owner_api.delete(f"{SUBSCRIPTIONS}{subscription.pk}/")

    assert answer.status_code == 204
    assert not PushSubscription.objects.filter(pk=subscription.pk).exists()


def test_an_outsider_cannot_see_or_unsubscribe_another_s_browser(owner, outsider_api, push_service):
    subscription = make_push_subscription(owner, push_service.browser())

    listed = outsider_api.get(SUBSCRIPTIONS)
    deleted = outsider_api.delete(f"{SUBSCRIPTIONS}{subscription.pk}/")

    assert listed.data["results"] == []
    assert deleted.status_code == 404
    assert deleted.json()["code"] == "not_found"
    assert PushSubscription.objects.filter(pk=subscription.pk, user=owner).exists()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"endpoint": "ftp://push.example.net/x"}, "endpoint", "must be https"),
        ({"endpoint": "http://push.example.net/x"}, "endpoint", "must be https"),
        ({"endpoint": "https://127.0.0.1/x"}, "endpoint", "local address"),
        ({"endpoint": "https://localhost:8443/x"}, "endpoint", "local address"),
        ({"endpoint": "https://10.0.0.7/x"}, "endpoint", "local address"),
        ({"endpoint": "https://[::1]/x"}, "endpoint", "local address"),
        ({"endpoint": "https://2130706433/x"}, "endpoint", "local address"),
        ({"endpoint": "https://0x7f.1/x"}, "endpoint", "local address"),
        ({"endpoint": "https://user:pw@push.example.net/x"}, "endpoint", "must be https"),
        ({"endpoint": "https://push.example.net:port/x"}, "endpoint", "address"),
        ({"endpoint": ""}, "endpoint", "blank"),
        ({"keys": {"auth": _b64(bytes(16))}}, "keys", "required"),
        ({"keys": None}, "keys", "null"),
        ({"p256dh": "not base64!"}, "keys", "base64url"),
        ({"p256dh": _b64(b"\x04" + bytes(31))}, "keys", "65 bytes, not 32"),
        ({"p256dh": _b64(b"\x04" + bytes(64))}, "keys", "not a P-256 point"),
        ({"auth": _b64(bytes(15))}, "keys", "16 bytes, not 15"),
    ],
)
def test_bad_input_is_refused_by_field_and_changes_nothing(
    owner_api, push_service, settings, change, field, words
):
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False
    body = remote_subscription(push_service.browser())
    for key in ("p256dh", "auth"):
        if key in change:
            body["keys"] = {**body["keys"], key: change.pop(key)}
    body.update(change)

    answer = owner_api.post(SUBSCRIPTIONS, body, format="json")

    assert answer.status_code == 400
    assert answer.json()["code"] == "invalid"
    assert field in answer.json()["errors"]
    assert words in answer.json()["detail"]
    assert not PushSubscription.objects.exists()


def test_a_push_service_elsewhere_over_https_is_accepted(owner_api, push_service, settings):
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False

    answer = owner_api.post(SUBSCRIPTIONS, remote_subscription(push_service.browser()), "json")

    assert answer.status_code == 201
    assert answer.data["endpoint"] == REMOTE


def test_plain_http_is_accepted_in_debug_but_never_a_local_address(
    owner_api, push_service, settings
):
    settings.PUSH_ALLOW_INSECURE_ENDPOINTS = False
    settings.DEBUG = True
    browser = push_service.browser()
    remote = {**browser.subscription_json(), "endpoint": "http://push.example.net/x"}

    assert owner_api.post(SUBSCRIPTIONS, remote, format="json").status_code == 201
    local = owner_api.post(SUBSCRIPTIONS, browser.subscription_json(), format="json")
    assert local.status_code == 400


def test_the_key_is_the_vapid_public_key(owner_api):
    answer = owner_api.get("/api/push/key/")

    assert answer.status_code == 200
    assert answer.data == {"public_key": settings.VAPID_PUBLIC_KEY}


@pytest.mark.django_db
def test_someone_signed_out_gets_nothing(push_service):
    client = APIClient()
    browser = push_service.browser()

    assert client.get(SUBSCRIPTIONS).status_code == 401
    assert client.post(SUBSCRIPTIONS, browser.subscription_json(), format="json").status_code == 401
    assert client.get("/api/push/key/").status_code == 401
    assert not PushSubscription.objects.exists()


@pytest.mark.django_db
def test_the_service_worker_is_served_at_the_root_for_the_whole_site(client):
    answer = client.get("/sw.js")

    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/javascript; charset=utf-8"
    assert answer["Service-Worker-Allowed"] == "/"
    assert answer["Cache-Control"] == "no-cache"
    source = answer.content.decode()
    assert 'addEventListener("push"' in source
    assert 'addEventListener("notificationclick"' in source
    assert "__DELIGHT_ICON_URL__" not in source
    assert '"/static/delight/icon.svg"' in source


@pytest.mark.django_db
def test_the_more_page_offers_eliza_s_notes_on_this_device(client, owner):
    client.force_login(owner)

    page = client.get("/more/").content.decode()

    assert "Get Eliza's notes on this device" in page
    assert 'data-subscriptions="/api/push/subscriptions/"' in page
    assert "nudges/push.js" in page
