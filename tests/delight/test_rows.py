"""Hand-written statements: prepared ones are prepared once per connection, and counted."""

from __future__ import annotations

import uuid

import psycopg
import pytest
from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from companion.models import Conversation
from delight.rows import prepared_cursor, read_binary, read_owned

pytestmark = pytest.mark.django_db


def probe() -> str:
    """A statement no other code runs, so pg_prepared_statements can tell it apart."""
    return f"SELECT %(n)s::int + 1 AS probe_{uuid.uuid4().hex}"


def prepared(sql: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement = %s", [sql % {"n": "$1"}]
        )
        return cursor.fetchone()[0] == 1


def run(cursor_factory, sql: str, times: int) -> list[int]:
    answers = []
    for n in range(times):
        with cursor_factory() as cursor:
            cursor.execute(sql, {"n": n})
            answers.append(cursor.fetchone()[0])
    return answers


def test_a_prepared_cursor_prepares_its_statement_after_a_few_runs():
    sql = probe()
    runs = settings.PREPARE_AFTER
    assert run(prepared_cursor, sql, runs) == list(range(1, runs + 1))
    assert not prepared(sql)
    assert run(prepared_cursor, sql, 1) == [1]
    assert prepared(sql)


def test_djangos_own_cursors_never_prepare():
    sql = probe()
    runs = settings.PREPARE_AFTER + 3
    assert run(connection.cursor, sql, runs) == list(range(1, runs + 1))
    assert not prepared(sql)


def test_prepared_statements_are_counted_like_any_other():
    sql = probe()
    with CaptureQueriesContext(connection) as captured:
        run(prepared_cursor, sql, settings.PREPARE_AFTER + 1)
    expected = [sql % {"n": n} for n in range(settings.PREPARE_AFTER + 1)]
    assert [query["sql"] for query in captured] == expected


def test_a_bad_statement_raises_djangos_error_and_the_connection_goes_on():
    with pytest.raises(DatabaseError), transaction.atomic(), prepared_cursor() as cursor:
        cursor.execute("SELECT %(n)s::int / 0", {"n": 1})
    assert run(prepared_cursor, probe(), 1) == [1]


def test_a_binary_read_arrives_as_bytes_and_is_counted():
    sql = "SELECT int8send(%(n)s::bigint), %(n)s::bigint + 1"
    with CaptureQueriesContext(connection) as captured:
        row = read_binary(sql, {"n": 5})
    assert row == ((5).to_bytes(8, "big"), 6)
    assert [query["sql"] for query in captured] == [sql % {"n": 5}]


@pytest.mark.django_db(transaction=True)
def test_a_requests_first_prepared_statement_replaces_a_connection_the_server_dropped():
    connection.ensure_connection()
    dropped = connection.connection.info.backend_pid
    params = connection.get_connection_params()
    params = {k: v for k, v in params.items() if k not in ("cursor_factory", "context")}
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [dropped])
    connection.close_if_unusable_or_obsolete()  # what Django does as a request starts

    assert run(prepared_cursor, probe(), 1) == [1]
    assert connection.connection.info.backend_pid != dropped


def test_read_owned_reads_the_persons_own_row_only(owner, outsider):
    mine = Conversation.objects.create(id=uuid.uuid4(), user=owner)
    theirs = Conversation.objects.create(id=uuid.uuid4(), user=outsider)

    def read(conversation: Conversation) -> Conversation | None:
        return read_owned(Conversation, user=owner, where="id = %s::uuid", params=[conversation.pk])

    assert read(mine) == mine
    assert read(theirs) is None
