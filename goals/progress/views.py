"""The progress page: streaks overall and per value category, the last 13 weeks as a
calendar, the consistency index with its parts and its 90-day line, focus minutes per kind of
effort, and how it is all counted, in plain words."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from delight.models import User
from delight.requests import PersonRequest
from goals.models import Category, ConsistencySnapshot
from goals.progress import charts, highlights, insights, selectors
from goals.progress.consistency import (
    FOCUS_FULL_MINUTES,
    PARTS,
    TALK_FULL_DAYS,
    WEIGHTS,
    Trend,
    used_weights,
)
from goals.progress.streaks import HALF_LIFE_DAYS

CALENDAR_WEEKS = 13
CELL = 16  # px per day in the calendar, gap included
# The calendar's labels: weekdays down the left, a month over the week it begins in.
LABEL_LEFT, LABEL_TOP, LABEL_RIGHT = 30, 16, 14  # the last month's name may overhang
WEEKDAY_LABELS = ((0, "Mon"), (2, "Wed"), (4, "Fri"), (6, "Sun"))
LINE_DAYS = 90
MINUTES_DAYS = 30
# Why a part is left out, in the person's words.
LEFT_OUT = {
    "completion": "Not counted yet: no missions were offered this week.",
    "nudge_response": "Not counted: Eliza has not needed to nudge you.",
}


@login_required
@require_GET
def progress_page(request: PersonRequest) -> HttpResponse:
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
        "month_labels": _month_labels(start),
        "day_labels": [(LABEL_TOP + row * CELL + 11, name) for row, name in WEEKDAY_LABELS],
        "rows": rows,
        "active_days": sum(row.active for row in rows),
        "frozen": [row.date for row in rows if row.freeze_used],
        "calendar_width": LABEL_LEFT + CALENDAR_WEEKS * CELL + LABEL_RIGHT,
        "calendar_height": LABEL_TOP + 7 * CELL,
        "half_life": HALF_LIFE_DAYS,
        **_consistency_context(user=user, today=today),
        "highlights": highlights.progress_highlights(user=user, limit=6),
        "insights": insights.progress_insights_current(user=user),
    }
    return render(request, "goals/progress.html", context)


def _consistency_context(*, user: User, today: dt.date) -> dict[str, object]:
    """The newest index with its parts in words, its trend, the 90-day line and the focus
    minutes per kind of effort."""
    consistency = selectors.progress_consistency(user=user)
    latest = consistency.latest
    line_start = today - dt.timedelta(days=LINE_DAYS)
    minutes = selectors.progress_minutes_by_category(
        user=user, start=today - dt.timedelta(days=MINUTES_DAYS - 1), end=today
    )
    return {
        "dci": latest,
        "dci_percent": round(latest.value * 100) if latest else None,
        "dci_parts": _parts(latest) if latest else [],
        "dci_trend": _trend_words(consistency.trends[30]),
        "dci_line": charts.line(consistency.series, start=line_start, days=LINE_DAYS),
        "dci_series": consistency.series,
        "weights": [(label, round(WEIGHTS[name] * 100), words) for name, label, words in PARTS],
        "focus_full": FOCUS_FULL_MINUTES,
        "talk_full": TALK_FULL_DAYS,
        "minute_bars": charts.bars(
            [(Category(name).label, value) for name, value in minutes.items()]
        ),
        "minutes_days": MINUTES_DAYS,
    }


def _parts(snapshot: ConsistencySnapshot) -> list[dict[str, object]]:
    values = snapshot.components
    weights = used_weights(values)
    return [
        {
            "label": label,
            "words": words,
            "percent": None if values[name] is None else round(values[name] * 100),
            "weight": round(weights.get(name, 0) * 100),
            "left_out": LEFT_OUT.get(name, ""),
        }
        for name, label, words in PARTS
    ]


def _trend_words(trend: Trend) -> str:
    """The last 30 days in a phrase: the mean, and whether it rises — never a scolding."""
    if trend.mean is None:
        return ""
    mean = f"{round(trend.mean * 100)}% on average over the last 30 days"
    return {
        "steady": f"Steady: {mean}.",
        "rising": f"Rising: {mean}.",
        "easing": f"A quieter stretch: {mean}. Any mission today lifts it.",
    }[trend.direction]


def _cell(row: selectors.DayRow, index: int) -> dict[str, object]:
    """Where a day sits in the calendar (a column per week, Monday on top) and what it shows."""
    state = "active" if row.active else "frozen" if row.freeze_used else "rest"
    x, y = LABEL_LEFT + (index // 7) * CELL, LABEL_TOP + (index % 7) * CELL
    return {"x": x, "y": y, "state": state, "row": row}


def _month_labels(start: dt.date) -> list[tuple[int, str]]:
    """Each month's short name over the first week column holding its first day (and the
    first column's month), where it has room."""
    labels: list[tuple[int, str]] = []
    for week in range(CALENDAR_WEEKS):
        monday = start + dt.timedelta(weeks=week)
        sunday = monday + dt.timedelta(days=6)
        if week == 0 or sunday.month != (monday - dt.timedelta(days=1)).month:
            shown = sunday if week else monday
            if not labels or week * CELL - (labels[-1][0] - LABEL_LEFT) >= 2 * CELL:
                labels.append((LABEL_LEFT + week * CELL, f"{shown:%b}"))
    return labels


@login_required
@require_GET
def highlight_page(request: PersonRequest, reel_id: int) -> HttpResponse:
    content = highlights.progress_highlight(user=request.user, reel_id=reel_id)
    reel = content.reel
    series = [(day.date, day.dci) for day in content.days if day.dci is not None]
    context = {
        "content": content,
        "reel": reel,
        "line": charts.line(series, start=reel.starts_on, days=len(content.days)),
        "active_days": sum(day.active for day in content.days),
        "habit_days": sum(habit.days for habit in content.habits),
    }
    return render(request, "goals/highlight.html", context)
