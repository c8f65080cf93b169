"""The test process's own database pools, put under pressure."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.db import connection
from psycopg import Connection
from psycopg_pool import PoolTimeout


@contextlib.contextmanager
def every_request_connection_taken(timeout: float = 0.2) -> Iterator[list[Connection]]:
    """Hold every free connection of this process's request pool (other threads of the
    test process may hold some); waiting for one then times out after `timeout` seconds.
    Yields the held connections: one popped and put back frees it for a waiting request."""
    connection.close()
    pool = connection.pool
    pool.open()
    held = []
    with contextlib.suppress(PoolTimeout):
        while len(held) < pool.max_size:
            held.append(pool.getconn(timeout=timeout))
    saved, pool.timeout = pool.timeout, timeout
    try:
        yield held
    finally:
        pool.timeout = saved
        for conn in held:
            pool.putconn(conn)


@contextlib.asynccontextmanager
async def every_request_connection_taken_async(timeout: float = 0.2) -> AsyncIterator[None]:
    """every_request_connection_taken, for async tests (the pool is handled in a thread)."""
    taken = every_request_connection_taken(timeout)
    await sync_to_async(taken.__enter__)()
    try:
        yield
    finally:
        await sync_to_async(taken.__exit__)(None, None, None)
