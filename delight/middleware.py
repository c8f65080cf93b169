"""Send signed-in people who have not finished onboarding back to where they left off."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

# Paths that work before onboarding is finished (APIs answer JSON, never redirects).
EXEMPT_PREFIXES = ("/onboarding/", "/accounts/", "/api/", "/admin/", "/static/", "/healthz")


class OnboardingMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if (
            user.is_authenticated
            and not user.onboarded
            and not request.path.startswith(EXEMPT_PREFIXES)
        ):
            return redirect("onboarding")
        return self.get_response(request)
