# Recall's words list for common words: the (user, tier, active) index now carries the search
# vector (and id, expiry), so a word found in thousands of one person's memories is matched
# and ranked by an index-only scan instead of thousands of scattered heap pages (bench_turn:
# 'feel or sad or stuck or run', 2,489 of 10,000 memories: ~9 ms of heap reads -> ~3 ms).
# It replaces the old index of the same keys, so writes keep the same number of indexes.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0006_memory_autovacuum"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="memory",
            name="memory_user_tier_active",
        ),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(
                fields=["user", "tier", "active"],
                include=("id", "expires_at", "search_vector"),
                name="memory_recall_words",
            ),
        ),
    ]
