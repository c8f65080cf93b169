from __future__ import annotations

import datetime as dt
import json

import pytest
from django.test import RequestFactory
from django.utils import timezone

from delight import health, services
from delight.models import WorkerHeartbeat
from delight.selectors import WORKER_HEARTBEAT
from delight.settings import channel_layer_config
from tests.support import processes

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


def test_the_channel_layer_round_trip_works_on_redis_too(client, settings):
    if not processes.redis_available():
        pytest.skip(f"no Redis answers at {processes.REDIS_TEST_URL}")
    settings.CHANNEL_LAYERS = {"default": channel_layer_config({}, processes.REDIS_TEST_URL)}
    services.worker_heartbeat_record(name=WORKER_HEARTBEAT)
    check = client.get("/healthz").json()["checks"]["channel_layer"]
    assert check == {**check, "ok": True, "backend": "RedisPubSubChannelLayer"}


async def test_repeated_checks_in_one_process_keep_their_round_trip():
    # As in daphne: one event loop, the layer's listener already running after the first
    # check. A message sent before its receiver held the channel used to be dropped here.
    for _ in range(4):
        response = await health.healthz(RequestFactory().get("/healthz"))
        assert json.loads(response.content)["checks"]["channel_layer"]["ok"] is True
