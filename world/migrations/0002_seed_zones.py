"""Seed the three zones of PRODUCT §5 (staff edit them in the admin afterwards).

Observatory is always open: learning and reflection on growth suit any hour, and PRODUCT
§5 gives a default closing rule only to the Arena.
"""

from django.db import migrations

ZONES = [
    {
        "slug": "arena",
        "name": "Arena",
        "description": "Train your body and sharpen your craft. Closed for the night "
        "(21:00-06:00) unless those are your productive hours.",
        "categories": ["health", "craft"],
        "rules": {"open": [{"start": "06:00", "end": "21:00"}], "productive_hours_override": True},
        "position": 1,
    },
    {
        "slug": "observatory",
        "name": "Observatory",
        "description": "Look further: grow and learn at your own pace, at any hour.",
        "categories": ["growth", "learning"],
        "rules": {"open": [], "productive_hours_override": False},
        "position": 2,
    },
    {
        "slug": "commons",
        "name": "Commons",
        "description": "Meet people and reflect on your days. Always open.",
        "categories": ["connection", "reflection"],
        "rules": {"open": [], "productive_hours_override": False},
        "position": 3,
    },
]


def seed(apps, schema_editor):
    Zone = apps.get_model("world", "Zone")
    for zone in ZONES:
        Zone.objects.update_or_create(slug=zone["slug"], defaults=zone)


def unseed(apps, schema_editor):
    apps.get_model("world", "Zone").objects.filter(slug__in=[z["slug"] for z in ZONES]).delete()


class Migration(migrations.Migration):
    dependencies = [("world", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
