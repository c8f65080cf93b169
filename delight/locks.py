"""Liveness locks: PostgreSQL session-level advisory locks held by whoever is doing a job.

A process that dies (kill -9, a crash, a job time limit) loses its connections, and
PostgreSQL releases their locks at that instant. So "is anyone alive still working on X?"
is answered at once by trying X's lock: a running turn or planning job whose lock is free
was cut off and can be taken over now, not after a lease runs out.

The lock belongs to the thread's database connection, which stays the same for a whole
request or job; it is released when the work ends, before the connection goes back to its
pool. Keys are 64-bit hashes of what is locked, so two different things practically never
share a lock (and if they did, one would only look alive a little longer).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
from collections.abc import Iterator

from django.db import DatabaseError, connection

from delight.rows import prepared_cursor

logger = logging.getLogger(__name__)


def lock_key(kind: str, ident: object) -> int:
    """The signed 64-bit advisory lock key of `ident` of `kind` ("turn-session", "goal-plan")."""
    digest = hashlib.blake2b(f"{kind}:{ident}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _try_lock(key: int) -> bool:
    with prepared_cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%(key)s::bigint)", {"key": key})
        return cursor.fetchone()[0]


def _unlock(key: int) -> None:
    try:
        with prepared_cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%(key)s::bigint)", {"key": key})
    except DatabaseError:  # the connection broke: its locks went with it
        logger.warning("could not release advisory lock %s; the connection is gone", key)


@contextlib.contextmanager
def liveness_lock(key: int) -> Iterator[bool]:
    """Try to take `key` on this thread's connection without waiting; yield whether it was
    taken (False: someone alive holds it) and release it at the end of the block."""
    taken = _try_lock(key)
    try:
        yield taken
    finally:
        if taken and connection.connection is not None:
            _unlock(key)


def held_by_someone_alive(key: int) -> bool:
    """Whether a live session other than this one holds `key` right now."""
    with liveness_lock(key) as taken:
        return not taken
