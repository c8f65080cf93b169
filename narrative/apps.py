from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _install_default_scenario(sender: AppConfig, **kwargs: Any) -> None:
    """After migrations, the default scenario is there (a fresh database has a story world)."""
    from narrative.services import scenario_install_default  # models are ready only now

    scenario_install_default()


class NarrativeConfig(AppConfig):
    name = "narrative"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from narrative import panels  # noqa: F401  (registers its panel on Home)

        post_migrate.connect(_install_default_scenario, sender=self)
