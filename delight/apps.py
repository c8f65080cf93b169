from django.apps import AppConfig


class DelightConfig(AppConfig):
    name = "delight"
    verbose_name = "Delight"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.conf import settings
        from django.db.models.signals import post_migrate
        from django_q.signals import post_spawn
        from threadpoolctl import threadpool_limits

        from delight import schedules, tasks

        post_migrate.connect(schedules.ensure_schedules, sender=self)
        # A worker reports as soon as it starts, not only at its first scheduled beat.
        post_spawn.connect(tasks.heartbeat_on_spawn, dispatch_uid="delight-heartbeat")
        post_spawn.connect(schedules.tick_on_spawn, dispatch_uid="delight-schedule-tick")
        # At run time, not by environment variable: numpy may be imported before settings.
        threadpool_limits(limits=settings.BLAS_THREADS, user_api="blas")
