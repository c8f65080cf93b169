"""Middleware: the request body as documented (a chunked body read, an oversized one a 413),
database admission (a clear 503 when no connection frees up in time), sessions that a
late request cannot end, the person's timezone
for every page, onboarding (people who have not finished it go back
to where they left off) and domain errors (a view that lets one through answers as the
error says)."""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.core.handlers.asgi import ASGIRequest
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.cache import patch_vary_headers

from delight.api_errors import body_too_large_response, domain_error_response
from delight.database import connection_wait, retry_after_seconds
from delight.errors import DomainError

logger = logging.getLogger(__name__)

# /healthz checks the database on a connection of its own (delight.database.Role.HEALTH).
ADMISSION_EXEMPT = ("/static/", "/healthz")
# What a person said or did arrives in these: such a request waits its turn longer
# (DATABASE_WRITE_WAIT) rather than be refused, for a person would have to send it again.
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class RequestBodyMiddleware:
    """The request body as the API documents it, before anything reads it.

    1. A body sent in chunks (Transfer-Encoding: chunked) has no Content-Length, and the
       parsers read nothing without one ("text: This field is required."). The ASGI handler
       has already read it whole, so its length is set from what arrived.
    2. A body over DATA_UPLOAD_MAX_MEMORY_SIZE answers 413 (JSON under /api/): Django would
       refuse it only when first read, as a bare 400.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "CONTENT_LENGTH" not in request.META and isinstance(request, ASGIRequest):
            request.META["CONTENT_LENGTH"] = str(_arrived_bytes(request))
        declared = request.META.get("CONTENT_LENGTH", "")
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and declared.isdecimal() and int(declared) > limit:
            return body_too_large_response(request, limit)
        return self.get_response(request)


def _arrived_bytes(request: ASGIRequest) -> int:
    body = request._stream  # the handler's spooled file, read whole, at its start
    size = body.seek(0, io.SEEK_END)
    body.seek(0)
    return size


class DatabaseAdmissionMiddleware:
    """Take the request's database connection before anything else needs one.

    Connections come from a bounded pool (delight.database): when every one is busy, a
    request waits up to DATABASE_POOL_TIMEOUT seconds for one (one that writes, up to
    DATABASE_WRITE_WAIT: the pool serves the oldest first), then answers 503 with
    Retry-After (JSON under /api/, a page that retries by itself elsewhere) instead of
    failing half-way through with a 500. A database that refuses connections answers the
    same way. The view then runs on the connection taken here. `request.arrived_at` keeps
    when the request arrived (time.monotonic()), before it waited.

    A database lost while the view ran (restarted, unreachable) answers the same 503, not a
    500: the request can be sent again once it is back, and its transaction rolled back.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        # Before any wait: a turn's model budget counts from here (companion.services).
        request.arrived_at = time.monotonic()
        if not request.path.startswith(ADMISSION_EXEMPT):
            wait = settings.DATABASE_WRITE_WAIT if request.method in WRITES else None
            try:
                with connection_wait(wait):
                    connection.ensure_connection()
            except OperationalError as error:
                logger.warning("no database connection for %s: %s", request.path, error)
                return busy_response(request)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OperationalError | InterfaceError):
            logger.warning("the database failed during %s: %s", request.path, exception)
            return busy_response(request)
        return None


def busy_response(request: HttpRequest) -> HttpResponse:
    retry_after = retry_after_seconds()
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {
                "detail": f"Delight is busy right now; please try again in {retry_after} s.",
                "code": "busy",
            },
            status=503,
        )
    else:
        # A page asked for again by itself is harmless; a form sent again by itself is not.
        retry_by_itself = request.method in ("GET", "HEAD")
        page = render_to_string(
            "delight/busy.html", {"retry_after": retry_after, "retry_by_itself": retry_by_itself}
        )
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(retry_after)
    return response


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's, except that a request whose cookie names a session that no longer exists
    leaves the browser's cookie alone instead of deleting it.

    Signing in and changing a password give the session a new key and delete the old one.
    A request the browser sent with the old cookie just before (the service worker's script,
    a live part refreshing) can be answered after that; Django's answer deletes "the" cookie,
    by then the new one, and the person finds themselves signed out. A session ended on
    purpose (logging out, a password changed elsewhere) is flushed, so it is modified, and its
    cookie still goes."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        session = getattr(request, "session", None)
        if (
            session is not None
            and session.accessed
            and not session.modified
            and session.is_empty()
            and settings.SESSION_COOKIE_NAME in request.COOKIES
        ):
            patch_vary_headers(response, ("Cookie",))
            return response
        return super().process_response(request, response)


class TimezoneMiddleware:
    """Show every time on a page in the person's own zone: templates' date and time filters
    convert aware datetimes to the active zone. The API keeps answering in UTC (its
    contract; clients convert), so only pages activate it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = request.user
        if user.is_authenticated and not request.path.startswith("/api/"):
            timezone.activate(user.zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


# Paths that work before onboarding is finished (APIs answer JSON, never redirects; an
# email's unsubscribe link works for anyone who holds it; the push service worker).
EXEMPT_PREFIXES = (
    "/onboarding/",
    "/accounts/",
    "/api/",
    "/admin/",
    "/static/",
    "/healthz",
    "/nudges/unsubscribe/",
    "/sw.js",  # a browser refuses a service worker script that redirects
)


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


class DomainErrorMiddleware:
    """Map a domain error (delight.errors) that a Django view did not handle: NotFound is
    the 404 page (JSON under /api/), as an Http404 would be, so selectors and services need
    not know about HTTP. DRF views map theirs in delight.api_errors.exception_handler."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DomainError):
            return domain_error_response(request, exception)
        return None
