"""Sign-in lockouts: django-axes keeps the failures, this module decides and answers.

Axes records each failed sign-in (the token exchange, the login page, the admin login) in the
database, so every process sees it. Here: an address gets its own, higher limit than an
account, and a lockout answers 429 with Retry-After, as JSON under /api/ and as a page that
says when to try again elsewhere.
"""

from __future__ import annotations

import ipaddress
import math
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from rest_framework import exceptions, status

CODE = "login_locked"


def retry_after() -> int:
    """Seconds until a locked account or address may try again.

    Every attempt, refused ones included, restarts the cool-off (axes' default), so a lock
    always has the whole cool-off left when it is announced.
    """
    return math.ceil(settings.AXES_COOLOFF_TIME.total_seconds())


def lockout_message(wait: int) -> str:
    minutes = math.ceil(wait / 60)
    when = f"{wait} seconds" if wait < 60 else f"{minutes} minute{'s' if minutes > 1 else ''}"
    return f"Too many failed sign-ins for this account or from this address. Try again in {when}."


class LoginLocked(exceptions.APIException):
    """429 from the token exchange; DRF's handler turns `wait` into Retry-After."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = CODE

    def __init__(self) -> None:
        self.wait = retry_after()
        super().__init__(lockout_message(self.wait))


def client_address(request: HttpRequest) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: REMOTE_ADDR when it is an IP address, else None.

    A unix socket or an ASGI test client can give anything there; behind a proxy, daphne's
    --proxy-headers puts the client's address in it.
    """
    address = request.META.get("REMOTE_ADDR", "")
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return None
    return address


def is_locked_out(request: Any) -> bool:
    """Did axes refuse the sign-in just attempted with this request (Django's or DRF's)?"""
    return bool(getattr(request, "axes_locked_out", False))


def lockout_response(request: HttpRequest, *_: Any) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: the page a locked-out login page or admin login answers.

    The token exchange answers its own JSON (LoginLocked): axes flags DRF's request there,
    which its middleware never sees.
    """
    wait = retry_after()
    context = {"message": lockout_message(wait)}
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


class LockoutHandler(AxesDatabaseHandler):
    """Axes' database handler with a limit of its own for an address.

    Axes compares one count with one limit. An address that many people share (an office, a
    phone network) needs a higher limit than one account, so once an address reaches
    LOGIN_ADDRESS_FAILURE_LIMIT its count is reported as reaching the account limit.
    """

    def get_failures(self, request: Any, credentials: dict | None = None) -> int:
        # One queryset per AXES_LOCKOUT_PARAMETERS entry: ["username", "ip_address"].
        by_account, by_address = (
            attempts.aggregate(n=Sum("failures_since_start"))["n"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        # Without an address (client_address), only the account's limit applies.
        if request.axes_ip_address and by_address >= settings.LOGIN_ADDRESS_FAILURE_LIMIT:
            return max(by_account, get_failure_limit(request, credentials))
        return by_account
