from django.apps import AppConfig


class NudgesConfig(AppConfig):
    name = "nudges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from nudges import panels  # noqa: F401  (registers its panel on Home)
