"""Agent states and checkpoints are the kernel's now (delight.0006): forgotten here, tables
kept."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0017_memory_valid_from_to'),
        ('delight', '0006_agent_states_from_companion'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
        migrations.RemoveField(
            model_name='agentstate',
            name='user',
        ),
        migrations.DeleteModel(
            name='AgentCheckpoint',
        ),
        migrations.DeleteModel(
            name='AgentState',
        ),
        ]),
    ]
