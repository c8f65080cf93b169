"""API routes of the companion app, included under /api/companion/."""

from __future__ import annotations

from rest_framework.routers import SimpleRouter

from companion.api import MemoryViewSet

router = SimpleRouter()
router.register("memories", MemoryViewSet, basename="memory")

urlpatterns = router.urls
