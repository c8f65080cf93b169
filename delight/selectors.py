"""Reads on shared infrastructure, and the one way a selector fetches one object."""

from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar, cast

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db.models import Max, Model, QuerySet

from delight.errors import NotFound
from delight.models import OwnedQuerySet, User, WorkerHeartbeat

M = TypeVar("M", bound=Model)

WORKER_HEARTBEAT = "worker"


def worker_last_heartbeat() -> dt.datetime | None:
    found = WorkerHeartbeat.objects.filter(name=WORKER_HEARTBEAT).aggregate(at=Max("beat_at"))
    at: dt.datetime | None = found["at"]
    return at


def one_or_not_found(queryset: QuerySet[M], *, message: str | None = None, **lookup: Any) -> M:
    """The one object of `queryset` matching `lookup`, or NotFound: for an unknown id and for
    a malformed one alike (a lookup value the column cannot hold), so neither is a 500."""
    try:
        return queryset.get(**lookup)
    except (ObjectDoesNotExist, ValueError, TypeError, ValidationError):
        name = queryset.model._meta.verbose_name
        raise NotFound(message or f"There is no such {name}.") from None


def owned_or_not_found(
    source: type[M] | OwnedQuerySet[M],
    *,
    user: User,
    message: str | None = None,
    **lookup: Any,
) -> M:
    """The one object of `user` among `source` (a per-person model, or a queryset of one)
    matching `lookup`; NotFound when it is unknown, malformed or someone else's (alike)."""
    queryset = (
        cast("OwnedQuerySet[M]", source._default_manager.all())  # its OwnedManager
        if isinstance(source, type)
        else source
    )
    return one_or_not_found(queryset.owned_by(user), message=message, **lookup)
