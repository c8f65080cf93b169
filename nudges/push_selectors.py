"""Reads of Web Push subscriptions, always scoped to one person (another's id is NotFound).

Apart from nudges/selectors.py only while that module is being written elsewhere."""

from __future__ import annotations

from django.db.models import QuerySet

from delight.models import User
from delight.selectors import owned_or_not_found
from nudges.models import PushSubscription


def push_subscription_list(*, user: User) -> QuerySet[PushSubscription]:
    """The person's browsers that receive pushes, newest first."""
    return PushSubscription.objects.owned_by(user).order_by("-created_at", "-id")


def push_subscription_get(*, user: User, subscription_id: int) -> PushSubscription:
    return owned_or_not_found(
        PushSubscription,
        user=user,
        message="There is no such device among yours.",
        pk=subscription_id,
    )
