"""Delight's database backend: every process draws its connections from bounded pools.

A web process under load holds at most its pools' connections (requests, tool threads,
health checks), whatever the number of requests in flight; a request that finds no free
connection in time gets a clear 503 with Retry-After (test_middleware.py).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.db import connection, connections
from rest_framework.authtoken.models import Token

from delight.database import Role, pool_role, role_executor
from delight.locks import lock_key
from delight.models import User
from tests.support import processes

POOL = 4
PEOPLE = 80
MESSAGES = 2


def _connections_to_test_database() -> int:
    with psycopg.connect(processes.database_url()) as db:
        return db.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid()"
        ).fetchone()[0]


def _talk(port: int, token: str) -> list[tuple[int, str]]:
    """One person's messages, one after another in one session: (status, content type)."""
    answers, session = [], None
    for n in range(MESSAGES):
        body = {"text": f"I went for a walk today ({n})", "session_id": session}
        answer = processes.post_message(port, token, body)
        answers.append((answer.status, answer.content_type))
        session = answer.body.get("session_id")
    return answers


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_web_process_answers_many_people_at_once_within_its_bounded_pools():
    tokens = [
        Token.objects.create(
            user=User.objects.create_user(f"crowd{n}", onboarding_step=User.Onboarding.DONE)
        ).key
        for n in range(PEOPLE)
    ]
    connection.close()
    before = _connections_to_test_database()
    env = {"DATABASE_POOL_SIZE": str(POOL), "ELIZA_TOOL_WORKERS": "2"}
    with processes.web_server(**env) as (port, _web):
        peak, done = [0], threading.Event()

        def sample() -> None:
            while not done.wait(0.1):
                peak[0] = max(peak[0], _connections_to_test_database() - before)

        sampler = threading.Thread(target=sample)
        sampler.start()
        with ThreadPoolExecutor(PEOPLE) as crowd:
            answers = [a for person in crowd.map(lambda t: _talk(port, t), tokens) for a in person]
        done.set()
        sampler.join()
        after = _connections_to_test_database() - before

    assert answers == [(200, "application/json")] * (PEOPLE * MESSAGES)
    # requests + tool threads + one health check connection + the channel layer's one
    bound = POOL + 2 + 1 + 1
    assert 0 < peak[0] <= bound
    assert after <= bound


@pytest.mark.django_db(transaction=True)
def test_tool_threads_draw_from_their_own_pool_so_requests_cannot_starve_them(settings):
    request_pool = connection.pool
    assert request_pool is not None
    with role_executor(Role.TOOLS, workers=1) as tools:
        tool_pool = tools.submit(lambda: connection.pool).result()
    assert tool_pool is not request_pool
    assert tool_pool.max_size == settings.ELIZA_TOOL_WORKERS


@pytest.mark.django_db(transaction=True)
def test_a_role_applies_to_the_connection_taken_inside_it():
    connection.close()
    with pool_role(Role.HEALTH):
        connection.ensure_connection()
        health_pool = connection.connection._pool
        connection.close()
    assert health_pool is not connection.pool
    assert health_pool.name.endswith("health")


@pytest.mark.django_db(transaction=True)
def test_a_forked_child_never_reuses_its_parents_pooled_connections():
    connection.ensure_connection()
    parent_backend = connection.cursor().connection.info.backend_pid
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        try:
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                os.write(write, str(cursor.fetchone()[0]).encode())
        finally:
            os._exit(0)
    os.close(write)
    _, status = os.waitpid(child, 0)
    child_backend = int(os.read(read, 32) or 0)
    os.close(read)
    assert os.waitstatus_to_exitcode(status) == 0
    assert child_backend not in (0, parent_backend)
    # The parent's own connection still works: the child did not close it under it.
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] == parent_backend


def _free_for_another_session(key: int) -> bool:
    with psycopg.connect(processes.database_url(), autocommit=True) as other:
        taken = other.execute("SELECT pg_try_advisory_lock(%s)", [key]).fetchone()[0]
        if taken:
            other.execute("SELECT pg_advisory_unlock(%s)", [key])
        return taken


@pytest.mark.django_db(transaction=True)
def test_a_connection_goes_back_to_its_pool_without_the_locks_it_still_held():
    key = lock_key("test", "left behind")
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [key])  # and never released
    assert not _free_for_another_session(key)

    connection.close()  # back to the pool

    processes.wait_for(lambda: _free_for_another_session(key), timeout=10, interval=0.05)
