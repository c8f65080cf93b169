"""The quests job (narrative.tasks.evaluate_quests), inline and on real workers: two
qclusters racing over many events of one person, and a worker killed while it held the
unlock, leave each quest unlocked exactly once with one reward."""

from __future__ import annotations

import contextlib
import datetime as dt
import sys
from collections.abc import Iterator

import psycopg
import pytest
from django.db import connection
from django_q.conf import Conf
from django_q.models import OrmQ
from django_q.tasks import async_task

from delight.models import User
from goals import services as goals_services
from goals.models import Goal, Mission
from narrative import quests, selectors, tasks
from narrative.models import EssenceAccount, EssenceEntry, QuestUnlock, Story
from narrative.quests import EVALUATE_TASK
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission
from tests.support import processes

EVENTS = 12


def unlocked_once(person: User, key: str) -> bool:
    """The quest unlocked, with one reward and one special mission, and nothing of it twice."""
    return (
        QuestUnlock.objects.filter(user=person, quest_key=key).count() == 1
        and EssenceEntry.objects.filter(user=person, key=f"quest:{key}").count() == 1
        and Mission.objects.filter(user=person, is_special=True).count() == 1
    )


def jobs_left() -> int:
    return sum(1 for queued in OrmQ.objects.all() if queued.func() == EVALUATE_TASK)


@contextlib.contextmanager
def account_held_elsewhere(person: User) -> Iterator[None]:
    """The person's Essence account row locked by another session, until the block ends."""
    table = EssenceAccount._meta.db_table
    with psycopg.connect(processes.database_url()) as other, other.transaction():
        other.execute(f"SELECT 1 FROM {table} WHERE user_id = %s FOR UPDATE", [person.pk])
        yield


def waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db
def test_the_job_unlocks_what_is_met_once_and_forgets_a_deleted_person(owner):
    make_goal(owner)
    make_goal(owner, status=Goal.Status.COMPLETED)
    gone = make_user("gone")
    gone_id = gone.pk
    gone.delete()

    assert tasks.evaluate_quests(owner.pk) == 1
    assert tasks.evaluate_quests(owner.pk) == 0
    assert tasks.evaluate_quests(gone_id) == 0
    assert unlocked_once(owner, "first-goal")


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_two_workers_over_many_events_of_one_person_unlock_the_quest_once(monkeypatch, zones):
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for the real clusters
    person = make_user("busy")
    goal = make_goal(person)
    for _ in range(50 - EVENTS):
        make_mission(goal, status=Mission.Status.COMPLETED)
    for mission in [make_mission(goal) for _ in range(EVENTS)]:  # each enqueues the job
        goals_services.mission_complete(user=person, mission_id=mission.pk)
    assert jobs_left() == EVENTS

    with processes.qcluster(), processes.qcluster():  # both race over the backlog
        processes.wait_for(lambda: jobs_left() == 0, timeout=60)

    assert unlocked_once(person, "fifty-missions")
    assert selectors.quest_keys_unlocked(user=person) == {"fifty-missions"}


@pytest.mark.django_db
def test_quests_whose_job_was_lost_are_looked_at_by_the_sweep_within_a_minute(
    owner, story, monkeypatch
):
    monkeypatch.setattr("narrative.quests.async_task", lambda *args: None)  # the job is lost
    make_goal(owner, status=Goal.Status.COMPLETED)
    quests.quests_check_enqueue(user=owner, event="goal")
    due_at = Story.objects.get(user=owner).quests_due_at

    assert quests.quests_sweep(now=due_at) == 0  # its own job may still come
    assert selectors.quest_keys_unlocked(user=owner) == set()
    later = due_at + quests.QUESTS_JOB_GRACE + dt.timedelta(seconds=1)
    assert quests.quests_sweep(now=later) == 1
    assert selectors.quest_keys_unlocked(user=owner) == {"first-goal"}
    assert Story.objects.get(user=owner).quests_due_at is None
    assert quests.quests_sweep(now=later) == 0


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_while_unlocking_leaves_the_quest_to_unlock_once(monkeypatch, zones):
    monkeypatch.setattr(Conf, "SYNC", False)
    person = make_user("brave")
    make_goal(person)
    make_goal(person, status=Goal.Status.COMPLETED)
    EssenceAccount.objects.create(user=person)
    # The broker gives a job taken by a dead worker to another after Q_RETRY seconds.
    supervisor = processes.running(
        [sys.executable, "manage.py", "worker"], Q_RETRY="5", Q_TIMEOUT="4"
    )
    with supervisor as worker:
        victims = processes.wait_for(lambda: processes.sentinel_children(worker.pid), timeout=60)
        with account_held_elsewhere(person):  # the job inserts the unlock, then waits here
            async_task(EVALUATE_TASK, person.pk)
            processes.wait_for(waiting_on_a_lock, timeout=30)
            for victim in victims:
                victim.kill()  # kill -9, mid-job: its transaction never commits
        processes.wait_for(lambda: unlocked_once(person, "first-goal"), timeout=60)
        processes.wait_for(lambda: jobs_left() == 0, timeout=30)

    assert unlocked_once(person, "first-goal")
    assert selectors.essence_balance(user=person) == 30
