"""The PostgreSQL channel layer: delivery, order, expiry, groups, and its housekeeping."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest
from channels.layers import get_channel_layer
from django.conf import settings

from delight.channel_layer import APPLICATION_NAME, PostgresChannelLayer
from tests.support.processes import database_url

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_S = 10


@pytest.fixture
def layer() -> PostgresChannelLayer:
    layer = get_channel_layer()
    assert isinstance(layer, PostgresChannelLayer)
    return layer


def another_layer(**config: object) -> PostgresChannelLayer:
    """A second layer on the same database, as in another process."""
    return PostgresChannelLayer(**{**settings.CHANNEL_LAYERS["default"]["CONFIG"], **config})


def sql(statement: str, *params: object) -> list[tuple]:
    """Run a statement on a connection of its own (blocking the test's event loop)."""
    with psycopg.connect(database_url(), autocommit=True) as conn:
        cursor = conn.execute(statement, params)
        return cursor.fetchall() if cursor.description else []


def members(group: str) -> list[str]:
    return [
        channel
        for (channel,) in sql(
            "SELECT channel FROM channels_postgres_groupchannel WHERE group_key = %s"
            " ORDER BY channel",
            f"asgi:group:{group}",
        )
    ]


async def sweep(layer: PostgresChannelLayer, listener_name: str) -> None:
    async with await psycopg.AsyncConnection.connect(database_url(), autocommit=True) as conn:
        await layer.django_db.delete_stale(conn, listener_name)


async def eventually(condition, timeout: float = WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        await asyncio.sleep(0.05)


async def test_a_message_sent_before_the_first_receive_is_kept(layer):
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "early"})
    assert await asyncio.wait_for(layer.receive(channel), WAIT_S) == {"type": "early"}


async def test_messages_arrive_in_order_large_ones_included(layer):
    channel = await layer.new_channel()
    sent = [{"type": "n", "n": n, "text": "x" * (9000 if n == 5 else 10)} for n in range(12)]
    for message in sent:
        await layer.send(channel, message)
    received = [await asyncio.wait_for(layer.receive(channel), WAIT_S) for _ in sent]
    assert received == sent


async def test_an_expired_message_is_skipped(layer):
    channel = await layer.new_channel()
    await another_layer(expiry=-60).send(channel, {"type": "stale"})
    await layer.send(channel, {"type": "fresh"})
    assert await asyncio.wait_for(layer.receive(channel), WAIT_S) == {"type": "fresh"}


async def test_group_sends_reach_members_until_they_leave(layer):
    first, second = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("crew", first)
    await layer.group_add("crew", second)
    await layer.group_send("crew", {"type": "hello"})
    assert await asyncio.wait_for(layer.receive(first), WAIT_S) == {"type": "hello"}
    assert await asyncio.wait_for(layer.receive(second), WAIT_S) == {"type": "hello"}

    await layer.group_discard("crew", second)
    await layer.group_send("crew", {"type": "again"})
    assert await asyncio.wait_for(layer.receive(first), WAIT_S) == {"type": "again"}
    assert members("crew") == [first]


async def test_group_send_many_sends_each_group_its_message(layer):
    channels = [await layer.new_channel() for _ in range(3)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"user.{n}", channel)
    await layer.group_add("user.0", channels[2])
    sends = [(f"user.{n}", {"type": "for", "n": n}) for n in range(3)]
    assert await layer.group_send_many(sends) == 4
    assert [await asyncio.wait_for(layer.receive(ch), WAIT_S) for ch in channels[:2]] == [
        {"type": "for", "n": 0},
        {"type": "for", "n": 1},
    ]
    third = [await asyncio.wait_for(layer.receive(channels[2]), WAIT_S) for _ in range(2)]
    assert sorted(message["n"] for message in third) == [0, 2]


async def test_a_message_from_another_layer_instance_arrives(layer):
    channel = await layer.new_channel()
    await layer.group_add("far", channel)
    await another_layer().group_send("far", {"type": "from afar"})
    assert await asyncio.wait_for(layer.receive(channel), WAIT_S) == {"type": "from afar"}


async def test_process_channels_take_no_advisory_locks(layer):
    def advisory_locks() -> int:
        # This database's locks only: other test workers use their own databases.
        return sql(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = "
            "(SELECT oid FROM pg_database WHERE datname = current_database())"
        )[0][0]

    before = advisory_locks()
    for _ in range(20):
        await layer.new_channel()
    assert advisory_locks() == before


async def test_a_cancelled_receive_forgets_the_channel_and_its_groups(layer):
    channel = await layer.new_channel()
    await layer.group_add("left-behind", channel)  # its consumer fails before discarding
    waiting = asyncio.create_task(layer.receive(channel))
    await asyncio.sleep(0)  # it waits on the channel
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    await eventually(lambda: members("left-behind") == [])
    assert await layer.group_send_many([("left-behind", {"type": "nobody"})]) == 0


async def test_the_sweep_drops_members_of_gone_processes_and_expired_messages(layer):
    mine = await layer.new_channel()
    gone = "specific.0123456789ab!c0ffee"  # a process whose listener session has ended
    await layer.group_add("mixed", mine)
    await layer.group_add("mixed", gone)
    await another_layer(expiry=-60).send(gone, {"type": "stale"})

    await sweep(layer, APPLICATION_NAME + layer.client_prefix)
    assert members("mixed") == [mine]
    assert sql("SELECT count(*) FROM channels_postgres_message WHERE channel = %s", gone) == [(0,)]


async def test_the_sweep_judges_no_one_when_it_cannot_see_its_own_session(layer):
    await layer.group_add("kept", "specific.0123456789ab!c0ffee")
    await sweep(layer, APPLICATION_NAME + "not-a-session")
    assert members("kept") == ["specific.0123456789ab!c0ffee"]


async def test_the_listener_reconnects_and_recovers_what_it_missed(layer):
    channel = await layer.new_channel()
    await layer.group_add("steady", channel)
    name = APPLICATION_NAME + layer.client_prefix
    # Blocking calls: the event loop (and so the listener) cannot run until they are done.
    sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s", name)
    while sql("SELECT 1 FROM pg_stat_activity WHERE application_name = %s", name):
        time.sleep(0.01)
    # Meanwhile another process's sweep took this one for dead, and a message was stored.
    sql("DELETE FROM channels_postgres_groupchannel WHERE channel = %s", channel)
    sql(
        "INSERT INTO channels_postgres_message (channel, message, expire)"
        " VALUES (%s, %s, now() + interval '1 minute')",
        channel,
        layer.serialize({"type": "missed"}),
    )

    assert await asyncio.wait_for(layer.receive(channel), WAIT_S) == {"type": "missed"}
    await layer.group_send("steady", {"type": "after"})
    assert await asyncio.wait_for(layer.receive(channel), WAIT_S) == {"type": "after"}
    with pytest.raises(TimeoutError):  # and nothing arrives twice
        await asyncio.wait_for(layer.receive(channel), 0.5)
