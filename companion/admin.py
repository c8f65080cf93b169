"""Staff view of memories: filters, search, history; never the raw vectors."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from companion import services
from companion.models import Actor, AgentCheckpoint, AgentState, Memory, MemoryChange
from companion.selectors import EXPORT_FIELDS


class MemoryChangeInline(admin.TabularInline):
    model = MemoryChange
    fields = ("created_at", "kind", "actor", "old_content", "new_content")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Memory | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Memory | None = None) -> bool:
        return False


@admin.register(Memory)
class MemoryAdmin(admin.ModelAdmin):
    list_display = ("content", "user", "tier", "source", "confidence", "active", "updated_at")
    list_filter = ("tier", "source", "active", "embedder")
    search_fields = ("content", "key", "user__username")
    list_select_related = ("user",)
    # Vectors are derived data and unreadable: the embedder's name is what staff need.
    exclude = ("embedding",)
    # What the person sees in their export, with links in place of raw ids.
    readonly_fields = ("user", *(name.removesuffix("_id") for name in EXPORT_FIELDS[1:]))
    inlines = (MemoryChangeInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Memory]:
        return super().get_queryset(request).defer("embedding", "search_vector")

    def has_add_permission(self, request: HttpRequest) -> bool:
        # Memories are written by Eliza and by their owner; a staff-made fact has no author.
        return False

    def delete_model(self, request: HttpRequest, obj: Memory) -> None:
        services.memory_delete(memory=obj, user=obj.user, actor=Actor.STAFF)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Memory]) -> None:
        # Deleting a memory also deletes the versions it superseded: skip those already gone.
        for pk in list(queryset.values_list("pk", flat=True)):
            memory = Memory.objects.select_related("user").filter(pk=pk).first()
            if memory is not None:
                services.memory_delete(memory=memory, user=memory.user, actor=Actor.STAFF)


@admin.register(MemoryChange)
class MemoryChangeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "actor", "user", "memory_ref")
    list_filter = ("kind", "actor")
    search_fields = ("user__username",)
    readonly_fields = (
        "memory",
        "user",
        "memory_ref",
        "kind",
        "old_content",
        "new_content",
        "actor",
        "created_at",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: MemoryChange | None = None) -> bool:
        return False


class AgentCheckpointInline(admin.TabularInline):
    """The turn timeline: one row per node, in order."""

    model = AgentCheckpoint
    fields = ("turn_id", "seq", "node", "created_at", "checksum")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("-created_at", "-seq")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AgentState)
class AgentStateAdmin(admin.ModelAdmin):
    list_display = ("user", "agent_type", "session_id", "current_node", "conversation_state",
                    "updated_at")  # fmt: skip
    list_filter = ("agent_type", "conversation_state")
    search_fields = ("user__username", "session_id")
    list_select_related = ("user",)
    readonly_fields = [field.name for field in AgentState._meta.fields]
    inlines = (AgentCheckpointInline,)


@admin.register(AgentCheckpoint)
class AgentCheckpointAdmin(admin.ModelAdmin):
    """One checkpoint with its full state, for staff reading what a turn knew."""

    list_display = ("turn_id", "seq", "node", "agent_state", "created_at")
    list_filter = ("node",)
    search_fields = ("turn_id", "agent_state__user__username")
    readonly_fields = [field.name for field in AgentCheckpoint._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
