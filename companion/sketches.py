"""Recall's first stage on this process's copy of a big person's memory sketches.

Ranking a person's 10,000 sketches in PostgreSQL takes an index-only scan, 10,000 distances
and a top-200 sort (~6 ms of a database core); on a copy in this process it is one matrix
product (~0.3 ms). A copy is only ever used while it is current:

1. Each copy carries the person's MemoryRevision, which PostgreSQL keeps: a transaction that
   changes the person's memories takes a new revision, in commit order, and stamps the
   memories it changed with it (migration 0011).
2. Before each use, one primary-key read returns the person's revision. If the copy is
   older, the memories stamped after it are fetched and applied; after a delete, or for a
   person not copied yet, the copy is loaded whole (one statement, read in binary).
3. The shortlist comes from the copy, and the recall statement takes it only if the
   person's revision is still the copy's; otherwise it ranks the sketches itself. So every
   recall is exact for its own snapshot, whatever other processes wrote meanwhile.

People with fewer than RECALL_CACHE_MIN_MEMORIES memories are not copied (PostgreSQL ranks a
few hundred sketches in well under a millisecond). Copies beyond RECALL_CACHE_MB are dropped,
least recently used first. Inside a transaction block a copy is neither used nor refreshed:
the block may see its own uncommitted writes, which must never reach a shared copy.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
from django.conf import settings
from django.db import connection

from companion.models import SKETCH_DIMENSIONS, Tier
from delight.ai.types import EMBEDDING_DIMENSIONS
from delight.rows import prepared_cursor, read_binary

# Tier codes in a copy: the position in TIERS; 0 marks a changed memory that left the copy
# (superseded, or embedded by another embedder).
TIERS = tuple(Tier.values)
# The app's clock and the database's may differ a little: the copy keeps memories that
# expired up to this long ago; the recall statement checks expiry itself.
EXPIRY_SLACK_SECONDS = 300

# One row per memory folded into packed binary columns, decoded by numpy without a Python
# loop: ids (int8), tier codes (int2), expiry (float8 epoch seconds, infinity for never) and
# sketches (pgvector's binary form: two int2 headers, then float4s).
_PACKED = """
    count(*) AS found,
    string_agg(int8send(m.id), ''::bytea) AS ids,
    string_agg(int2send((CASE WHEN m.active AND m.embedder = %(embedder)s::text
        THEN array_position(%(tiers)s::text[], m.tier::text) ELSE 0 END)::int2), ''::bytea)
        AS tiers,
    string_agg(float8send(coalesce(extract(epoch FROM m.expires_at)::float8, 'infinity')),
        ''::bytea) AS expires,
    string_agg(vector_send(m.sketch), ''::bytea) AS sketches
"""

_REVISION_SQL = """
SELECT revision, deletions, memories FROM companion_memoryrevision WHERE user_id = %s::bigint
"""

# The memories stamped after the copy's revision (superseded ones included, to leave it).
_CHANGED_SQL = f"""
SELECT {_PACKED}
FROM companion_memory m
WHERE m.user_id = %(user_id)s::bigint AND m.revision > %(since)s::bigint
"""

# The whole copy: the person's eligible sketches, from the covering index alone.
_COPY_SQL = f"""
SELECT mine.revision, mine.deletions, copied.*
FROM companion_memoryrevision mine
CROSS JOIN LATERAL (
    SELECT {_PACKED}
    FROM companion_memory m
    WHERE m.user_id = mine.user_id AND m.active AND m.embedder = %(embedder)s::text
) copied
WHERE mine.user_id = %(user_id)s::bigint
"""

_BASIS_SQL = """
SELECT string_agg(vector_send(basis), ''::bytea ORDER BY n)
FROM unnest(memory_sketch_basis()) WITH ORDINALITY AS sketch_basis(basis, n)
"""


@dataclass(frozen=True)
class Copy:
    revision: int
    deletions: int
    ids: np.ndarray  # int64
    tiers: np.ndarray  # int8 codes (TIERS)
    expires: np.ndarray  # float64 epoch seconds
    sketches: np.ndarray  # float32, one row per memory

    @property
    def nbytes(self) -> int:
        return self.ids.nbytes + self.tiers.nbytes + self.expires.nbytes + self.sketches.nbytes

    def merged(self, revision: int, changed: Copy) -> Copy:
        """This copy with the changed memories replaced (or removed, tier code 0)."""
        kept = ~np.isin(self.ids, changed.ids)
        added = changed.tiers > 0
        return Copy(
            revision=revision,
            deletions=self.deletions,
            ids=np.concatenate([self.ids[kept], changed.ids[added]]),
            tiers=np.concatenate([self.tiers[kept], changed.tiers[added]]),
            expires=np.concatenate([self.expires[kept], changed.expires[added]]),
            sketches=np.concatenate([self.sketches[kept], changed.sketches[added]]),
        )


_copies: OrderedDict[tuple, Copy] = OrderedDict()
_lock = threading.Lock()


def shortlist(
    *, user_id: int, embedder: str, vector: Sequence[float], tiers: list[str] | None, size: int
) -> tuple[int, str] | None:
    """(revision, ids as an SQL array): the `size` memories whose sketches are nearest to
    `vector` among the person's eligible ones in `tiers` (all, when there are no more), by
    the process's copy at that revision; None when no copy is kept (few memories, turned
    off, or inside a transaction block)."""
    if settings.RECALL_CACHE_MB == 0 or connection.in_atomic_block:
        return None
    copy = _current(user_id=user_id, embedder=embedder)
    if copy is None:
        return None
    # einsum, not `@`: OpenBLAS would run a product this size on its own threads, which spin
    # while they wait and took cores from the rest of the turn on a 2-core machine
    # (bench/turn.py p50 33.8 -> 30.5 ms with one BLAS thread; einsum never uses them).
    query = np.einsum("ij,j->i", _basis(), np.asarray(vector, dtype=np.float32))
    scores = np.einsum("ij,j->i", copy.sketches, query)
    eligible = copy.expires > time.time() - EXPIRY_SLACK_SECONDS
    if tiers is not None:
        eligible &= np.isin(copy.tiers, [TIERS.index(tier) + 1 for tier in tiers])
    rows = np.flatnonzero(eligible)
    if len(rows) > size:
        rows = rows[np.argpartition(-scores[rows], size - 1)[:size]]
    # Written out: psycopg would adapt 200 ints one by one (~0.4 ms).
    return copy.revision, "{" + ",".join(map(str, copy.ids[rows].tolist())) + "}"


def _current(*, user_id: int, embedder: str) -> Copy | None:
    """The process's copy of the person's sketches brought up to date, or None."""
    key = (connection.settings_dict["NAME"], user_id, embedder)
    with prepared_cursor() as cursor:
        cursor.execute(_REVISION_SQL, [user_id])
        standing = cursor.fetchone()
    revision, deletions, memories = standing or (None, None, 0)
    if memories < settings.RECALL_CACHE_MIN_MEMORIES:
        _drop(key)
        return None
    with _lock:
        copy = _copies.get(key)
        if copy is not None:
            _copies.move_to_end(key)  # least recently used goes first
    if copy is not None and copy.revision == revision:
        return copy
    copy = _refreshed(
        copy, user_id=user_id, embedder=embedder, revision=revision, deletions=deletions
    )
    _keep(key, copy)
    return copy


def _refreshed(
    copy: Copy | None, *, user_id: int, embedder: str, revision: int, deletions: int
) -> Copy:
    """The copy at the person's revision: its changes applied, or loaded whole when memories
    were deleted since (a delete leaves no stamped row behind) or there is no copy yet."""
    asked = {"user_id": user_id, "embedder": embedder, "tiers": list(TIERS)}
    if copy is None or deletions != copy.deletions:
        revision, deletions, *whole = read_binary(_COPY_SQL, asked)
        return _unpacked(revision, deletions, whole)
    # Labelled with the revision read before: the changes come from a later snapshot and may
    # hold newer ones too, which only makes the next check fetch them again.
    changed = read_binary(_CHANGED_SQL, asked | {"since": copy.revision})
    return copy.merged(revision, _unpacked(revision, deletions, changed))


def _unpacked(revision: int, deletions: int, packed: Sequence) -> Copy:
    found, ids, tiers, expires, sketches = packed
    if not found:
        ids = tiers = expires = sketches = b""
    return Copy(
        revision=revision,
        deletions=deletions,
        ids=np.frombuffer(ids, dtype=">i8").astype(np.int64),
        tiers=np.frombuffer(tiers, dtype=">i2").astype(np.int8),
        expires=np.frombuffer(expires, dtype=">f8").astype(np.float64),
        sketches=_vectors(sketches, found),
    )


def _vectors(packed: bytes, count: int) -> np.ndarray:
    """pgvector binary vectors (int2 dimensions, int2 unused, float4 big-endian each)."""
    if not count:
        return np.empty((0, SKETCH_DIMENSIONS), dtype=np.float32)
    rows = np.frombuffer(packed, dtype=np.uint8).reshape(count, -1)
    return np.ascontiguousarray(rows[:, 4:]).view(">f4").astype(np.float32)


@cache
def _basis() -> np.ndarray:
    """The sketch's projection (the SQL function memory_sketch_basis), one row per number."""
    (packed,) = read_binary(_BASIS_SQL, {})
    return _vectors(packed, len(packed) // (4 + 4 * EMBEDDING_DIMENSIONS))


def _keep(key: tuple, copy: Copy) -> None:
    budget = settings.RECALL_CACHE_MB * 1024 * 1024
    with _lock:
        _copies[key] = copy
        _copies.move_to_end(key)
        total = sum(kept.nbytes for kept in _copies.values())
        while _copies and total > budget:
            _, dropped = _copies.popitem(last=False)
            total -= dropped.nbytes


def _drop(key: tuple) -> None:
    with _lock:
        _copies.pop(key, None)
