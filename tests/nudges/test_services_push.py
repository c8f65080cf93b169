"""Web Push sends a notification to each of the person's browsers, signed and encrypted."""

from __future__ import annotations

import pytest
from django.conf import settings

from nudges.channels import ChannelError
from nudges.models import PushSubscription
from nudges.services.push import push_send
from tests.nudges.factories import make_notification, make_push_subscription


def test_each_browser_receives_the_notification_signed_and_decryptable(owner, push_service):
    phone, laptop = push_service.browser(), push_service.browser()
    make_push_subscription(owner, phone)
    make_push_subscription(owner, laptop)
    notification = make_notification(owner)

    assert push_send(notification=notification) == 2

    received = push_service.wait(2)
    assert {push.endpoint for push in received} == {phone.endpoint, laptop.endpoint}
    for push in received:
        assert push.error == ""
        assert push.payload == {
            "title": notification.title,
            "body": notification.body,
            "url": notification.url,
            "tag": notification.key,
        }
        assert push.vapid_key == settings.VAPID_PUBLIC_KEY
        assert push.claims["sub"] == settings.VAPID_SUBJECT
        assert push.headers["ttl"] == str(24 * 3600)


def test_a_delivered_push_is_recorded_on_the_subscription(owner, push_service):
    subscription = make_push_subscription(owner, push_service.browser(), failures=3)

    push_send(notification=make_notification(owner))

    subscription.refresh_from_db()
    assert subscription.failures == 0
    assert subscription.last_ok_at is not None


def test_a_browser_that_dropped_its_subscription_is_forgotten(owner, push_service):
    gone = make_push_subscription(owner, push_service.browser(status=410))
    kept = make_push_subscription(owner, push_service.browser())

    assert push_send(notification=make_notification(owner)) == 1

    push_service.wait(2)
    assert list(PushSubscription.objects.filter(user=owner)) == [kept]
    assert not PushSubscription.objects.filter(pk=gone.pk).exists()


def test_when_every_browser_dropped_it_there_is_nothing_to_retry(owner, push_service):
    make_push_subscription(owner, push_service.browser(status=404))

    with pytest.raises(ChannelError) as raised:
        push_send(notification=make_notification(owner))

    assert raised.value.retry is False
    assert not PushSubscription.objects.filter(user=owner).exists()


def test_a_failing_push_service_counts_failures_and_asks_for_a_retry(owner, push_service):
    subscription = make_push_subscription(owner, push_service.browser(status=500))

    with pytest.raises(ChannelError) as raised:
        push_send(notification=make_notification(owner))

    assert raised.value.retry is True
    push_service.wait(1)
    subscription.refresh_from_db()
    assert subscription.failures == 1
    assert subscription.last_ok_at is None


def test_an_unreachable_push_service_is_a_failure_to_retry(owner, push_service):
    browser = push_service.browser()
    push_service.server.shutdown()
    push_service.server.server_close()
    subscription = make_push_subscription(owner, browser)

    with pytest.raises(ChannelError) as raised:
        push_send(notification=make_notification(owner))

    assert raised.value.retry is True
    subscription.refresh_from_db()
    assert subscription.failures == 1


def test_a_person_without_a_subscribed_browser_is_not_reached_by_push(
    owner, outsider, push_service
):
    make_push_subscription(outsider, push_service.browser())

    with pytest.raises(ChannelError) as raised:
        push_send(notification=make_notification(owner))

    assert raised.value.retry is False
    assert push_service.received == []
