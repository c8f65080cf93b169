"""The progress page: streaks overall and per value category, the last 90 days as a calendar,
and how it is all counted, in plain words."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from goals.models import Category
from goals.progress import selectors
from goals.progress.streaks import HALF_LIFE_DAYS

CALENDAR_WEEKS = 13
CELL = 16  # px per day in the calendar, gap included


@login_required
@require_GET
def progress_page(request: HttpRequest) -> HttpResponse:
    user = request.user
    today = selectors.progress_today(user=user)
    # The calendar ends with this week's last day and starts on a Monday, 13 weeks before.
    end = today + dt.timedelta(days=6 - today.weekday())
    start = end - dt.timedelta(days=CALENDAR_WEEKS * 7 - 1)
    streaks = selectors.progress_streaks(user=user)
    rows = selectors.progress_day_rows(user=user, start=start, end=today, streak=streaks.overall)
    context = {
        "streak": streaks.overall,
        "strength": round(streaks.overall.strength * 100),
        "categories": [
            (Category(name).label, streak, round(streak.strength * 100))
            for name, streak in streaks.by_category.items()
        ],
        "cells": [_cell(row, index) for index, row in enumerate(rows)],
        "rows": rows,
        "active_days": sum(row.active for row in rows),
        "frozen": [row.date for row in rows if row.freeze_used],
        "calendar_width": CALENDAR_WEEKS * CELL,
        "calendar_height": 7 * CELL,
        "half_life": HALF_LIFE_DAYS,
    }
    return render(request, "goals/progress.html", context)


def _cell(row: selectors.DayRow, index: int) -> dict[str, object]:
    """Where a day sits in the calendar (a column per week, Monday on top) and what it shows."""
    state = "active" if row.active else "frozen" if row.freeze_used else "rest"
    return {"x": (index // 7) * CELL, "y": (index % 7) * CELL, "state": state, "row": row}
