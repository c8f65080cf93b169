"""Real-time events of the nudges app, delivered to the person's open pages (ws/world/):
one `notification` event for every notification given or changed, carrying the unread
count read afresh, so the bell never drifts."""

from __future__ import annotations

from functools import partial
from typing import Literal, TypedDict

from delight.realtime import send_logged, send_to_user, send_to_users
from nudges import selectors
from nudges.models import Notification


class NotificationPayload(TypedDict):
    id: int
    kind: str
    title: str
    body: str
    url: str
    state: str
    created_at: str


class NotificationEvent(TypedDict):
    type: Literal["notification"]
    unread_count: int
    notification: NotificationPayload | None  # None: several changed at once (read all)


def notification_payload(notification: Notification) -> NotificationPayload:
    return {
        "id": notification.pk,
        "kind": notification.kind,
        "title": notification.title,
        "body": notification.body,
        "url": notification.url,
        "state": notification.state,
        "created_at": notification.created_at.isoformat(),
    }


def notification_changed_send(*, user_id: int, notification: Notification | None = None) -> None:
    """Push the change with the unread count as it is now; a delivery failure is logged,
    never raised (the page reads the count again on its next load)."""
    send_logged(partial(_changed_send, user_id, notification), what=f"a notice to {user_id}")


def _changed_send(user_id: int, notification: Notification | None) -> None:
    event: NotificationEvent = {
        "type": "notification",
        "unread_count": selectors.notifications_unread_count_of(user_id=user_id),
        "notification": notification_payload(notification) if notification else None,
    }
    send_to_user(user_id, event)


def notifications_given_send(notifications: list[Notification]) -> None:
    """Push many notifications given at once (a batch of nudges), after they committed: the
    unread counts read in one grouped statement, the events sent together. A failure is
    logged, never raised, as for one."""
    if notifications:
        send_logged(partial(_given_send, notifications), what=f"{len(notifications)} notices given")


def _given_send(notifications: list[Notification]) -> None:
    counts = selectors.notifications_unread_counts_of(
        user_ids=[notification.user_id for notification in notifications]
    )
    events: list[tuple[int, NotificationEvent]] = [
        (
            notification.user_id,
            {
                "type": "notification",
                "unread_count": counts[notification.user_id],
                "notification": notification_payload(notification),
            },
        )
        for notification in notifications
    ]
    send_to_users(events)
