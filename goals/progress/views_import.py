"""The import page: bring past history (Loop Habit Tracker's export, a JSON list) into the
person's days. A plain form: it works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from delight.forms import submitted
from delight.requests import PersonRequest
from goals import services
from goals.forms import ImportForm
from goals.models import Category
from goals.progress.importing import ImportedEvent, ImportProblems, Problem, parse_upload
from goals.services.importing import ImportResult

EXAMPLE = """{"events": [
  {"occurred_at": "2024-05-01T07:30:00+02:00", "category": "health", "title": "Morning run"},
  {"occurred_at": "2024-05-02T21:00:00", "category": "growth", "title": "Read 20 pages"}
]}"""


@login_required
@require_http_methods(["GET", "POST"])
def progress_import_page(request: PersonRequest) -> HttpResponse:
    user = request.user
    form = ImportForm(submitted(request), request.FILES or None)
    problems: list[Problem] = []
    if request.method == "POST" and form.is_valid():
        try:
            events = parse_upload(
                form.cleaned_data["file"],
                category=form.cleaned_data["category"],
                zone=user.timezone,
                day_start_hour=user.day_start_hour,
                now=timezone.now(),
            )
        except ImportProblems as refused:
            problems = refused.problems
        else:
            result = services.progress_import(user=user, events=events)
            messages.success(request, _imported_message(result, events))
            return redirect("progress")
    context = {"form": form, "problems": problems, "example": EXAMPLE}
    return render(request, "goals/progress_import.html", context)


def _imported_message(result: ImportResult, events: list[ImportedEvent]) -> str:
    """'Imported 143 days of Running — 2 were already here.'"""
    if not result.added:
        if result.already:
            return f"Nothing new: {_count(result.already, 'day was', 'days were')} already here."
        return "The file had no day marked done, so there was nothing to import."
    message = f"Imported {_what(events, result.added)}"
    if result.already:
        return f"{message} — {_count(result.already, 'was', 'were')} already here."
    return f"{message}."


def _what(events: list[ImportedEvent], added: int) -> str:
    """One habit by its name; a mix by its value category, or as "your past"."""
    titles = {event.title for event in events}
    if len(titles) == 1 and "" not in titles:
        return f"{_count(added, 'day', 'days')} of {titles.pop()}"
    categories = {event.category for event in events}
    of = Category(categories.pop()).label.lower() if len(categories) == 1 else "your past"
    return f"{_count(added, 'entry', 'entries')} of {of}"


def _count(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"
