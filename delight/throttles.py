"""API rate limits per person: messages to Eliza, and every other write.

Counted per signed-in person, never per address (many people can share one: an office, a
load test), in the cache every process shares (settings.CACHES["shared"]: PostgreSQL, or
Redis with REDIS_URL), so web processes behind a load balancer count together. Beyond the
rate DRF answers 429 with Retry-After and {"detail", "code": "throttled"}.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.core.cache import caches
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import UserRateThrottle

from delight.models import User

cache = caches["shared"]


class _PersonThrottle(UserRateThrottle):
    cache = cache

    def __init__(self) -> None:
        # Read the rates now, not at import as DRF does: they follow a settings change.
        self.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
        super().__init__()


class MessageThrottle(_PersonThrottle):
    """Messages to Eliza (each runs a whole turn): THROTTLE_MESSAGES."""

    scope = "messages"


class WriteThrottle(_PersonThrottle):
    """Every other write (POST, PUT, PATCH, DELETE): THROTTLE_WRITES. Reads are free."""

    scope = "writes"

    def allow_request(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or super().allow_request(request, view)


def message_wait(user: User) -> float | None:
    """For a message that comes another way than REST (ws/companion/): count it against the
    person's message rate, as REST does (the same counts); None when it is within the rate,
    else the seconds to wait."""
    throttle = MessageThrottle()
    if throttle.allow_request(SimpleNamespace(user=user), None):
        return None
    return throttle.wait() or 1.0
