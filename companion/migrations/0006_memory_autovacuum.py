# Recall reads a person's sketches by an index-only scan, which is only fast on pages the
# visibility map marks all-visible. Every recall marks the memories it used as accessed (an
# UPDATE), which clears that mark on their pages, and the default autovacuum threshold (20% of
# the table) lets it stay cleared for a long time: measured by bench/turn.py, turns went from
# p50 39 ms to 57 ms over ~600 turns, and back to 39 ms after a VACUUM. Vacuum this table
# after every 1,000 changed rows plus 1% of it instead.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("companion", "0005_checkpoint_indexes")]

    operations = [
        migrations.RunSQL(
            "ALTER TABLE companion_memory SET (autovacuum_vacuum_scale_factor = 0.01, "
            "autovacuum_vacuum_threshold = 1000)",
            "ALTER TABLE companion_memory RESET (autovacuum_vacuum_scale_factor, "
            "autovacuum_vacuum_threshold)",
        )
    ]
