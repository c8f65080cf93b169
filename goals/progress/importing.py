"""Reading a person's past from files, before anything is written: Loop Habit Tracker's CSV
export and a generic JSON list of events. Pure parsing: no database.

Every parser reads the whole input and raises ImportProblems naming every bad row (CSV lines
as a spreadsheet numbers them, the header being line 1; JSON as `events[3].occurred_at`), so a
person can fix them all at once. Nothing is half read: either every row is good or none counts.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import IO

from django.core.exceptions import ValidationError

from delight.parsers import JSONTooDeep, json_loads
from delight.text import validate_text
from goals.models import Category
from goals.progress.days import day_start, lived_day, offset_name, zone_info

MAX_EVENTS = 20_000  # per import
MAX_UPLOAD_BYTES = 2 * 1024 * 1024  # per uploaded file, and for the CSV inside a zip
MAX_PROBLEMS = 50  # listed; the rest are counted
TITLE_LIMIT = 200
FILE_TOO_LARGE = f"The file is larger than {MAX_UPLOAD_BYTES // (1024 * 1024)} MB."
JSON_DEPTH = 4  # {"events": [{...}]} nests 3 deep; anything deeper is not this format

LOOP = "loop"
JSON = "json"

# Loop's checkmark values (org.isoron.uhabits.core.models.Entry), as numbers in the
# multi-habit Checkmarks.csv and as names in a recent version's per-habit one.
YES_MANUAL = 2
LOOP_NAMES = {"UNKNOWN": -1, "NO": 0, "YES_AUTO": 1, "YES_MANUAL": YES_MANUAL, "SKIP": 3}
# SKIP was -3 in some versions; any other value makes a column a numeric habit's (value*1000).
LOOP_CODES = frozenset({-3, *LOOP_NAMES.values()})
PER_HABIT_HEADERS = (["value"], ["value", "notes"])
HALF_DAY = dt.timedelta(hours=12)
# No habit tracker's history reaches back before this (Loop began in 2016): an earlier date
# is a typo, and the calendar's first days overflowed a local day's arithmetic (a 500).
EARLIEST_DAY = dt.date(1970, 1, 1)
# The widest offsets any zone uses (UTC-12:00 to UTC+14:00); PostgreSQL refuses wider ones.
MAX_OFFSET = dt.timedelta(hours=14)
MOMENT_CHARS = 40  # more than any ISO 8601 date and time with an offset takes
ECHO_CHARS = 40  # of a bad value, said back in its problem


@dataclass(frozen=True)
class ImportedEvent:
    """One finished piece of effort read from a file, not stored yet."""

    occurred_at: dt.datetime  # aware
    zone: str  # IANA name, or a fixed offset ("+05:45") the time was written with
    category: str  # a Category value
    title: str  # "" when the file names none
    source: str  # LOOP or JSON


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


def _refuse(where: str, message: str) -> ImportProblems:
    return ImportProblems([Problem(where=where, message=message)])


def _check_count(count: int, *, where: str) -> None:
    if count > MAX_EVENTS:
        raise _refuse(where, f"At most {MAX_EVENTS:,} events at a time; this has {count:,}.")


# -- uploads --------------------------------------------------------------------------------


def parse_upload(
    file: IO[bytes],
    *,
    category: str,
    zone: str,
    day_start_hour: int,
    now: dt.datetime,
) -> list[ImportedEvent]:
    """The events of an uploaded file: Loop's export (its Checkmarks.csv, or the zip of the
    whole export) or a JSON list of events.

    1. Read at most MAX_UPLOAD_BYTES (one byte more tells a file that is too large).
    2. A zip: read the Checkmarks.csv at its top (bounded the same way) as Loop's CSV.
    3. Text starting with "{" or "[": the JSON list (it names its own categories).
    4. Any other text: Loop's CSV, every habit counted for `category`.
    """
    content = file.read(MAX_UPLOAD_BYTES + 1)
    if len(content) > MAX_UPLOAD_BYTES:
        raise _refuse("file", FILE_TOO_LARGE)
    if zipfile.is_zipfile(io.BytesIO(content)):
        content = _checkmarks_in_zip(content)
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise _refuse(
            "file", "The file is not text (UTF-8): upload Loop's CSV or a JSON list."
        ) from None
    if text.lstrip().startswith(("{", "[")):
        try:
            data = json_loads(text, max_depth=JSON_DEPTH)
        except (JSONTooDeep, ValueError) as error:
            raise _refuse("file", f"The file is not valid JSON: {error}") from None
        return parse_events_json(data, zone=zone, now=now)
    return parse_loop_csv(
        text, category=category, zone=zone, day_start_hour=day_start_hour, now=now
    )


def _checkmarks_in_zip(content: bytes) -> bytes:
    try:
        with (
            zipfile.ZipFile(io.BytesIO(content)) as archive,
            archive.open("Checkmarks.csv") as member,
        ):
            csv_bytes = member.read(MAX_UPLOAD_BYTES + 1)
    except KeyError:
        raise _refuse(
            "file", "This zip has no Checkmarks.csv at its top: upload Loop's export as it is."
        ) from None
    except (zipfile.BadZipFile, OSError, RuntimeError):  # damaged, or encrypted
        raise _refuse("file", "This zip cannot be opened: upload Loop's export as it is.") from None
    if len(csv_bytes) > MAX_UPLOAD_BYTES:
        raise _refuse("file", "The Checkmarks.csv in this zip is larger than 2 MB.")
    return csv_bytes


# -- Loop Habit Tracker -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Cell:
    line: int
    date: dt.date
    habit: str
    value: Decimal


def parse_loop_csv(
    text: str, *, category: str, zone: str, day_start_hour: int, now: dt.datetime
) -> list[ImportedEvent]:
    """The days Loop Habit Tracker's export says each habit was done, one event per habit and
    date, all in `category`.

    1. Read the layout from the first line: `Date,<habit>,<habit>,…` (the export's
       Checkmarks.csv, every habit a column), `Date,Value[,Notes]` (one habit's folder), or
       no header at all (older exports' per-habit file: `2015-01-25,2`).
    2. Read every cell: a date as YYYY-MM-DD and a value, as a number or a name (YES_MANUAL,
       NO …). A blank value is unknown.
    3. A column is a numeric habit's when a value is not one of Loop's checkmark codes
       (-1 unknown, 0 no, 1 automatic yes, 2 yes, 3 or -3 skip) or is written with a
       decimal point: Loop stores numbers times 1000, so 2.5 km is 2500.
    4. Done: a yes the person marked (2) or, for a numeric habit, a value above 0. An
       automatic yes (implied by the habit's frequency), no, unknown and skip are not.
    5. A done date after the person's today is refused. Its event is the middle of that
       date in `zone` (its start + 12 hours, so a 23- or 25-hour day still credits it).
    """
    problems: list[Problem] = []
    if category not in Category.values:
        problems.append(Problem("category", _category_message(category)))
    try:
        rows = [
            (line, row) for line, row in enumerate(csv.reader(io.StringIO(text)), 1) if any(row)
        ]
    except csv.Error as error:  # a field past the csv module's limit, a NUL in a field …
        raise _refuse("file", f"This file cannot be read as Loop's CSV ({error}).") from None
    if not rows:
        problems.append(Problem("file", "The file is empty: upload Loop's Checkmarks.csv."))
        raise ImportProblems(problems)
    habits, value_column, body = _loop_layout(rows, problems)
    cells = list(_loop_cells(body, habits, value_column, problems))
    if problems:
        raise ImportProblems(problems)
    numeric = {cell.habit for cell in cells if _numeric(cell)}
    today = lived_day(now, zone=zone, day_start_hour=day_start_hour).date
    events = []
    for cell in cells:
        if not (cell.value > 0 if cell.habit in numeric else cell.value == YES_MANUAL):
            continue
        if cell.date > today:
            problems.append(Problem(f"line {cell.line}", f"{cell.date} is after today."))
            continue
        if cell.date < EARLIEST_DAY:
            problems.append(Problem(f"line {cell.line}", f"{cell.date} is before {EARLIEST_DAY}."))
            continue
        start = day_start(cell.date, zone=zone, day_start_hour=day_start_hour)
        events.append(
            ImportedEvent(
                occurred_at=start + HALF_DAY,
                zone=zone,
                category=category,
                title=cell.habit,
                source=LOOP,
            )
        )
    if problems:
        raise ImportProblems(problems)
    _check_count(len(events), where="file")
    return events


def _loop_layout(
    rows: list[tuple[int, list[str]]], problems: list[Problem]
) -> tuple[list[str], int | None, list[tuple[int, list[str]]]]:
    """(the habits' names by column, the column of a one-habit file's value or None, the
    rows after the header)."""
    line, header = rows[0]
    first = header[0].strip()
    if first.lower() != "date":
        if _date(first) is not None:  # an older per-habit file: no header
            return [""], 1, rows
        problems.append(
            Problem(
                f"line {line}",
                "This is not Loop's Checkmarks.csv: its first line starts with Date, "
                "then a column per habit.",
            )
        )
        return [], None, []
    names = [name.strip() for name in header[1:]]
    while names and not names[-1]:  # Loop ends every line with a comma
        names.pop()
    if [name.lower() for name in names] in PER_HABIT_HEADERS:
        return [""], 1, rows[1:]
    if not names:
        problems.append(Problem(f"line {line}", "No habit columns after Date."))
    for column, name in enumerate(names, 2):
        if not name:
            problems.append(Problem(f"line {line}", f"Column {column} has no habit name."))
        else:
            title_problem = _title_problem(name)
            if title_problem:
                problems.append(Problem(f"line {line}", f"Column {column}: {title_problem}"))
    return names, None, rows[1:]


def _loop_cells(
    rows: list[tuple[int, list[str]]],
    habits: list[str],
    value_column: int | None,
    problems: list[Problem],
) -> Iterator[_Cell]:
    for line, row in rows:
        where = f"line {line}"
        date = _date(row[0].strip())
        if date is None:
            problems.append(Problem(where, f"“{_echo(row[0])}” is not a date (YYYY-MM-DD)."))
            continue
        if value_column is not None:
            values = [row[value_column] if len(row) > value_column else ""]
        else:
            values = row[1:]
            extra = [value for value in values[len(habits) :] if value.strip()]
            if extra:
                problems.append(Problem(where, "More values than habits in the first line."))
                continue
        for habit, raw in zip(habits, values, strict=False):
            value = _loop_value(raw.strip())
            if value is None:
                label = f"{habit}: " if habit else ""
                problems.append(
                    Problem(where, f"{label}“{_echo(raw)}” is not a Loop checkmark value.")
                )
                continue
            yield _Cell(line, date, habit, value)


def _loop_value(raw: str) -> Decimal | None:
    """A cell's value; blank is unknown. None when it is no value Loop writes."""
    if not raw:
        return Decimal(LOOP_NAMES["UNKNOWN"])
    if raw.upper() in LOOP_NAMES:
        return Decimal(LOOP_NAMES[raw.upper()])
    try:
        value = Decimal(raw)
    except InvalidOperation:
        return None
    return value if value.is_finite() else None


def _numeric(cell: _Cell) -> bool:
    """A value no checkmark has, or one written with a decimal point ("2.0")."""
    return cell.value not in LOOP_CODES or cell.value.as_tuple().exponent != 0


def _date(raw: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(raw) if len(raw) == 10 else None
    except ValueError:
        return None


# -- generic JSON -------------------------------------------------------------------------------


def parse_events_json(data: object, *, zone: str, now: dt.datetime) -> list[ImportedEvent]:
    """The events of `{"events": [{"occurred_at", "category", "title"?}, …]}`.

    1. `occurred_at`: ISO 8601 with a date and a time. With an offset (or Z) the event is
       dated on that offset's wall clock (zone "+05:45"; Z is "+00:00"); without one, on the
       person's clock now (`zone`). A time after `now` is refused.
    2. `category`: one of the value categories. `title`: optional text of at most 200
       characters, checked as a mission's title is.
    """
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        raise _refuse("events", 'Send {"events": [...]}: a list of events.')
    items = data["events"]
    if len(items) > MAX_EVENTS:
        raise _refuse(
            "events", f"At most {MAX_EVENTS:,} events at a time; this has {len(items):,}."
        )
    problems: list[Problem] = []
    events = []
    for index, item in enumerate(items):
        event = _json_event(item, f"events[{index}]", zone=zone, now=now, problems=problems)
        if event is not None:
            events.append(event)
    if problems:
        raise ImportProblems(problems)
    return events


def _json_event(
    item: object, where: str, *, zone: str, now: dt.datetime, problems: list[Problem]
) -> ImportedEvent | None:
    """The event `item` describes, or None with each of its problems added to `problems`."""
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
        problems.append(Problem(f"{where}.category", _category_message(category)))
    title = item.get("title")
    title_problem = None if title is None else _title_problem(title)
    if title_problem:
        problems.append(Problem(f"{where}.title", title_problem))
    if len(problems) > found:
        return None
    return ImportedEvent(
        occurred_at=occurred_at,
        zone=event_zone,
        category=str(category),
        title=title or "",
        source=JSON,
    )


def _json_moment(raw: object, *, zone: str, now: dt.datetime) -> tuple[dt.datetime, str]:
    """(the aware instant, the zone it is dated in); ValueError says what is wrong."""
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError(
            "Required: a date and time in ISO 8601, such as 2024-05-01T07:30:00+02:00."
        )
    raw = raw.strip()
    if _date(raw) is not None:
        raise ValueError("Give a time as well as the date, such as 2024-05-01T07:30:00.")
    try:
        if len(raw) > MOMENT_CHARS or not raw.isprintable():
            raise ValueError
        moment = dt.datetime.fromisoformat(raw)
    except ValueError:
        raise ValueError(f"“{_echo(raw)}” is not a date and time in ISO 8601.") from None
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


def _echo(raw: str) -> str:
    """A bad value as its problem says it back: printable, and short."""
    shown = "".join(char if char.isprintable() else "�" for char in raw.strip())
    return shown if len(shown) <= ECHO_CHARS else f"{shown[:ECHO_CHARS]}…"


def _title_problem(title: object) -> str | None:
    try:
        validate_text(title, limit=TITLE_LIMIT, noun="title")
    except ValidationError as error:
        return " ".join(error.messages)
    return None


def _category_message(category: object) -> str:
    if category in (None, ""):
        return f"Required: one of {', '.join(Category.values)}."
    return f"“{category}” is not a value; use one of {', '.join(Category.values)}."
