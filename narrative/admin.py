"""Admin of the narrative app: staff edit scenarios (checked on save); stories, their
entities and their facts are read-only, the facts as each story's timeline; the Essence
ledger, the balances kept and the quests unlocked, read-only; the beats, read-only, with
what each cites (provenance), every draft tried and what the world refused of it."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest
from unfold.admin import TabularInline

from delight.admin_display import StaffAdmin
from narrative.models import (
    Beat,
    BeatTrigger,
    Entity,
    EssenceAccount,
    EssenceEntry,
    EssenceMismatch,
    Fact,
    QuestUnlock,
    Scenario,
    Story,
)


@admin.register(Scenario)
class ScenarioAdmin(StaffAdmin):
    list_display = ("title", "key", "is_default", "updated_at")
    prepopulated_fields = {"key": ("title",)}


class ReadOnly:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TimelineInline(ReadOnly, TabularInline):
    """The story's world timeline: every fact in the order it became true."""

    model = Fact
    fields = ("valid_from", "subject", "relation", "object", "valid_to")
    readonly_fields = fields
    ordering = ("valid_from", "pk")
    extra = 0
    verbose_name_plural = "timeline"

    def get_queryset(self, request: HttpRequest) -> Any:
        return super().get_queryset(request).select_related("subject", "object")


@admin.register(Story)
class StoryAdmin(ReadOnly, StaffAdmin):
    list_display = ("user", "scenario", "act", "chapter", "started_at")
    search_fields = ("user__username",)
    list_select_related = ("user", "scenario")
    inlines = (TimelineInline,)


@admin.register(Entity)
class EntityAdmin(ReadOnly, StaffAdmin):
    list_display = ("name", "kind", "key", "story", "introduced_at", "left_at")
    list_filter = ("kind",)
    search_fields = ("name", "key", "story__user__username")
    list_select_related = ("story__user", "story__scenario")


@admin.register(Fact)
class FactAdmin(ReadOnly, StaffAdmin):
    list_display = ("valid_from", "subject", "relation", "object", "valid_to", "story")
    list_filter = ("relation",)
    search_fields = ("story__user__username", "subject__name", "object__name")
    ordering = ("story", "valid_from", "pk")
    list_select_related = ("story__user", "story__scenario", "subject", "object")


class ReadOnlyAdmin(StaffAdmin):
    """Staff read these rows; the services alone write them (the ledger is append-only)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(EssenceEntry)
class EssenceEntryAdmin(ReadOnlyAdmin):
    list_display = ("user", "amount", "kind", "key", "note", "created_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "key", "note")
    date_hierarchy = "created_at"


@admin.register(EssenceAccount)
class EssenceAccountAdmin(ReadOnlyAdmin):
    list_display = ("user", "balance", "updated_at")
    search_fields = ("user__username",)


@admin.register(EssenceMismatch)
class EssenceMismatchAdmin(ReadOnlyAdmin):
    list_display = ("user", "checked_on", "balance_kept", "entries_sum")
    search_fields = ("user__username",)
    date_hierarchy = "checked_on"


@admin.register(QuestUnlock)
class QuestUnlockAdmin(ReadOnlyAdmin):
    list_display = ("user", "quest_key", "unlocked_at", "mission")
    list_filter = ("quest_key",)
    search_fields = ("user__username",)
    date_hierarchy = "unlocked_at"


class TriggerInline(ReadOnly, TabularInline):
    """What asked for the beat."""

    model = BeatTrigger
    fields = ("at", "kind", "key", "detail")
    readonly_fields = fields
    extra = 0


@admin.register(Beat)
class BeatAdmin(ReadOnlyAdmin):
    list_display = ("written_at", "user", "title", "kind", "status", "act", "chapter", "source")
    list_filter = ("status", "kind")
    search_fields = ("user__username", "title", "text")
    date_hierarchy = "requested_at"
    list_select_related = ("user",)
    inlines = (TriggerInline,)
    fieldsets = (
        (None, {"fields": ("user", "status", "kind", "title", "text", "written_at")}),
        ("Where in the story", {"fields": ("act", "chapter", "place", "choice")}),
        (
            "Grounded and checked",
            {"fields": ("provenance", "changes", "validation", "source", "failure")},
        ),
        ("The job", {"fields": ("requested_at", "claimed_until", "attempts")}),
    )
