from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Django's way: connect receivers and register tools once the apps are loaded.
        from companion import receivers, tools  # noqa: F401
        from companion.nudge_details import nudge_detail_for
        from delight.details import detail_finder_register

        detail_finder_register(nudge_detail_for)
