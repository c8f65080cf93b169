"""Page URLs of the nudges app (its API routes are in nudges/api_urls.py, under /api/)."""

from __future__ import annotations

from django.urls import path

from nudges import push_views

urlpatterns: list = [
    path("sw.js", push_views.service_worker, name="service-worker"),
]
