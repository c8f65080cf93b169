"""Reads on shared infrastructure, and the one way a selector fetches one object."""

from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar, cast

from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db.models import Max, Model, QuerySet
from django.utils import timezone

from delight import ownership
from delight.errors import NotFound
from delight.models import AgentCheckpoint, AgentState, OwnedQuerySet, User, WorkerHeartbeat
from delight.rows import read_owned

M = TypeVar("M", bound=Model)

WORKER_HEARTBEAT = "worker"


def worker_last_heartbeat() -> dt.datetime | None:
    found = WorkerHeartbeat.objects.filter(name=WORKER_HEARTBEAT).aggregate(at=Max("beat_at"))
    at: dt.datetime | None = found["at"]
    return at


def account_export(user: User) -> dict[str, Any]:
    """Everything the person owns, to take away: their settings and every row of theirs by
    kind ("memories", "goals", "turns" …), vectors and search indexes left out."""
    return {
        "exported_at": timezone.now(),
        "you": ownership.user_fields(user),
        "data": ownership.owned_rows(user),
    }


def account_counts(user: User) -> list[str]:
    """What deleting the account would remove, in the person's words, most first."""
    return ownership.counted(ownership.owned_counts(user))


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


def agent_state_find(
    *, user: User, session_id: Any, agent_type: str = AgentState.AgentType.ELIZA
) -> AgentState | None:
    """The person's agent state for a session, or None before its first turn."""
    return read_owned(
        AgentState,
        user=user,
        where="session_id = %s::uuid AND agent_type = %s::text",
        params=[session_id, agent_type],
    )


def checkpoint_latest(*, agent_state: AgentState, turn_id: str) -> AgentCheckpoint | None:
    """The turn's newest checkpoint (one indexed read)."""
    return (
        AgentCheckpoint.objects.filter(agent_state=agent_state, turn_id=turn_id)
        .order_by("-seq")
        .first()
    )
