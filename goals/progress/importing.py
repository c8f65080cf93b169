"""Reading a person's past from files, before anything is written: what an import reads into
(habits with their days, and events that belong to no habit), how a refusal names its bad
rows, and the generic JSON list of events. Loop Habit Tracker's export, and the upload that
may be either, are read by goals.progress.importing_loop. Pure parsing: no database.

Every parser reads the whole input and raises ImportProblems naming every bad row (CSV lines
as a spreadsheet numbers them, the header being line 1; JSON as `events[3].occurred_at`), so a
person can fix them all at once. Nothing is half read: either every row is good or none counts.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError

from delight.text import validate_text
from goals.models import Category, Habit
from goals.progress.days import lived_day, offset_name, zone_info

MAX_EVENTS = 20_000  # per import: events and habit days together
MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # per uploaded file, and for each CSV inside a zip
MAX_PROBLEMS = 50  # listed; the rest are counted
TITLE_LIMIT = 200
FILE_TOO_LARGE = f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB."
JSON_DEPTH = 4  # {"events": [{...}]} nests 3 deep; anything deeper is not this format

LOOP = "loop"
JSON = "json"

# No habit tracker's history reaches back before this (Loop began in 2016): an earlier date
# is a typo, and the calendar's first days overflowed a local day's arithmetic (a 500).
EARLIEST_DAY = dt.date(1970, 1, 1)
# The widest offsets any zone uses (UTC-12:00 to UTC+14:00); PostgreSQL refuses wider ones.
MAX_OFFSET = dt.timedelta(hours=14)
MOMENT_CHARS = 40  # more than any ISO 8601 date and time with an offset takes
ECHO_CHARS = 40  # of a bad value, said back in its problem


@dataclass(frozen=True)
class ImportedEvent:
    """One finished piece of effort read from a file that names no habit, not stored yet."""

    occurred_at: dt.datetime  # aware
    zone: str  # IANA name, or a fixed offset ("+05:45") the time was written with
    category: str  # a Category value
    title: str  # "" when the file names none
    source: str  # LOOP or JSON


@dataclass(frozen=True)
class ImportedDay:
    """A habit on one of the person's own days: done, or skipped on purpose."""

    day: dt.date
    done: bool  # False: skipped on purpose
    value: int | None = None  # the amount done, for a habit with a number


@dataclass(frozen=True)
class HabitSchedule:
    """How often a habit asks to be done, as a Habit keeps it."""

    kind: str = Habit.Schedule.DAILY
    times_per_week: int | None = None  # a weekly habit's
    every_days: int | None = None  # an "every few days" habit's


@dataclass(frozen=True)
class ImportedHabit:
    """A habit read from a file, with the days it tells of, not stored yet."""

    name: str
    category: str  # a Category value
    source: str  # LOOP or JSON
    schedule: HabitSchedule = field(default_factory=HabitSchedule)
    target: int | None = None  # a habit with a number: the amount a day aims for
    unit: str = ""
    archived: bool = False
    days: tuple[ImportedDay, ...] = ()  # oldest first; a day may come twice from one file


@dataclass(frozen=True)
class ImportedHistory:
    """All an import read: habits with their days, and events that belong to no habit."""

    habits: tuple[ImportedHabit, ...] = ()
    events: tuple[ImportedEvent, ...] = ()


@dataclass(frozen=True)
class Problem:
    where: str  # "line 4", "events[3].occurred_at"; "" for the note of problems not listed
    message: str


class ImportProblems(Exception):
    """The input was refused; `problems` names the first MAX_PROBLEMS bad rows, then a note
    with how many more there were."""

    def __init__(self, problems: list[Problem]) -> None:
        hidden = len(problems) - MAX_PROBLEMS
        self.problems = problems[:MAX_PROBLEMS]
        if hidden > 0:
            self.problems.append(Problem(where="", message=f"…and {hidden} more not listed."))
        super().__init__(f"{len(problems)} problem(s), first: {problems[0]}")


def refuse(where: str, message: str) -> ImportProblems:
    return ImportProblems([Problem(where=where, message=message)])


def check_count(count: int, *, where: str) -> None:
    if count > MAX_EVENTS:
        raise refuse(where, f"At most {MAX_EVENTS:,} events at a time; this has {count:,}.")


def parse_date(raw: str) -> dt.date | None:
    """A date written YYYY-MM-DD, or None."""
    try:
        return dt.date.fromisoformat(raw) if len(raw) == 10 else None
    except ValueError:
        return None


def echo(raw: str) -> str:
    """A bad value as its problem says it back: printable, and short."""
    shown = "".join(char if char.isprintable() else "�" for char in raw.strip())
    return shown if len(shown) <= ECHO_CHARS else f"{shown[:ECHO_CHARS]}…"


def text_problem(text: object, *, limit: int = TITLE_LIMIT, noun: str = "title") -> str | None:
    """What is wrong with `text` as a title (or another `noun`), checked as a mission's is."""
    try:
        validate_text(text, limit=limit, noun=noun)
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def category_message(category: object) -> str:
    if category in (None, ""):
        return f"Required: one of {', '.join(Category.values)}."
    return f"“{category}” is not a value; use one of {', '.join(Category.values)}."


# -- generic JSON -------------------------------------------------------------------------------


def parse_events_json(
    data: object, *, zone: str, day_start_hour: int, now: dt.datetime
) -> ImportedHistory:
    """The history of `{"events": [{"occurred_at", "category", "title"?, "habit"?}, …]}`.

    1. `occurred_at`: ISO 8601 with a date and a time. With an offset (or Z) the event is
       dated on that offset's wall clock (zone "+05:45"; Z is "+00:00"); without one, on the
       person's clock now (`zone`). A time after `now` is refused.
    2. `category`: one of the value categories. `title`: optional text of at most 200
       characters, checked as a mission's title is.
    3. `habit`: optional, a habit's name, checked as a title. An event naming one is a day
       done of that habit: the day its moment falls on, on its own clock (`day_start_hour`
       where a day begins). Names differing only in case are one habit, which takes the
       spelling and the category of the first event naming it.
    4. Every other event is an event of its own.
    """
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise refuse("events", 'Send {"events": [...]}: a list of events.')
    items = data["events"]
    if len(items) > MAX_EVENTS:
        raise refuse("events", f"At most {MAX_EVENTS:,} events at a time; this has {len(items):,}.")
    problems: list[Problem] = []
    events: list[ImportedEvent] = []
    named: list[tuple[ImportedEvent, str]] = []
    for index, item in enumerate(items):
        read = _json_event(item, f"events[{index}]", zone=zone, now=now, problems=problems)
        if read is None:
            continue
        event, habit = read
        if habit:
            named.append((event, habit))
        else:
            events.append(event)
    if problems:
        raise ImportProblems(problems)
    habits = _json_habits(named, day_start_hour=day_start_hour)
    return ImportedHistory(habits=habits, events=tuple(events))


def _json_event(
    item: object, where: str, *, zone: str, now: dt.datetime, problems: list[Problem]
) -> tuple[ImportedEvent, str] | None:
    """(the event `item` describes, the habit it names or ""), or None with each of its
    problems added to `problems`."""
    if not isinstance(item, dict):
        problems.append(Problem(where, "Each event is an object with occurred_at and category."))
        return None
    found = len(problems)
    try:
        occurred_at, event_zone = _json_moment(item.get("occurred_at"), zone=zone, now=now)
    except ValueError as error:
        problems.append(Problem(f"{where}.occurred_at", str(error)))
    category = item.get("category")
    if category not in Category.values:
        problems.append(Problem(f"{where}.category", category_message(category)))
    for name, noun in (("title", "title"), ("habit", "habit name")):
        value = item.get(name)
        problem = None if value is None else text_problem(value, noun=noun)
        if problem:
            problems.append(Problem(f"{where}.{name}", problem))
    if len(problems) > found:
        return None
    event = ImportedEvent(
        occurred_at=occurred_at,
        zone=event_zone,
        category=str(category),
        title=item.get("title") or "",
        source=JSON,
    )
    return event, (item.get("habit") or "").strip()


def _json_habits(
    named: list[tuple[ImportedEvent, str]], *, day_start_hour: int
) -> tuple[ImportedHabit, ...]:
    """The habits the events name, each with the days of its events, as parse_events_json
    says (step 3)."""
    first: dict[str, ImportedEvent] = {}
    spelling: dict[str, str] = {}
    days: dict[str, list[ImportedDay]] = {}
    for event, name in named:
        key = name.casefold()
        first.setdefault(key, event)
        spelling.setdefault(key, name)
        lived = lived_day(event.occurred_at, zone=event.zone, day_start_hour=day_start_hour)
        days.setdefault(key, []).append(ImportedDay(day=lived.date, done=True))
    return tuple(
        ImportedHabit(
            name=spelling[key],
            category=event.category,
            source=JSON,
            days=tuple(sorted(days[key], key=lambda day: day.day)),
        )
        for key, event in first.items()
    )


def _json_moment(raw: object, *, zone: str, now: dt.datetime) -> tuple[dt.datetime, str]:
    """(the aware instant, the zone it is dated in); ValueError says what is wrong."""
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError(
            "Required: a date and time in ISO 8601, such as 2024-05-01T07:30:00+02:00."
        )
    raw = raw.strip()
    if parse_date(raw) is not None:
        raise ValueError("Give a time as well as the date, such as 2024-05-01T07:30:00.")
    try:
        if len(raw) > MOMENT_CHARS or not raw.isprintable():
            raise ValueError
        moment = dt.datetime.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"“{echo(raw)}” is not a date and time in ISO 8601.") from None
    if moment.date() < EARLIEST_DAY:
        raise ValueError(f"{raw} is before {EARLIEST_DAY}.")
    offset = moment.utcoffset()
    if offset is not None and abs(offset) > MAX_OFFSET:
        raise ValueError("The offset must be between -14:00 and +14:00.")
    if offset is None:
        moment, moment_zone = moment.replace(tzinfo=zone_info(zone)), zone
    elif offset % dt.timedelta(minutes=1):
        raise ValueError("The offset must be whole minutes, such as +05:45.")
    else:
        moment_zone = offset_name(offset)
    if moment > now:
        raise ValueError(f"{raw} is in the future.")
    return moment, moment_zone
