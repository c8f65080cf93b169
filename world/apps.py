from django.apps import AppConfig


class WorldConfig(AppConfig):
    name = "world"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from world import (
            panels,  # noqa: F401  (registers its panel on Home)
            tools,  # noqa: F401  (registers Eliza's world tool)
        )
