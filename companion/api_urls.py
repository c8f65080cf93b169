"""API routes of the companion app, included under /api/companion/."""

from __future__ import annotations

from django.urls import path
from rest_framework.routers import SimpleRouter

from companion.api import (
    MemoryViewSet,
    MessageView,
    ProfileMemoryView,
    ProfileView,
    SessionViewSet,
)

router = SimpleRouter()
router.register("memories", MemoryViewSet, basename="memory")
router.register("sessions", SessionViewSet, basename="session")

urlpatterns = [
    path("messages/", MessageView.as_view(), name="companion-messages"),
    path("profile/", ProfileView.as_view(), name="companion-profile"),
    path(
        "profile/memories/<int:memory_id>/",
        ProfileMemoryView.as_view(),
        name="companion-profile-memory",
    ),
    *router.urls,
]
