# Memories another embedder made are found by this index (the re-embedding job asks every
# minute; without it, each ask read every memory). Built CONCURRENTLY: a deployment with
# millions of memories keeps writing them while it builds.

from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("companion", "0013_turn_without_lease"),
    ]

    operations = [
        AddIndexConcurrently(
            model_name="memory",
            index=models.Index(fields=["embedder", "user"], name="memory_by_embedder"),
        ),
    ]
