"""Page URLs of the nudges app (its API routes are in nudges/api_urls.py, under /api/)."""

from __future__ import annotations

from django.urls import path

from nudges import views

urlpatterns = [
    path("notifications/", views.notifications_page, name="notifications"),
    path("notifications/read-all/", views.notifications_read_all, name="notifications-read-all"),
    path(
        "notifications/<int:notification_id>/<slug:act>/",
        views.notification_action,
        name="notification-action",
    ),
    path("nudges/unsubscribe/<str:token>/", views.unsubscribe, name="nudges-unsubscribe"),
    path("sw.js", views.service_worker, name="service-worker"),
]
