"""Pages of the goals app: goals, goal detail with review, today's triad, the session timer.

Views parse input, call a service, and show its clear message when it refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delight.forms import submitted
from goals import selectors, services
from goals.forms import GoalForm, MissionForm, SessionCompleteForm
from goals.models import Energy, Goal, Mission

DONE_MESSAGES = {
    "approve": "Mission approved: it is now in your pool.",
    "reject": "Suggestion removed.",
    "start": "Mission started. You've got this.",
    "defer": "Deferred to tomorrow. Today's three have been refreshed.",
    "complete": "Mission complete. Well done!",
    "skip": "Mission skipped.",
}


def _attempt(request: HttpRequest, action: Callable[[], Any], success: str = "") -> bool:
    """Run a service; show its refusal as a message (nothing changed) and report success."""
    try:
        action()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    if success:
        messages.success(request, success)
    return True


def _apply_errors(form: Any, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, problems in error.message_dict.items():
            form.add_error(field if field in form.fields else None, problems)
    else:
        form.add_error(None, error)


def _back(request: HttpRequest, default: str) -> HttpResponse:
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(default)


# -- goals --------------------------------------------------------------------------------


@login_required
@require_GET
def goal_list(request: HttpRequest) -> HttpResponse:
    status = request.GET.get("status") or None
    if status not in (None, *Goal.Status.values):
        status = None
    goals = selectors.goal_list(user=request.user, status=status)
    rows = [(goal, selectors.goal_progress(goal)) for goal in goals]
    context = {"rows": rows, "status": status, "statuses": Goal.Status.choices}
    return render(request, "goals/goal_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def goal_create(request: HttpRequest) -> HttpResponse:
    form = GoalForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        try:
            goal = services.goal_create(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            _apply_errors(form, error)
        else:
            messages.success(request, "Goal created. Eliza is breaking it into missions…")
            return redirect("goal-detail", goal_id=goal.pk)
    return render(request, "goals/goal_form.html", {"form": form, "goal": None})


@login_required
@require_http_methods(["GET", "POST"])
def goal_edit(request: HttpRequest, goal_id: int) -> HttpResponse:
    goal = selectors.goal_get(user=request.user, goal_id=goal_id)
    initial = {name: getattr(goal, name) for name in GoalForm.base_fields}
    form = GoalForm(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            services.goal_update(user=request.user, goal_id=goal_id, **changes)
        except ValidationError as error:
            _apply_errors(form, error)
        else:
            messages.success(request, "Goal saved.")
            return redirect("goal-detail", goal_id=goal_id)
    return render(request, "goals/goal_form.html", {"form": form, "goal": goal})


@login_required
@require_GET
def goal_detail(request: HttpRequest, goal_id: int) -> HttpResponse:
    goal = selectors.goal_get(user=request.user, goal_id=goal_id)
    milestones = selectors.milestone_list(user=request.user, goal_id=goal_id)
    loose = selectors.mission_list(user=request.user, goal_id=goal_id).filter(
        milestone__isnull=True
    )
    context = {
        "goal": goal,
        "progress": selectors.goal_progress(goal),
        "milestones": milestones,
        "loose_missions": loose,
        "statuses": [choice for choice in Goal.Status.choices if choice[0] != goal.status],
        "mission_form": MissionForm(),
    }
    return render(request, "goals/goal_detail.html", context)


@login_required
@require_GET
def goal_state(request: HttpRequest, goal_id: int) -> JsonResponse:
    """The polling fallback of the live decomposition status (same body as goal.update)."""
    goal = selectors.goal_get(user=request.user, goal_id=goal_id)
    return JsonResponse(
        {
            "type": "goal.update",
            "goal_id": goal.pk,
            "decomposition_status": goal.decomposition_status,
            "missions_count": goal.missions_total + goal.missions_suggested,
            "error": goal.decomposition_error,
        }
    )


@login_required
@require_POST
def goal_status(request: HttpRequest, goal_id: int) -> HttpResponse:
    status = request.POST.get("status", "")
    _attempt(
        request,
        lambda: services.goal_set_status(user=request.user, goal_id=goal_id, status=status),
        "Goal updated.",
    )
    return redirect("goal-detail", goal_id=goal_id)


@login_required
@require_POST
def goal_retry(request: HttpRequest, goal_id: int) -> HttpResponse:
    _attempt(
        request,
        lambda: services.goal_retry_decomposition(user=request.user, goal_id=goal_id),
        "Planning again…",
    )
    return redirect("goal-detail", goal_id=goal_id)


@login_required
@require_POST
def goal_approve_all(request: HttpRequest, goal_id: int) -> HttpResponse:
    count = services.mission_approve_all(user=request.user, goal_id=goal_id)
    messages.success(request, f"{count} mission{'s' if count != 1 else ''} approved.")
    return redirect("goal-detail", goal_id=goal_id)


# -- missions -----------------------------------------------------------------------------


@login_required
@require_POST
def mission_create(request: HttpRequest, goal_id: int) -> HttpResponse:
    form = MissionForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(m for errs in form.errors.values() for m in errs))
        return redirect("goal-detail", goal_id=goal_id)
    _attempt(
        request,
        lambda: services.mission_create(user=request.user, goal_id=goal_id, **form.cleaned_data),
        "Mission added.",
    )
    return redirect("goal-detail", goal_id=goal_id)


@login_required
@require_http_methods(["GET", "POST"])
def mission_edit(request: HttpRequest, mission_id: int) -> HttpResponse:
    mission = selectors.mission_get(user=request.user, mission_id=mission_id)
    initial = {name: getattr(mission, name) for name in MissionForm.base_fields}
    form = MissionForm(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.mission_edit(user=request.user, mission_id=mission_id, **form.cleaned_data)
            if request.POST.get("approve") and mission.status == Mission.Status.SUGGESTED:
                services.mission_approve(user=request.user, mission_id=mission_id)
        except ValidationError as error:
            _apply_errors(form, error)
        else:
            messages.success(request, "Mission saved.")
            return redirect("goal-detail", goal_id=mission.goal_id)
    return render(request, "goals/mission_form.html", {"form": form, "mission": mission})


@login_required
@require_POST
def mission_action(request: HttpRequest, mission_id: int, action: str) -> HttpResponse:
    service = services.MISSION_ACTIONS.get(action)
    if service is None:
        raise Http404("No such mission action.")
    mission = selectors.mission_get(user=request.user, mission_id=mission_id)
    _attempt(
        request,
        lambda: service(user=request.user, mission_id=mission_id),
        DONE_MESSAGES[action],
    )
    return _back(request, reverse("goal-detail", args=[mission.goal_id]))


# -- today and sessions -------------------------------------------------------------------


@login_required
@require_GET
def today(request: HttpRequest) -> HttpResponse:
    energy = request.GET.get("energy") or None
    if energy not in (None, *Energy.values):
        energy = None
    triad = selectors.triad_for(user=request.user, energy=energy)
    slots = [
        ("high", "Most important", triad.high),
        ("medium", "Keep it moving", triad.medium),
        ("low", "Easy win", triad.low),
    ]
    return render(request, "goals/today.html", {"slots": slots, "energy": energy})


@login_required
@require_http_methods(["GET", "POST"])
def session_page(request: HttpRequest, mission_id: int) -> HttpResponse:
    """The timer: start, extend, and complete with minutes, notes and a reflection."""
    user = request.user
    mission = selectors.mission_get(user=user, mission_id=mission_id)
    form = SessionCompleteForm(request.POST if request.POST.get("op") == "complete" else None)
    if request.method == "POST":
        if _session_post(request, mission_id=mission_id, form=form):
            return redirect("today")
        if not form.errors:
            return redirect("mission-session", mission_id=mission_id)
    context = {
        "mission": mission,
        "session": selectors.session_running(user=user, mission_id=mission_id),
        "form": form,
    }
    return render(request, "goals/session.html", context)


def _session_post(request: HttpRequest, *, mission_id: int, form: SessionCompleteForm) -> bool:
    """Apply one timer operation; True once the session is completed."""
    user = request.user
    op = request.POST.get("op")
    if op == "start":
        _attempt(request, lambda: services.session_start(user=user, mission_id=mission_id))
        return False
    session = selectors.session_running(user=user, mission_id=mission_id)
    if session is None:
        messages.error(request, "There is no running session for this mission.")
        return False
    if op == "extend":
        _attempt(
            request,
            lambda: services.session_extend(user=user, session_id=session.pk, minutes=10),
            "Ten more minutes.",
        )
        return False
    if op == "complete" and form.is_valid():
        return _attempt(
            request,
            lambda: services.session_complete(
                user=user, session_id=session.pk, **form.cleaned_data
            ),
            "Session complete. Well done!",
        )
    return False
