"""API URLs of the nudges app, under /api/ (notifications and push subscriptions)."""

from __future__ import annotations

urlpatterns: list = []
