"""Admin of the nudges app: every notification given (a person's history: filter by user),
the push subscriptions of their browsers, the scheduled nudges with each try, and each
person's presence with a link to their nudge history."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.urls import reverse
from django.utils.html import format_html
from unfold.admin import TabularInline

from delight.admin_display import StaffAdmin
from nudges.models import Notification, Presence, PushSubscription, ScheduledSend, SendAttempt


@admin.register(Notification)
class NotificationAdmin(StaffAdmin):
    list_display = ("title", "user", "kind", "state", "created_at", "read_at")
    list_filter = ("kind", "state")
    search_fields = ("title", "body", "user__username", "key")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)
    date_hierarchy = "created_at"


@admin.register(PushSubscription)
class PushSubscriptionAdmin(StaffAdmin):
    list_display = ("user", "endpoint", "created_at", "last_ok_at", "failures")
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # push services are https
    search_fields = ("user__username", "endpoint")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)


class SendAttemptInline(TabularInline):
    model = SendAttempt
    fields = ("at", "channel", "ok", "error")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # tries are what happened: staff read them, never write them


@admin.register(ScheduledSend)
class ScheduledSendAdmin(StaffAdmin):
    list_display = ("user", "step", "channel", "state", "due_utc", "attempts", "sent_at")
    list_filter = ("state", "step", "channel")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "notification")
    readonly_fields = ("created_at", "sent_at", "claimed_until", "attempts", "notification")
    date_hierarchy = "due_at"
    inlines = (SendAttemptInline,)

    @admin.display(description="Due (UTC)", ordering="due_at")
    def due_utc(self, send: ScheduledSend) -> str:
        return f"{send.due_at:%Y-%m-%d %H:%M} UTC"


@admin.register(Presence)
class PresenceAdmin(StaffAdmin):
    list_display = ("user", "last_active_at", "nudges_planned", "came_back_at", "nudge_history")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    list_filter = ("nudges_planned",)

    @admin.display(description="Nudges")
    def nudge_history(self, presence: Presence) -> str:
        """Every nudge planned for the person, newest first (the sends list, filtered)."""
        link = reverse("admin:nudges_scheduledsend_changelist")
        return format_html('<a href="{}?user__id__exact={}">History</a>', link, presence.user_id)
