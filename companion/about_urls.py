"""The About you page, included under /about-you/."""

from __future__ import annotations

from django.urls import path

from companion import views

urlpatterns = [
    path("", views.about_you_page, name="about-you"),
    path("memories/<int:memory_id>/", views.about_item, name="about-you-item"),
    path("memories/<int:memory_id>/forget/", views.about_item_forget, name="about-you-forget"),
]
