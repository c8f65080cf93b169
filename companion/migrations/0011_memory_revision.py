# A person's memories get a revision that PostgreSQL keeps (see models.MemoryRevision), so a
# process can keep a copy of a big person's sketches and know, with one primary-key read,
# whether it is current and which memories changed since (companion.sketches).
#
# Why the locking order matters: the revision is taken from the sequence only once the
# person's MemoryRevision row is locked (in ON CONFLICT DO UPDATE and in UPDATE, the new
# value is computed after the lock), and the lock is held until commit. So two transactions
# writing one person's memories get their revisions in commit order, and "the memories
# stamped after revision r" is exactly what changed since a snapshot that saw r.
#
# Why once per transaction and statement: a transaction takes the person's revision at its
# first write (remembered in a transaction-local setting, which a rolled-back savepoint
# also rolls back) and stamps all its rows with it; counts and deletes are applied once per
# statement from its transition table. Updating the one revision row for every row written
# would leave a chain of dead versions of it in a big transaction (a bulk import, or deleting
# a person's 100,000 memories), each update walking the whole chain.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

REVISIONS = """
CREATE SEQUENCE companion_memory_revision;

CREATE FUNCTION memory_revision_of(person bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    remembered text := current_setting('delight.memory_revision_' || person, true);
    taken bigint;
BEGIN
    IF remembered <> '' THEN
        RETURN remembered::bigint;
    END IF;
    INSERT INTO companion_memoryrevision AS mine (user_id, revision, deletions, memories)
    VALUES (person, nextval('companion_memory_revision'), 0, 0)
    ON CONFLICT (user_id) DO UPDATE SET revision = nextval('companion_memory_revision')
    RETURNING mine.revision INTO taken;
    PERFORM set_config('delight.memory_revision_' || person, taken::text, true);
    RETURN taken;
END $$;

CREATE FUNCTION memory_revise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
        -- A memory, and its history, belong to one person for good.
        RAISE EXCEPTION 'memory % cannot move to another person', OLD.id
            USING ERRCODE = 'check_violation';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.active = OLD.active AND NEW.tier = OLD.tier
       AND NEW.embedder = OLD.embedder AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at
       AND NEW.embedding = OLD.embedding THEN
        NEW.revision := OLD.revision;  -- the database owns this column
        RETURN NEW;
    END IF;
    NEW.revision := memory_revision_of(NEW.user_id);
    RETURN NEW;
END $$;

CREATE FUNCTION memory_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE companion_memoryrevision mine SET memories = mine.memories + added.n
    FROM (SELECT user_id, count(*) AS n FROM added_rows GROUP BY user_id) added
    WHERE mine.user_id = added.user_id;
    RETURN NULL;
END $$;

CREATE FUNCTION memory_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE companion_memoryrevision mine
    SET revision = nextval('companion_memory_revision'), deletions = mine.deletions + 1,
        memories = mine.memories - removed.n
    FROM (SELECT user_id, count(*) AS n FROM removed_rows GROUP BY user_id) removed
    WHERE mine.user_id = removed.user_id;
    RETURN NULL;
END $$;

CREATE FUNCTION memory_forget_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE companion_memoryrevision
    SET revision = nextval('companion_memory_revision'), deletions = deletions + 1, memories = 0;
    RETURN NULL;
END $$;

CREATE TRIGGER memory_revise BEFORE INSERT OR UPDATE ON companion_memory
    FOR EACH ROW EXECUTE FUNCTION memory_revise();
CREATE TRIGGER memory_count_added AFTER INSERT ON companion_memory
    REFERENCING NEW TABLE AS added_rows
    FOR EACH STATEMENT EXECUTE FUNCTION memory_count_added();
CREATE TRIGGER memory_forget AFTER DELETE ON companion_memory
    REFERENCING OLD TABLE AS removed_rows
    FOR EACH STATEMENT EXECUTE FUNCTION memory_forget();
CREATE TRIGGER memory_forget_all AFTER TRUNCATE ON companion_memory
    FOR EACH STATEMENT EXECUTE FUNCTION memory_forget_all();

INSERT INTO companion_memoryrevision (user_id, revision, deletions, memories)
SELECT user_id, nextval('companion_memory_revision'), 0, count(*)
FROM companion_memory GROUP BY user_id;
"""

NO_REVISIONS = """
DROP TRIGGER IF EXISTS memory_forget_all ON companion_memory;
DROP TRIGGER IF EXISTS memory_forget ON companion_memory;
DROP TRIGGER IF EXISTS memory_count_added ON companion_memory;
DROP TRIGGER IF EXISTS memory_revise ON companion_memory;
DROP FUNCTION IF EXISTS memory_forget_all();
DROP FUNCTION IF EXISTS memory_forget();
DROP FUNCTION IF EXISTS memory_count_added();
DROP FUNCTION IF EXISTS memory_revise();
DROP FUNCTION IF EXISTS memory_revision_of(bigint);
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
