from __future__ import annotations

from django.apps import AppConfig
from django.db.models.signals import post_migrate


class NarrativeConfig(AppConfig):
    name = "narrative"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from narrative import panels, tools  # noqa: F401  (register Home's panel, Eliza's tool)
        from narrative.receivers import install_default_scenario  # also connects goals' news

        # After migrations the default scenario is there: a fresh database has a story world.
        post_migrate.connect(install_default_scenario, sender=self)
