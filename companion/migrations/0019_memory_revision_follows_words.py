# A memory's words are in a process's copy now (companion.sketches ranks the words list
# there): a change of its content takes a new revision, like a change of its vector, so the
# copy follows it. Only memory_revise changes: the comparison gains the content.

from django.db import migrations

REVISE = """
CREATE OR REPLACE FUNCTION memory_revise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id THEN
        -- A memory, and its history, belong to one person for good.
        RAISE EXCEPTION 'memory % cannot move to another person', OLD.id
            USING ERRCODE = 'check_violation';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.active = OLD.active AND NEW.tier = OLD.tier
       AND NEW.embedder = OLD.embedder AND NEW.expires_at IS NOT DISTINCT FROM OLD.expires_at
       AND NEW.embedding = OLD.embedding{content} THEN
        NEW.revision := OLD.revision;  -- the database owns this column
        RETURN NEW;
    END IF;
    NEW.revision := memory_revision_of(NEW.user_id);
    RETURN NEW;
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("companion", "0018_agent_states_to_kernel")]

    operations = [
        migrations.RunSQL(
            REVISE.format(content=" AND NEW.content = OLD.content"),
            reverse_sql=REVISE.format(content=""),
        )
    ]
