from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin as BaseGroupAdmin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.contrib.auth.models import Group
from unfold.forms import AdminPasswordChangeForm, UserChangeForm, UserCreationForm

from delight.admin_display import StaffAdmin
from delight.models import AICall, User, WorkerHeartbeat


@admin.register(User)
class UserAdmin(BaseUserAdmin, StaffAdmin):
    # The theme's forms: Django's own, with its widgets.
    form = UserChangeForm
    add_form = UserCreationForm
    change_password_form = AdminPasswordChangeForm
    list_display = ("username", "email", "timezone", "onboarding_step", "is_staff", "date_joined")
    list_filter = (*BaseUserAdmin.list_filter, "onboarding_step", "email_opt_in")
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        ("Clock", {"fields": ("timezone", "day_start_hour", "productive_start", "productive_end")}),
        (
            "Notifications",
            {
                "fields": (
                    "email_opt_in",
                    "second_channel_opt_in",
                    "quiet_hours_start",
                    "quiet_hours_end",
                    "daily_nudge_max",
                )
            },
        ),
        ("Onboarding", {"fields": ("onboarding_step",)}),
    )


admin.site.unregister(Group)


@admin.register(Group)
class GroupAdmin(BaseGroupAdmin, StaffAdmin):
    """Django's groups, in the theme (re-registered, as the theme asks)."""


@admin.register(WorkerHeartbeat)
class WorkerHeartbeatAdmin(StaffAdmin):
    list_display = ("name", "beat_at")
    readonly_fields = ("name", "beat_at")


@admin.register(AICall)
class AICallAdmin(StaffAdmin):
    list_display = ("created_at", "provider", "model", "purpose", "ok", "attempts", "cost_usd")
    list_filter = ("provider", "purpose", "ok")
    readonly_fields = [field.name for field in AICall._meta.fields]
