# A person's memories get a revision that PostgreSQL keeps (see models.MemoryRevision), so a
# process can keep a copy of a big person's sketches and know, with one primary-key read,
# whether it is current and which memories changed since (companion.sketches).
#
# Why the locking order matters: the revision is taken from the sequence only once the
# person's MemoryRevision row is locked (in ON CONFLICT DO UPDATE and in UPDATE, the new
# value is computed after the lock), and the lock is held until commit. So two transactions
# writing one person's memories get their revisions in commit order, and "the memories
# stamped after revision r" is exactly what changed since a snapshot that saw r.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

REVISIONS = """
CREATE SEQUENCE companion_memory_revision;

CREATE FUNCTION memory_revise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND NEW.active = OLD.active
       AND NEW.tier = OLD.tier AND NEW.embedder = OLD.embedder
       AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at
       AND NEW.embedding = OLD.embedding THEN
        NEW.revision := OLD.revision;  -- the database owns this column
        RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
        UPDATE companion_memoryrevision
        SET revision = nextval('companion_memory_revision'), deletions = deletions + 1,
            memories = memories - 1
        WHERE user_id = OLD.user_id;
    END IF;
    INSERT INTO companion_memoryrevision AS mine (user_id, revision, deletions, memories)
    VALUES (NEW.user_id, nextval('companion_memory_revision'), 0, 1)
    ON CONFLICT (user_id) DO UPDATE
    SET revision = nextval('companion_memory_revision'),
        memories = mine.memories
            + CASE WHEN TG_OP = 'INSERT' OR NEW.user_id <> OLD.user_id THEN 1 ELSE 0 END
    RETURNING mine.revision INTO NEW.revision;
    RETURN NEW;
END $$;

CREATE FUNCTION memory_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE companion_memoryrevision
    SET revision = nextval('companion_memory_revision'), deletions = deletions + 1,
        memories = memories - 1
    WHERE user_id = OLD.user_id;
    RETURN OLD;
END $$;

CREATE FUNCTION memory_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE companion_memoryrevision
    SET revision = nextval('companion_memory_revision'), deletions = deletions + 1, memories = 0;
    RETURN NULL;
END $$;

CREATE TRIGGER memory_revise BEFORE INSERT OR UPDATE ON companion_memory
    FOR EACH ROW EXECUTE FUNCTION memory_revise();
CREATE TRIGGER memory_forget AFTER DELETE ON companion_memory
    FOR EACH ROW EXECUTE FUNCTION memory_forget();
CREATE TRIGGER memory_forget_all AFTER TRUNCATE ON companion_memory
    FOR EACH STATEMENT EXECUTE FUNCTION memory_forget_all();

INSERT INTO companion_memoryrevision (user_id, revision, deletions, memories)
SELECT user_id, nextval('companion_memory_revision'), 0, count(*)
FROM companion_memory GROUP BY user_id;
"""

NO_REVISIONS = """
DROP TRIGGER memory_forget_all ON companion_memory;
DROP TRIGGER memory_forget ON companion_memory;
DROP TRIGGER memory_revise ON companion_memory;
DROP FUNCTION memory_forget_all();
DROP FUNCTION memory_forget();
DROP FUNCTION memory_revise();
DROP SEQUENCE companion_memory_revision;
"""


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0010_memory_use"),
        ("delight", "0003_user_emotion"),
        ("goals", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="MemoryRevision",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="memory_revision",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("revision", models.BigIntegerField()),
                ("deletions", models.BigIntegerField(default=0)),
                ("memories", models.BigIntegerField(default=0, help_text="Rows, active or not.")),
            ],
        ),
        migrations.AddField(
            model_name="memory",
            name="revision",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.AddIndex(
            model_name="memory",
            index=models.Index(fields=["user", "revision"], name="memory_changes"),
        ),
        migrations.RunSQL(REVISIONS, reverse_sql=NO_REVISIONS),
    ]
