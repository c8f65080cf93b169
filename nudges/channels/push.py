"""Web Push: a notification to every browser the person subscribed, through their browser's
push service (RFC 8030), encrypted for each browser (RFC 8291, aes128gcm) and signed with
Delight's VAPID key (RFC 8292), by pywebpush: the transport, one browser at a time
(`nudges.services.push.push_send` sends to all of a person's and keeps each outcome)."""

from __future__ import annotations

import enum
import json
import logging
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import requests
from django.conf import settings
from py_vapid import Vapid

from delight.lazy import lazy_module, ready
from delight.vapid import private_key
from nudges.models import Notification, PushSubscription

if TYPE_CHECKING:
    import pywebpush
else:
    # Run at the first push (it brings aiohttp: ~0.4 s of every process's start otherwise).
    pywebpush = lazy_module("pywebpush")

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


def push_signer() -> Vapid:
    """Delight's VAPID key, which signs every push."""
    return Vapid(private_key(settings.VAPID_PRIVATE_KEY))


def push_to(subscription: PushSubscription, payload: str, vapid: Vapid) -> Outcome:
    """One POST to the browser's push service; its answer decides the outcome."""
    ready(pywebpush)
    try:
        pywebpush.webpush(
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
    except pywebpush.WebPushException as error:
        if error.response is not None and error.response.status_code in GONE_STATUSES:
            return Outcome.GONE
        logger.warning("Push to %s failed: %s", urlsplit(subscription.endpoint).netloc, error)
        return Outcome.FAILED
    except requests.RequestException as error:
        logger.warning("Push to %s failed: %r", urlsplit(subscription.endpoint).netloc, error)
        return Outcome.FAILED
    return Outcome.DELIVERED
