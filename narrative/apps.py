from django.apps import AppConfig


class NarrativeConfig(AppConfig):
    name = "narrative"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from narrative import (
            panels,  # noqa: F401  (registers its panel on Home)
            receivers,  # noqa: F401  (connects to goals' news)
        )
