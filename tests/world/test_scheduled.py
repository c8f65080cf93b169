"""A real qcluster's scheduled run changes one user's zone and pushes zone.update to that
user's WebSocket client only (the worker is another OS process)."""

from __future__ import annotations

import datetime as dt

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone
from django_q.models import Schedule

from tests.factories import make_user
from tests.support import processes
from tests.world.factories import arena_of, connect
from world.services import zones_evaluate_user

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CLOSES_IN = dt.timedelta(seconds=8)  # past the cluster's start; the test waits for it


def wall(instant: dt.datetime) -> str:
    return instant.astimezone(dt.UTC).strftime("%H:%M:%S")


def prepare(zones, now: dt.datetime) -> tuple:
    """The Arena closes for everyone at now + 8 s, except the night owl, whose
    productive hours (which override the Arena's rule) keep it open."""
    closing = now + CLOSES_IN
    zones["arena"].rules = {
        "open": [{"start": wall(now - dt.timedelta(hours=2)), "end": wall(closing)}],
        "productive_hours_override": True,
    }
    zones["arena"].full_clean()
    zones["arena"].save()
    hour = dt.timedelta(hours=1)
    owner = make_user("lark", timezone="UTC")
    owner.productive_start = dt.time.fromisoformat(wall(now + 3 * hour))
    owner.productive_end = dt.time.fromisoformat(wall(now + 4 * hour))
    owner.save()
    owl = make_user("owl", timezone="UTC")
    owl.productive_start = dt.time.fromisoformat(wall(now - hour))
    owl.productive_end = dt.time.fromisoformat(wall(now + 3 * hour))
    owl.save()
    for user in (owner, owl):
        zones_evaluate_user(user=user, now=now)
    Schedule.objects.update_or_create(
        name="world zones",
        defaults={
            "func": "world.tasks.evaluate_due_zones",
            "schedule_type": Schedule.MINUTES,
            "minutes": 15,
            "next_run": now,
        },
    )
    return owner, owl


async def test_scheduled_run_pushes_zone_update_to_its_user_only(zones):
    owner, owl = await sync_to_async(prepare)(zones, timezone.now())
    mine, theirs = await connect(owner), await connect(owl)
    assert arena_of(await mine.receive_json_from(timeout=5))["state"] == "open"
    assert arena_of(await theirs.receive_json_from(timeout=5))["state"] == "open"

    with processes.qcluster(schedule_seconds=1):
        # The cluster looks at its schedules every second: it either evaluates the change
        # directly or plans a one-off run at its instant.
        update = await mine.receive_json_from(timeout=60)
    assert update["type"] == "zone.update"
    assert (update["zone"]["slug"], update["zone"]["state"]) == ("arena", "closed")
    assert await theirs.receive_nothing(timeout=1)
    await mine.disconnect()
    await theirs.disconnect()
