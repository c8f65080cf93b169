"""Background entry points of the delight app (django-q2)."""

from __future__ import annotations

from typing import Any

from delight import checkpoints, services
from delight.selectors import WORKER_HEARTBEAT


def heartbeat(name: str = WORKER_HEARTBEAT) -> str:
    """Prove a worker runs jobs: scheduled every minute, and enqueued by tests and probes."""
    services.worker_heartbeat_record(name=name)
    return name


def heartbeat_on_spawn(**_: Any) -> None:
    heartbeat()


def compact_checkpoints() -> int:
    """Hourly: idle sessions keep one checkpoint per turn."""
    return checkpoints.checkpoints_compact()


def send_password_reset(email: str) -> int:
    """Email a link that sets a new password to each account of `email` (enqueued by
    services.password_reset_request)."""
    return services.password_reset_send(email=email)
