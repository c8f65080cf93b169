"""delight.realtime: per-user events, from async code and from synchronous code."""

from __future__ import annotations

import asyncio
import logging

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from delight.realtime import (
    RELAY_TYPE,
    asend_to_user,
    send_on_commit,
    send_to_user,
    send_to_users,
    user_group,
)

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_S = 10


async def subscribed(user_id: int) -> str:
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(user_group(user_id), channel)
    return channel


async def next_payload(channel: str) -> dict:
    event = await asyncio.wait_for(get_channel_layer().receive(channel), WAIT_S)
    assert event["type"] == RELAY_TYPE
    return event["payload"]


async def test_asend_to_user_reaches_every_connection_of_the_user(owner, outsider):
    tabs = [await subscribed(owner.pk), await subscribed(owner.pk)]
    elsewhere = await subscribed(outsider.pk)
    await asend_to_user(owner.pk, {"type": "notification", "text": "hi"})
    for tab in tabs:
        assert await next_payload(tab) == {"type": "notification", "text": "hi"}
    await asend_to_user(outsider.pk, {"type": "notification", "text": "yours"})
    assert await next_payload(elsewhere) == {"type": "notification", "text": "yours"}


async def test_send_to_users_from_sync_code_keeps_each_users_order(owner, outsider):
    mine, theirs = await subscribed(owner.pk), await subscribed(outsider.pk)
    events = [(owner.pk, {"type": "n", "n": n}) for n in range(3)]
    events.insert(1, (outsider.pk, {"type": "n", "n": 9}))
    await sync_to_async(send_to_users)(events)
    assert [await next_payload(mine) for _ in range(3)] == [{"type": "n", "n": n} for n in range(3)]
    assert await next_payload(theirs) == {"type": "n", "n": 9}


async def test_send_to_user_from_sync_code(owner):
    channel = await subscribed(owner.pk)
    await sync_to_async(send_to_user)(owner.pk, {"type": "ping"})
    assert await next_payload(channel) == {"type": "ping"}


def test_send_on_commit_sends_after_the_write_commits_and_never_after_a_rollback():
    sent: list[str] = []
    with transaction.atomic():
        send_on_commit(lambda: sent.append("kept"), what="a kept write")
        assert sent == []  # not while the write may still roll back
    try:
        with transaction.atomic():
            send_on_commit(lambda: sent.append("undone"), what="an undone write")
            raise RuntimeError("the write fails")
    except RuntimeError:
        pass

    assert sent == ["kept"]


def test_a_failed_send_on_commit_is_logged_and_the_write_stands(caplog):
    def broken() -> None:
        raise ConnectionError("the channel layer is down")

    with caplog.at_level(logging.ERROR, logger="delight.realtime"), transaction.atomic():
        send_on_commit(broken, what="a goal update")

    assert "could not deliver a goal update" in caplog.text
    assert "the channel layer is down" in caplog.text
