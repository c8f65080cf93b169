"""Real processes: a broadcast from another OS process reaches a WebSocket client, and a
real qcluster runs an enqueued job and a schedule; on PostgreSQL and on Redis."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone
from django_q.models import Schedule
from rest_framework.authtoken.models import Token

from delight.asgi import application
from delight.models import WorkerHeartbeat
from delight.settings import channel_layer_config
from tests.support import processes

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=["postgres", "redis"])
def backend(request, settings) -> str:
    """The channel layer and job broker under test; Redis is skipped when none answers."""
    if request.param == "postgres":
        return ""
    if not processes.redis_available():
        pytest.skip(f"no Redis answers at {processes.REDIS_TEST_URL}")
    settings.CHANNEL_LAYERS = {
        "default": channel_layer_config({}, processes.REDIS_TEST_URL),
    }
    return processes.REDIS_TEST_URL


async def test_broadcast_from_another_process_reaches_the_websocket_client(owner, backend):
    token = await sync_to_async(lambda: Token.objects.create(user=owner).key)()
    client = WebsocketCommunicator(
        application, f"/ws/world/?token={token}", headers=[(b"origin", b"http://localhost")]
    )
    assert (await client.connect(timeout=5))[0]
    assert (await client.receive_json_from(timeout=5))["type"] == "world.snapshot"
    await client.send_json_to({"type": "ping"})
    assert await client.receive_json_from(timeout=5) == {"type": "pong"}

    await sync_to_async(processes.run_script)(
        "from delight.realtime import send_to_user\n"
        f"send_to_user({owner.pk}, {{'type': 'notification', 'text': 'from afar'}})\n",
        redis_url=backend,
    )
    event = await client.receive_json_from(timeout=10)
    assert event == {"type": "notification", "text": "from afar"}
    await client.disconnect()


def test_qcluster_runs_an_enqueued_job_and_a_schedule(backend):
    Schedule.objects.create(
        name="probe",
        func="delight.tasks.heartbeat",
        args="'probe-scheduled'",
        schedule_type=Schedule.ONCE,
        next_run=timezone.now(),
    )
    with processes.qcluster(redis_url=backend, schedule_seconds=1):
        processes.run_script(
            "from django_q.tasks import async_task\n"
            "async_task('delight.tasks.heartbeat', 'probe-enqueued')\n",
            redis_url=backend,
        )
        processes.wait_for(
            lambda: WorkerHeartbeat.objects.filter(name="probe-enqueued").exists(), timeout=30
        )
        # The workers look at the schedules every second; django-q's own first look comes
        # 30 s after the start, so this also proves the quicker tick.
        processes.wait_for(
            lambda: WorkerHeartbeat.objects.filter(name="probe-scheduled").exists(), timeout=25
        )
    assert not Schedule.objects.filter(name="probe").exists()  # a ONCE schedule is consumed
