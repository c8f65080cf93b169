"""The chat with Eliza, included under /chat/."""

from __future__ import annotations

from django.urls import path

from companion import views

urlpatterns = [
    path("", views.chat, name="chat"),
    path("<uuid:session_id>/", views.chat, name="chat-session"),
]
