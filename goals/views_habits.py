"""The Habits pages: the person's habits with today's tick and a form for a new one, and
one habit with its last weeks, each day ticked or unticked with a tap (up to 30 days back).
Thin: parse, call a service, redirect with a toast."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from functools import cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from delight.api_params import parse_day
from delight.forms import submitted
from delight.models import User
from delight.requests import PersonRequest
from goals import selectors, services
from goals.forms import HabitForm, HabitReminderForm
from goals.progress.habit_streaks import HabitStreak, habit_streak
from goals.selectors.habits import HabitDay
from goals.services.habits import CHECKIN_DAYS_BACK
from goals.views import apply_errors, back

DETAIL_WEEKS = 5
YEAR_WEEKS = 53  # the year calendar: a column a week, Monday on top
FORM_FIELDS = "goals/_habit_form_fields.html"


def _streak_words(streak: HabitStreak, *, due_today: bool) -> str:
    current, unit = streak.current, streak.unit
    if not current:
        return "No streak yet: today can start one." if due_today else "No streak yet."
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
            apply_errors(form, error)
        else:
            messages.success(request, f"“{habit.title}” is one of your habits now.")
            return redirect("habits")
    today = user.local_day(timezone.now())
    habits = selectors.habits_kept(user=user)
    streaks = selectors.habit_streaks(user=user, habits=habits, today=today)
    ticked = selectors.habits_done_on(user=user, day=today)
    rows = [
        (h, _streak_words(streaks[h.pk], due_today=selectors.due_on(h, today)), h.pk in ticked)
        for h in habits
    ]
    shown = render_to_string(FORM_FIELDS, {"form": form}) if form.is_bound else _blank_fields()
    context = {"rows": rows, "form": form, "fields": shown, "today": today}
    return render(request, "goals/habits.html", context)


@cache
def _blank_fields() -> SafeString:
    """The new habit's fields as nobody has filled them in: the same for everyone (no
    person's data, no token), so rendered once a process; their widgets and components were
    a third of the page's time."""
    return render_to_string(FORM_FIELDS, {"form": HabitForm()})


@login_required
@require_safe
def habit_detail(request: PersonRequest, habit_id: int) -> HttpResponse:
    user = request.user
    habit = selectors.habit_get(user=user, habit_id=habit_id)
    today = user.local_day(timezone.now())
    # One read of its check-ins makes both calendars and the streak.
    ticks = selectors.habit_ticks(user=user, habit=habit)
    monday = today - dt.timedelta(days=today.weekday() + 7 * (DETAIL_WEEKS - 1))
    days = selectors.calendar_days(habit, ticks, monday, today)
    year_start = today - dt.timedelta(days=today.weekday() + 7 * (YEAR_WEEKS - 1))
    year = selectors.calendar_days(habit, ticks, year_start, today)
    streak = habit_streak(habit, selectors.ticked_states(ticks), today=today)
    cells = _day_cells(habit.pk, days, oldest=today - dt.timedelta(days=CHECKIN_DAYS_BACK))
    context = {
        "habit": habit,
        "reminder_form": HabitReminderForm(initial={"reminder_time": habit.reminder_time}),
        "reminder_words": _reminder_words(user, habit.reminder_time),
        "weeks": [cells[i : i + 7] for i in range(0, len(cells), 7)],
        "streak": streak,
        "strength_percent": round(streak.strength * 100),
        "year": _year_cells(year),
        "year_words": _year_words(year),
        "streak_words": _streak_words(streak, due_today=selectors.due_on(habit, today)),
    }
    return render(request, "goals/habit_detail.html", context)


@dataclass(frozen=True)
class DayCell:
    """A day of the habit's last weeks as the page shows it, its words worked out here (a
    template's tests and filters for each day cost more than the rest of the page)."""

    number: int
    css: str
    done: bool
    label: str  # what a screen reader says of a day that can be tapped
    url: str  # where its tap posts ("" for a day too old to change)


_STATE_WORDS = {"done": "done", "skipped": "skipped", "": "not ticked"}
_ANY_DAY = "2000-01-01"


def _css(day: HabitDay) -> str:
    """The classes a calendar's day adds to its own: done, skipped, or asked for."""
    if day.state:
        return f" is-{day.state}"
    return " is-due" if day.due else ""


def _year_cells(days: list[HabitDay]) -> SafeString:
    """The year calendar's cells, a span a day titled by its date. One plain join: as a
    template loop its 371 cells were a quarter of the page's time, and escaping them (only
    our own classes and dates, nothing to escape) most of the rest."""
    cells = (
        f'<span class="habit-cell{_css(d)}" title="{d.day:%a %-d %b %Y}"></span>' for d in days
    )
    return mark_safe("".join(cells))  # our own classes and dates only


def _day_cells(habit_id: int, days: list[HabitDay], *, oldest: dt.date) -> list[DayCell]:
    """The calendar's days up to today, each tappable from `oldest` on (its address reversed
    once, each day's date put in its place: 35 reverses were a tenth of the page)."""
    url = reverse("habit-day", args=[habit_id, _ANY_DAY]).replace(_ANY_DAY, "{}")
    return [
        DayCell(
            number=day.day.day,
            css=_css(day),
            done=day.state == "done",
            label=f"{day.day:%A %-d %B}: {_STATE_WORDS[day.state]}",
            url=url.format(day.day.isoformat()) if day.day >= oldest else "",
        )
        for day in days
    ]


def _year_words(days: list[HabitDay]) -> str:
    """The year calendar in a sentence, for a screen reader."""
    done = sum(day.state == "done" for day in days)
    asked = sum(day.due for day in days)
    said = f"The last year: done on {done} day{'' if done == 1 else 's'}"
    return f"{said}, of the {asked} it asked for." if asked else f"{said}."


def _reminder_words(user: User, at: dt.time | None) -> str:
    """What the reminder does, in the person's words, and when quiet hours hold it back."""
    if at is None:
        return "No reminder: add one and Eliza reminds you on the days it asks for."
    words = f"A reminder at {at:%H:%M} on the days it asks for, unless it's done already."
    if user.quiet_at(at):
        end = user.quiet_hours_end
        words += f" That's in your quiet hours: it comes when they end, at {end:%H:%M}."
    return words


@login_required
@require_POST
def habit_reminder(request: PersonRequest, habit_id: int) -> HttpResponse:
    """Set, change or turn off a habit's reminder."""
    user = request.user
    habit = selectors.habit_get(user=user, habit_id=habit_id)
    form = HabitReminderForm(request.POST)
    if not form.is_valid():
        messages.error(request, "That time could not be read: choose hours and minutes.")
        return redirect("habit-detail", habit_id=habit.pk)
    at = None if request.POST.get("off") else form.cleaned_data["reminder_time"]
    services.habit_update(user=user, habit_id=habit.pk, reminder_time=at)
    messages.success(request, _reminder_words(user, at))
    return redirect("habit-detail", habit_id=habit.pk)


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


@login_required
@require_POST
def habit_take(request: PersonRequest, habit_id: int) -> HttpResponse:
    """Take on a habit a goal's plan suggests, or turn it down (`no`)."""
    user, no = request.user, bool(request.POST.get("no"))
    change = services.habit_reject if no else services.habit_take
    try:
        habit = change(user=user, habit_id=habit_id)  # another person's: NotFound, a 404
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        said = "is not one of your habits" if no else "is one of your habits now"
        messages.success(request, f"“{habit.title}” {said}.")
    return back(request, reverse("habits"))
