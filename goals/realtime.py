"""Real-time events of the goals app, delivered to the person's open pages (ws/world/)."""

from __future__ import annotations

import logging
from typing import Literal, TypedDict

from delight.realtime import send_to_user

logger = logging.getLogger("goals")


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
    try:
        send_to_user(user_id, payload)
    except Exception:
        logger.exception("could not deliver goal.update for goal %s", goal_id)
