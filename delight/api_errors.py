"""Every /api/ error is JSON with a clear message: {"detail", "code", "errors"?}."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.core.handlers.exception import response_for_exception
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.csrf import csrf_failure as html_csrf_failure
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from delight.errors import Busy, Conflict, DomainError, NotFound

# The HTTP status of each domain error (delight.errors); any other one is a 400.
DOMAIN_STATUS: dict[type[DomainError], int] = {NotFound: 404, Conflict: 409, Busy: 503}


def first_message(errors: Any) -> str:
    """The first error, prefixed with its field: "text: A message cannot be empty."."""
    if isinstance(errors, dict):
        for field, value in errors.items():
            message = first_message(value)
            return message if field in ("non_field_errors", "detail") else f"{field}: {message}"
    if isinstance(errors, list) and errors:
        return first_message(errors[0])
    return str(errors)


def domain_status(error: DomainError) -> int:
    """The HTTP status a domain error answers with (its nearest class in DOMAIN_STATUS)."""
    for kind in type(error).__mro__:
        if kind in DOMAIN_STATUS:
            return DOMAIN_STATUS[kind]
    return 400


def _api_exception(error: DomainError) -> exceptions.APIException:
    api_error = exceptions.APIException(detail=error.message, code=error.code)
    api_error.status_code = domain_status(error)
    return api_error


def exception_handler(exc: Exception, context: dict) -> Response | None:
    retry_after = exc.retry_after if isinstance(exc, Busy) else None
    if isinstance(exc, DomainError):
        exc = _api_exception(exc)
    elif isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"detail": exc.messages}
        exc = exceptions.ValidationError(detail)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(data, dict) and set(data) == {"detail"} and not isinstance(data["detail"], list):
        body = {"detail": str(data["detail"]), "code": getattr(data["detail"], "code", "error")}
    else:
        body = {"detail": first_message(data), "code": "invalid", "errors": data}
    response.data = body
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _json(status: int, detail: str, code: str) -> JsonResponse:
    return JsonResponse({"detail": detail, "code": code}, status=status)


@csrf_exempt  # it changes nothing, so an unknown path answers 404 to every method, not 403
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """The catch-all under /api/: an unknown endpoint is a JSON 404, not an HTML page."""
    return _json(404, f"No API endpoint at {request.path}.", "not_found")


def domain_error_response(request: HttpRequest, error: DomainError) -> HttpResponse:
    """A domain error a Django view let through: JSON under /api/; elsewhere the 404 page
    for NotFound (exactly as an Http404 would show), a plain error page otherwise."""
    status = domain_status(error)
    if status == 404 and not _is_api(request):
        return response_for_exception(request, Http404(error.message))
    if _is_api(request):
        response: HttpResponse = _json(status, error.message, error.code)
    else:
        context = {"title": error.code.replace("_", " ").capitalize(), "details": error.message}
        response = render(request, "delight/error.html", context, status=status)
    if isinstance(error, Busy):
        response["Retry-After"] = str(error.retry_after)
    return response


def body_too_large_response(request: HttpRequest, limit: int) -> HttpResponse:
    """413 for a request body over `limit` bytes: JSON under /api/, the error page elsewhere."""
    detail = f"The request body is larger than {limit:,} bytes."
    if _is_api(request):
        return _json(413, detail, "body_too_large")
    context = {"title": "Too large", "details": detail}
    return render(request, "delight/error.html", context, status=413)


def handler400(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return _json(400, "Bad request.", "bad_request")
    return defaults.bad_request(request, exception)


def handler403(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return _json(403, "You do not have permission to do this.", "permission_denied")
    return defaults.permission_denied(request, exception)


def handler404(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if _is_api(request):
        return api_not_found(request)
    return defaults.page_not_found(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    if _is_api(request):
        return _json(500, "Something went wrong on our side; nothing was changed.", "server_error")
    return defaults.server_error(request)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    if _is_api(request):
        return _json(403, f"CSRF check failed: {reason}", "csrf_failed")
    return html_csrf_failure(request, reason)
