"""The import page: bring past history (Loop Habit Tracker's export, a JSON list) into the
person's days. A plain form: it works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.http import require_http_methods

from delight.forms import submitted
from delight.requests import PersonRequest
from goals import services
from goals.forms import ImportForm
from goals.models import Category
from goals.progress.importing import (
    LOOP,
    ImportedEvent,
    ImportedHistory,
    ImportProblems,
    Problem,
)
from goals.progress.importing_loop import parse_upload
from goals.services.importing import HabitImported, ImportResult

EXAMPLE = """{"events": [
  {"occurred_at": "2024-05-01T07:30:00+02:00", "category": "health", "title": "Morning run"},
  {"occurred_at": "2024-05-02T21:00:00", "category": "growth", "habit": "Read"}
]}"""


@login_required
@require_http_methods(["GET", "POST"])
def progress_import_page(request: PersonRequest) -> HttpResponse:
    user = request.user
    form = ImportForm(submitted(request), request.FILES or None)
    problems: list[Problem] = []
    if request.method == "POST" and form.is_valid():
        try:
            history = parse_upload(
                form.cleaned_data["file"],
                category=form.cleaned_data["category"],
                zone=user.timezone,
                day_start_hour=user.day_start_hour,
                now=timezone.now(),
            )
        except ImportProblems as refused:
            problems = refused.problems
        else:
            result = services.progress_import(user=user, history=history)
            messages.success(request, _imported_message(result, history))
            return redirect("progress")
    context = {"form": form, "problems": problems, "example": EXAMPLE}
    return render(request, "goals/progress_import.html", context)


def _imported_message(result: ImportResult, history: ImportedHistory) -> str:
    """What came across: the habits made or continued, with a link to them ('Your habits
    from Loop are here: Morning walk (212 days), Read (40 days). See your habits.'), or
    for events of no habit what they were ('Imported 143 entries of health.')."""
    if not result.habits:
        return _events_message(result, history.events)
    sentences = _habit_sentences(result.habits, history)
    if result.events_added:
        sentences.append(f"Imported {_what(history.events, result.events_added)}.")
    if result.already:
        already = f"{_count(result.already, 'day was', 'days were')} already here."
        sentences.append(already if sentences else f"Nothing new: {already}")
    text = " ".join(sentences) or "Nothing new came across."
    return format_html('{} <a href="{}">See your habits</a>.', text, reverse("habits"))


def _habit_sentences(habits: tuple[HabitImported, ...], history: ImportedHistory) -> list[str]:
    """The habits made (the archived ones apart, as they are not among the person's
    habits), then those continued that were given days."""
    source = " from Loop" if any(habit.source == LOOP for habit in history.habits) else ""
    made = [habit for habit in habits if habit.created and not habit.archived]
    shelved = [habit for habit in habits if habit.created and habit.archived]
    continued = [habit for habit in habits if not habit.created and habit.days_done]
    sentences = []
    if made:
        subject, verb = ("Your habit", "is") if len(made) == 1 else ("Your habits", "are")
        sentences.append(f"{subject}{source} {verb} here: {_listing(made)}.")
    if continued:
        count = _count(len(continued), "habit", "habits")
        sentences.append(f"{count} continued: {_listing(continued, more=True)}.")
    if shelved:
        sentences.append(f"Kept archived, as they were in Loop: {_listing(shelved)}.")
    return sentences


def _listing(habits: list[HabitImported], *, more: bool = False) -> str:
    """'Morning walk (212 days), Read (no days yet)'; with `more`, 'Read (3 more days)'."""
    one, many = ("more day", "more days") if more else ("day", "days")
    days = [_count(h.days_done, one, many) if h.days_done else "no days yet" for h in habits]
    return ", ".join(f"{habit.title} ({count})" for habit, count in zip(habits, days, strict=True))


def _events_message(result: ImportResult, events: tuple[ImportedEvent, ...]) -> str:
    """'Imported 143 days of Running — 2 were already here.'"""
    if not result.added:
        if result.already:
            return f"Nothing new: {_count(result.already, 'day was', 'days were')} already here."
        return "The file had no day marked done, so there was nothing to import."
    message = f"Imported {_what(events, result.added)}"
    if result.already:
        return f"{message} — {_count(result.already, 'was', 'were')} already here."
    return f"{message}."


def _what(events: tuple[ImportedEvent, ...], added: int) -> str:
    """One title by its name; a mix by its value category, or as "your past"."""
    titles = {event.title for event in events}
    if len(titles) == 1 and "" not in titles:
        return f"{_count(added, 'day', 'days')} of {titles.pop()}"
    categories = {event.category for event in events}
    of = Category(categories.pop()).label.lower() if len(categories) == 1 else "your past"
    return f"{_count(added, 'entry', 'entries')} of {of}"


def _count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"
