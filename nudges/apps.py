from django.apps import AppConfig


class NudgesConfig(AppConfig):
    name = "nudges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from nudges import (
            bar,  # noqa: F401  (registers the bell in the top bar)
            panels,  # noqa: F401  (registers its panel on Home)
            receivers,  # noqa: F401  (notifications for the other apps' news)
        )
