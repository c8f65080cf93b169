"""API URLs of the nudges app, under /api/ (notifications and push subscriptions)."""

from __future__ import annotations

from django.urls import path

from nudges import api_push

urlpatterns: list = [
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
