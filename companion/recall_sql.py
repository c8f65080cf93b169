"""The SQL of memory recall, as data: memory_recall's one statement and the meaning list
(companion.selectors reads through them; their steps are in memory_recall's docstring)."""

from __future__ import annotations

from companion.models import Memory, MemoryUse
from delight.rows import select_list

# Columns people and staff never read: vectors (and the search vector) stay in the database.
UNREAD = ("embedding", "sketch", "search_vector", "context_embedding", "context_vector")

# Which of the user's memories recall may return: active, not expired, made by the current
# embedder (vectors of another one are not comparable), in the tiers asked for.
ELIGIBLE = """
user_id = %(user_id)s AND active AND embedder = %(embedder)s
AND (expires_at IS NULL OR expires_at > now())
AND (%(tiers)s::text[] IS NULL OR tier = ANY(%(tiers)s::text[]))
"""

# Stage 1 ranks the user's 96-number sketches. For a person this process keeps a copy of
# (companion.sketches) the shortlist comes with the statement, and is taken only if the
# person's revision is still the copy's; otherwise PostgreSQL ranks the sketches itself, read
# by an index-only scan of `memory_recall_sketches`, with the query's sketch computed once
# (the scalar subquery) by the same SQL function that made the stored ones. (The ARRAY
# subquery is an init plan, run only when the CASE reaches it.) Stage 2 re-ranks the
# shortlist by the exact inner product of the full embeddings, fetched by primary key, and
# checks each memory is still eligible. Both stages are one statement, so they see the same
# snapshot and `now()`: stage 1 returns min(shortlist, eligible) rows and stage 2 keeps every
# one of them, so the list always has min(limit, eligible) rows and no fallback query is
# needed.
# The OFFSET 0 fence keeps the filter on the user inside the subquery: should an ANN index
# (HNSW/IVF) ever be added, the planner cannot turn this into "scan the index, then filter",
# which without iterative scans returns fewer than k rows and with them is slow (see
# memory_recall).
# Vectors are unit length, so the inner product (<#> is its negative) orders exactly like
# cosine similarity and costs about half as much per row.
MEANING_LIST = f"""
SELECT id, embedding <#> %(vector)s::vector AS negative_dot
FROM companion_memory
WHERE {ELIGIBLE} AND id = ANY(CASE
    WHEN (SELECT revision FROM companion_memoryrevision WHERE user_id = %(user_id)s)
        = %(revision)s THEN %(shortlisted)s::bigint[]
    ELSE ARRAY(
        SELECT id FROM (
            SELECT id, sketch <#> (SELECT memory_sketch(%(vector)s::vector)) AS rough
            FROM companion_memory
            WHERE {ELIGIBLE}
            OFFSET 0
        ) mine
        ORDER BY rough, id
        LIMIT %(shortlist)s
    ) END)
ORDER BY negative_dot, id
LIMIT %(limit)s
"""

MEANING_SQL = f"""
SELECT id, -negative_dot AS similarity FROM ({MEANING_LIST}) meaning ORDER BY negative_dot, id
"""

# Any of the query's words, ranked by ts_rank (how often, and how many of, the query's words
# occur); nothing when the query has no words. ts_rank_cd (cover density, which also weighs
# how close the words are) cost ~4 us a matching row: 10 ms for a common word in 2,500 of a
# person's memories, whose one-sentence contents leave little proximity to weigh anyway.
# The match also asks for the owner's lexeme (models.OwnerLexeme), so the GIN index returns
# this person's matches only; words common in this person's memories are still matched and
# ranked from `memory_recall_words` alone when the planner finds that cheaper.
# Used only when no list came with the statement from the process's copy at the person's
# current revision (no copy kept, or another process wrote since): the copy ranks the same way.
WORDS_LIST = """
SELECT id, ts_rank(search_vector, query) AS rank
FROM companion_memory, websearch_to_tsquery('english', %(words)s) AS query
WHERE %(words)s <> '' AND user_id = %(user_id)s AND active
  AND (%(worded)s::bigint[] IS NULL
       OR (SELECT revision FROM companion_memoryrevision WHERE user_id = %(user_id)s)
          IS DISTINCT FROM %(revision)s)
  AND search_vector @@ (query && quote_literal('@' || %(user_id)s)::tsquery)
  AND (expires_at IS NULL OR expires_at > now())
  AND (%(tiers)s::text[] IS NULL OR tier = ANY(%(tiers)s::text[]))
ORDER BY rank DESC, id DESC
LIMIT %(limit)s
"""

# A list the process's copy ranked (companion.sketches.words_ranked), best first, taken
# only at the revision it was made at, each memory still eligible: the words list as
# PostgreSQL would rank it (%(worded)s), or the rare words' list (%(rare_worded)s), which
# only a copy can make (with no copy, recall fuses two lists).
GIVEN = """
SELECT given.id, given.rank
FROM unnest(%({name})s::bigint[]) WITH ORDINALITY AS given(id, rank)
JOIN companion_memory ON companion_memory.id = given.id
WHERE {eligible}
  AND (SELECT revision FROM companion_memoryrevision WHERE user_id = %(user_id)s)
      = %(revision)s
"""
WORDS_GIVEN = GIVEN.format(name="worded", eligible=ELIGIBLE)
RARE_GIVEN = GIVEN.format(name="rare_worded", eligible=ELIGIBLE)

# The columns a recalled memory is loaded with: everything but the vectors; then its use.
RECALLED_FIELDS = [column for column in Memory._meta.concrete_fields if column.name not in UNREAD]
USE_FIELDS = MemoryUse._meta.concrete_fields

# The whole of memory_recall's first stage in one statement (its docstring gives the steps).
# The lists carry ids and ranks only (so the words list can stay inside its index); each
# candidate's row is read once, by primary key, for the boosts, and the %(k)s winners keep it,
# with the words they matched and what the second stage (companion.rerank) reads: both
# cosines, the rank in each words list, and whether the copy's words scores are still
# current (the person's revision is the copy's, in the statement's own snapshot).
RECALL_SQL = f"""
WITH meaning AS (
    SELECT id, -negative_dot AS similarity, row_number() OVER (ORDER BY negative_dot, id) AS rank
    FROM ({MEANING_LIST}) shortlist
), words AS (
    SELECT id, rank FROM ({WORDS_GIVEN}) given
    UNION ALL
    SELECT id, row_number() OVER (ORDER BY rank DESC, id DESC) AS rank
    FROM ({WORDS_LIST}) best
), rare AS (
    SELECT id, rank FROM ({RARE_GIVEN}) given
), fused AS (
    SELECT id, sum(1.0::float8 / (%(rrf_k)s + rank)) AS rrf
    FROM (
        SELECT id, rank FROM meaning UNION ALL SELECT id, rank FROM words
        UNION ALL SELECT id, rank FROM rare
    ) found
    GROUP BY id
), winners AS (
    SELECT {select_list(RECALLED_FIELDS, "used")}, used.search_vector, age.days AS age_days,
    used.embedding <#> %(vector)s::vector AS negative_dot,
    used.context_embedding <#> %(vector)s::vector AS context_negative_dot,
    {select_list(USE_FIELDS, "memory_use")},
    round((
        fused.rrf
        + %(recency)s * power(0.5, age.days / %(half_life)s)
        + %(frequency)s * least(
            ln(1 + coalesce(memory_use.access_count, 0)) / ln(1 + %(frequent_uses)s), 1
        )
    )::numeric, 6)::float8 AS score
    FROM fused
    JOIN companion_memory used ON used.id = fused.id AND used.user_id = %(user_id)s
    LEFT JOIN companion_memoryuse memory_use ON memory_use.memory_id = used.id
    CROSS JOIN LATERAL (
        SELECT greatest(extract(epoch FROM now() - used.updated_at)::float8 / 86400, 0) AS days
    ) age
    ORDER BY score DESC, used.id DESC
    LIMIT %(k)s
)
SELECT {select_list(RECALLED_FIELDS, "winners")}, {select_list(USE_FIELDS, "winners")},
    winners.score, winners.age_days, meaning.similarity, meaning.rank,
    least(words.rank, rare.rank),
    CASE WHEN words.id IS NOT NULL OR rare.id IS NOT NULL THEN ARRAY(
        SELECT unnest(tsvector_to_array(winners.search_vector))
        INTERSECT SELECT unnest(tsvector_to_array(to_tsvector('english', %(words)s)))
        ORDER BY 1
    ) END AS matched,
    -winners.negative_dot, -winners.context_negative_dot, words.rank, rare.rank,
    (SELECT revision FROM companion_memoryrevision WHERE user_id = %(user_id)s)
        IS NOT DISTINCT FROM %(revision)s AS copy_current
FROM winners
LEFT JOIN meaning ON meaning.id = winners.id
LEFT JOIN words ON words.id = winners.id
LEFT JOIN rare ON rare.id = winners.id
ORDER BY winners.score DESC, winners.id DESC
"""
