from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    default_auto_field = "django.db.models.BigAutoField"
