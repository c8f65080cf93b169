"""Writes of imported history: a person's past, read from a file (goals.progress.importing),
stored as finished missions of their own days, never twice."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction

from delight.events import announce
from delight.models import User
from goals import signals
from goals.models import ActivityEvent
from goals.progress.days import lived_day
from goals.progress.importing import ImportedEvent
from goals.services.consistency import consistency_recount
from goals.services.insights import insights_refresh_enqueue

DONE = ActivityEvent.Kind.MISSION_COMPLETED

# What makes two imported events the same: when, for which value, under which title.
Identity = tuple[dt.datetime, str, str]


@dataclass(frozen=True)
class ImportResult:
    added: int
    already: int  # identical to an event imported before (or given twice in this import)
    first_date: dt.date | None  # the earliest local date added; None when nothing was


@transaction.atomic
def progress_import(*, user: User, events: list[ImportedEvent]) -> ImportResult:
    """Store `events` as finished missions of the person's own days, skipping any already
    imported.

    1. Lock the person's row, so two imports of one file at once cannot both add it.
    2. Skip each event identical to one imported before or earlier in `events` (same
       instant, category and title).
    3. Store the rest at once, each dated on its lived day in its own zone.
    4. If any was added: count the consistency index again from the earliest date added,
       look for insights, and announce goals.signals.history_imported with that date, once
       the transaction commits.
    """
    User.objects.select_for_update().get(pk=user.pk)
    seen = _imported_identities(user=user, events=events)
    new = []
    for event in events:
        identity = (event.occurred_at, event.category, event.title)
        if identity not in seen:
            seen.add(identity)
            new.append(_activity(user=user, event=event))
    ActivityEvent.objects.bulk_create(new, batch_size=1000)
    first_date = min((activity.local_date for activity in new), default=None)
    if first_date is not None:
        consistency_recount(user=user, since=first_date)
        insights_refresh_enqueue(user=user)
        announce(signals.history_imported, sender=ActivityEvent, user=user, first_date=first_date)
    return ImportResult(added=len(new), already=len(events) - len(new), first_date=first_date)


def _imported_identities(*, user: User, events: list[ImportedEvent]) -> set[Identity]:
    """The identities of the person's imported events within the span of `events`."""
    if not events:
        return set()
    rows = (
        ActivityEvent.objects.owned_by(user)
        .filter(
            kind=DONE,
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
        kind=DONE,
        occurred_at=event.occurred_at,
        local_date=local_date.date,
        zone=event.zone,
        category=event.category,
        mission=None,
        goal=None,
        metadata={"source": event.source, "title": event.title},
    )
