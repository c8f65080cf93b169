"""Reading a slot's value from what the person wrote: cues, dates, titles, categories,
minutes, and which of their missions or goals they mean.

A parser takes the text and a `SlotEnv` and returns the value, or raises `SlotError` with
the reason to say. The limits are goals' own (goals.models), so a value the dialogue takes
is one a goal can keep.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from companion.dialogue.phrases import (
    BACKREF,
    BUT,
    CANCEL,
    CANCEL_LEAD,
    CATEGORY_OF,
    CATEGORY_WORD,
    DATE,
    HANDOFF,
    LEAD_IN,
    MINUTES,
    MONTHS,
    NO,
    NUMBER_WORDS,
    ORDINAL,
    ORDINALS,
    QUOTES,
    RETRY,
    SKIP,
    STOP_WORDS,
    WEEKDAYS,
    YES,
)
from goals.models import SESSION_MAX_MINUTES, TEXT_MAX, TITLE_MAX


class SlotError(ValueError):
    """A value that cannot fill a slot; `reason` is said to the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Choice:
    """Something the person can refer to by name: an open mission, an active goal."""

    id: int | str
    title: str


@dataclass(frozen=True)
class DialogueContext:
    missions: tuple[Choice, ...] = ()
    goals: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class SlotEnv:
    """What a parser may look at besides the text: the day, the context, the slots so far."""

    today: date
    context: DialogueContext = field(default_factory=DialogueContext)
    slots: Mapping[str, Any] = field(default_factory=dict)


Parser = Callable[[str, SlotEnv], Any]
Validator = Callable[[Any, SlotEnv], None]


# --- cues -------------------------------------------------------------------------------------


def _plain(text: str) -> str:
    return re.sub(r"[\s.!?]+$", "", text.strip())


def is_skip(text: str) -> bool:
    return bool(SKIP.fullmatch(_plain(text)))


def is_cancel(text: str) -> bool:
    plain = _plain(text)
    return bool(CANCEL.fullmatch(plain) or CANCEL_LEAD.match(plain))


def is_handoff(text: str) -> bool:
    return bool(HANDOFF.match(text.strip()))


def is_yes(text: str) -> bool:
    return bool(YES.match(text.strip())) and not BUT.search(text)


def is_no(text: str) -> bool:
    return bool(NO.fullmatch(_plain(text)))


def is_retry(text: str) -> bool:
    return bool(RETRY.match(text.strip()))


def clean_value(text: str) -> str:
    """A value as said, without its punctuation, quotes or a lead like "make it"."""
    text = BACKREF.sub("", text.strip(" \t,.:;-"))
    return text.strip().strip(QUOTES).strip().rstrip(".!")


# --- dates ------------------------------------------------------------------------------------


def add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _number(token: str) -> int:
    return int(token) if token.isdigit() else NUMBER_WORDS[token.lower()]


def find_date(text: str, *, bare_month: bool = False) -> re.Match[str] | None:
    """The first date phrase in `text`.

    A month named alone ("May") needs a lead ("by May") or a year, because "may" is also a
    verb; `bare_month` lifts that for short direct answers.
    """
    for match in DATE.finditer(text):
        if match["month"] and not (match["lead"] or match["m_year"] or bare_month):
            continue
        return match
    return None


def parse_target_date(text: str, today: date) -> date:
    """Read a date from natural text, relative to `today`.

    Months named without a day mean the end of that month (the generous reading of a
    deadline) and the next such month that has not ended; weekdays mean the first one after
    `today`; month-day dates without a year mean the next such day.
    """
    match = find_date(text, bare_month=len(text.split()) <= 3)
    if match is None:
        raise SlotError("I couldn't read that as a date")
    try:
        return _resolve_date(match, today)
    except ValueError:
        raise SlotError("That isn't a real date") from None


def _resolve_date(match: re.Match[str], today: date) -> date:
    groups = {key: value for key, value in match.groupdict().items() if value}
    if "iso" in groups:
        return date.fromisoformat("-".join(f"{int(p):02d}" for p in groups["iso"].split("-")))
    if "rel_n" in groups or "ago_n" in groups:
        amount = _number(groups.get("rel_n") or groups["ago_n"])
        return _shift(today, amount, groups.get("rel_unit") or groups["ago_unit"])
    if "md_month" in groups or "dm_month" in groups:
        month = MONTHS[(groups.get("md_month") or groups["dm_month"]).lower().rstrip(".")]
        day = int(groups.get("md_day") or groups["dm_day"])
        return _next_day_of_year(today, month, day, groups.get("md_year") or groups.get("dm_year"))
    if "month" in groups:
        month = MONTHS[groups["month"].lower().rstrip(".")]
        year = int(groups["m_year"]) if "m_year" in groups else None
        year = year or (today.year if month >= today.month else today.year + 1)
        return _month_end(year, month)
    if "weekday" in groups:
        ahead = (WEEKDAYS.index(groups["weekday"].lower()) - today.weekday()) % 7
        return today + timedelta(days=ahead or 7)
    return _keyword_date(re.sub(r"\s+", " ", groups["kw"].lower()), today)


def _shift(today: date, amount: int, unit: str) -> date:
    unit = unit.lower()
    if unit == "day":
        return today + timedelta(days=amount)
    if unit == "week":
        return today + timedelta(weeks=amount)
    return add_months(today, amount * (12 if unit == "year" else 1))


def _next_day_of_year(today: date, month: int, day: int, year: str | None) -> date:
    if year:
        return date(int(year), month, day)
    candidate = date(today.year, month, day)
    return candidate if candidate >= today else date(today.year + 1, month, day)


def _keyword_date(keyword: str, today: date) -> date:
    fixed = {
        "today": today,
        "tomorrow": today + timedelta(days=1),
        "yesterday": today - timedelta(days=1),
        "next week": today + timedelta(weeks=1),
        "next month": add_months(today, 1),
        "next year": add_months(today, 12),
        "this year": date(today.year, 12, 31),
    }
    if keyword in fixed:
        return fixed[keyword]
    if keyword.endswith("week"):
        return today + timedelta(days=6 - today.weekday())
    if keyword.endswith("month"):
        return _month_end(today.year, today.month)
    return date(today.year, 12, 31)


def display_date(value: str | None) -> str:
    if value is None:
        return "no deadline"
    day = date.fromisoformat(value)
    return f"{day.day} {day:%B %Y}"


# --- value parsers ----------------------------------------------------------------------------


def strip_lead_in(text: str) -> str:
    return LEAD_IN.sub("", text, count=1).strip(" \t,.;:-!" + QUOTES)


def parse_title(text: str, env: SlotEnv) -> str:
    title = clean_value(strip_lead_in(text))
    if len(re.sub(r"\W", "", title)) < 2:
        raise SlotError("I didn't catch the goal itself")
    if len(title) > TITLE_MAX:
        raise SlotError(f"That's a bit long for a title (at most {TITLE_MAX} characters)")
    return title[0].upper() + title[1:]


def parse_why(text: str, env: SlotEnv) -> str:
    why = clean_value(re.sub(r"^\s*(?:because|since|so\s+that)\s+", "", text, flags=re.I))
    if len(re.sub(r"\W", "", why)) < 3:
        raise SlotError("I'd love a few words about it")
    if len(why) > TEXT_MAX:
        raise SlotError(f"That's a lot to keep (at most {TEXT_MAX} characters)")
    return why[0].upper() + why[1:]


def parse_date_slot(text: str, env: SlotEnv) -> str:
    return parse_target_date(text, env.today).isoformat()


def not_in_past(value: str | None, env: SlotEnv) -> None:
    if value is not None and date.fromisoformat(value) < env.today:
        raise SlotError("That date is in the past")


def parse_category(text: str, env: SlotEnv) -> str:
    found = sorted({CATEGORY_OF[m.group().lower()] for m in CATEGORY_WORD.finditer(text)})
    if not found:
        raise SlotError("I didn't recognise that area of life")
    if len(found) > 1:
        raise SlotError(f"That could be {' or '.join(found)}")
    return found[0]


def parse_minutes(text: str, env: SlotEnv) -> int:
    match = MINUTES.search(text)
    if match is None:
        bare = _plain(text).lower()
        if bare.isdigit() or bare in NUMBER_WORDS:
            return _number(bare)
        raise SlotError("I couldn't read that as a number of minutes")
    if match["half"]:
        return 30
    if hours := match["hours"] or match["hour_words"]:
        amount = float(hours) if hours[0].isdigit() else _number(hours)
        return round(amount * 60) + (30 if match["and_half"] else 0)
    return _number(match["minutes"] or match["minute_words"])


def minutes_in_range(value: int | None, env: SlotEnv) -> None:
    """The time spent on a mission, within goals' rule for a session's actual minutes."""
    if value is not None and not 1 <= value <= SESSION_MAX_MINUTES:
        raise SlotError(f"That should be between 1 and {SESSION_MAX_MINUTES} minutes")


# --- references to missions and goals ---------------------------------------------------------


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


def _tokens(text: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-z0-9']+", text.lower()) if w not in STOP_WORDS}


def _ranked(text: str, choices: Sequence[Choice]) -> list[tuple[tuple[int, float], Choice]]:
    """Choices by (words in common, share of the title matched), best first."""
    said = _tokens(text)
    scored = []
    for choice in choices:
        title = _tokens(choice.title) or {choice.title.lower()}
        common = len(said & title)
        if common:
            scored.append(((common, common / len(title)), choice))
    return sorted(scored, key=lambda item: item[0], reverse=True)


def best_choice(text: str, choices: Sequence[Choice]) -> Choice | None:
    """The one choice `text` refers to, or None when nothing or several fit equally."""
    ordinal = ORDINAL.match(_plain(text))
    if ordinal:
        index = ORDINALS.get(ordinal["n"].lower())
        index = int(ordinal["n"]) - 1 if index is None else index
        return choices[index] if -len(choices) <= index < len(choices) else None
    ranked = _ranked(text, choices)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def reference_parser(kind: str, pick: Callable[[DialogueContext], Sequence[Choice]]) -> Parser:
    def parse(text: str, env: SlotEnv) -> dict[str, Any]:
        choices = pick(env.context)
        if not choices:
            raise SlotError(f"I don't see any open {kind}s right now")
        choice = best_choice(text, choices)
        if choice is None:
            ranked = _ranked(text, choices)
            tied = [c.title for score, c in ranked if score == ranked[0][0]] if ranked else []
            options = tied if len(tied) > 1 else [c.title for c in choices[:5]]
            raise SlotError(f"I'm not sure which {kind} you mean ({' / '.join(options)})")
        return {"id": choice.id, "title": choice.title}

    return parse


def display_choice(value: Mapping[str, Any]) -> str:
    return value["title"]
