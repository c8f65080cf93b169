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

The copy also keeps each memory's words (PostgreSQL's lexemes of it, as hashes, with how often
each occurs), so the words are ranked here too (`words_ranked`): once in PostgreSQL's own
order (ranking a common word's 2,500 matches in PostgreSQL took ~2.8 ms of the recall
statement), and once by BM25, a third list for recall, which knows how rare each word is
among the person's memories (only a copy of them all can: PostgreSQL's ts_rank reads one
memory at a time). The query's words are made into lexemes by PostgreSQL, in the read of
step 2, so they are the very lexemes the memories were indexed with.

People with fewer than RECALL_CACHE_MIN_MEMORIES memories are not copied. Copies beyond
RECALL_CACHE_MB are dropped, least recently used first. Inside a transaction block a copy is
neither used nor refreshed: the block may see its own uncommitted writes, which must never
reach a shared copy.
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
# What ts_rank adds for a word found f times in a memory (no weights given, the default
# normalisation), up to a constant factor: 1 + 1/4 + 1/9 + … + 1/f² (PostgreSQL's tsrank.c,
# calc_rank_or). A tsvector keeps at most 256 positions of a lexeme.
_SERIES = np.cumsum(1.0 / np.arange(1, 257, dtype=np.float64) ** 2)
# BM25's constants as Robertson and Zaragoza give them (not tuned): how soon a word's repeats
# stop counting, and how much a long memory's words count for less.
K1, B = 1.2, 0.75
# How much a word of a memory's context (what was said just before it) counts beside one of
# its own, in the rare words' list (services.threads).
CONTEXT_COUNTS = 0.3

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
    string_agg(vector_send(m.sketch), ''::bytea) AS sketches,
    string_agg(int2send(words.n), ''::bytea) AS word_counts,
    string_agg(words.packed, ''::bytea) AS words,
    string_agg(int2send(context_words.n), ''::bytea) AS context_word_counts,
    string_agg(context_words.packed, ''::bytea) AS context_words
"""

# Each memory's words: how many, then for each its lexeme's hash (int4) and how often it
# occurs (int2), the owner's lexeme left out (models.OwnerLexeme).
_WORDS_OF_TEMPLATE = """
CROSS JOIN LATERAL (
    SELECT count(*)::int2 AS n, coalesce(string_agg(int4send(hashtext(word.lexeme))
        || int2send(coalesce(array_length(word.positions, 1), 1)::int2), ''::bytea), ''::bytea)
        AS packed
    FROM unnest(m.{column}) AS word
    WHERE left(word.lexeme, 1) <> '@'
) {name}
"""
# ... and the words of what was said just before it (Memory.context), which the rare words'
# list counts lightly.
_WORDS_OF = _WORDS_OF_TEMPLATE.format(column="search_vector", name="words") + (
    _WORDS_OF_TEMPLATE.format(column="context_vector", name="context_words")
)

# The person's standing and the query's words as lexeme hashes, made as the memories' were.
_REVISION_SQL = """
SELECT revision, deletions, memories, ARRAY(
    SELECT hashtext(word.lexeme) FROM unnest(to_tsvector('english', %(words)s::text)) AS word
)::int4[]
FROM companion_memoryrevision WHERE user_id = %(user_id)s::bigint
"""

# The memories stamped after the copy's revision (superseded ones included, to leave it).
_CHANGED_SQL = f"""
SELECT {_PACKED}
FROM companion_memory m {_WORDS_OF}
WHERE m.user_id = %(user_id)s::bigint AND m.revision > %(since)s::bigint
"""

# The whole copy: the person's eligible sketches and words.
_COPY_SQL = f"""
SELECT mine.revision, mine.deletions, copied.*
FROM companion_memoryrevision mine
CROSS JOIN LATERAL (
    SELECT {_PACKED}
    FROM companion_memory m {_WORDS_OF}
    WHERE m.user_id = mine.user_id AND m.active AND m.embedder = %(embedder)s::text
) copied
WHERE mine.user_id = %(user_id)s::bigint
"""

_BASIS_SQL = """
SELECT string_agg(vector_send(basis), ''::bytea ORDER BY n)
FROM unnest(memory_sketch_basis()) WITH ORDINALITY AS sketch_basis(basis, n)
"""


@dataclass(frozen=True)
class Words:
    """Every copied memory's words: one entry per (memory, lexeme), and each memory's length."""

    rows: np.ndarray  # int32: the memory's row in the copy
    hashes: np.ndarray  # int32: hashtext of the lexeme
    counts: np.ndarray  # int16: how often it occurs in the memory
    lengths: np.ndarray  # float32, one per row: how many words the memory has

    @property
    def nbytes(self) -> int:
        return self.rows.nbytes + self.hashes.nbytes + self.counts.nbytes + self.lengths.nbytes


@dataclass(frozen=True)
class Copy:
    revision: int
    deletions: int
    ids: np.ndarray  # int64
    tiers: np.ndarray  # int8 codes (TIERS)
    expires: np.ndarray  # float64 epoch seconds
    sketches: np.ndarray  # float32, one row per memory
    words: Words
    context: Words  # the words of what was said just before each memory (Memory.context)

    @property
    def nbytes(self) -> int:
        arrays = (self.ids, self.tiers, self.expires, self.sketches)
        return sum(array.nbytes for array in arrays) + self.words.nbytes + self.context.nbytes

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
            words=_merged_words(self.words, kept, changed.words, added),
            context=_merged_words(self.context, kept, changed.context, added),
        )


def _merged_words(words: Words, kept: np.ndarray, changed: Words, added: np.ndarray) -> Words:
    """The kept memories' words then the added ones', each word following its memory to the
    memory's new row."""
    moved = np.cumsum(kept, dtype=np.int32) - 1
    arrived = np.cumsum(added, dtype=np.int32) - 1 + np.int32(kept.sum())
    old, new = kept[words.rows], added[changed.rows]
    return Words(
        rows=np.concatenate([moved[words.rows[old]], arrived[changed.rows[new]]]),
        hashes=np.concatenate([words.hashes[old], changed.hashes[new]]),
        counts=np.concatenate([words.counts[old], changed.counts[new]]),
        lengths=np.concatenate([words.lengths[kept], changed.lengths[added]]),
    )


@dataclass(frozen=True)
class Ranked:
    """The words' lists and scores for a query (words_ranked)."""

    as_postgresql: np.ndarray  # rows, best first, as recall_sql.WORDS_LIST ranks them
    by_rarity: np.ndarray  # rows, best first, by BM25 with the context's words
    own: np.ndarray  # by row: BM25 of the memory's own words
    with_context: np.ndarray  # by row: BM25 of its words and its context's, counted lightly


@dataclass(frozen=True)
class Lists:
    """Recall's lists from the process's copy (the nearest sketches and two rankings of the
    words), as SQL arrays of ids, best first, and the person's revision they were made at
    (the recall statement takes them only at it); and what the copy knows of every memory's
    words for recall's second stage (`words_read`)."""

    revision: int
    shortlisted: str  # the sketches nearest the query's vector
    worded: str  # the memories that best match the query's words, as PostgreSQL ranks them
    rare_worded: str  # by BM25 with the context's words: a word rare here counts more
    ids: np.ndarray  # each copied memory's id, by row
    ranked: Ranked  # the words' scores, by row
    lengths: np.ndarray  # each memory's number of words, by row

    def words_read(self, memory_ids: Sequence[int]) -> np.ndarray:
        """For `memory_ids`, in their order: BM25 of its own words, BM25 with its context's,
        its length (zeros for one not copied)."""
        found = np.flatnonzero(np.isin(self.ids, memory_ids))
        row_of = dict(zip(self.ids[found].tolist(), found.tolist(), strict=True))
        places = [place for place, memory_id in enumerate(memory_ids) if memory_id in row_of]
        rows = [row_of[memory_ids[place]] for place in places]
        read = np.zeros((len(memory_ids), 3))
        read[places] = np.column_stack(
            [self.ranked.own[rows], self.ranked.with_context[rows], self.lengths[rows]]
        )
        return read


_copies: OrderedDict[tuple, Copy] = OrderedDict()
_lock = threading.Lock()


def lists(
    *,
    user_id: int,
    embedder: str,
    vector: Sequence[float],
    tiers: list[str] | None,
    size: int,
    words: str = "",
    limit: int = 0,
) -> Lists | None:
    """The `size` memories whose sketches are nearest to `vector`, and the `limit` that best
    match `words`, among the person's eligible ones in `tiers` (all, when there are no
    more), by the process's copy at its revision; None when no copy is kept (few memories,
    turned off, or inside a transaction block)."""
    if settings.RECALL_CACHE_MB == 0 or connection.in_atomic_block:
        return None
    found = _current(user_id=user_id, embedder=embedder, words=words)
    if found is None:
        return None
    copy, query_words = found
    eligible = copy.expires > time.time() - EXPIRY_SLACK_SECONDS
    if tiers is not None:
        eligible &= np.isin(copy.tiers, [TIERS.index(tier) + 1 for tier in tiers])
    ranked = words_ranked(copy.words, copy.context, copy.ids, query_words, eligible, limit)
    return Lists(
        revision=copy.revision,
        shortlisted=_sql_array(copy.ids[_nearest(copy, vector, eligible, size)]),
        worded=_sql_array(copy.ids[ranked.as_postgresql]),
        rare_worded=_sql_array(copy.ids[ranked.by_rarity]),
        ids=copy.ids,
        ranked=ranked,
        lengths=copy.words.lengths,
    )


def _nearest(copy: Copy, vector: Sequence[float], eligible: np.ndarray, size: int) -> np.ndarray:
    """Rows of the `size` eligible sketches nearest to `vector` (in no order)."""
    # einsum, not `@`: OpenBLAS would run a product this size on its own threads, which spin
    # while they wait and took cores from the rest of the turn on a 2-core machine
    # (bench/turn.py p50 33.8 -> 30.5 ms with one BLAS thread; einsum never uses them).
    query = np.einsum("ij,j->i", _basis(), np.asarray(vector, dtype=np.float32))
    scores = np.einsum("ij,j->i", copy.sketches, query)
    rows = np.flatnonzero(eligible)
    if len(rows) > size:
        rows = rows[np.argpartition(-scores[rows], size - 1)[:size]]
    return rows


def words_ranked(
    words: Words,
    context: Words,
    ids: np.ndarray,
    query: Sequence[int],
    eligible: np.ndarray,
    limit: int,
) -> Ranked:
    """The `limit` eligible memories that best match the `query` lexeme hashes, best first,
    twice: in the order PostgreSQL's words list gives them (recall_sql.WORDS_LIST: ts_rank,
    then the newer id), and by Okapi BM25 over each memory's words with its context's
    (then the newer id); and each memory's BM25 scores. `ids`: each row's.

    1. For each distinct query word, the memories holding it and how often (f); its rarity
       among the person's memories: idf = ln(1 + (N - n + 0.5) / (n + 0.5)), N the
       memories copied, n those holding the word.
    2. ts_rank's order: each memory scores the sum, over the query words it holds, of
       _SERIES[f - 1]. BM25: the sum of idf * f * (K1 + 1) / (f + K1 * (1 - B + B *
       length / average length)).
    3. BM25 with context: the same, with each memory's text taken as its words plus its
       context's counted CONTEXT_COUNTS times (f, n and the lengths all so counted).
    4. Keep the eligible memories that hold any word, best `limit` first, by the first
       score and by the third.
    """
    size = len(eligible)
    plain, own, with_context = np.zeros(size), np.zeros(size), np.zeros(size)
    if not size or limit <= 0:
        empty = np.empty(0, dtype=np.int64)
        return Ranked(empty, empty, own, with_context)
    lengths = words.lengths + CONTEXT_COUNTS * context.lengths
    averages = max(float(words.lengths.mean()), 1.0), max(float(lengths.mean()), 1.0)
    for word in set(query):
        holding = words.hashes == word
        rows, counts = words.rows[holding], words.counts[holding]
        plain[rows] += _SERIES[np.minimum(counts, 256) - 1]
        own += _bm25(rows, counts.astype(np.float64), words.lengths, averages[0], size)
        heard = context.hashes == word
        both = np.zeros(size)
        np.add.at(both, rows, counts)
        np.add.at(both, context.rows[heard], CONTEXT_COUNTS * context.counts[heard])
        found = np.flatnonzero(both)
        with_context += _bm25(found, both[found], lengths, averages[1], size)
    matching = np.flatnonzero(((plain > 0) | (with_context > 0)) & eligible)
    worded = matching[plain[matching] > 0]
    return Ranked(
        _best(worded, plain, ids, limit),
        _best(matching, with_context, ids, limit),
        own,
        with_context,
    )


def _bm25(
    rows: np.ndarray, counts: np.ndarray, lengths: np.ndarray, average: float, size: int
) -> np.ndarray:
    """Each of `size` memories' BM25 for one word found `counts` times in `rows` (`average`:
    the memories' average length)."""
    scores = np.zeros(size)
    if len(rows):
        idf = np.log1p((size - len(rows) + 0.5) / (len(rows) + 0.5))
        norm = K1 * (1 - B + B * lengths[rows] / average)
        scores[rows] = idf * counts * (K1 + 1) / (counts + norm)
    return scores


def _best(rows: np.ndarray, scores: np.ndarray, ids: np.ndarray, limit: int) -> np.ndarray:
    """The `limit` of `rows` with the highest scores, the newer id first on a tie."""
    return rows[np.lexsort((-ids[rows], -scores[rows]))][:limit]


def _sql_array(ids: np.ndarray) -> str:
    # Written out: psycopg would adapt 200 ints one by one (~0.4 ms).
    return "{" + ",".join(map(str, ids.tolist())) + "}"


def _current(*, user_id: int, embedder: str, words: str) -> tuple[Copy, list[int]] | None:
    """The process's copy of the person's sketches brought up to date, with the lexeme
    hashes of `words`; or None."""
    key = (connection.settings_dict["NAME"], user_id, embedder)
    with prepared_cursor() as cursor:
        cursor.execute(_REVISION_SQL, {"user_id": user_id, "words": words})
        standing = cursor.fetchone()
    if standing is None or standing[2] < settings.RECALL_CACHE_MIN_MEMORIES:
        _drop(key)
        return None
    revision, deletions, _, query_words = standing
    with _lock:
        copy = _copies.get(key)
        if copy is not None:
            _copies.move_to_end(key)  # least recently used goes first
    if copy is None or copy.revision != revision:
        copy = _refreshed(
            copy, user_id=user_id, embedder=embedder, revision=revision, deletions=deletions
        )
        _keep(key, copy)
    return copy, query_words


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
    found, ids, tiers, expires, sketches, word_counts, words, context_counts, context = packed
    if not found:
        ids = tiers = expires = sketches = word_counts = words = context_counts = context = b""
    return Copy(
        revision=revision,
        deletions=deletions,
        ids=np.frombuffer(ids, dtype=">i8").astype(np.int64),
        tiers=np.frombuffer(tiers, dtype=">i2").astype(np.int8),
        expires=np.frombuffer(expires, dtype=">f8").astype(np.float64),
        sketches=_vectors(sketches, found),
        words=_words(word_counts, words, found),
        context=_words(context_counts, context, found),
    )


def _words(counts: bytes, packed: bytes, found: int) -> Words:
    """Each memory's number of words (int2), then its words (int4 hash, int2 count each)."""
    entries = np.frombuffer(packed, dtype=[("hash", ">i4"), ("count", ">i2")])
    rows = np.repeat(
        np.arange(found, dtype=np.int32), np.frombuffer(counts, dtype=">i2").astype(np.int32)
    )
    occurs = entries["count"].astype(np.int16)
    return Words(
        rows=rows,
        hashes=entries["hash"].astype(np.int32),
        counts=occurs,
        lengths=np.bincount(rows, weights=occurs, minlength=found).astype(np.float32),
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
