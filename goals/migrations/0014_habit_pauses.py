"""A habit keeps the spans it was paused. One paused now is taken as paused since it was
last changed (the closest day known; its zone is not), so its pause stays neutral."""

import django.contrib.postgres.fields
import django.contrib.postgres.fields.ranges
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('goals', '0013_habit_suggested'),
    ]

    operations = [
        migrations.AddField(
            model_name='habit',
            name='pauses',
            field=django.contrib.postgres.fields.ArrayField(base_field=django.contrib.postgres.fields.ranges.DateRangeField(), blank=True, default=list, size=None),
        ),
        migrations.RunSQL(
            "UPDATE goals_habit SET pauses = ARRAY[daterange((updated_at AT TIME ZONE 'UTC')::date,"
            " NULL, '[)')] WHERE status = 'paused'",
            migrations.RunSQL.noop,
        ),
    ]
