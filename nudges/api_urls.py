"""API URLs of the nudges app, under /api/ (notifications and push subscriptions)."""

from __future__ import annotations

from django.urls import path

from nudges import api, api_push

urlpatterns = [
    path("notifications/", api.NotificationListView.as_view(), name="api-notifications"),
    path(
        "notifications/read-all/",
        api.NotificationReadAllView.as_view(),
        name="api-notifications-read-all",
    ),
    path(
        "notifications/<int:notification_id>/read/",
        api.NotificationActionView.as_view(action_name="read"),
        name="api-notification-read",
    ),
    path(
        "notifications/<int:notification_id>/archive/",
        api.NotificationActionView.as_view(action_name="archive"),
        name="api-notification-archive",
    ),
    path(
        "notifications/<int:notification_id>/snooze/",
        api.NotificationSnoozeView.as_view(),
        name="api-notification-snooze",
    ),
    path(
        "push/subscriptions/",
        api_push.PushSubscriptionListView.as_view(),
        name="api-push-subscriptions",
    ),
    path(
        "push/subscriptions/<int:subscription_id>/",
        api_push.PushSubscriptionDetailView.as_view(),
        name="api-push-subscription",
    ),
    path("push/key/", api_push.PushKeyView.as_view(), name="api-push-key"),
]
