"""Pages of the nudges app. The notification centre: the person's notifications by state,
each to open, mark read, snooze or archive, and "mark all read" — plain forms (they work
without JavaScript), every change sent live too, so the bell on other pages follows. The
page behind an email's unsubscribe link (no login: its signed token authorises it; a GET
only asks, as mail scanners follow links; a POST, from its button or a mail client's
one-click unsubscribe, RFC 8058, turns emails off). The Web Push service worker."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
    require_safe,
)

from delight.requests import PersonRequest
from nudges import selectors, services
from nudges.tokens import unsubscribe_user_id

TABS = (("inbox", "Inbox"), ("snoozed", "Snoozed"), ("archived", "Archived"))
SNOOZES = (("hour", "For an hour"), ("tonight", "Until tonight"), ("tomorrow", "Until tomorrow"))


@login_required
@require_GET
def notifications_page(request: PersonRequest) -> HttpResponse:
    state = request.GET.get("state", "inbox")
    if state not in dict(TABS):
        state = "inbox"
    now = timezone.now()
    inbox = selectors.notifications_inbox(user=request.user, state=state, now=now)
    context = {
        "inbox": inbox,
        "items": [(n, selectors.shown_state(n, now=now)) for n in inbox.results],
        "state": state,
        "tabs": TABS,
        "snoozes": SNOOZES,
    }
    return render(request, "nudges/notifications.html", context)


@login_required
@require_POST
def notification_action(request: PersonRequest, notification_id: int, act: str) -> HttpResponse:
    """Open, read, archive or snooze (hour, tonight, tomorrow) one of the person's notes."""
    user = request.user
    if act == "open":
        notification = services.notification_read(user=user, notification_id=notification_id)
        safe = url_has_allowed_host_and_scheme(notification.url, allowed_hosts={request.get_host()})
        return redirect(notification.url if notification.url and safe else "notifications")
    if act == "read":
        services.notification_read(user=user, notification_id=notification_id)
    elif act == "archive":
        services.notification_archive(user=user, notification_id=notification_id)
        messages.success(request, "Archived.")
    elif act in dict(SNOOZES):
        until = services.snooze_until(act, user=user)
        services.notification_snooze(user=user, notification_id=notification_id, until=until)
        messages.success(request, f"Snoozed until {timezone.localtime(until):%A %H:%M}.")
    else:
        raise Http404("No such action.")
    return _back(request)


@login_required
@require_POST
def notifications_read_all(request: PersonRequest) -> HttpResponse:
    changed = services.notifications_read_all(user=request.user)
    messages.success(request, "All caught up." if changed else "Nothing was unread.")
    return _back(request)


def _back(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(reverse("notifications"))


# -- an email's unsubscribe link ---------------------------------------------------------

UNSUBSCRIBE_TEMPLATE = "nudges/unsubscribe.html"


# A mail client's one-click POST carries no CSRF token: the signed token stands for it.
@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    try:
        if request.method == "POST":
            services.email_unsubscribe(token=token)
            return render(request, UNSUBSCRIBE_TEMPLATE, {"step": "done"})
        unsubscribe_user_id(token)
    except ValidationError:
        return render(request, UNSUBSCRIBE_TEMPLATE, {"step": "invalid"}, status=400)
    return render(request, UNSUBSCRIBE_TEMPLATE, {"step": "ask"})


# -- the Web Push service worker, served at the site's root so its scope is every page ----

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
