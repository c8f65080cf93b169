"""Page URLs of the nudges app (its API routes are in nudges/api_urls.py, under /api/)."""

from __future__ import annotations

from django.urls import path

from nudges import views_unsubscribe

urlpatterns: list = [
    path(
        "nudges/unsubscribe/<str:token>/", views_unsubscribe.unsubscribe, name="nudges-unsubscribe"
    ),
]
