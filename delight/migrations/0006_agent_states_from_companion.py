"""Agent states and checkpoints move from companion to the kernel, rows and tables as they
are: only Django's view of them changes (companion.0018 forgets them), and their content
types follow so that staff permissions and admin history stay attached."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


MOVED = ("agentstate", "agentcheckpoint")


def _content_types_move(apps, *, source: str, target: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label=source, model__in=MOVED).update(app_label=target)


def _content_types_to_kernel(apps, schema_editor) -> None:
    _content_types_move(apps, source="companion", target="delight")


def _content_types_to_companion(apps, schema_editor) -> None:
    _content_types_move(apps, source="delight", target="companion")


class Migration(migrations.Migration):

    dependencies = [
        ('delight', '0005_nudges_paused'),
        ('companion', '0017_memory_valid_from_to'),  # the tables exist
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.RunPython(_content_types_to_kernel, _content_types_to_companion),
        migrations.SeparateDatabaseAndState(state_operations=[
        migrations.CreateModel(
            name='AgentState',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('session_id', models.UUIDField()),
                ('agent_type', models.CharField(choices=[('eliza', 'Eliza'), ('narrator', 'The narrator (story beats)')], default='eliza', max_length=20)),
                ('current_node', models.CharField(blank=True, max_length=40)),
                ('current_turn', models.CharField(blank=True, max_length=64)),
                ('conversation_state', models.CharField(default='idle', max_length=20)),
                ('pending_slot', models.CharField(blank=True, max_length=40)),
                ('state_data', models.JSONField(blank=True, default=dict)),
                ('schema_version', models.PositiveSmallIntegerField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='agent_states', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'db_table': 'companion_agentstate',
            },
        ),
        migrations.CreateModel(
            name='AgentCheckpoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('turn_id', models.CharField(max_length=64)),
                ('node', models.CharField(max_length=40)),
                ('seq', models.PositiveIntegerField()),
                ('state', models.JSONField()),
                ('checksum', models.CharField(max_length=64)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('agent_state', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='checkpoints', to='delight.agentstate')),
            ],
            options={
                'db_table': 'companion_agentcheckpoint',
                'ordering': ['turn_id', 'seq'],
            },
        ),
        migrations.AddConstraint(
            model_name='agentstate',
            constraint=models.UniqueConstraint(fields=('user', 'session_id', 'agent_type'), name='agent_state_per_session'),
        ),
        migrations.AddConstraint(
            model_name='agentcheckpoint',
            constraint=models.UniqueConstraint(fields=('agent_state', 'turn_id', 'seq'), name='checkpoint_seq_per_turn'),
        ),
        ]),
    ]
