"""Models from hand-written queries: for the few hot reads where Django building the query
took longer than PostgreSQL running it (~0.4 ms against ~0.25 ms on a turn's reads)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import psycopg
from django.db import connection
from django.db.models import Field, Model

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


def read_one(model: type[M], where: str, params: Sequence[Any]) -> M | None:
    """The one row of `model` matching `where` (an SQL condition on its columns), or None.

    For the reads that open every message (its session, its agent state): 0.24 ms written
    out against 0.59 ms through the ORM for the agent state (bench/vs_langgraph.py).
    """
    fields = model._meta.concrete_fields
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {select_list(fields, table)} FROM {table} WHERE {where}", params)
        row = cursor.fetchone()
    return None if row is None else model_from_row(model, fields, row)


def read_binary(sql: str, params: dict[str, Any]) -> tuple | None:
    """The first row of `sql` in PostgreSQL's binary format, on Django's connection (and in
    its transaction): megabytes of bytea arrive as they are, not as hex text to decode.
    Parameters are bound by the server (psycopg's `%(name)s`), so cast them in the SQL."""
    connection.ensure_connection()
    with connection.wrap_database_errors, psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(sql, params, binary=True)
        return cursor.fetchone()
