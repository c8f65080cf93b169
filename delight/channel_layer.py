"""channels-postgres, fixed for processes that run more than one event loop.

Upstream keeps one global psycopg pool, bound to whichever event loop created it, and
removes group members through the Django ORM under a database alias of its own. A web
process (daphne's loop) that also sends from worker threads, or a test run with a loop per
test, breaks on both. This subclass keeps one pool per running loop, deletes group
members with plain SQL like every other statement of the layer, locks a new channel to its
process as soon as it is made, and sends to many groups in two statements.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import weakref
from typing import Any

import psycopg
import psycopg_pool
from channels_postgres import core, db
from psycopg import sql

_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, psycopg_pool.AsyncConnectionPool] = (
    weakref.WeakKeyDictionary()
)


async def _configure(conn: psycopg.AsyncConnection) -> None:
    await conn.set_autocommit(True)


class DatabaseLayer(db.DatabaseLayer):
    async def get_db_pool(self, db_params: dict[str, Any]) -> psycopg_pool.AsyncConnectionPool:
        loop = asyncio.get_running_loop()
        pool = _pools.get(loop)
        if pool is None:
            pool = psycopg_pool.AsyncConnectionPool(
                conninfo=psycopg.conninfo.make_conninfo(conninfo="", **db_params),
                open=False,
                configure=_configure,
                **self.psycopg_options,
            )
            _pools[loop] = pool
            await pool.open(wait=True)
        return pool

    async def send_to_groups(self, messages: list[tuple[str, bytes]], expire: int) -> int:
        """Send each (group key, message) to every channel of its group in two statements."""
        keys = sorted({key for key, _ in messages})
        members = sql.SQL(
            "SELECT DISTINCT group_key, channel FROM {table} WHERE group_key = ANY(%s)"
        ).format(table=sql.Identifier(db.GROUP_CHANNEL_TABLE))
        insert = sql.SQL(
            "INSERT INTO {table} (channel, message, expire)"
            " SELECT * FROM unnest(%s::text[], %s::bytea[], %s::timestamptz[])"
        ).format(table=sql.Identifier(db.MESSAGE_TABLE))
        pool = await self.get_db_pool(db_params=self.db_params)
        async with pool.connection() as conn:
            rows = await (await conn.execute(members, (keys,))).fetchall()
            channels: dict[str, list[str]] = {}
            for key, channel in rows:
                channels.setdefault(key, []).append(channel)
            batch = [(ch, msg) for key, msg in messages for ch in channels.get(key, ())]
            if batch:
                expires = db.utc_now() + dt.timedelta(seconds=expire)
                targets, bodies = [ch for ch, _ in batch], [msg for _, msg in batch]
                await conn.execute(insert, (targets, bodies, [expires] * len(batch)))
        return len(batch)

    async def delete_channel_group(self, group_key: str, channel: str) -> None:
        statement = sql.SQL("DELETE FROM {table} WHERE group_key = %s AND channel = %s").format(
            table=sql.Identifier(db.GROUP_CHANNEL_TABLE)
        )
        pool = await self.get_db_pool(db_params=self.db_params)
        async with pool.connection() as conn:
            await conn.execute(statement, (group_key, channel))


class PostgresChannelLayer(core.PostgresChannelLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.django_db = DatabaseLayer(
            kwargs.get("PSYCOPG_OPTIONS", {}), self.db_params, logger=core.logger
        )

    async def group_send_many(self, sends: list[tuple[str, dict[str, Any]]]) -> int:
        """Many group sends at once (a worker telling 1,000 users about one change): one
        round trip for the members and one for the messages, instead of three per group."""
        messages = [(self._group_key(group), self.serialize(message)) for group, message in sends]
        return await self.django_db.send_to_groups(messages, self.expiry)

    async def new_channel(self, prefix: str = "specific") -> str:
        """A channel of this process, locked to it at once: upstream takes the lock at the
        first receive and drops whatever is sent to the channel before that."""
        channel = await super().new_channel(prefix)
        self._get_or_create_queue(channel)
        await self._get_or_create_channel_advisory_lock(channel)
        return channel

    def _get_or_create_listener_task(self) -> tuple[asyncio.Event, bool]:
        """One listener per event loop, started once (upstream binds its Event to the
        first loop and may start a listener per concurrent receive)."""
        loop = asyncio.get_running_loop()
        if self.event_loop is loop and self.listener_task_is_running is not None:
            return self.listener_task_is_running, False
        self.event_loop = loop
        self.listener_task_is_running = asyncio.Event()
        return self.listener_task_is_running, True


async def close_loop_pool() -> None:
    """Close the pool of the running loop (a loop that is about to end, as in tests)."""
    pool = _pools.pop(asyncio.get_running_loop(), None)
    if pool is not None:
        await pool.close()
