from django.apps import AppConfig


class NudgesConfig(AppConfig):
    name = "nudges"
    default_auto_field = "django.db.models.BigAutoField"
