from django.apps import AppConfig


class NarrativeConfig(AppConfig):
    name = "narrative"
    default_auto_field = "django.db.models.BigAutoField"
