"""What a person owns: every row of every per-person model, found without naming the apps.

A per-person model is one whose manager is `OwnedManager` (tests/delight/test_isolation.py
checks every model that points at a person has it), so a model added later is exported and
counted without anyone remembering. Rows leave with the person's account by the database's
cascade from the user row; `account_name` on a model names its rows in the person's words,
singular and plural, for the summary of what was removed (the other kinds are counted as
the records Eliza kept to do her work).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.apps import apps
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.backends.postgresql.psycopg_any import Range
from pgvector.django import VectorField

from delight.models import PROFILE_FIELDS, OwnedManager, User

# Derived data a person could not read (vectors, search indexes, raw bytes, and every
# column the database computes from others): left out of the export, rebuilt from the text
# that is in it.
UNREADABLE = (VectorField, SearchVectorField, models.BinaryField, models.GeneratedField)
# The user row's fields a person never needs back (the password's hash among them).
USER_FIELDS = ("username", "last_name", "date_joined", "last_login", *PROFILE_FIELDS)
WORKINGS = ("record Eliza kept to do her work", "records Eliza kept to do her work")


def personal_models() -> list[type[models.Model]]:
    """Every model whose rows each belong to one person, in the app registry's order."""
    return [m for m in apps.get_models() if isinstance(m._default_manager, OwnedManager)]


def _readable_fields(model: type[models.Model]) -> list[str]:
    return [
        field.attname for field in model._meta.concrete_fields if not isinstance(field, UNREADABLE)
    ]


def owned_rows(user: User) -> dict[str, list[dict[str, Any]]]:
    """Every row `user` owns, by the plural name of its kind ("memories", "goals"), each
    row as its readable fields; kinds with no row are left out."""
    found: dict[str, list[dict[str, Any]]] = {}
    for model in personal_models():
        rows = model._default_manager.owned_by(user).order_by("pk")  # type: ignore[attr-defined]
        values = [
            {name: _plain(value) for name, value in row.items()}
            for row in rows.values(*_readable_fields(model))
        ]
        if values:
            found[str(model._meta.verbose_name_plural)] = values
    return found


def _plain(value: Any) -> Any:
    """A value JSON can hold: a range (a habit's pause) as its two ends, `to` excluded."""
    if isinstance(value, Range):
        return {"from": value.lower, "to": value.upper}
    return [_plain(item) for item in value] if isinstance(value, list) else value


def owned_counts(user: User) -> Counter[str]:
    """How many rows of each kind `user` owns, by the plural of its name in the person's
    words (`account_name` on a model; every other kind counts as WORKINGS)."""
    counts: Counter[str] = Counter()
    for model in personal_models():
        count = model._default_manager.owned_by(user).count()  # type: ignore[attr-defined]
        if count:
            counts[_name(model)[1]] += count
    return counts


def _name(model: type[models.Model]) -> tuple[str, str]:
    name: tuple[str, str] = getattr(model, "account_name", WORKINGS)
    return name


def counted(counts: Counter[str]) -> list[str]:
    """ "312 memories", "1 goal": each kind, most first, as a person reads it; the records
    Eliza kept to do her work last."""
    singular = {_name(model)[1]: _name(model)[0] for model in personal_models()}
    ordered = sorted(counts.most_common(), key=lambda kind: kind[0] == WORKINGS[1])
    return [
        f"{count:,} {singular.get(plural, plural) if count == 1 else plural}"
        for plural, count in ordered
    ]


def user_fields(user: User) -> dict[str, Any]:
    return {name: getattr(user, name) for name in USER_FIELDS}
