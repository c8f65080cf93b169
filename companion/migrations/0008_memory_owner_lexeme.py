# Recall's words list: every search vector also holds its owner's lexeme ("@<user id>"), so
# the GIN scan for "any of the words AND the owner's lexeme" returns one person's matches
# instead of everyone's, intersected with a scan of all of that person's rows.
# bench/recall.py, words list alone, p50: 10,000 memories 1.3-2.9 -> 0.4 ms; 100,000
# memories 20-23 -> 4-7 ms. PostgreSQL cannot change a generated column's expression, so
# the column is dropped and added again (one table rewrite) and its two indexes rebuilt.

import django.contrib.postgres.indexes
import django.contrib.postgres.search
from django.db import migrations, models

import companion.models

SEARCH_VECTOR = models.GeneratedField(
    db_persist=True,
    expression=django.contrib.postgres.search.SearchVector("content", config="english")
    + companion.models.OwnerLexeme("user"),
    output_field=django.contrib.postgres.search.SearchVectorField(),
)


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0007_memory_recall_words"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="memory", name="memory_recall_words"),
        migrations.RemoveIndex(model_name="memory", name="memory_search_vector"),
        migrations.RemoveField(model_name="memory", name="search_vector"),
        migrations.AddField(model_name="memory", name="search_vector", field=SEARCH_VECTOR),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(
                fields=["user", "tier", "active"],
                include=("id", "expires_at", "search_vector"),
                name="memory_recall_words",
            ),
        ),
        migrations.AddIndex(
            model_name="memory",
            index=django.contrib.postgres.indexes.GinIndex(
                fields=["search_vector"], name="memory_search_vector"
            ),
        ),
    ]
