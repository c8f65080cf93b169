"""Admin of the narrative app. Essence and quests: the ledger, the balances kept, the daily
check's mismatches and the quest unlocks, all read-only (what happened is never edited)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest
from unfold.admin import ModelAdmin

from narrative.models import EssenceAccount, EssenceEntry, EssenceMismatch, QuestUnlock


class ReadOnlyAdmin(ModelAdmin):
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
