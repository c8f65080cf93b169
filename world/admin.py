"""Admin of the world app: staff edit zones (rules validated); user states are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from delight.admin_display import StaffAdmin
from world import services
from world.models import UserWorldSchedule, UserZoneState, Zone


@admin.register(Zone)
class ZoneAdmin(StaffAdmin):
    list_display = ("name", "slug", "categories", "rules", "position")
    prepopulated_fields = {"slug": ("name",)}
    ordering = ("position", "slug")

    def save_model(self, request: HttpRequest, obj: Zone, form: Any, change: bool) -> None:
        """Saving runs ``full_clean`` (the form already did); then every user is re-checked."""
        super().save_model(request, obj, form, change)
        services.zones_mark_all_due()


class ReadOnlyAdmin(StaffAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(UserZoneState)
class UserZoneStateAdmin(ReadOnlyAdmin):
    list_display = ("user", "zone", "is_open", "reason", "next_change_at", "changed_at")
    list_filter = ("zone", "is_open")
    search_fields = ("user__username",)
    list_select_related = ("user", "zone")


@admin.register(UserWorldSchedule)
class UserWorldScheduleAdmin(ReadOnlyAdmin):
    list_display = ("user", "next_change_at", "evaluated_at")
    search_fields = ("user__username",)
    list_select_related = ("user",)
