"""Pages of the delight app: the account, onboarding, home and settings."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.messages.views import SuccessMessageMixin
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_safe

from delight import dashboard, lockout, ownership, selectors, services
from delight.forms import (
    ONBOARDING_FORMS,
    AccountDeleteForm,
    PasswordResetRequestForm,
    SettingsForm,
    SignupForm,
    submitted,
)
from delight.models import User
from delight.requests import PersonRequest


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_signup(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email", ""),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("onboarding")
    return render(request, "registration/signup.html", {"form": form})


class PasswordChange(SuccessMessageMixin, auth_views.PasswordChangeView):
    template_name = "delight/account/password_change.html"
    success_url = reverse_lazy("settings")
    success_message = "Your password is changed."


class PasswordResetConfirm(SuccessMessageMixin, auth_views.PasswordResetConfirmView):
    template_name = "delight/account/password_reset_confirm.html"
    success_url = reverse_lazy("login")
    success_message = "Your new password is set: log in with it."


@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponse:
    form = PasswordResetRequestForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        address = lockout.client_address(request) or "unknown"
        services.password_reset_request(email=form.cleaned_data["email"], address=address)
        return redirect("password_reset_sent")
    return render(request, "delight/account/password_reset.html", {"form": form})


@require_safe
def password_reset_sent(request: HttpRequest) -> HttpResponse:
    hours = settings.PASSWORD_RESET_TIMEOUT // 3600
    return render(request, "delight/account/password_reset_sent.html", {"hours": hours})


@require_safe
def logged_out(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    return render(request, "delight/account/logged_out.html")


REMOVED = "delight.removed"  # the session key of what deleting an account removed


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: PersonRequest) -> HttpResponse:
    """Delete my account: asks for the password, removes everything, says what went."""
    form = AccountDeleteForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        try:
            removed = services.account_delete(
                user=request.user, password=form.cleaned_data["password"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            logout(request)
            request.session[REMOVED] = ownership.counted(removed)
            return redirect("account-deleted")
    counts = selectors.account_counts(request.user)
    return render(request, "delight/account/delete.html", {"form": form, "counts": counts})


@require_safe
def account_deleted(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    removed = request.session.pop(REMOVED, None)
    return render(request, "delight/account/deleted.html", {"removed": removed})


@login_required
@require_safe
def account_export(request: PersonRequest) -> HttpResponse:
    """Download all my data: one JSON file of everything the person owns."""
    day = request.user.local_day(timezone.now())
    response = JsonResponse(
        selectors.account_export(request.user),
        encoder=DjangoJSONEncoder,
        json_dumps_params={"indent": 1, "ensure_ascii": False},
    )
    name = f"delight-{request.user.username}-{day.isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_safe
def onboarding(request: PersonRequest) -> HttpResponse:
    """Resume onboarding at the first unfinished step."""
    if request.user.onboarded:
        return redirect("home")
    return redirect("onboarding-step", step=request.user.onboarding_step)


@login_required
@require_http_methods(["GET", "POST"])
def onboarding_step(request: PersonRequest, step: int) -> HttpResponse:
    user: User = request.user
    form_class = ONBOARDING_FORMS.get(step)
    if form_class is None:
        raise Http404("No such onboarding step.")
    if step > user.onboarding_step:
        return redirect("onboarding-step", step=user.onboarding_step)
    initial = {name: getattr(user, name) for name in form_class.base_fields}
    form = form_class(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.onboarding_complete_step(user=user, step=step, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            if user.onboarded:
                # Onboarding ends on Home, whose first visit offers the first conversation
                # with Eliza and the first goal.
                request.session[dashboard.FIRST_VISIT] = True
            return redirect("onboarding")
    steps = [label for value, label in User.Onboarding.choices if value in ONBOARDING_FORMS]
    context = {
        "form": form,
        "step": step,
        "steps": steps,
        "step_label": steps[step - 1],
        "template": f"delight/onboarding_{step}.html",
        # The browser's zone is offered until the person has chosen one.
        "detect_timezone": not form.is_bound and user.timezone == "UTC",
    }
    return render(request, "delight/onboarding.html", context)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Home: the dashboard for a signed-in person, the landing page for a visitor.

    The dashboard is the panels the apps register (delight.dashboard); live.js refreshing
    one of them asks for it alone (X-Delight-Part), and gets just that panel."""
    if not request.user.is_authenticated:
        return render(request, "delight/landing.html")
    part = request.headers.get("X-Delight-Part")
    if part:
        panels = dashboard.registry.render(request, only=part)
        return render(request, "delight/home_part.html", {"panels": panels})
    first_visit = dashboard.first_visit(request)
    panels = dashboard.registry.render(request)
    now = timezone.now()
    context = {
        "greeting": dashboard.greeting(request.user, now=now, first_visit=first_visit),
        "first_visit": first_visit,
        # The person's day (late nights count as the day before), as "today" counts it.
        "today": request.user.local_day(now),
        "main": [panel for panel in panels if panel.column == "main"],
        "side": [panel for panel in panels if panel.column == "side"],
        **(dashboard.talk_form_context() if first_visit else {}),
    }
    request.session.pop(dashboard.FIRST_VISIT, None)
    return render(request, "delight/home.html", context)


@login_required
@require_safe
def more(request: HttpRequest) -> HttpResponse:
    """More: the pages the phone's tab bar has no room for."""
    return render(request, "delight/more.html")


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: PersonRequest) -> HttpResponse:
    """The person's preferences on one page, saved together; a bad value changes nothing."""
    user: User = request.user
    initial = {name: getattr(user, name) for name in SettingsForm.base_fields}
    form = SettingsForm(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.user_update_profile(user=user, **form.cleaned_data)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, "Saved. Your settings apply from now on.")
            return redirect("settings")
    return render(request, "delight/settings.html", {"form": form})
