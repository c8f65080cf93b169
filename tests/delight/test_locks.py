"""Liveness locks: whoever does a job holds its lock, and loses it the instant it dies.

The unit tests hold locks from a second database session; the slow ones kill real processes
(a web process mid-turn, the workers mid-plan) and check that the work is taken over at once
and done exactly once.
"""

from __future__ import annotations

import sys
import threading
import urllib.error

import pytest
from django.db import connection
from django_q.conf import Conf
from rest_framework.authtoken.models import Token

from companion.models import Conversation, Turn
from delight.locks import held_by_someone_alive, liveness_lock, liveness_locks, lock_key
from goals import services as goal_services
from goals.models import Goal, Mission
from tests.support import processes
from tests.support.openai_server import CHAT, OpenAIServer, model_plan

pytestmark = pytest.mark.django_db(transaction=True)

KEY = lock_key("test", 1)


def test_a_lock_is_taken_by_one_session_only_and_released_at_the_end_of_its_block(
    held_elsewhere,
):
    with liveness_lock(KEY) as taken:
        assert taken
    holder = held_elsewhere(KEY)
    with liveness_lock(KEY) as taken:
        assert not taken
    assert held_by_someone_alive(KEY)
    holder.die()
    assert not held_by_someone_alive(KEY)


def test_several_locks_are_tried_together_and_only_the_ones_taken_are_released(held_elsewhere):
    other = lock_key("test", 2)
    holder = held_elsewhere(other)

    with liveness_locks(KEY, other) as taken:
        assert taken == (True, False)

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
        )
        assert cursor.fetchone()[0] == 0
    assert held_by_someone_alive(other)
    holder.die()


def test_keys_of_different_things_differ_and_fit_a_bigint():
    keys = {lock_key("turn-session", n) for n in range(1000)} | {lock_key("goal-plan", 1)}
    assert len(keys) == 1001
    assert all(-(2**63) <= key < 2**63 for key in keys)


def test_a_lock_is_released_even_when_its_block_fails():
    with pytest.raises(RuntimeError), liveness_lock(KEY):
        raise RuntimeError("the job failed")
    with connection.cursor() as cursor:
        # This session's locks only: other test workers hold theirs in the same cluster.
        cursor.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
        )
        assert cursor.fetchone()[0] == 0


# -- real processes -------------------------------------------------------------------------


def model_env(server: OpenAIServer, **extra: str) -> dict[str, str]:
    return {
        "OPENAI_API_KEY": "test",
        "OPENAI_BASE_URL": server.base_url,
        "EMBEDDINGS": "hashing",
        **extra,
    }


def post_cut_off(port: int, token: str, body: dict) -> None:
    """Send a message whose web process is killed before it answers."""
    with pytest.raises((ConnectionError, urllib.error.URLError)):
        processes.post_message(port, token, body)


@pytest.mark.slow
def test_a_web_process_killed_mid_turn_leaves_its_session_answering_at_once(
    owner, openai_server: OpenAIServer
):
    token = Token.objects.create(user=owner).key
    openai_server.plan_hang()  # the turn's first model call never answers
    env = model_env(openai_server, ELIZA_MODEL_BUDGET_SECONDS="120", TURN_QUEUE_WAIT="1")
    message = {"text": "I went for a run this morning", "idempotency_key": "run-1"}

    with processes.web_server(**env) as (port, web):
        in_flight = threading.Thread(target=post_cut_off, args=(port, token, message))
        in_flight.start()
        processes.wait_for(lambda: openai_server.requests_to(CHAT), timeout=30)
        # Alive: a retry of the message waits its turn (TURN_QUEUE_WAIT, 1 s here), then is
        # told Delight is busy.
        waited = processes.post_message(port, token, message)
        assert (waited.status, waited.body["code"]) == (503, "busy")
        web.kill()  # kill -9, the turn in the middle of its model call
        web.wait()
    in_flight.join(timeout=30)
    (cut_off,) = Turn.objects.all()
    assert cut_off.status == Turn.Status.RUNNING  # the message was kept

    with processes.web_server(**env) as (port, _web):
        retried = processes.post_message(port, token, message)
        assert retried.status == 200  # at once: no lease to wait for
        assert retried.body["message_id"] == str(cut_off.pk)
        follow_up = {"text": "How am I doing?", "session_id": retried.body["session_id"]}
        assert processes.post_message(port, token, follow_up).status == 200

    assert sorted(Turn.objects.values_list("status", flat=True)) == ["done", "done"]
    assert Conversation.objects.get().turns == 2  # nothing lost, nothing counted twice


def sentinel_children(worker_pid: int) -> list:
    for process in processes.descendants(worker_pid):
        if len(process.children()) >= 4:  # the sentinel: workers, monitor and pusher
            return process.children()
    return []


@pytest.mark.slow
def test_workers_killed_mid_plan_leave_the_goal_planned_exactly_once(
    owner, openai_server: OpenAIServer, monkeypatch
):
    monkeypatch.setattr(Conf, "SYNC", False)  # enqueue for the real workers
    openai_server.plan_hang()  # the first planning request never answers
    openai_server.plan_json(model_plan())  # the next one does
    env = model_env(openai_server, OPENAI_TIMEOUT="120")

    with processes.running([sys.executable, "manage.py", "worker"], **env) as worker:
        goal = goal_services.goal_create(user=owner, title="Run a 10k", category="health")
        processes.wait_for(lambda: openai_server.requests_to(CHAT), timeout=60)
        assert Goal.objects.get(pk=goal.pk).decomposition_status == "running"
        for victim in sentinel_children(worker.pid):
            victim.kill()  # kill -9, the plan in the middle of its model call

        processes.wait_for(
            lambda: Goal.objects.get(pk=goal.pk).decomposition_status == "done", timeout=90
        )

    goal.refresh_from_db()
    assert goal.decomposition_attempts == 2
    assert Mission.objects.filter(goal=goal, from_plan=True).count() == 3  # one plan
