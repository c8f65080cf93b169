"""URLs of the world app: its API (under /api/world/) and its pages (under /world/)."""

from __future__ import annotations

from django.urls import path

from world import api, views

api_patterns = [
    path("zones/", api.ZoneListView.as_view(), name="api-world-zones"),
    path("zones/<slug:slug>/", api.ZoneDetailView.as_view(), name="api-world-zone"),
]

page_patterns = [
    path("", views.world, name="world"),
    path("<slug:slug>/", views.zone_detail, name="world-zone"),
]
