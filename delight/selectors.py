"""Reads on shared infrastructure."""

from __future__ import annotations

import datetime as dt

from django.db.models import Max

from delight.models import WorkerHeartbeat

WORKER_HEARTBEAT = "worker"


def worker_last_heartbeat() -> dt.datetime | None:
    return WorkerHeartbeat.objects.filter(name=WORKER_HEARTBEAT).aggregate(at=Max("beat_at"))["at"]
