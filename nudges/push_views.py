"""The Web Push service worker, served at the site's root so that its scope is every page."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.views.decorators.http import require_safe

SERVICE_WORKER = Path(__file__).parent / "static" / "nudges" / "sw.js"
ICON_PLACEHOLDER = "__DELIGHT_ICON_URL__"


@cache
def _service_worker_source() -> str:
    """sw.js with Delight's icon at its static address (hashed in production)."""
    return SERVICE_WORKER.read_text().replace(ICON_PLACEHOLDER, static("delight/icon.svg"))


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """GET /sw.js: never cached, so a new version reaches browsers at their next visit."""
    response = HttpResponse(_service_worker_source(), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
