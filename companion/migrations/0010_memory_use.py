# How often and when a memory was used moves to its own narrow table (MemoryUse): marking
# memories used ends nearly every turn, and on the memory's own ~2 kB row each mark was an
# update that added entries to all nine of its indexes (GIN included) and cleared the
# visibility-map bits recall's index-only scans need. The counts are copied over first.

import django.db.models.deletion
from django.db import migrations, models

COPY_USES = """
INSERT INTO companion_memoryuse (memory_id, access_count, last_accessed_at)
SELECT id, access_count, coalesce(last_accessed_at, updated_at)
FROM companion_memory
WHERE access_count > 0 OR last_accessed_at IS NOT NULL
"""

COPY_BACK = """
UPDATE companion_memory SET access_count = use.access_count,
    last_accessed_at = use.last_accessed_at
FROM companion_memoryuse use WHERE use.memory_id = companion_memory.id
"""


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0009_memory_sketches_by_tier"),
    ]

    operations = [
        migrations.CreateModel(
            name="MemoryUse",
            fields=[
                (
                    "memory",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="use",
                        serialize=False,
                        to="companion.memory",
                    ),
                ),
                ("access_count", models.PositiveIntegerField(default=0)),
                ("last_accessed_at", models.DateTimeField()),
            ],
        ),
        migrations.RunSQL(COPY_USES, reverse_sql=COPY_BACK),
        migrations.RemoveField(model_name="memory", name="access_count"),
        migrations.RemoveField(model_name="memory", name="last_accessed_at"),
    ]
