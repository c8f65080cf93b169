"""Web Push subscriptions, a notification pushed to each of them, and each push's outcome."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Least
from django.utils import timezone

from delight.models import User
from nudges import selectors
from nudges.channels import ChannelError
from nudges.channels.push import Outcome, push_payload, push_signer, push_to
from nudges.models import Notification, PushSubscription

USER_AGENT_MAX = PushSubscription._meta.get_field("user_agent").max_length
FAILURES_MAX = 32767  # the column's ceiling: a dead browser's count stops there


@transaction.atomic
def push_subscription_save(
    *, user: User, endpoint: str, p256dh: str, auth: str, user_agent: str = ""
) -> tuple[PushSubscription, bool]:
    """Keep a browser's subscription; True when it is new. An endpoint already known is the
    same browser subscribing again (new keys, perhaps another person signed in on it): it
    moves to `user` with its new keys and a clean record."""
    subscription, created = PushSubscription.objects.select_for_update().update_or_create(
        endpoint=endpoint,
        defaults={
            "user": user,
            "p256dh": p256dh,
            "auth": auth,
            "user_agent": user_agent[:USER_AGENT_MAX],
            "failures": 0,
        },
    )
    return subscription, created


@transaction.atomic
def push_subscription_delete(*, user: User, subscription_id: int) -> None:
    selectors.push_subscription_get(user=user, subscription_id=subscription_id).delete()


@transaction.atomic
def push_subscription_delivered(*, subscription_id: int) -> None:
    PushSubscription.objects.filter(pk=subscription_id).update(
        last_ok_at=timezone.now(), failures=0
    )


@transaction.atomic
def push_subscription_failed(*, subscription_id: int) -> None:
    PushSubscription.objects.filter(pk=subscription_id).update(
        failures=Least(F("failures") + 1, Value(FAILURES_MAX))
    )


@transaction.atomic
def push_subscription_gone(*, subscription_id: int) -> None:
    """The push service answered that the browser dropped it (404/410): forget it."""
    PushSubscription.objects.filter(pk=subscription_id).delete()


RECORD = {
    Outcome.DELIVERED: push_subscription_delivered,
    Outcome.GONE: push_subscription_gone,
    Outcome.FAILED: push_subscription_failed,
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
    vapid = push_signer()
    outcomes = []
    for subscription in subscriptions:
        outcome = push_to(subscription, payload, vapid)
        RECORD[outcome](subscription_id=subscription.pk)
        outcomes.append(outcome)
    delivered = outcomes.count(Outcome.DELIVERED)
    if not delivered:
        left = len(outcomes) - outcomes.count(Outcome.GONE)
        raise ChannelError(f"No browser took the push ({len(outcomes)} tried).", retry=left > 0)
    return delivered
