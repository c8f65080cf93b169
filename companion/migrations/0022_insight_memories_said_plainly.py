"""Insights were kept as "DCI Insight: You focus best…": the internal name reached the
Memories and About you pages. They are kept as the insight's own words now."""

from __future__ import annotations

from django.db import migrations
from django.db.models import Value
from django.db.models.functions import Replace

PREFIX = "DCI Insight: "


def unprefix(apps, schema_editor) -> None:
    memory = apps.get_model("companion", "Memory")
    memory.objects.filter(content__startswith=PREFIX).update(
        content=Replace("content", Value(PREFIX), Value(""))
    )


class Migration(migrations.Migration):
    dependencies = [("companion", "0021_memory_said_and_happened")]

    operations = [migrations.RunPython(unprefix, migrations.RunPython.noop)]
