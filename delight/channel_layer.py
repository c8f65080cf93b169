"""channels-postgres, reworked for one web process holding thousands of WebSockets.

The schema of channels-postgres 1.1.4 stays: a message table whose insert trigger NOTIFYs
``channels_postgres_messages`` with the message inline when it fits, and a group table.
What changes is how a process sends and receives:

- Upstream binds one global pool to the first event loop and deletes group members through
  the Django ORM: here each running loop has its own pool, and every statement is plain SQL.
- Upstream takes a session advisory lock per channel to tell which process receives it.
  Every WebSocket holds a channel, and PostgreSQL's shared lock table (about 12,000 entries
  here) then fills up for the whole server. A process-specific channel (``…!…``) names its
  process (``client_prefix``), so it needs no lock; only normal channels keep upstream's.
- Upstream starts its listener at the first receive and then takes every stored message of
  every process. Here each loop's listener is running before ``new_channel`` hands out a
  name, so nothing sent to a channel before its first receive is missed; it delivers only to
  this loop's channels, and a channel is forgotten once its receive is cancelled (its
  consumer ended).
- Group members left by a process that died without discarding them (a restart, a kill)
  received every later broadcast: listener sessions name their process in
  ``application_name``, and a periodic sweep deletes members of processes that have none,
  and expired messages (upstream starts a sleeping task per ``group_discard`` for that).
- A lost listener session reconnects, re-adds its loop's members (a sweep elsewhere may have
  taken them meanwhile) and delivers what was stored for its channels while it was away.
- Sends to many groups take two statements (:meth:`PostgresChannelLayer.group_send_many`).
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import logging
import random
import time
import uuid
import weakref
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import psycopg_pool
from channels_postgres import core, db
from psycopg import sql

from delight import embedded

logger = logging.getLogger(__name__)

# Listener sessions are named this plus their process's client prefix.
APPLICATION_NAME = "channels-postgres:"
SWEEP_INTERVAL_S = 300
RECONNECT_MAX_DELAY_S = 5.0
LOCK_RETRY_S = 1.0
MESSAGES = sql.Identifier(db.MESSAGE_TABLE)
GROUPS = sql.Identifier(db.GROUP_CHANNEL_TABLE)

_pools: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, psycopg_pool.AsyncConnectionPool] = (
    weakref.WeakKeyDictionary()
)


@dataclass(eq=False)
class _Listener:
    """One event loop's LISTEN session for one layer, and the channels it delivers to."""

    queues: dict[str, asyncio.Queue[str]] = field(default_factory=dict)
    groups: dict[str, set[str]] = field(default_factory=dict)  # channel -> its group keys
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    last_id: int = 0  # the newest message delivered: recovery after a reconnect starts there
    recovered: set[int] = field(default_factory=set)  # whose notification may still follow
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def deliver(self, payload: str) -> None:
        """Queue a notification (``id:channel:…``) when its channel is one of this loop's."""
        message_id, channel, *_ = payload.split(":", 2)
        queue = self.queues.get(channel)
        if queue is None:
            return
        number = int(message_id)
        if number in self.recovered:
            return
        self.last_id = max(self.last_id, number)
        queue.put_nowait(payload)

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


# Per running loop, the listener of each layer (by its client prefix).
_listeners: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, _Listener]] = (
    weakref.WeakKeyDictionary()
)


async def _configure(conn: psycopg.AsyncConnection) -> None:
    await conn.set_autocommit(True)


async def embedded_running(data_dir: str | Path | None) -> None:
    """Start the embedded server (``EMBEDDED_DIR`` of the layer's config) unless this process
    already did: the layer may be the first to connect. Off the loop: it can take a second."""
    if data_dir and embedded.current() is None:
        await asyncio.to_thread(embedded.ensure_running, Path(data_dir))


class DatabaseLayer(db.DatabaseLayer):
    embedded_dir: str | Path | None = None

    async def get_db_pool(self, db_params: dict[str, Any]) -> psycopg_pool.AsyncConnectionPool:
        await embedded_running(self.embedded_dir)  # before the check: no await from it to set
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
        ).format(table=GROUPS)
        insert = sql.SQL(
            "INSERT INTO {table} (channel, message, expire)"
            " SELECT * FROM unnest(%s::text[], %s::bytea[], %s::timestamptz[])"
        ).format(table=MESSAGES)
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
            table=GROUPS
        )
        pool = await self.get_db_pool(db_params=self.db_params)
        async with pool.connection() as conn:
            await conn.execute(statement, (group_key, channel))

    # The listener's own statements run on its session (see PostgresChannelLayer._listen).

    async def restore_members(
        self, conn: psycopg.AsyncConnection, members: list[tuple[str, str]], expire: int
    ) -> None:
        """Make each (group key, channel) a member exactly once, in one transaction."""
        delete = sql.SQL("DELETE FROM {table} WHERE channel = ANY(%s)").format(table=GROUPS)
        insert = sql.SQL(
            "INSERT INTO {table} (group_key, channel, expire)"
            " SELECT k, c, %s FROM unnest(%s::text[], %s::text[]) AS m(k, c)"
        ).format(table=GROUPS)
        keys, channels = [key for key, _ in members], [channel for _, channel in members]
        expires = db.utc_now() + dt.timedelta(seconds=expire)
        async with conn.transaction():
            await conn.execute(delete, (sorted(set(channels)),))
            await conn.execute(insert, (expires, keys, channels))

    async def messages_after(
        self, conn: psycopg.AsyncConnection, channels: list[str], after_id: int
    ) -> list[tuple[int, str, bytes, str]]:
        """Unexpired messages of these channels newer than ``after_id``, oldest first."""
        statement = sql.SQL(
            "SELECT id, channel, message, extract(epoch FROM expire)::text FROM {table}"
            " WHERE channel = ANY(%s) AND id > %s AND expire > now() ORDER BY id"
        ).format(table=MESSAGES)
        return await (await conn.execute(statement, (channels, after_id))).fetchall()

    async def delete_stale(self, conn: psycopg.AsyncConnection, listener_name: str) -> None:
        """Delete expired messages, and the members of process-specific channels whose
        process has no listener session any more (it died without discarding them).

        Members are judged only while the caller's own listener session (``listener_name``)
        shows in ``pg_stat_activity``: a server that hid sessions would otherwise make every
        process look dead.
        """
        messages = sql.SQL("DELETE FROM {table} WHERE expire < now()").format(table=MESSAGES)
        members = sql.SQL(
            "DELETE FROM {table} AS g WHERE strpos(g.channel, '!') > 0 AND NOT EXISTS ("
            " SELECT 1 FROM pg_stat_activity AS a WHERE a.datname = current_database()"
            " AND a.application_name = %s || substring(g.channel FROM '([^.!]*)!'))"
            " AND EXISTS (SELECT 1 FROM pg_stat_activity WHERE application_name = %s)"
        ).format(table=GROUPS)
        await conn.execute(messages)
        await conn.execute(members, (APPLICATION_NAME, listener_name))


class PostgresChannelLayer(core.PostgresChannelLayer):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Names this process in its channels and its listener sessions: long enough that
        # two processes never share one.
        self.client_prefix = uuid.uuid4().hex[:12]
        self.django_db = DatabaseLayer(
            kwargs.get("PSYCOPG_OPTIONS", {}), self.db_params, logger=core.logger
        )
        self.django_db.embedded_dir = kwargs.get("EMBEDDED_DIR")

    # -- receiving ---------------------------------------------------------------------

    async def new_channel(self, prefix: str = "specific") -> str:
        """A channel of this process, receiving from the moment its name is returned."""
        local = self._listener()
        await local.ready.wait()
        channel = f"{prefix}.{self.client_prefix}!{uuid.uuid4().hex}"
        local.queues[channel] = asyncio.Queue()
        return channel

    async def receive(self, channel: str) -> dict[str, Any]:
        """The channel's next message. A cancelled receive (its consumer ended) forgets the
        channel, so a long-lived process keeps no queue per past connection."""
        local = self._listener()
        queue = local.queues.get(channel)
        if queue is None:
            queue = await self._register(local, channel)
        try:
            while True:
                message = await self._decode(await queue.get())
                if message is not None:
                    return message
        except asyncio.CancelledError:
            self._forget(local, channel)
            raise

    def _listener(self) -> _Listener:
        """The running loop's listener, started on first use."""
        loop = asyncio.get_running_loop()
        listeners = _listeners.get(loop)
        if listeners is None:
            listeners = _listeners[loop] = {}
        local = listeners.get(self.client_prefix)
        if local is None:
            local = listeners[self.client_prefix] = _Listener()
            local.spawn(self._listen(local))
        return local

    def _listener_name(self) -> str:
        return APPLICATION_NAME + self.client_prefix

    def _existing_listener(self) -> _Listener | None:
        return _listeners.get(asyncio.get_running_loop(), {}).get(self.client_prefix)

    async def _register(self, local: _Listener, channel: str) -> asyncio.Queue[str]:
        """Deliver a channel that ``new_channel`` did not make on this loop (or one forgotten)."""
        self.require_valid_channel_name(channel)
        if "!" in channel:
            if not self.non_local_name(channel).endswith(f"{self.client_prefix}!"):
                raise ValueError(f"{channel!r} belongs to another process")
        else:
            # Several processes may receive on a normal channel: its lock holder gets it.
            while not await self._get_or_create_channel_advisory_lock(channel):
                await asyncio.sleep(LOCK_RETRY_S)
        await local.ready.wait()
        return local.queues.setdefault(channel, asyncio.Queue())

    def _forget(self, local: _Listener, channel: str) -> None:
        local.queues.pop(channel, None)
        if keys := local.groups.pop(channel, None):
            # Its consumer failed before discarding its groups: discard them for it.
            for key in keys:
                local.spawn(self.django_db.delete_channel_group(key, channel))

    async def _decode(self, payload: str) -> dict[str, Any] | None:
        """The message of a queued notification; None once expired or no longer stored."""
        parts = payload.split(":")
        if len(parts) == 4:  # id:channel:message in base64:expiry as a Unix time
            if float(parts[3]) < time.time():
                return None
            return self.deserialize(base64.b64decode(parts[2]))
        # id:channel: the message was too large for a notification and is only stored.
        row = await self.django_db.delete_message_returning_message(int(parts[0]))
        return None if row is None else self.deserialize(row[0])

    async def _listen(self, local: _Listener) -> None:
        """Keep the loop's LISTEN session, deliver its notifications, sweep now and then.

        Its statements run on its own session, never on the loop's pool: a short-lived loop
        (``async_to_sync`` in a sync view) must not end while a background task is filling
        a pool, whose connecting workers would swallow the cancellation and hang the end.

        1. Connect under ``application_name`` naming this process, and LISTEN.
        2. After a reconnect, resume (:meth:`_resume`) before anything else.
        3. Mark the listener ready (``new_channel`` waits for it).
        4. Sweep (:meth:`_sweep`), deliver notifications until the next sweep is due (every
           few minutes, jittered so that processes do not sweep together), and again.
        5. When the session is lost, mark it not ready and reconnect after a growing pause.
        """
        params = {**self.db_params, "application_name": self._listener_name()}
        conninfo = psycopg.conninfo.make_conninfo(conninfo="", **params)
        delay, connected_before = 0.1, False
        while True:
            try:
                await embedded_running(self.django_db.embedded_dir)
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute("LISTEN channels_postgres_messages")
                    if connected_before:
                        await self._resume(conn, local)
                    local.ready.set()
                    delay, connected_before = 0.1, True
                    while True:
                        await self._sweep(conn)
                        interval = SWEEP_INTERVAL_S * random.uniform(0.5, 1.5)
                        async for notify in conn.notifies(timeout=interval):
                            local.deliver(notify.payload)
            except Exception:  # the listener must outlive any failure, or realtime stops
                logger.exception("channel layer listener failed; reconnecting in %.1f s", delay)
            local.ready.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_DELAY_S)

    async def _resume(self, conn: psycopg.AsyncConnection, local: _Listener) -> None:
        """Re-add the loop's group members, then deliver what was stored for its channels
        while the session was gone (newer than the last message delivered)."""
        members = [(key, channel) for channel, keys in local.groups.items() for key in keys]
        if members:
            await self.django_db.restore_members(conn, members, self.group_expiry)
        rows = await self.django_db.messages_after(conn, list(local.queues), local.last_id)
        local.recovered = {message_id for message_id, *_ in rows}
        for message_id, channel, body, expire in rows:
            local.last_id = max(local.last_id, message_id)
            queue = local.queues.get(channel)  # None once forgotten meanwhile
            if queue is not None:
                encoded = base64.b64encode(body).decode()
                queue.put_nowait(f"{message_id}:{channel}:{encoded}:{expire}")

    async def _sweep(self, conn: psycopg.AsyncConnection) -> None:
        """Delete stale rows (:meth:`DatabaseLayer.delete_stale`); a failed sweep is retried
        at the next one unless the session itself is lost."""
        try:
            await self.django_db.delete_stale(conn, self._listener_name())
        except psycopg.Error:
            if conn.broken:
                raise
            logger.exception("channel layer sweep failed")

    # -- sending and groups ------------------------------------------------------------

    async def send(self, channel: str, message: dict[str, Any]) -> None:
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        await self.django_db.send_to_channel(
            "", self.serialize(message), self.expiry, channel=channel
        )

    async def group_add(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        key = self._group_key(group)
        await self.django_db.add_channel_to_group(key, channel, self.group_expiry)
        local = self._existing_listener()
        if local is not None and channel in local.queues:  # re-added after a reconnect
            local.groups.setdefault(channel, set()).add(key)

    async def group_discard(self, group: str, channel: str) -> None:
        self.require_valid_group_name(group)
        self.require_valid_channel_name(channel)
        key = self._group_key(group)
        await self.django_db.delete_channel_group(key, channel)
        local = self._existing_listener()
        if local is not None:
            local.groups.get(channel, set()).discard(key)

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        await self.group_send_many([(group, message)])

    async def group_send_many(self, sends: list[tuple[str, dict[str, Any]]]) -> int:
        """Many group sends at once (a worker telling 1,000 users about one change): one
        round trip for the members and one for the messages, instead of three per group."""
        for group, _ in sends:
            self.require_valid_group_name(group)
        messages = [(self._group_key(group), self.serialize(message)) for group, message in sends]
        return await self.django_db.send_to_groups(messages, self.expiry)


async def close_loop_pool() -> None:
    """Release what the running loop holds, its listeners (and their sessions) and its
    pool, before the loop ends (as in tests)."""
    loop = asyncio.get_running_loop()
    for local in _listeners.pop(loop, {}).values():
        await local.stop()
    pool = _pools.pop(loop, None)
    if pool is not None:
        await pool.close()
