"""Reading a target date from what a person writes ("by June", "in about three weeks",
"a year and a half", "by mid January", "before Christmas"), relative to today."""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from companion.dialogue.phrases import DATE, MONTHS, NUMBER_WORDS, WEEKDAYS

# A short answer ("a month or so", "May") may name a date without a lead word.
BARE_WORDS = 5


class DateError(ValueError):
    """No date, or not a real one; the message is said to the person."""


def add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def number(token: str) -> int:
    """A count said in digits or words ("12", "twelve", "a couple of")."""
    token = re.sub(r"\s+", " ", token.strip().lower())
    return int(token) if token.isdigit() else NUMBER_WORDS[token]


def _needs_lead(match: re.Match[str]) -> bool:
    """A month, weekday or span named alone, which a sentence may use for something else."""
    if match["month"]:
        return not (match["m_year"] or match["m_lead"] or match["m_next"])
    if match["weekday"]:
        return not match["wk_lead"]
    if match["season"]:
        return not match["season_lead"]
    return bool(match["rel_n"]) and not match["from_now"]


def find_date(text: str, *, bare: bool = False) -> re.Match[str] | None:
    """The first date phrase in `text`.

    A month, a weekday or a span named alone ("May", "sunday", "a week") needs a lead
    ("by May", "in a week") because each also appears in titles ("walk 5 km a day",
    "call mum every sunday"); `bare` lifts that for short direct answers.
    """
    for match in DATE.finditer(text):
        if _needs_lead(match) and not (match["lead"].strip() or bare):
            continue
        if match["rel_n"] and _ABSENCE.search(text[: match.start()]):
            continue  # "i havent touched it in like 6 years": how long, not by when
        return match
    return None


# A span after a negated perfect says how long something has not happened.
_ABSENCE = re.compile(
    r"\b(?:haven'?t|hasn'?t|have not|has not|not (?:been|done|had|played|touched|seen)|not"
    r" since|never)\b[^.!?,;]*$",
    re.IGNORECASE,
)


# A date taken back and said again: "september? no, june", "may, actually july".
_SELF_CORRECTION = re.compile(r"\b(?:no|nah|actually|i mean|or rather|wait)\b[\s,.!?]+", re.I)


def _bare(text: str) -> bool:
    return len(text.split()) <= BARE_WORDS


def parse_target_date(text: str, today: date) -> date:
    """Read a date from natural text, relative to `today`.

    1. Find the first date phrase (a short answer may omit the lead word); after a
       self-correction ("september? no, for the summer") the one after it; a season
       narrowed by a month said after it ("the summer? like june") is that month.
    2. Months named without a day mean the end of that month (the generous reading of a
       deadline) and the next such month that has not ended; "mid" means its 15th.
    3. Spans count from today ("a year and a half" is 18 months); weekdays mean the first
       one after today; month-day dates without a year mean the next such day.
    """
    corrected = _SELF_CORRECTION.split(text)
    tries = [corrected[-1], text] if len(corrected) > 1 else [text]
    match = next((found for part in tries if (found := find_date(part, bare=_bare(part)))), None)
    if match is not None and match["season"] and (finer := narrowed(match)):
        match = finer  # "maybe by the summer? like june": june
    if match is None:
        raise DateError("I couldn't read that as a date")
    try:
        return _resolve(match, today)
    except ValueError:
        raise DateError("That isn't a real date") from None


def narrowed(season: re.Match[str]) -> re.Match[str] | None:
    """A date said after a season that narrows it ("the summer? like june", "in the spring,
    like the race in april"), matched in the text after the season; None when none does."""
    later = season.string[season.end() :]
    match = find_date(later, bare=True)
    if match is None or match["season"]:
        return None
    between = later[: match.start()]
    led = match["lead"].strip() or _NARROWING.search(between) or not between.strip(" ,.?!-")
    return match if led else None


# Words that narrow a date said just before ("summer? like june").
_NARROWING = re.compile(r"\b(?:like|say|maybe|probably|ideally|around|or|so|actually)\W*$", re.I)


def _resolve(match: re.Match[str], today: date) -> date:
    groups = {key: value for key, value in match.groupdict().items() if value}
    if "iso" in groups:
        return date.fromisoformat("-".join(f"{int(p):02d}" for p in groups["iso"].split("-")))
    if "rel_n" in groups:
        return _shift(today, number(groups["rel_n"]), groups["rel_unit"], "rel_half" in groups)
    if "mid_month" in groups:
        return _next_day_of_year(today, _month(groups["mid_month"]), 15, None)
    if "md_month" in groups or "dm_month" in groups:
        month = _month(groups.get("md_month") or groups["dm_month"])
        day = int(groups.get("md_day") or groups["dm_day"])
        return _next_day_of_year(today, month, day, groups.get("md_year") or groups.get("dm_year"))
    if "month" in groups:
        return _month_date(today, _month(groups["month"]), groups)
    if "season" in groups:
        following = groups.get("season_lead", "").lower() == "next"
        return _season_end(today, groups["season"].lower(), following=following)
    if "weekday" in groups:
        ahead = (WEEKDAYS.index(groups["weekday"].lower()) - today.weekday()) % 7
        return today + timedelta(days=ahead or 7)
    keyword = re.sub(r"\s+", " ", groups["kw"].lower())
    lead = groups.get("lead", "").lower().split()
    if "new year" in keyword and lead[:1] == ["in"]:
        # "sometime in the new year": early next year, read generously (its first quarter).
        return _month_end(today.year + 1, NEW_YEAR_MONTHS)
    return _keyword_date(keyword, today, ends="end" in lead)


# "in the new year" means its first months: the end of this one.
NEW_YEAR_MONTHS = 3
# "next december" said within this many months of December means the one a year on ("this
# december" is the near one).
NEXT_MONTH_NEAR = 3


def _month_date(today: date, month: int, groups: dict[str, str]) -> date:
    """The end of a month named: in the year said; "december next year"; the next such
    month; "next december" close to it, the one after."""
    if "m_year" in groups:
        return _month_end(int(groups["m_year"]), month)
    if "m_next" in groups:
        return _month_end(today.year + 1, month)
    year = today.year if month >= today.month else today.year + 1
    ahead = (year - today.year) * 12 + month - today.month
    if groups.get("m_lead", "").lower() == "next" and ahead < NEXT_MONTH_NEAR:
        year += 1
    return _month_end(year, month)


# The last month of each season (northern hemisphere, as the seasons are usually meant).
SEASON_ENDS = {"spring": 5, "summer": 8, "autumn": 11, "fall": 11, "winter": 2}
SEASON_MONTHS = 3


def _season_end(today: date, season: str, *, following: bool) -> date:
    """The end of the season's next occurrence; "next summer" said during one is the one
    after it."""
    last = SEASON_ENDS[season]
    year = today.year if last >= today.month else today.year + 1
    end = _month_end(year, last)
    during = 0 <= (end.year * 12 + last) - (today.year * 12 + today.month) < SEASON_MONTHS
    return _month_end(year + 1, last) if following and during else end


def _month(name: str) -> int:
    return MONTHS[name.lower().rstrip(".")]


def _shift(today: date, amount: int, unit: str, and_half: bool = False) -> date:
    unit = unit.lower()
    if unit == "day":
        return today + timedelta(days=amount)
    if unit == "week":
        return today + timedelta(weeks=amount, days=3 if and_half else 0)
    months = amount * (12 if unit == "year" else 1)
    if unit == "year" and and_half:
        months += 6
    shifted = add_months(today, months)
    return shifted + timedelta(days=15) if unit == "month" and and_half else shifted


def _next_day_of_year(today: date, month: int, day: int, year: str | None) -> date:
    if year:
        return date(int(year), month, day)
    candidate = date(today.year, month, day)
    return candidate if candidate >= today else date(today.year + 1, month, day)


def _keyword_date(keyword: str, today: date, *, ends: bool) -> date:
    """A named day; `ends` ("the end of next month") moves to the end of that period."""
    if keyword in ("christmas", "xmas"):
        return _next_day_of_year(today, 12, 25, None)
    if keyword == "easter":
        sunday = easter_sunday(today.year)
        return sunday if sunday >= today else easter_sunday(today.year + 1)
    if keyword == "halloween":
        return _next_day_of_year(today, 10, 31, None)
    if keyword.startswith("valentine"):
        return _next_day_of_year(today, 2, 14, None)
    if "new year" in keyword or keyword == "this year":
        return date(today.year, 12, 31)
    if keyword.startswith("next "):
        unit = keyword.split()[1]
        if unit == "year":  # a calendar year, as "this year" is: "12 books next year"
            return date(today.year + 1, 12, 31)
        if not ends:
            return _shift(today, 1, unit)
        if unit == "week":
            return today + timedelta(days=13 - today.weekday())
        if unit == "month":
            ahead = add_months(today, 1)
            return _month_end(ahead.year, ahead.month)
        return date(today.year + 1, 12, 31)
    fixed = {
        "today": today,
        "tomorrow": today + timedelta(days=1),
        "yesterday": today - timedelta(days=1),
    }
    if keyword in fixed:
        return fixed[keyword]
    if keyword.endswith("week"):
        return today + timedelta(days=6 - today.weekday())
    if keyword.endswith("month"):
        return _month_end(today.year, today.month)
    return date(today.year, 12, 31)


def display_date(value: str | None) -> str:
    return "no deadline" if value is None else day_words(date.fromisoformat(value))


def day_words(day: date) -> str:
    """A day as a person reads it: "8 May 2023"."""
    return f"{day.day} {day:%B %Y}"


def easter_sunday(year: int) -> date:
    """Easter Sunday in the Gregorian calendar (the anonymous Gregorian computus).

    1. The year's place in the 19-year lunar cycle (a), its century (b, c) and the
       century's leap-day and moon corrections (d, e, f, g).
    2. The epact-like offset of the paschal full moon (h) and the weekday offset (i, k, w).
    3. The correction for late full moons (m), then the month and day.
    """
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    w = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * w) // 451
    month, day = divmod(h + w - 7 * m + 114, 31)
    return date(year, month, day + 1)
