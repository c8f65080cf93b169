"""Admin of the nudges app: every notification given (a person's history: filter by user)
and the push subscriptions of their browsers."""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from unfold.admin import ModelAdmin

from nudges.models import Notification, PushSubscription


@admin.register(Notification)
class NotificationAdmin(ModelAdmin):
    list_display = ("title", "user", "kind", "state", "created_at", "read_at")
    list_filter = ("kind", "state")
    search_fields = ("title", "body", "user__username", "key")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)
    date_hierarchy = "created_at"


@admin.register(PushSubscription)
class PushSubscriptionAdmin(ModelAdmin):
    list_display = ("user", "endpoint", "created_at", "last_ok_at", "failures")
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # push services are https
    search_fields = ("user__username", "endpoint")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)
