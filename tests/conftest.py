from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from channels.layers import channel_layers
from django.conf import settings
from django_q.conf import Conf
from rest_framework.test import APIClient

from delight.channel_layer import close_loop_pool
from delight.models import User
from delight.settings import channel_layer_config
from tests.factories import make_user, token_client
from tests.support.locks import HeldElsewhere

# Unit tests run enqueued jobs inline; integration tests start a real qcluster process.
Conf.SYNC = True


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Point the channel layer at the test database the tests just created."""
    from django.db import connection

    settings.CHANNEL_LAYERS = {
        "default": channel_layer_config(connection.settings_dict, settings.REDIS_URL)
    }
    channel_layers.backends = {}
    yield
    # The channel layer's listeners keep sessions open; end them so the test DB can drop.
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
async def _close_channel_layer_pool():
    """Each async test runs on its own loop: close the layer's pool before that loop ends."""
    yield
    await close_loop_pool()


@pytest.fixture
def owner(db) -> User:
    return make_user("olivia", timezone="Europe/Paris", first_name="Olivia")


@pytest.fixture
def outsider(db) -> User:
    return make_user("oscar", timezone="America/New_York")


@pytest.fixture
def owner_api(owner) -> APIClient:
    return token_client(owner)


@pytest.fixture
def outsider_api(outsider) -> APIClient:
    return token_client(outsider)


@pytest.fixture
def held_elsewhere() -> Iterator[Callable[[int], HeldElsewhere]]:
    """Hold a liveness lock (delight.locks) from another database session, as a live process
    doing that work does; `.die()` on the result is that process dying."""
    held: list[HeldElsewhere] = []

    def hold(key: int) -> HeldElsewhere:
        held.append(HeldElsewhere(key))
        return held[-1]

    yield hold
    for holder in held:
        holder.conn.close()
