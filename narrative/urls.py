"""Page URLs of the narrative app (its API is narrative/api.py, under /api/story/)."""

from __future__ import annotations

from django.urls import path

from narrative import views

urlpatterns = [
    path("", views.story_page, name="story"),
    path("choices/", views.story_choice, name="story-choice"),
]
