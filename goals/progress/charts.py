"""Small server-side charts for the progress pages: coordinates for inline SVG, computed
here so templates only draw. Every chart is shown with a table of the same figures."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

LINE_WIDTH = 360
LINE_HEIGHT = 120


@dataclass(frozen=True)
class LineChart:
    segments: list[str]  # "x,y x,y ..." per <polyline>: a missing date breaks the line
    dots: list[tuple[float, float, dt.date, float]]  # x, y, date, value
    width: int = LINE_WIDTH
    height: int = LINE_HEIGHT


def line(series: Sequence[tuple[dt.date, float]], *, start: dt.date, days: int) -> LineChart:
    """A 0..1 line over `days` dates from `start`.

    1. x spreads the dates evenly over the width; y puts 1 at the top, 0 at the bottom.
    2. A date missing from `series` breaks the line, so no value is invented between.
    """
    step = LINE_WIDTH / max(days - 1, 1)
    dots = [
        (round((date - start).days * step, 1), round((1 - value) * LINE_HEIGHT, 1), date, value)
        for date, value in series
        if 0 <= (date - start).days < days
    ]
    segments: list[list[str]] = []
    previous: dt.date | None = None
    for x, y, date, _ in dots:
        if previous is None or (date - previous).days != 1:
            segments.append([])
        segments[-1].append(f"{x},{y}")
        previous = date
    return LineChart(
        segments=[" ".join(segment) for segment in segments],
        dots=dots,
    )


@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    percent: float  # of the longest bar


def bars(values: Sequence[tuple[str, int]]) -> list[Bar]:
    """Bars whose lengths are shares of the longest value (all zero: no length)."""
    top = max((value for _, value in values), default=0)
    return [Bar(label, value, round(value / top * 100, 1) if top else 0) for label, value in values]
