"""Web Push: a notification to every browser the person subscribed, through their browser's
push service (RFC 8030), encrypted for each browser (RFC 8291, aes128gcm) and signed with
Delight's VAPID key (RFC 8292), by pywebpush."""

from __future__ import annotations

import enum
import json
import logging
from urllib.parse import urlsplit

import requests
from django.conf import settings
from py_vapid import Vapid
from pywebpush import WebPushException, webpush

from delight.vapid import private_key
from nudges import selectors, services
from nudges.channels import ChannelError
from nudges.models import Notification, PushSubscription

logger = logging.getLogger(__name__)

TTL_SECONDS = 24 * 3600  # a push service keeps it this long for a browser that is offline
TIMEOUT_SECONDS = 10.0  # per browser: a slow push service must not hold a worker long
GONE_STATUSES = frozenset({404, 410})  # RFC 8030 §7.3: the subscription expired or ended


class Outcome(enum.Enum):
    DELIVERED = "delivered"
    GONE = "gone"
    FAILED = "failed"


def push_payload(notification: Notification) -> str:
    """What the service worker (nudges/static/nudges/sw.js) shows; the tag lets a newer
    push with the same key replace the older one on the screen."""
    return json.dumps(
        {
            "title": notification.title,
            "body": notification.body,
            "url": notification.url or "/",
            "tag": notification.key,
        }
    )


def _deliver(subscription: PushSubscription, payload: str, vapid: Vapid) -> Outcome:
    """One POST to the browser's push service; its answer decides the outcome."""
    try:
        webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=payload,
            vapid_private_key=vapid,
            # A fresh dict each time: webpush writes aud and exp into the claims it gets.
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            ttl=TTL_SECONDS,
            timeout=TIMEOUT_SECONDS,
        )
    except WebPushException as error:
        if error.response is not None and error.response.status_code in GONE_STATUSES:
            return Outcome.GONE
        logger.warning("Push to %s failed: %s", urlsplit(subscription.endpoint).netloc, error)
        return Outcome.FAILED
    except requests.RequestException as error:
        logger.warning("Push to %s failed: %r", urlsplit(subscription.endpoint).netloc, error)
        return Outcome.FAILED
    return Outcome.DELIVERED


RECORD = {
    Outcome.DELIVERED: services.push_subscription_delivered,
    Outcome.GONE: services.push_subscription_gone,
    Outcome.FAILED: services.push_subscription_failed,
}


def push_send(*, notification: Notification) -> int:
    """Send `notification` to each of the person's browsers; how many got it.

    1. No subscription at all: ChannelError(retry=False), nothing to try again.
    2. Otherwise POST the encrypted, signed payload to each browser's push service, one by
       one, outside any transaction (a slow service must not hold row locks).
    3. Keep each outcome: delivered (last_ok_at, failures reset), gone (404/410: the browser
       dropped it, so it is deleted) or failed (failures + 1).
    4. None delivered: ChannelError, worth a retry while some subscription is left.
    """
    subscriptions = list(selectors.push_subscription_list(user=notification.user))
    if not subscriptions:
        raise ChannelError("The person has no browser subscribed to pushes.", retry=False)
    payload = push_payload(notification)
    vapid = Vapid(private_key(settings.VAPID_PRIVATE_KEY))
    outcomes = []
    for subscription in subscriptions:
        outcome = _deliver(subscription, payload, vapid)
        RECORD[outcome](subscription_id=subscription.pk)
        outcomes.append(outcome)
    delivered = outcomes.count(Outcome.DELIVERED)
    if not delivered:
        left = len(outcomes) - outcomes.count(Outcome.GONE)
        raise ChannelError(f"No browser took the push ({len(outcomes)} tried).", retry=left > 0)
    return delivered
