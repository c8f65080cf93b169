"""What the narrative app reacts to."""

from __future__ import annotations

from typing import Any

from django.apps import AppConfig

from narrative.services import scenario_install_default


def install_default_scenario(sender: AppConfig, **kwargs: Any) -> None:
    """post_migrate: install the default scenario unless there is one."""
    scenario_install_default()
