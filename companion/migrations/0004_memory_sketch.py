# Recall in two stages: a 96-number sketch of every embedding, kept by PostgreSQL.

import pgvector.django.vector
from django.db import migrations, models

# The sketch is a random projection: 96 inner products of the embedding with fixed vectors
# of +-1/sqrt(96), so sketch . sketch estimates embedding . embedding (Johnson-Lindenstrauss).
# Folding the 384 dimensions into buckets (a count sketch, itself a feature hash for the
# hashing embedder) was measured too: its vectors have a few heavy dimensions, one per word,
# and when two of a query's words share a bucket with opposite signs they cancel, so the
# query's best matches drop out of the shortlist (on bench/recall.py some queries kept none
# of their top 10). A dense projection spreads every dimension over all 96 numbers.
# The basis comes from SHA-256 (the same on every server and version), 256 signs a digest.
# Building it takes ~10 ms once per session: plpgsql caches the constant-folded call.
# Both functions are IMMUTABLE (a generated column needs that) and pin their search_path,
# so a restore, which runs with an empty one, still finds the vector type and operators.
SKETCH_FUNCTIONS = """
CREATE FUNCTION memory_sketch_basis() RETURNS vector[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT
AS $$
    WITH seed AS (
        SELECT string_agg(sha256(('memory sketch ' || n)::bytea), '' ORDER BY n) AS bits
        FROM generate_series(0, 143) AS n
    )
    SELECT array_agg(ARRAY(
        SELECT (1 - 2 * get_bit(bits, k)) / sqrt(96)
        FROM generate_series(line * 384, line * 384 + 383) AS k
    )::vector ORDER BY line)
    FROM seed, generate_series(0, 95) AS line
$$;

CREATE FUNCTION memory_sketch(embedding vector) RETURNS vector
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT
AS $$
DECLARE
    basis vector[] := memory_sketch_basis();
    sketch real[] := '{}';
BEGIN
    -- <#> is the negative inner product; a vector of another width fails here, loudly.
    FOR n IN 1..96 LOOP
        sketch[n] := -(embedding <#> basis[n]);
    END LOOP;
    RETURN sketch::vector;
END
$$;
"""

DROP_SKETCH_FUNCTIONS = """
DROP FUNCTION memory_sketch(vector);
DROP FUNCTION memory_sketch_basis();
"""


class Migration(migrations.Migration):
    dependencies = [
        # 0004_conversations was written at the same time; following it keeps one leaf.
        ("companion", "0004_conversations"),
    ]

    operations = [
        migrations.RunSQL(SKETCH_FUNCTIONS, reverse_sql=DROP_SKETCH_FUNCTIONS),
        # With the sketch a typical row is ~2.1 kB, just over the 2 kB at which PostgreSQL
        # moves the largest value (the 1.5 kB embedding) to the TOAST table; recall's second
        # stage would then read two more pages per candidate. Rows up to 4 kB stay whole.
        migrations.RunSQL(
            "ALTER TABLE companion_memory SET (toast_tuple_target = 4096)",
            reverse_sql="ALTER TABLE companion_memory RESET (toast_tuple_target)",
        ),
        # Dropped first, so adding the column does not rebuild it while rewriting the table.
        migrations.RemoveIndex(
            model_name="memory",
            name="memory_recall_vectors",
        ),
        migrations.AddField(
            model_name="memory",
            name="sketch",
            field=models.GeneratedField(
                db_persist=True,
                expression=models.Func("embedding", function="memory_sketch"),
                output_field=pgvector.django.vector.VectorField(dimensions=96),
            ),
        ),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(
                fields=["user", "active", "embedder"],
                include=("id", "tier", "expires_at", "sketch"),
                name="memory_recall_sketches",
            ),
        ),
    ]
