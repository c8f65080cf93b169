from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from companion import tools  # noqa: F401  (registers Eliza's memory and emotion tools)
