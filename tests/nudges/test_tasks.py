"""The nudges' background jobs on real workers: two qclusters delivering the same due sends
give each person exactly one note, and a worker killed mid-batch loses none."""

from __future__ import annotations

import datetime as dt
import sys

import pytest
from django.db.models import Count
from django.utils import timezone
from django_q.conf import Conf
from django_q.tasks import async_task

from delight.models import User
from nudges import tasks
from nudges.models import Notification, ScheduledSend
from tests.factories import make_user
from tests.nudges.factories import make_absence, make_due_send
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
PEOPLE = 60


def due_people(count: int) -> list[User]:
    """People away four days, each with an in-app nudge due a minute ago (quiet hours off)."""
    now = timezone.now()
    people = []
    for n in range(count):
        person = make_user(f"away{n}", quiet_hours_start=dt.time(0), quiet_hours_end=dt.time(0))
        make_absence(person, now - dt.timedelta(days=4))
        make_due_send(person, now - dt.timedelta(minutes=1), away_since=now - dt.timedelta(days=4))
        people.append(person)
    return people


def settled() -> bool:
    return not ScheduledSend.objects.filter(state__in=["pending", "sending"]).exists()


def notes_per_person() -> list[int]:
    counts = Notification.objects.values("user").annotate(n=Count("id")).values_list("n", flat=True)
    return sorted(counts)


def test_the_jobs_call_their_services_and_plan_then_deliver(db):
    person = make_user("ann", quiet_hours_start=dt.time(0), quiet_hours_end=dt.time(0))
    make_absence(person, timezone.now() - dt.timedelta(days=2, hours=1))

    assert tasks.plan_nudges() == 1
    assert ScheduledSend.objects.owned_by(person).count() == 1
    assert tasks.deliver_nudges() == 0  # due at the person's hour, later


def test_two_workers_deliver_every_due_nudge_exactly_once(monkeypatch):
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for the real clusters
    people = due_people(PEOPLE)
    with processes.qcluster(), processes.qcluster():
        for _ in range(6):  # both clusters race over the same due sends
            async_task("nudges.tasks.deliver_nudges")
        processes.wait_for(settled, timeout=90)

    assert set(ScheduledSend.objects.values_list("state", flat=True)) == {"sent"}
    assert notes_per_person() == [1] * len(people)


def test_a_worker_killed_mid_batch_loses_and_doubles_nothing(monkeypatch):
    monkeypatch.setattr(Conf, "SYNC", False)
    people = due_people(PEOPLE)
    # A worker process that claims every due send and dies (kill -9) before giving any.
    victim = processes.running(
        [sys.executable, "-c", _CLAIM_AND_HANG, "claim-and-hang"], own_session=True
    )
    with victim as process:
        processes.wait_for(
            lambda: ScheduledSend.objects.filter(state="sending").count() == PEOPLE, timeout=60
        )
        process.kill()
        process.wait()
    # Its claims lapse after CLAIM_FOR; the next worker's clock is past them.
    later = timezone.now() + dt.timedelta(minutes=6)
    with processes.qcluster(), processes.qcluster():
        for _ in range(4):
            async_task("nudges.services.nudges_deliver", now=later)
        processes.wait_for(settled, timeout=90)

    assert notes_per_person() == [1] * len(people)
    assert set(ScheduledSend.objects.values_list("attempts", flat=True)) == {2}


_CLAIM_AND_HANG = """
import os, signal
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
import django
django.setup()
from django.db import connection
from django.utils import timezone
from nudges.services import sending
now = timezone.now()
with connection.cursor() as cursor:
    cursor.execute(sending._CLAIM, {"now": now, "until": now + sending.CLAIM_FOR, "limit": 1000})
print("claimed", flush=True)
signal.pause()  # until the test kills it
"""
