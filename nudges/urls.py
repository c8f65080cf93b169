"""Page URLs of the nudges app (its API routes are in nudges/api_urls.py, under /api/)."""

from __future__ import annotations

urlpatterns: list = []
