"""Web Push subscriptions and each push's outcome."""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Least
from django.utils import timezone

from delight.models import User
from nudges import selectors
from nudges.models import PushSubscription

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
