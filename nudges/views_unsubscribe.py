"""The page behind an email's unsubscribe link: no login, the signed token authorises it.
A GET only asks (mail scanners follow links); a POST, from its button or a mail client's
one-click unsubscribe (RFC 8058), turns emails off."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from nudges.services_email import email_unsubscribe
from nudges.tokens import unsubscribe_user_id

TEMPLATE = "nudges/unsubscribe.html"


# A mail client's one-click POST carries no CSRF token: the signed token stands for it.
@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        if request.method == "POST":
            email_unsubscribe(token=token)
            return render(request, TEMPLATE, {"step": "done"})
        unsubscribe_user_id(token)
    except ValidationError:
        return render(request, TEMPLATE, {"step": "invalid"}, status=400)
    return render(request, TEMPLATE, {"step": "ask"})
