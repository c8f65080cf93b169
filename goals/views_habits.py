"""The Habits pages: the person's habits with today's tick and a form for a new one, and
one habit with its last weeks, each day ticked or unticked with a tap (up to 30 days back).
Thin: parse, call a service, redirect with a toast."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from delight.api_params import parse_day
from delight.forms import submitted
from delight.requests import PersonRequest
from goals import selectors, services
from goals.forms import HabitForm
from goals.models import Habit
from goals.services.habits import CHECKIN_DAYS_BACK
from goals.views import back

DETAIL_WEEKS = 5


def _streak_words(streak: object) -> str:
    current, unit = getattr(streak, "current", 0), getattr(streak, "unit", "days")
    if not current:
        return "No streak yet: today can start one."
    one = unit.rstrip("s")
    return f"{current} {one if current == 1 else unit} in a row"


@login_required
@require_http_methods(["GET", "POST"])
def habit_list(request: PersonRequest) -> HttpResponse:
    user = request.user
    form = HabitForm(submitted(request))
    if request.method == "POST" and form.is_valid():
        fields = {k: v for k, v in form.cleaned_data.items() if v not in (None, "", [])}
        try:
            habit = services.habit_create(user=user, **fields)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                form.add_error(field if field in form.fields else None, problems)
        else:
            messages.success(request, f"“{habit.title}” is one of your habits now.")
            return redirect("habits")
    today = user.local_day(timezone.now())
    habits = list(selectors.habit_list(user=user).exclude(status=Habit.Status.ARCHIVED))
    streaks = selectors.habit_streaks(user=user, habits=habits, today=today)
    ticked = selectors.habits_done_on(user=user, day=today)
    rows = [(h, _streak_words(streaks[h.pk]), h.pk in ticked) for h in habits]
    return render(request, "goals/habits.html", {"rows": rows, "form": form, "today": today})


@login_required
@require_safe
def habit_detail(request: PersonRequest, habit_id: int) -> HttpResponse:
    user = request.user
    habit = selectors.habit_get(user=user, habit_id=habit_id)
    today = user.local_day(timezone.now())
    monday = today - dt.timedelta(days=today.weekday() + 7 * (DETAIL_WEEKS - 1))
    days = selectors.habit_calendar(user=user, habit_id=habit.pk, start=monday, end=today)
    streak = selectors.habit_streaks(user=user, habits=[habit], today=today)[habit.pk]
    oldest = today - dt.timedelta(days=CHECKIN_DAYS_BACK)
    context = {
        "habit": habit,
        "weeks": [days[i : i + 7] for i in range(0, len(days), 7)],
        "streak": streak,
        "streak_words": _streak_words(streak),
        "oldest": oldest,
        "today": today,
    }
    return render(request, "goals/habit_detail.html", context)


@login_required
@require_POST
def habit_day(request: PersonRequest, habit_id: int, day: str) -> HttpResponse:
    """Tick the habit on a day, or untick it when it was ticked (the calendar's tap)."""
    user = request.user
    try:
        when = parse_day(day)
    except ValueError:
        raise Http404("No such day.") from None
    habit = selectors.habit_get(user=user, habit_id=habit_id)
    try:
        ticked = services.habit_checkin_toggle(user=user, habit_id=habit.pk, day=when)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        said = "Done" if ticked else "Unticked"
        messages.success(request, f"{said}: {habit.title}, {when:%a %-d %b}.")
    if request.POST.get("next") == "list":
        return redirect("habits")
    return back(request, reverse("habit-detail", args=[habit.pk]))
