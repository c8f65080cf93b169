"""When a memory was said, and when what it tells happened: "yesterday", "last Saturday",
"two weeks ago", "on 8 May" resolved against the day it was said (the session's date a
client gives in its metadata, else the person's own day when it was saved).

Pure: no database. The words are data (companion.recall_words); this module reads them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.dialogue.dates import add_months, day_words, number
from companion.dialogue.phrases import MONTHS, WEEKDAYS
from companion.recall_words import (
    AGO,
    DAY_MONTH,
    FUTURE_SAID,
    MONTH_DAY,
    MONTH_NAMED,
    PAST_SAID,
    RELATIVE_DAY,
    RELATIVE_DAYS,
    RELATIVE_PERIODS,
    SAID_DATE_KEYS,
    WEEKDAY_NAMED,
)

Span = str  # "day", "week", "month" or "year": how exactly the date is known


@dataclass(frozen=True)
class Happened:
    on: dt.date
    span: Span
    said: tuple[int, int] = (0, 0)  # where the text says it (start, end)


def said_on(metadata: Mapping[str, Any], saved: dt.date) -> dt.date:
    """The day a memory was said: the first date found in its metadata under a key that
    names one (a session's date, "said on"…), else the day it was saved."""
    for key, value in metadata.items():
        named = isinstance(value, str) and any(word in key.lower() for word in SAID_DATE_KEYS)
        if named and (found := date_in(value)) is not None:
            return found
    return saved


def date_in(text: str) -> dt.date | None:
    """A full date written in `text`: ISO (2023-05-08), "8 May, 2023" or "May 8, 2023"."""
    if iso := re.search(r"\b(\d{4})-(\d{2})-(\d{2})(?!\d)", text):
        return _date(int(iso[1]), int(iso[2]), int(iso[3]))
    if found := re.search(r"\b(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]+),? (\d{4})\b", text):
        return _date(int(found[3]), MONTHS.get(found[2].lower(), 0), int(found[1]))
    if found := re.search(r"\b([A-Za-z]+) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b", text):
        return _date(int(found[3]), MONTHS.get(found[1].lower(), 0), int(found[2]))
    return None


def happened(text: str, said: dt.date) -> Happened | None:
    """When what `text` tells happened, from the first time it names, or None.

    1. "N days / weeks / months / years ago" (N a number or a word: "a couple of").
    2. A day named relative to the saying: "the day before yesterday", "yesterday", "last
       night", "today", "tonight", "tomorrow".
    3. A period: "last / next week, weekend, month, year" (its first day).
    4. A weekday: "last Saturday", "on Friday", "next Monday": the nearest one before the
       day it was said when the sentence speaks of what has been ("went", "painted"), else
       the next one ("got a job interview on friday, bricking it").
    5. A day of a month ("on 8 May", "May 8th") or a month ("in March"): its nearest
       occurrence to the day it was said, before or after.
    """
    lowered = text.lower()
    future = bool(FUTURE_SAID.search(lowered))
    for rule, pattern in _RULES:
        if not (match := pattern(lowered)):
            continue
        try:
            found = rule(match, said, future)
        except (OverflowError, ValueError):
            return None  # a day beyond the calendar (said in year 1 or 9999): none
        if found is not None:
            return Happened(found.on, found.span, match.span())
    return None


def _ago(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    count, unit = number(found["count"]), found["unit"]
    if unit == "day":
        return Happened(said - dt.timedelta(days=count), "day")
    if unit == "week":
        return Happened(said - dt.timedelta(weeks=count), "week")
    if unit == "month":
        return Happened(add_months(said, -count), "month")
    return Happened(add_months(said, -12 * count), "year")


def _relative_day(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    days = next(days for words, days in RELATIVE_DAYS if re.fullmatch(words, found[0]))
    return Happened(said + dt.timedelta(days=days), "day")


def _period(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    step = -1 if found["which"] == "last" else 1
    period = found["period"]
    if period == "week":
        monday = said - dt.timedelta(days=said.weekday())
        return Happened(monday + dt.timedelta(weeks=step), "week")
    if period == "weekend":
        saturday = said + dt.timedelta(days=5 - said.weekday())
        if step < 0 and saturday >= said:
            saturday -= dt.timedelta(weeks=1)
        return Happened(saturday, "week")
    if period == "month":
        return Happened(add_months(said.replace(day=1), step), "month")
    return Happened(dt.date(said.year + step, 1, 1), "year")


def _weekday(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    wanted = WEEKDAYS.index(found["day"])
    which = found["which"]
    loose = which in (None, "on", "this")
    ahead = which in ("next", "this coming", "coming") or (
        loose and (future or not PAST_SAID.search(found.string))
    )
    if ahead:
        return Happened(said + dt.timedelta(days=(wanted - said.weekday() - 1) % 7 + 1), "day")
    return Happened(said - dt.timedelta(days=(said.weekday() - wanted - 1) % 7 + 1), "day")


def _month_day(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    month, day = MONTHS[found["month"]], int(found["day"])
    return _nearest(said, month, day, "day")


def _month(found: re.Match[str], said: dt.date, future: bool) -> Happened | None:
    return _nearest(said, MONTHS[found["month"]], 1, "month")


_Rule = Callable[[re.Match[str], dt.date, bool], Happened | None]
_RULES: tuple[tuple[_Rule, Callable[[str], re.Match[str] | None]], ...] = (
    (_ago, AGO.search),
    (_relative_day, RELATIVE_DAY.search),
    (_period, RELATIVE_PERIODS.search),
    (_weekday, WEEKDAY_NAMED.search),
    (_month_day, lambda text: DAY_MONTH.search(text) or MONTH_DAY.search(text)),
    (_month, MONTH_NAMED.search),
)


def _nearest(said: dt.date, month: int, day: int, span: Span) -> Happened | None:
    """`day` of `month` in the year (of the three around the saying) nearest to it."""
    dates = [found for year in (-1, 0, 1) if (found := _date(said.year + year, month, day))]
    if not dates:
        return None
    return Happened(min(dates, key=lambda candidate: abs((candidate - said).days)), span)


def _date(year: int, month: int, day: int) -> dt.date | None:
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def happened_words(on: dt.date, span: Span) -> str:
    """When something happened, as a person says it, as exactly as it is known."""
    if span == "year":
        return str(on.year)
    if span == "month":
        return f"{on:%B} {on.year}"
    if span == "week":
        return f"the week of {day_words(on)}"
    return day_words(on)


def dated_text(text: str, found: Happened) -> str:
    """`text` with the time it says moved to its end as the date it means: "Yesterday I went
    to my first pottery class" -> "I went to my first pottery class on 7 May 2023"."""
    start, end = found.said
    before, after = text[:start].rstrip(" ,"), text[end:].lstrip(" ,")
    if not before or before.endswith(":"):
        after = after[:1].upper() + after[1:]
    joined = re.sub(r"\s+([,.!?])", r"\1", f"{before} {after}".strip()).rstrip(" .!")
    preposition = "on" if found.span == "day" else "in"
    return f"{joined} {preposition} {happened_words(found.on, found.span)}"
