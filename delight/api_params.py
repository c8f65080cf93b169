"""Query parameters the API reads, checked at the edge: a value the code cannot work with
answers 400 naming the parameter, never a 500 further in."""

from __future__ import annotations

import datetime as dt

from rest_framework import serializers
from rest_framework.request import Request

# The dates a query may name. Python's dates end at years 1 and 9999, so a day near either
# end overflowed a week's or a local midnight's arithmetic ("?to=0001-01-01" was a 500);
# every date a person's history or plans can hold lies well inside these.
EARLIEST_DATE = dt.date(1900, 1, 1)
LATEST_DATE = dt.date(2199, 12, 31)


def date_param(request: Request, name: str) -> dt.date | None:
    """The date `?name=YYYY-MM-DD` gives (None when it is absent; given empty, it is no
    date)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        day = dt.date.fromisoformat(raw)
    except ValueError:
        raise serializers.ValidationError({name: "Must be a date as YYYY-MM-DD."}) from None
    if not EARLIEST_DATE <= day <= LATEST_DATE:
        raise serializers.ValidationError(
            {name: f"Must be a date from {EARLIEST_DATE} to {LATEST_DATE}."}
        )
    return day
