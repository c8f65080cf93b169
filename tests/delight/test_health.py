from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from delight import services
from delight.models import WorkerHeartbeat
from delight.selectors import WORKER_HEARTBEAT

pytestmark = pytest.mark.django_db(transaction=True)


def test_healthy_when_database_channel_layer_and_worker_answer(client):
    services.worker_heartbeat_record(name=WORKER_HEARTBEAT)
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["vector"]
    assert body["checks"]["channel_layer"]["ok"] is True


def test_unhealthy_503_when_the_worker_is_silent(client):
    WorkerHeartbeat.objects.create(
        name=WORKER_HEARTBEAT, beat_at=timezone.now() - dt.timedelta(minutes=10)
    )
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unhealthy"
    assert body["checks"]["worker"]["ok"] is False
    assert "no heartbeat" in body["checks"]["worker"]["error"]
