"""Pages of the goals app: goals, goal detail with review, today's triad, the session timer.

Views parse input, call a service, and show its clear message when it refuses.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delight.forms import submitted
from delight.requests import PersonRequest
from delight.toasts import toast_with_action
from goals import selectors, services
from goals.forms import GoalForm, MissionForm, SessionCompleteForm
from goals.models import Energy, Goal, Habit, Mission
from goals.progress import selectors as progress_selectors

DONE_MESSAGES = {
    "approve": "Added to your missions.",
    "restore": "Brought back: it waits for your review.",
    "start": "Mission started. You've got this.",
    "defer": "Set aside until tomorrow.",
    "skip": "Mission skipped.",
}
# The mission a person just finished, for the page to make a small moment of it.
JUST_DONE = "goals_just_done"


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


def apply_errors(form: Any, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, problems in error.message_dict.items():
            form.add_error(field if field in form.fields else None, problems)
    else:
        form.add_error(None, error)


def back(request: HttpRequest, default: str) -> HttpResponse:
    """Redirect to the page the form came from (`next`, on this site only), else `default`."""
    target = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return redirect(target)
    return redirect(default)


# -- goals --------------------------------------------------------------------------------


@login_required
@require_GET
def goal_list(request: PersonRequest) -> HttpResponse:
    status = request.GET.get("status") or None
    if status not in (None, *Goal.Status.values):
        status = None
    goals = selectors.goal_list(user=request.user, status=status)
    rows = [(goal, selectors.goal_progress(goal)) for goal in goals]
    context = {"rows": rows, "status": status, "statuses": Goal.Status.choices}
    return render(request, "goals/goal_list.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def goal_create(request: PersonRequest) -> HttpResponse:
    form = GoalForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        try:
            goal = services.goal_create(user=request.user, **form.cleaned_data)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Goal created. Eliza is breaking it into missions…")
            return redirect("goal-detail", goal_id=goal.pk)
    return render(request, "goals/goal_form.html", {"form": form, "goal": None})


@login_required
@require_http_methods(["GET", "POST"])
def goal_edit(request: PersonRequest, goal_id: int) -> HttpResponse:
    goal = selectors.goal_get(user=request.user, goal_id=goal_id)
    initial = {name: getattr(goal, name) for name in GoalForm.base_fields}
    form = GoalForm(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        changes = {name: form.cleaned_data[name] for name in form.changed_data}
        try:
            services.goal_update(user=request.user, goal_id=goal_id, **changes)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Goal saved.")
            return redirect("goal-detail", goal_id=goal_id)
    return render(request, "goals/goal_form.html", {"form": form, "goal": goal})


@login_required
@require_GET
def goal_detail(request: PersonRequest, goal_id: int) -> HttpResponse:
    goal = selectors.goal_get(user=request.user, goal_id=goal_id)
    milestones = selectors.milestone_list(user=request.user, goal_id=goal_id)
    loose = selectors.mission_list(user=request.user, goal_id=goal_id).filter(
        milestone__isnull=True
    )
    habits = selectors.goal_habits(user=request.user, goal_id=goal.pk)
    suggested = sum(habit.status == Habit.Status.SUGGESTED for habit in habits)
    context = {
        "goal": goal,
        # (annotated by goal_get)
        "waiting": _waiting_words(getattr(goal, "missions_suggested", 0), suggested),
        "plan_habits": habits,
        "progress": selectors.goal_progress(goal),
        "milestones": milestones,
        "loose_missions": loose,
        "statuses": [choice for choice in Goal.Status.choices if choice[0] != goal.status],
        "mission_form": MissionForm(),
    }
    return render(request, "goals/goal_detail.html", context)


def _waiting_words(missions: int, habits: int) -> str:
    """What a plan holds for review: "10 missions and a habit are" ("" when nothing)."""
    parts = [f"{missions} mission{'s' if missions != 1 else ''}"] if missions else []
    parts += [("a habit" if habits == 1 else f"{habits} habits")] if habits else []
    verb = "is" if missions + habits == 1 else "are"
    return f"{' and '.join(parts)} {verb}" if parts else ""


@login_required
@require_GET
def goal_state(request: PersonRequest, goal_id: int) -> JsonResponse:
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
def goal_status(request: PersonRequest, goal_id: int) -> HttpResponse:
    status = request.POST.get("status", "")
    _attempt(
        request,
        lambda: services.goal_set_status(user=request.user, goal_id=goal_id, status=status),
        "Goal updated.",
    )
    return redirect("goal-detail", goal_id=goal_id)


@login_required
@require_POST
def goal_retry(request: PersonRequest, goal_id: int) -> HttpResponse:
    _attempt(
        request,
        lambda: services.goal_retry_decomposition(user=request.user, goal_id=goal_id),
        "Planning again…",
    )
    return redirect("goal-detail", goal_id=goal_id)


@login_required
@require_POST
def goal_approve_all(request: PersonRequest, goal_id: int) -> HttpResponse:
    taken = services.plan_approve(user=request.user, goal_id=goal_id)
    said = f"{taken.missions} mission{'s' if taken.missions != 1 else ''} approved"
    habits = " and ".join(f"“{title}”" for title in taken.habits)
    if habits:
        said += f", and {habits} {'is a habit' if len(taken.habits) == 1 else 'are habits'} now"
    messages.success(request, f"{said}.")
    return redirect("goal-detail", goal_id=goal_id)


# -- missions -----------------------------------------------------------------------------


@login_required
@require_POST
def mission_create(request: PersonRequest, goal_id: int) -> HttpResponse:
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
def mission_edit(request: PersonRequest, mission_id: int) -> HttpResponse:
    mission = selectors.mission_get(user=request.user, mission_id=mission_id)
    initial = {name: getattr(mission, name) for name in MissionForm.base_fields}
    form = MissionForm(submitted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.mission_edit(user=request.user, mission_id=mission_id, **form.cleaned_data)
            if request.POST.get("approve") and mission.status == Mission.Status.SUGGESTED:
                services.mission_approve(user=request.user, mission_id=mission_id)
        except ValidationError as error:
            apply_errors(form, error)
        else:
            messages.success(request, "Mission saved.")
            return redirect("goal-detail", goal_id=mission.goal_id)
    return render(request, "goals/mission_form.html", {"form": form, "mission": mission})


@login_required
@require_POST
def mission_action(request: PersonRequest, mission_id: int, action: str) -> HttpResponse:
    service = services.MISSION_ACTIONS.get(action)
    if service is None:
        raise Http404("No such mission action.")
    mission = selectors.mission_get(user=request.user, mission_id=mission_id)
    started = timezone.now()
    done = _attempt(
        request,
        lambda: service(user=request.user, mission_id=mission_id),
        DONE_MESSAGES.get(action, ""),
    )
    if done and action == "reject":
        undo = reverse("mission-action", args=[mission_id, "restore"])
        toast_with_action(request, "Mission removed.", url=undo, label="Undo")
    elif done and action == "complete":
        _celebrate(request, mission, since=started)
    return back(request, reverse("goal-detail", args=[mission.goal_id]))


def _celebrate(request: PersonRequest, mission: Mission, *, since: dt.datetime) -> None:
    messages.success(request, f"Done: {mission.title}. Nice work!")
    request.session[JUST_DONE] = mission.pk
    # A milestone this mission reached is the moment: said once, right now.
    for milestone in progress_selectors.progress_milestones_kept_since(
        user=request.user, since=since
    ):
        messages.success(request, f"{milestone.words}! Eliza gathered your highlights on Progress.")


# -- today and sessions -------------------------------------------------------------------


@login_required
@require_GET
def today(request: PersonRequest) -> HttpResponse:
    energy = request.GET.get("energy") or None
    if energy not in (None, *Energy.values):
        energy = None
    day = selectors.day_for(user=request.user, energy=energy, more=bool(request.GET.get("more")))
    today = request.user.local_day(timezone.now())
    habits = selectors.habits_today(user=request.user, today=today)
    done = len(day.done)
    context = {
        "day": day,
        "done": done,
        "done_words": _missions_done(done),
        # The ring fills to the day's three; "one more" missions go beyond it, counted.
        "done_percent": min(100, round(100 * done / selectors.DAY_SIZE)),
        "slots": [(slot, selectors.SLOT_LABELS[slot], mission) for slot, mission in day.open],
        "energy": energy,
        # After a mission of "one more", the day shows as finished again, not another one.
        "energy_query": f"?energy={energy}" if energy else "",
        "just_done": request.session.pop(JUST_DONE, None),
        "day_size": selectors.DAY_SIZE,
        "habits": habits,
        "habits_done": sum(row.done for row in habits),
        # Nothing in the three but habits today: the habits first, one word for the rest.
        "habits_only": bool(habits) and not any(mission for _, mission in day.open),
        "today": today,
    }
    return render(request, "goals/today.html", context)


NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")


def _missions_done(count: int) -> str:
    """ "Three missions done", "12 missions done": how many the person did today."""
    number = NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else f"{count:,}"
    return f"{number} mission{'' if count == 1 else 's'} done"


@login_required
@require_http_methods(["GET", "POST"])
def session_page(request: PersonRequest, mission_id: int) -> HttpResponse:
    """The focus timer: start, pause, resume, add five minutes, and finish with minutes,
    notes and a reflection; then a moment to say well done and what comes next."""
    user = request.user
    mission = selectors.mission_get(user=user, mission_id=mission_id)
    form = SessionCompleteForm(request.POST if request.POST.get("op") == "complete" else None)
    posted = request.method == "POST"
    if posted and (_session_post(request, mission_id=mission_id, form=form) or not form.errors):
        return redirect("mission-session", mission_id=mission_id)
    session = selectors.session_running(user=user, mission_id=mission_id)
    context: dict[str, Any] = {"mission": mission, "session": session, "form": form}
    if session is None and mission.status == Mission.Status.COMPLETED:
        finished = selectors.session_list(user=user, mission_id=mission_id, status="completed")
        context |= {
            "finished": finished.first(),
            "next_mission": _next_mission(request),
            "day_done": len(selectors.missions_done_today(user=user)) >= selectors.DAY_SIZE,
            "just_done": request.session.pop(JUST_DONE, None) == mission.pk,
        }
    return render(request, "goals/session.html", context)


def _next_mission(request: PersonRequest) -> Mission | None:
    day = selectors.day_for(user=request.user)
    return next((mission for _, mission in day.open if mission), None)


def _session_post(request: PersonRequest, *, mission_id: int, form: SessionCompleteForm) -> bool:
    """Apply one timer operation; True once the session is completed."""
    user = request.user
    op = request.POST.get("op")
    if op == "start":
        _attempt(request, lambda: services.session_start(user=user, mission_id=mission_id))
        return False
    session = selectors.session_running(user=user, mission_id=mission_id)
    if session is None:
        messages.error(request, "This timer is not running any more.")
        return False
    operations: dict[str, Callable[[], Any]] = {
        "pause": lambda: services.session_pause(user=user, session_id=session.pk),
        "resume": lambda: services.session_resume(user=user, session_id=session.pk),
        "extend": lambda: services.session_extend(user=user, session_id=session.pk, minutes=5),
    }
    if op in operations:
        _attempt(request, operations[op], "Five more minutes." if op == "extend" else "")
        return False
    if op == "complete" and form.is_valid():
        done = _attempt(
            request,
            lambda: services.session_complete(
                user=user, session_id=session.pk, **form.cleaned_data
            ),
        )
        if done:
            request.session[JUST_DONE] = mission_id
        return done
    return False
