"""Hand-written statements for the hot paths: models from rows, where Django building the
query took longer than PostgreSQL running it (~0.4 ms against ~0.25 ms on a turn's reads),
and prepared statements, where PostgreSQL parsing and planning a statement took longer
than running it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from django.db.models import Field, Model
from psycopg.pq import Format

from delight.models import User

M = TypeVar("M", bound=Model)


def select_list(fields: Sequence[Field], alias: str) -> str:
    """`alias.column, …` for `fields`, in their order (the order `model_from_row` reads)."""
    return ", ".join(f"{alias}.{field.column}" for field in fields)


def model_from_row(model: type[M], fields: Sequence[Field], row: Sequence[Any]) -> M:
    """A model instance from a row of `fields` (in that order), with each field's conversion
    from the database applied, as the ORM would (JSON arrives as text)."""
    values = [
        field.from_db_value(value, None, connection) if hasattr(field, "from_db_value") else value
        for field, value in zip(fields, row, strict=True)
    ]
    return model.from_db(connection.alias, [field.attname for field in fields], values)


class _PreparedDebugCursor(CursorDebugWrapper):
    """Logs a statement with its parameters bound, as Django's own cursors log it: Django
    reads the logged SQL off the cursor, which holds `$1` here, and nothing once prepared."""

    def debug_sql(self, sql=None, params=None, use_last_executed_query=False, many=False):
        if use_last_executed_query:
            sql = self.db.ops.compose_sql(sql, params)
        return super().debug_sql(sql, params, many=many)


def prepared_cursor(*, binary: bool = False) -> CursorWrapper:
    """A Django cursor on the current connection whose statements PostgreSQL parses and plans
    once: psycopg prepares a statement after settings.PREPARE_AFTER runs on a connection
    (unless DATABASE_PREPARED_STATEMENTS is off). Django's own cursors bind parameters in the
    client and can never be prepared. Parameters are bound by the server, so give every one a
    type PostgreSQL cannot mistake (`%(seq)s::int`).

    Only for statements whose best plan does not depend on their parameters: after five runs
    PostgreSQL may keep one generic plan for all of them. Measured on the checkpoint
    statement: 0.42 ms unprepared, 0.17 ms prepared (0.32 ms if planned every time, so the
    generic plan is most of the gain). Memory recall stays unprepared: its generic plan
    saved ~1.3 ms on most queries but cost 3-8 ms more on words common in a person's
    memories, whose best plan differs (bench_turn, alternating runs).

    With `binary`, rows arrive in PostgreSQL's binary format (see read_binary)."""
    # As Django's own cursor(): a request's first statement checks the kept connection.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    with connection.wrap_database_errors:
        cursor = ServerBindingCursor(connection.connection)
    if binary:
        cursor.format = Format.BINARY
    if connection.queries_logged:
        return _PreparedDebugCursor(cursor, connection)
    return connection.make_cursor(cursor)


def read_one(model: type[M], where: str, params: Sequence[Any]) -> M | None:
    """The one row of `model` matching `where` (an SQL condition on its columns, each
    parameter cast to its type: the statement is prepared), or None.

    For the reads that open every message (its session, its agent state): 0.24 ms written
    out against 0.59 ms through the ORM for the agent state (bench/vs_langgraph.py).
    """
    fields = model._meta.concrete_fields
    table = model._meta.db_table
    with prepared_cursor() as cursor:
        cursor.execute(f"SELECT {select_list(fields, table)} FROM {table} WHERE {where}", params)
        row = cursor.fetchone()
    return None if row is None else model_from_row(model, fields, row)


def read_owned(model: type[M], *, user: User, where: str, params: Sequence[Any]) -> M | None:
    """`read_one` among `user`'s own rows (the model's OwnedManager owner, a column of its
    own): the hand-written reads' one way to scope to a person, as `owned_by` is the ORM's."""
    owner = model._meta.get_field(getattr(model, "owner_field", "user")).column
    return read_one(model, f"{where} AND {owner} = %s::bigint", [*params, user.pk])


def read_binary(sql: str, params: dict[str, Any]) -> tuple | None:
    """The first row of `sql` in PostgreSQL's binary format, on Django's connection (and in
    its transaction): megabytes of bytea arrive as they are, not as hex text to decode.
    On a prepared cursor, so cast the parameters in the SQL."""
    with prepared_cursor(binary=True) as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()
