"""Reading Loop Habit Tracker's export (Settings → Export as CSV) into habits and their days,
and the upload the import page and API take: that export, or a JSON list of events (read by
goals.progress.importing). Pure parsing: no database.

Loop's zip holds Habits.csv (a line per habit: its name, how often it is due, its number and
unit, archived or not) and Checkmarks.csv (a line per date, a column per habit); both are
read. Checkmarks.csv alone makes each column a habit of every day. One habit's own file
(`001 Run/Checkmarks.csv`) names no habit, so its days done come as events of no habit.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import statistics
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import IO

from delight.parsers import JSONTooDeep, json_loads
from goals.models import Category, Habit
from goals.progress.days import day_start, lived_day
from goals.progress.importing import (
    EARLIEST_DAY,
    FILE_TOO_LARGE,
    JSON_DEPTH,
    LOOP,
    MAX_UPLOAD_BYTES,
    HabitSchedule,
    ImportedDay,
    ImportedEvent,
    ImportedHabit,
    ImportedHistory,
    ImportProblems,
    Problem,
    category_message,
    check_count,
    echo,
    parse_date,
    parse_events_json,
    refuse,
    text_problem,
)

# Loop's checkmark values (org.isoron.uhabits.core.models.Entry), as numbers in older
# exports and as names in recent ones.
YES_MANUAL = 2
SKIP = 3
OLD_SKIP = -3  # SKIP in some versions
LOOP_NAMES = {"UNKNOWN": -1, "NO": 0, "YES_AUTO": 1, "YES_MANUAL": YES_MANUAL, "SKIP": SKIP}
# Any other value makes a column a numeric habit's (its amount times 1000).
LOOP_CODES = frozenset({OLD_SKIP, *LOOP_NAMES.values()})
AMOUNT_SCALE = 1000
MAX_AMOUNT = 1_000_000  # as a Habit's target
PER_HABIT_HEADERS = (["value"], ["value", "notes"])
HALF_DAY = dt.timedelta(hours=12)
UNIT_LIMIT = Habit._meta.get_field("unit").max_length or 0  # a CharField's is always set
HABITS = "Habits.csv"
# Habits.csv names how often a habit is due by these columns: recent versions, then older.
FREQUENCY_COLUMNS = (
    ("frequencynumerator", "frequencydenominator"),
    ("numrepetitions", "interval"),
)
HABIT_TYPES = {"YES_NO": False, "0": False, "NUMERICAL": True, "1": True}
WEEK = 7
EVERY_DAYS = range(2, 31)  # as a Habit's every_days


# -- uploads --------------------------------------------------------------------------------


def parse_upload(
    file: IO[bytes],
    *,
    category: str,
    zone: str,
    day_start_hour: int,
    now: dt.datetime,
) -> ImportedHistory:
    """The history of an uploaded file: Loop's export (the zip of it, its Checkmarks.csv, or
    one habit's own file) or a JSON list of events.

    1. Read at most MAX_UPLOAD_BYTES (one byte more tells a file that is too large).
    2. A zip: read the Checkmarks.csv and, when there, the Habits.csv at its top (each
       bounded the same way) as Loop's export.
    3. Text starting with "{" or "[": the JSON list (it names its own categories).
    4. Any other text: Loop's CSV, every habit counted for `category`.
    """
    content = file.read(MAX_UPLOAD_BYTES + 1)
    if len(content) > MAX_UPLOAD_BYTES:
        raise refuse("file", FILE_TOO_LARGE)
    habits_csv = None
    if zipfile.is_zipfile(io.BytesIO(content)):
        content, habits_bytes = _export_in_zip(content)
        habits_csv = None if habits_bytes is None else _text(habits_bytes, where=HABITS)
    text = _text(content, where="file")
    if habits_csv is None and text.lstrip().startswith(("{", "[")):
        try:
            data = json_loads(text, max_depth=JSON_DEPTH)
        except (JSONTooDeep, ValueError) as error:
            raise refuse("file", f"The file is not valid JSON: {error}") from None
        return parse_events_json(data, zone=zone, day_start_hour=day_start_hour, now=now)
    return parse_loop_csv(
        text,
        habits_csv=habits_csv,
        category=category,
        zone=zone,
        day_start_hour=day_start_hour,
        now=now,
    )


def _text(content: bytes, *, where: str) -> str:
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse(
            where, "The file is not text (UTF-8): upload Loop's export or a JSON list."
        ) from None


def _export_in_zip(content: bytes) -> tuple[bytes, bytes | None]:
    """(its Checkmarks.csv, its Habits.csv or None) of Loop's zip."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            checkmarks = _member(archive, "Checkmarks.csv")
            habits = _member(archive, HABITS)
    except (zipfile.BadZipFile, OSError, RuntimeError):  # damaged, or encrypted
        raise refuse("file", "This zip cannot be opened: upload Loop's export as it is.") from None
    if checkmarks is None:
        raise refuse(
            "file", "This zip has no Checkmarks.csv at its top: upload Loop's export as it is."
        )
    return checkmarks, habits


def _member(archive: zipfile.ZipFile, name: str) -> bytes | None:
    try:
        with archive.open(name) as member:
            content = member.read(MAX_UPLOAD_BYTES + 1)
    except KeyError:
        return None
    if len(content) > MAX_UPLOAD_BYTES:
        raise refuse("file", f"The {name} in this zip is larger than 2 MB.")
    return content


# -- Loop Habit Tracker -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Cell:
    line: int
    date: dt.date
    habit: str
    value: Decimal
    named: bool  # written as a name (YES_MANUAL, SKIP …), not a number


@dataclass(frozen=True)
class _Described:
    """A habit as Habits.csv describes it."""

    schedule: HabitSchedule
    numeric: bool | None  # None: the file does not say (older versions)
    target: int | None
    unit: str
    archived: bool


def parse_loop_csv(
    text: str,
    *,
    habits_csv: str | None = None,
    category: str,
    zone: str,
    day_start_hour: int,
    now: dt.datetime,
) -> ImportedHistory:
    """The habits Loop Habit Tracker's export tells of, each with the days it was done or
    skipped, all counted for `category`.

    1. Read the layout from Checkmarks.csv's first line: `Date,<habit>,<habit>,…` (every
       habit a column), `Date,Value[,Notes]` (one habit's own file), or no header at all
       (older exports' per-habit file: `2015-01-25,2`).
    2. Read every cell: a date as YYYY-MM-DD and a value, as a number or a name (YES_MANUAL,
       NO …); a blank value is unknown. Read Habits.csv, when given (`_habits_csv`).
    3. A column is a numeric habit's when Habits.csv says so, or a value is not one of
       Loop's checkmark codes (-1 unknown, 0 no, 1 automatic yes, 2 yes, 3 or -3 skip) or is
       written with a decimal point: Loop stores amounts times 1000, so 2.5 km is 2500.
    4. Each cell is a day done, a day skipped or nothing (`_day`); a day after the person's
       today, or before EARLIEST_DAY, is refused.
    5. A named column is a habit (`_habit`); one habit's own file names none, so each of its
       days done is an event at the middle of that date in `zone` (its start + 12 hours, so
       a 23- or 25-hour day still credits it).
    """
    problems: list[Problem] = []
    if category not in Category.values:
        problems.append(Problem("category", category_message(category)))
    rows = _rows(text, what="file")
    if not rows:
        problems.append(Problem("file", "The file is empty: upload Loop's Checkmarks.csv."))
        raise ImportProblems(problems)
    names, value_column, body = _loop_layout(rows, problems)
    cells = list(_loop_cells(body, names, value_column, problems))
    described = {} if habits_csv is None else _habits_csv(habits_csv, problems)
    if problems:
        raise ImportProblems(problems)
    today = lived_day(now, zone=zone, day_start_hour=day_start_hour).date
    if value_column is not None:
        (habit,) = _habits({"": cells}, {}, category, today)
        return ImportedHistory(events=_nameless_events(habit, zone, day_start_hour))
    by_name: dict[str, list[_Cell]] = {name: [] for name in [*names, *described]}
    for cell in cells:
        by_name[cell.habit].append(cell)
    return ImportedHistory(habits=_habits(by_name, described, category, today))


def _habits(
    by_name: dict[str, list[_Cell]],
    described: dict[str, _Described],
    category: str,
    today: dt.date,
) -> tuple[ImportedHabit, ...]:
    """Each name's habit (`_habit`), once every day of them all is good and few enough."""
    problems: list[Problem] = []
    habits = tuple(
        _habit(name, cells, described.get(name), category=category, today=today, problems=problems)
        for name, cells in by_name.items()
    )
    if problems:
        raise ImportProblems(problems)
    check_count(sum(len(habit.days) for habit in habits), where="file")
    return habits


def _nameless_events(
    habit: ImportedHabit, zone: str, day_start_hour: int
) -> tuple[ImportedEvent, ...]:
    """The days done of a habit that has no name, as events of no habit."""
    return tuple(
        ImportedEvent(
            occurred_at=day_start(day.day, zone=zone, day_start_hour=day_start_hour) + HALF_DAY,
            zone=zone,
            category=habit.category,
            title="",
            source=LOOP,
        )
        for day in habit.days
        if day.done
    )


def _rows(text: str, *, what: str) -> list[tuple[int, list[str]]]:
    """The lines of a CSV that hold anything, numbered as a spreadsheet numbers them."""
    try:
        return [
            (line, row) for line, row in enumerate(csv.reader(io.StringIO(text)), 1) if any(row)
        ]
    except csv.Error as error:  # a field past the csv module's limit, a NUL in a field …
        raise refuse(what, f"This file cannot be read as Loop's CSV ({error}).") from None


def _loop_layout(
    rows: list[tuple[int, list[str]]], problems: list[Problem]
) -> tuple[list[str], int | None, list[tuple[int, list[str]]]]:
    """(the habits' names by column, the column of a one-habit file's value or None, the
    rows after the header)."""
    line, header = rows[0]
    first = header[0].strip()
    if first.lower() != "date":
        if parse_date(first) is not None:  # an older per-habit file: no header
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
        elif title_problem := text_problem(name):
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
        date = parse_date(row[0].strip())
        if date is None:
            problems.append(Problem(where, f"“{echo(row[0])}” is not a date (YYYY-MM-DD)."))
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
            label = f"{habit}: " if habit else ""
            value = _loop_value(raw.strip())
            if value is None:
                problems.append(
                    Problem(where, f"{label}“{echo(raw)}” is not a Loop checkmark value.")
                )
            elif abs(value) > MAX_AMOUNT * AMOUNT_SCALE:
                problems.append(
                    Problem(where, f"{label}“{echo(raw)}” is more than any amount kept here.")
                )
            else:
                yield _Cell(line, date, habit, value, named=raw.strip().upper() in LOOP_NAMES)


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


def _habit(
    name: str,
    cells: list[_Cell],
    described: _Described | None,
    *,
    category: str,
    today: dt.date,
    problems: list[Problem],
) -> ImportedHabit:
    """The habit of one name, with its schedule, number, unit and days.

    1. Its schedule, and whether it is archived, as Habits.csv describes it; every day and
       not archived when it does not.
    2. Numeric when Habits.csv says so or any of its values is (`_numeric`).
    3. Its days (`_day`), oldest first; one after the person's today, or before
       EARLIEST_DAY, is a problem.
    4. A numeric habit's target and unit are Habits.csv's. When Loop does not say the
       target (Checkmarks.csv alone, older versions), it is the typical day's amount: the
       median of the days done (the lower one of an even count), 1 when none was; the
       largest amount would make nearly every day fall short of it.
    """
    numeric = bool(described and described.numeric) or any(_numeric(cell) for cell in cells)
    days = []
    for cell in cells:
        day = _day(cell, numeric=numeric)
        if day is None:
            continue
        if day.day > today:
            problems.append(Problem(f"line {cell.line}", f"{day.day} is after today."))
        elif day.day < EARLIEST_DAY:
            problems.append(Problem(f"line {cell.line}", f"{day.day} is before {EARLIEST_DAY}."))
        else:
            days.append(day)
    days.sort(key=lambda day: day.day)
    target = described.target if described else None
    if numeric and target is None:
        amounts = [day.value for day in days if day.value is not None]
        target = statistics.median_low(amounts) if amounts else 1
    return ImportedHabit(
        name=name,
        category=category,
        source=LOOP,
        schedule=described.schedule if described else HabitSchedule(),
        target=target if numeric else None,
        unit=described.unit if described and numeric else "",
        archived=bool(described and described.archived),
        days=tuple(days),
    )


def _day(cell: _Cell, *, numeric: bool) -> ImportedDay | None:
    """The day a cell tells of, or None.

    1. Skipped: Loop's skip (SKIP, 3, or -3 in some versions); in a numeric habit, only as
       its name or -3, since 3 is also an amount (0.003).
    2. Done: a yes the person marked (2) or, in a numeric habit, an amount above 0, kept in
       the habit's unit rounded to a whole number, at least 1.
    3. Anything else is no day: no, unknown, and the automatic yes, a day Loop fills in
       itself, unmarked, because the habit's frequency was met around it.
    """
    if cell.value == OLD_SKIP or (cell.value == SKIP and (cell.named or not numeric)):
        return ImportedDay(day=cell.date, done=False)
    if numeric:
        return ImportedDay(cell.date, True, _amount(cell.value)) if cell.value > 0 else None
    return ImportedDay(day=cell.date, done=True) if cell.value == YES_MANUAL else None


def _amount(value: Decimal) -> int:
    return max(1, int((value / AMOUNT_SCALE).to_integral_value(ROUND_HALF_UP)))


# -- Loop's Habits.csv ------------------------------------------------------------------------


def _habits_csv(text: str, problems: list[Problem]) -> dict[str, _Described]:
    """Each habit Loop's Habits.csv describes, by its name.

    Its columns are found by their names in its first line. Recent versions write
    `Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,
    Unit,Target Type,Target Value,Archived?`, older ones `Position,Name,[Question,]
    Description,NumRepetitions,Interval,Color`: only Name is required, a habit without a
    frequency is due every day, without a type its values tell whether it is numeric.
    """
    rows = _rows(text, what=HABITS)
    if not rows:
        return {}
    line, header = rows[0]
    columns = {name.strip().casefold(): index for index, name in enumerate(header)}
    if "name" not in columns:
        problems.append(
            Problem(
                f"{HABITS} line {line}",
                "This is not Loop's Habits.csv: its first line names Position, Name and the "
                "rest of each habit's columns.",
            )
        )
        return {}
    frequency = next(
        (pair for pair in FREQUENCY_COLUMNS if all(name in columns for name in pair)), None
    )
    described: dict[str, _Described] = {}
    for line, row in rows[1:]:
        where = f"{HABITS} line {line}"
        fields = {name: row[index].strip() for name, index in columns.items() if index < len(row)}
        name = fields.get("name", "")
        if not name:
            problems.append(Problem(where, "The habit has no name."))
        elif title_problem := text_problem(name):
            problems.append(Problem(where, title_problem))
        habit = _described(fields, frequency, where, problems)
        if habit is not None and name:
            described.setdefault(name, habit)
    return described


def _described(
    fields: dict[str, str],
    frequency: tuple[str, str] | None,
    where: str,
    problems: list[Problem],
) -> _Described | None:
    """One line of Habits.csv, its columns by their names; None with its problems added."""
    found = len(problems)
    schedule = HabitSchedule()
    if frequency is not None:
        numerator, denominator = (fields.get(name, "") for name in frequency)
        counts = [int(count) if count.isdecimal() else 0 for count in (numerator, denominator)]
        if min(counts) > 0:
            schedule = loop_schedule(*counts)
        else:
            written = f"{echo(numerator)}/{echo(denominator)}"
            problems.append(Problem(where, f"“{written}” is not how often a habit is due."))
    kind = fields.get("type", "").upper()
    if kind and kind not in HABIT_TYPES:
        problems.append(Problem(where, f"“{echo(kind)}” is not a type of Loop habit."))
    target = _target(fields.get("target value", ""), where, problems)
    unit = fields.get("unit", "")[:UNIT_LIMIT].rstrip()
    if unit and (unit_problem := text_problem(unit, limit=UNIT_LIMIT, noun="unit")):
        problems.append(Problem(where, unit_problem))
    if len(problems) > found:
        return None
    return _Described(
        schedule=schedule,
        numeric=HABIT_TYPES.get(kind),
        target=target,
        unit=unit,
        archived=fields.get("archived?", "").lower() == "true",
    )


def _target(raw: str, where: str, problems: list[Problem]) -> int | None:
    """Loop's target value (written as it is, not times 1000), rounded to a whole number
    from 1 to MAX_AMOUNT; None when blank."""
    if not raw:
        return None
    try:
        value = Decimal(raw)
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value < 0:
        problems.append(Problem(where, f"“{echo(raw)}” is not a target amount."))
        return None
    return min(MAX_AMOUNT, max(1, int(value.to_integral_value(ROUND_HALF_UP))))


def loop_schedule(numerator: int, denominator: int) -> HabitSchedule:
    """The schedule nearest Loop's frequency, `numerator` times in `denominator` days.

    1. Once a day or more (1/1): every day.
    2. N times in 7 days: N times a week.
    3. Once in N days, N from 2 to 30: every N days.
    4. Anything else (3 times in 30 days, twice in 3 days …): the nearest number of times a
       week, 1 to 7.
    """
    if numerator >= denominator:
        return HabitSchedule()
    if denominator == WEEK:
        return HabitSchedule(kind=Habit.Schedule.WEEKLY, times_per_week=numerator)
    if numerator == 1 and denominator in EVERY_DAYS:
        return HabitSchedule(kind=Habit.Schedule.EVERY, every_days=denominator)
    per_week = Decimal(numerator * WEEK) / denominator
    times = min(WEEK, max(1, int(per_week.to_integral_value(ROUND_HALF_UP))))
    return HabitSchedule(kind=Habit.Schedule.WEEKLY, times_per_week=times)
