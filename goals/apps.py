from django.apps import AppConfig


class GoalsConfig(AppConfig):
    name = "goals"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from goals import (
            panels,  # noqa: F401  (registers its panels on Home)
            tools,  # noqa: F401  (registers Eliza's goals and missions tools)
        )
