"""Real-time events of the goals app, delivered to the person's open pages (ws/world/)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Literal, TypedDict

from delight.realtime import send_logged, send_to_user, send_to_users


class GoalUpdate(TypedDict):
    type: Literal["goal.update"]
    goal_id: int
    decomposition_status: str
    missions_count: int
    error: str


def goal_update_send(
    *, user_id: int, goal_id: int, decomposition_status: str, missions_count: int, error: str
) -> None:
    """Push a goal's decomposition state; a delivery failure is logged, never raised (the
    page's polling fallback still picks the change up)."""
    payload: GoalUpdate = {
        "type": "goal.update",
        "goal_id": goal_id,
        "decomposition_status": decomposition_status,
        "missions_count": missions_count,
        "error": error,
    }
    _send(user_id, payload)


class ProgressUpdate(TypedDict):
    type: Literal["progress.update"]
    current: int
    longest: int
    freezes_held: int


def progress_update_send(*, user_id: int, current: int, longest: int, freezes_held: int) -> None:
    """Push the person's streak after it may have changed (Home's streak and today panels
    refresh on it); a delivery failure is logged, never raised."""
    payload: ProgressUpdate = {
        "type": "progress.update",
        "current": current,
        "longest": longest,
        "freezes_held": freezes_held,
    }
    _send(user_id, payload)


class ConsistencyUpdate(TypedDict):
    type: Literal["progress.update"]
    dci: dict[str, str | float]  # {"date": ISO local date, "value": 0..1}


def consistency_updates_send(updates: Iterable[tuple[int, str, float]]) -> None:
    """Push each person's newest Daily Consistency Index, (user id, date, value) per person,
    the sends overlapping; a delivery failure is logged, never raised (the job's snapshots
    are kept either way)."""
    events = [
        (user_id, ConsistencyUpdate(type="progress.update", dci={"date": date, "value": value}))
        for user_id, date, value in updates
    ]
    send_logged(partial(send_to_users, events), what=f"{len(events)} consistency updates")


def _send(user_id: int, payload: GoalUpdate | ProgressUpdate) -> None:
    send_logged(partial(send_to_user, user_id, payload), what=f"{payload['type']} to {user_id}")
