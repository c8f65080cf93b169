"""Query parameters and dates the API reads, checked at the edge: a value the code cannot
work with answers 400 naming the parameter or field, never a 500 further in; each is
documented in the schema as exactly what is accepted."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

# The dates a query may name. Python's dates end at years 1 and 9999, so a day near either
# end overflowed a week's or a local midnight's arithmetic ("?to=0001-01-01" was a 500);
# every date a person's history or plans can hold lies well inside these.
EARLIEST_DATE = dt.date(1900, 1, 1)
LATEST_DATE = dt.date(2199, 12, 31)
DATE_PATTERN = r"^(19[0-9]{2}|2[01][0-9]{2})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"
DATE_SCHEMA = {"type": "string", "format": "date", "pattern": DATE_PATTERN}
MAX_ID = 10**18 - 1  # what an id query parameter may be (18 digits)
ID_SCHEMA = {"type": "integer", "minimum": 1, "maximum": MAX_ID}
_ID = re.compile(r"[1-9][0-9]{0,17}")
_DAY_SHAPE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_day(raw: str) -> dt.date:
    """The date "YYYY-MM-DD" names, from EARLIEST_DATE to LATEST_DATE (ValueError with the
    message otherwise). Only that form: "20240105" or "2024-W01-1" would be dates to Python.
    """
    try:
        if not _DAY_SHAPE.fullmatch(raw):
            raise ValueError
        day = dt.date.fromisoformat(raw)
    except ValueError:
        raise ValueError("Must be a date as YYYY-MM-DD.") from None
    if not EARLIEST_DATE <= day <= LATEST_DATE:
        raise ValueError(f"Must be a date from {EARLIEST_DATE} to {LATEST_DATE}.")
    return day


def date_param(request: Request, name: str) -> dt.date | None:
    """The date `?name=YYYY-MM-DD` gives (None when it is absent; given empty, it is no
    date)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return parse_day(raw)
    except ValueError as refused:
        raise serializers.ValidationError({name: str(refused)}) from None


def id_param(request: Request, name: str) -> int | None:
    """The id `?name=` gives (None when it is absent; given empty, it is no id)."""
    raw = request.query_params.get(name)
    if raw is None:
        return None
    if not _ID.fullmatch(raw):
        raise serializers.ValidationError({name: "Must be an id (a whole number from 1)."})
    return int(raw)


def id_field(**options: Any) -> serializers.IntegerField:
    """An id in a body: a whole number from 1 to MAX_ID (a larger one overflows the column)."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **options)


def choice_param(request: Request, name: str, choices: list[str]) -> str | None:
    """The value `?name=` gives, one of `choices` (None when it is absent)."""
    value = request.query_params.get(name)
    if value is not None and value not in choices:
        raise serializers.ValidationError({name: f"Use one of: {', '.join(choices)}."})
    return value


@extend_schema_field(DATE_SCHEMA)
class DateField(serializers.DateField):
    """A date in a body, as exactly "YYYY-MM-DD" from EARLIEST_DATE to LATEST_DATE."""

    def to_internal_value(self, value: Any) -> dt.date:
        if not isinstance(value, str):
            self.fail("invalid", format="YYYY-MM-DD")
        try:
            return parse_day(value)
        except ValueError as refused:
            raise serializers.ValidationError(str(refused)) from None


WALL_TIME_PATTERN = r"^([01][0-9]|2[0-3]):[0-5][0-9]$"


@extend_schema_field({"type": "string", "pattern": WALL_TIME_PATTERN, "example": "07:30"})
class WallTimeField(serializers.TimeField):
    """A time of day on the person's clock, as exactly "HH:MM" (no seconds, no zone)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%H:%M", input_formats=["%H:%M"], **kwargs)
