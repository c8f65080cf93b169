"""The table of the shared cache (settings.CACHES["shared"] without Redis): rate-limit counts.

The same columns as `manage.py createcachetable`, made here so `migrate` alone sets a
database up. UNLOGGED: the counts are disposable, so they skip the write-ahead log.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("delight", "0003_user_emotion")]

    operations = [
        migrations.RunSQL(
            sql=[
                'CREATE UNLOGGED TABLE IF NOT EXISTS "delight_cache" ('
                ' "cache_key" varchar(255) NOT NULL PRIMARY KEY,'
                ' "value" text NOT NULL,'
                ' "expires" timestamp with time zone NOT NULL)',
                'CREATE INDEX IF NOT EXISTS "delight_cache_expires" ON "delight_cache" ("expires")',
            ],
            reverse_sql=['DROP TABLE IF EXISTS "delight_cache"'],
        )
    ]
