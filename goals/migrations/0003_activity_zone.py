"""Each activity keeps the zone it happened in; existing rows take their person's zone now
(the best we know of where they were)."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def zones_from_people(apps, schema_editor):
    ActivityEvent = apps.get_model("goals", "ActivityEvent")
    User = apps.get_model("delight", "User")
    ActivityEvent.objects.update(
        zone=Subquery(User.objects.filter(pk=OuterRef("user_id")).values("timezone")[:1])
    )


class Migration(migrations.Migration):
    dependencies = [
        ("goals", "0002_session_pause_and_rejected"),
        ("delight", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="activityevent",
            name="zone",
            field=models.CharField(default="UTC", max_length=64),
        ),
        migrations.RunPython(zones_from_people, migrations.RunPython.noop),
    ]
