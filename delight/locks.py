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
from collections.abc import Iterator, Sequence

from django.db import DatabaseError, connection

from delight.rows import prepared_cursor

logger = logging.getLogger(__name__)


def lock_key(kind: str, ident: object) -> int:
    """The signed 64-bit advisory lock key of `ident` of `kind` ("turn-session", "goal-plan")."""
    digest = hashlib.blake2b(f"{kind}:{ident}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def _try_locks(keys: Sequence[int]) -> list[bool]:
    with prepared_cursor() as cursor:
        cursor.execute(
            "SELECT pg_try_advisory_lock(key) FROM unnest(%(keys)s::bigint[])"
            " WITH ORDINALITY AS asked(key, n) ORDER BY n",
            {"keys": list(keys)},
        )
        return [taken for (taken,) in cursor.fetchall()]


def _unlock(keys: Sequence[int]) -> None:
    try:
        with prepared_cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_unlock(key) FROM unnest(%(keys)s::bigint[]) AS key",
                {"keys": list(keys)},
            )
    except DatabaseError:  # the connection broke: its locks went with it
        logger.warning("could not release advisory locks %s; the connection is gone", keys)


@contextlib.contextmanager
def liveness_locks(*keys: int) -> Iterator[tuple[bool, ...]]:
    """Try to take each of `keys` on this thread's connection without waiting, all in one
    statement; yield whether each was taken (False: someone alive holds it) and release
    the ones taken at the end of the block, in one statement too."""
    taken = _try_locks(keys)
    try:
        yield tuple(taken)
    finally:
        held = [key for key, ours in zip(keys, taken, strict=True) if ours]
        if held and connection.connection is not None:
            _unlock(held)


@contextlib.contextmanager
def liveness_lock(key: int) -> Iterator[bool]:
    """`liveness_locks` for one key: yield whether it was taken."""
    with liveness_locks(key) as (taken,):
        yield taken


def held_by_someone_alive(key: int) -> bool:
    """Whether a live session other than this one holds `key` right now."""
    with liveness_lock(key) as taken:
        return not taken
