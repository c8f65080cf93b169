"""Writes of imported history: a person's past, read from a file (goals.progress.importing),
stored as their own habits and the days they kept them, or as finished missions of their own
days when it names no habit; never twice."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import ActivityEvent, Habit, HabitCheckIn
from goals.progress.days import day_of, lived_day
from goals.progress.importing import ImportedDay, ImportedEvent, ImportedHabit, ImportedHistory
from goals.services.consistency import consistency_recount
from goals.services.habits import habit_create
from goals.services.insights import insights_refresh_enqueue

Kind = ActivityEvent.Kind
State = HabitCheckIn.State

# What makes two imported events the same: when, for which value, under which title.
Identity = tuple[dt.datetime, str, str]


@dataclass(frozen=True)
class HabitImported:
    """A habit an import made, or one of the person's it continued."""

    habit_id: int
    title: str
    created: bool  # False: the person's own habit of that name, continued
    archived: bool
    days_done: int  # days done added to it


@dataclass(frozen=True)
class ImportResult:
    added: int  # habit days (done or skipped) and events new to the person's history
    already: int  # here before (or given twice in this import), left as they were
    first_date: dt.date | None  # the earliest local date added; None when nothing was
    events_added: int = 0  # of `added`, the events of no habit
    habits: tuple[HabitImported, ...] = ()

    @property
    def habits_created(self) -> int:
        return sum(habit.created for habit in self.habits)

    @property
    def habits_continued(self) -> int:
        return len(self.habits) - self.habits_created


@transaction.atomic
def progress_import(*, user: User, history: ImportedHistory) -> ImportResult:
    """Store `history` in the person's days, skipping anything already there.

    1. Lock the person's row, so two imports of one file at once cannot both add it.
    2. Each imported habit: the person's habit of that name continued, or a new one made
       (`_habits_for`).
    3. Each of its days without a check-in yet: a check-in, done (with its amount, for a
       habit with a number) or skipped, and for a day done its `habit_done` event
       (`_habit_days`); a day it already has is left as it is.
    4. The days an import before habits existed kept of the same habit, as anonymous
       finished missions named after it, give way to the habit's (counted once, not twice).
    5. Each event of no habit identical to none imported before (same instant, category
       and title): a finished mission on its lived day in its own zone.
    6. If anything was added: count the consistency index again from the earliest date
       added, look for insights, and announce goals.signals.history_imported with that
       date, once the transaction commits.
    """
    User.objects.select_for_update().get(pk=user.pk)
    habits = _habits_for(user=user, imported=history.habits)
    checkins, done, given = _habit_days(user=user, habits=habits, now=timezone.now())
    _anonymous_days_superseded(user=user, habits=habits)
    HabitCheckIn.objects.bulk_create(checkins, batch_size=1000)
    events = _events_new(user=user, events=history.events)
    ActivityEvent.objects.bulk_create([*done, *events], batch_size=1000)
    dates = [checkin.day for checkin in checkins] + [event.local_date for event in events]
    first_date = min(dates, default=None)
    if first_date is not None:
        consistency_recount(user=user, since=first_date)
        insights_refresh_enqueue(user=user)
        announce(signals.history_imported, sender=ActivityEvent, user=user, first_date=first_date)
    read = sum(len(habit.days) for habit in history.habits) + len(history.events)
    return ImportResult(
        added=len(dates),
        already=read - len(dates),
        first_date=first_date,
        events_added=len(events),
        habits=given,
    )


# -- habits ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Target:
    """An imported habit and the person's habit it goes to."""

    imported: ImportedHabit
    habit: Habit
    created: bool  # made by this import


def _habits_for(*, user: User, imported: tuple[ImportedHabit, ...]) -> list[_Target]:
    """The person's habit each imported habit goes to.

    1. Their habit of the same name, whatever its case: one not archived; for an archived
       habit of the import, an archived one too (so importing it again finds it); one a
       plan suggested is taken on (it was kept all along). Their habits are locked, so a
       day ticked meanwhile waits for the import.
    2. None: a new habit with the import's schedule, number, unit and value category,
       archived when it was, starting on its earliest day (today when it has none). A name
       the import gives twice (in any case) goes to one habit.
    """
    kept: dict[str, Habit] = {}
    archived: dict[str, Habit] = {}
    for habit in Habit.objects.owned_by(user).select_for_update().order_by("created_at", "id"):
        found = archived if habit.status == Habit.Status.ARCHIVED else kept
        found.setdefault(habit.title.casefold(), habit)
    targets = []
    for one in imported:
        key = one.name.casefold()
        match = kept.get(key) or (archived.get(key) if one.archived else None)
        if match is not None:
            targets.append(_Target(one, match, created=False))
            continue
        match = _habit_create(user=user, imported=one)
        (archived if one.archived else kept)[key] = match
        targets.append(_Target(one, match, created=True))
    return targets


def _habit_create(*, user: User, imported: ImportedHabit) -> Habit:
    schedule = imported.schedule
    return habit_create(
        user=user,
        title=imported.name,
        category=imported.category,
        schedule=schedule.kind,
        times_per_week=schedule.times_per_week,
        every_days=schedule.every_days,
        target=imported.target,
        unit=imported.unit,
        status=Habit.Status.ARCHIVED if imported.archived else Habit.Status.ACTIVE,
        start_date=min((day.day for day in imported.days), default=None),
    )


def _habit_days(
    *, user: User, habits: list[_Target], now: dt.datetime
) -> tuple[list[HabitCheckIn], list[ActivityEvent], tuple[HabitImported, ...]]:
    """(the check-ins to add, the `habit_done` events of those done, what each habit was
    given).

    1. A day of a habit that has a check-in, here or earlier in this import, is left.
    2. A day done before its habit's start moves the start there, as ticking it would.
    """
    ids = [target.habit.pk for target in habits]
    taken = set(HabitCheckIn.objects.filter(habit_id__in=ids).values_list("habit_id", "day"))
    today = user.local_day(now)
    checkins: list[HabitCheckIn] = []
    events: list[ActivityEvent] = []
    given: dict[int, HabitImported] = {}
    for target in habits:
        habit, source = target.habit, target.imported.source
        done_days = []
        for day in target.imported.days:
            if (habit.pk, day.day) in taken:
                continue
            taken.add((habit.pk, day.day))
            checkins.append(_checkin(user=user, habit=habit, day=day))
            if day.done:
                done_days.append(day.day)
                events.append(
                    _habit_done(user, habit, day=day.day, today=today, now=now, source=source)
                )
        if done_days and min(done_days) < habit.start_date:
            habit.start_date = min(done_days)
            habit.save(update_fields=["start_date", "updated_at"])
        if habit.status == Habit.Status.SUGGESTED:  # a plan's proposal, kept all along
            habit.status = Habit.Status.ACTIVE
            habit.save(update_fields=["status", "updated_at"])
        before = given.get(habit.pk)
        given[habit.pk] = HabitImported(
            habit_id=habit.pk,
            title=habit.title,
            created=target.created or bool(before and before.created),
            archived=habit.status == Habit.Status.ARCHIVED,
            days_done=len(done_days) + (before.days_done if before else 0),
        )
    return checkins, events, tuple(given.values())


def _anonymous_days_superseded(*, user: User, habits: list[_Target]) -> int:
    """Remove the anonymous finished missions an earlier Loop import made of these habits'
    days (named after the habit, on a day it now holds); how many went."""
    removed = 0
    for target in habits:
        days = [day.day for day in target.imported.days if day.done]
        old = ActivityEvent.objects.owned_by(user).filter(
            kind=Kind.MISSION_COMPLETED,
            habit__isnull=True,
            metadata__source=target.imported.source,
            metadata__title__iexact=target.imported.name,
            local_date__in=days,
        )
        removed += old.delete()[0] if days else 0
    return removed


def _checkin(*, user: User, habit: Habit, day: ImportedDay) -> HabitCheckIn:
    """The check-in of an imported day: a habit with a number done without one counts its
    target (as ticking it does); a habit without one takes none."""
    value = None
    if day.done and habit.measurable:
        value = day.value or habit.target
    state = State.DONE if day.done else State.SKIPPED
    return HabitCheckIn(habit=habit, user=user, day=day.day, state=state, value=value)


def _habit_done(
    user: User, habit: Habit, *, day: dt.date, today: dt.date, now: dt.datetime, source: str
) -> ActivityEvent:
    """The day's work of a day done, as `event_record` writes it: at `now` for today, else
    at the middle of that day on the person's clock."""
    at = now
    if day != today:
        at = day_of(day, zone=user.timezone, day_start_hour=user.day_start_hour).middle
    return ActivityEvent(
        user=user,
        kind=Kind.HABIT_DONE,
        occurred_at=at,
        local_date=day,
        zone=user.timezone,
        category=habit.category,
        habit=habit,
        metadata={"source": source},
    )


# -- events of no habit -------------------------------------------------------------------------


def _events_new(*, user: User, events: tuple[ImportedEvent, ...]) -> list[ActivityEvent]:
    """Finished missions of the events identical to none imported before or earlier in
    `events` (same instant, category and title)."""
    seen = _imported_identities(user=user, events=events)
    new = []
    for event in events:
        identity = (event.occurred_at, event.category, event.title)
        if identity not in seen:
            seen.add(identity)
            new.append(_activity(user=user, event=event))
    return new


def _imported_identities(*, user: User, events: tuple[ImportedEvent, ...]) -> set[Identity]:
    """The identities of the person's imported events within the span of `events`."""
    if not events:
        return set()
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind=Kind.MISSION_COMPLETED,
            metadata__has_key="source",
            occurred_at__range=(
                min(event.occurred_at for event in events),
                max(event.occurred_at for event in events),
            ),
        )
        .values_list("occurred_at", "category", "metadata__title")
    )
    return {(occurred_at, category, title or "") for occurred_at, category, title in rows}


def _activity(*, user: User, event: ImportedEvent) -> ActivityEvent:
    local_date = lived_day(event.occurred_at, zone=event.zone, day_start_hour=user.day_start_hour)
    return ActivityEvent(
        user=user,
        kind=Kind.MISSION_COMPLETED,
        occurred_at=event.occurred_at,
        local_date=local_date.date,
        zone=event.zone,
        category=event.category,
        mission=None,
        goal=None,
        metadata={"source": event.source, "title": event.title},
    )
