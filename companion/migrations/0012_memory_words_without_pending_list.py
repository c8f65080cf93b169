# The full-text GIN index loses its pending list (fastupdate): with one, every words search
# also scanned every entry inserted since the last vacuum (up to gin_pending_list_limit,
# 4 MB). Set in place rather than rebuilt, and the entries pending now are merged in.

import django.contrib.postgres.indexes
from django.db import migrations

NO_PENDING_LIST = """
ALTER INDEX memory_search_vector SET (fastupdate = off);
SELECT gin_clean_pending_list('memory_search_vector'::regclass);
"""

PENDING_LIST = "ALTER INDEX memory_search_vector RESET (fastupdate);"


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0011_memory_revision"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(NO_PENDING_LIST, reverse_sql=PENDING_LIST)],
            state_operations=[
                migrations.RemoveIndex(model_name="memory", name="memory_search_vector"),
                migrations.AddIndex(
                    model_name="memory",
                    index=django.contrib.postgres.indexes.GinIndex(
                        fastupdate=False, fields=["search_vector"], name="memory_search_vector"
                    ),
                ),
            ],
        ),
    ]
