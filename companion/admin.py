"""Staff views: memories (filters, search, history; never the raw vectors), agent states
with their per-turn timelines, conversations and their figures, turns (with a sandboxed
replay), crisis events to review, and learned profiles."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from unfold.admin import TabularInline

from companion import conversations, services
from companion.dialogue import ConversationState
from companion.models import (
    Actor,
    CompanionProfile,
    Conversation,
    CrisisEvent,
    Memory,
    MemoryChange,
    Turn,
)
from companion.selectors import EXPORT_FIELDS, UNREAD
from companion.turn import GRAPH, answer_of
from delight.admin_display import StaffAdmin, json_field, readable_fields, trace_table
from delight.models import AgentCheckpoint, AgentState
from delight.requests import PersonRequest
from delight.runner import RunnerError


class MemoryChangeInline(TabularInline):
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
class MemoryAdmin(StaffAdmin):
    list_display = ("content", "user", "tier", "source", "confidence", "active", "updated_at")
    list_filter = ("tier", "source", "active", "embedder")
    search_fields = ("content", "key", "user__username")
    list_select_related = ("user",)
    # Vectors are derived data and unreadable: the embedder's name is what staff need.
    # Metadata is shown readable below instead of as an editable box.
    exclude = ("embedding", "context_embedding", "metadata")
    # What the person sees in their export, with links in place of raw ids.
    readonly_fields = (
        "user",
        *(
            json_field(name) if name == "metadata" else name.removesuffix("_id")
            for name in EXPORT_FIELDS[1:]
        ),
    )
    inlines = (MemoryChangeInline,)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Memory]:
        return super().get_queryset(request).defer(*UNREAD)

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
class MemoryChangeAdmin(StaffAdmin):
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


class AgentCheckpointInline(TabularInline):
    """The turn timeline: one row per checkpoint, in order; a row also covers the nodes
    before it that keep no checkpoint of their own (recall, reason: they only read)."""

    model = AgentCheckpoint
    fields = ("turn", "seq", "node", "duration", "changed", "created_at", "short_checksum")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True  # the checkpoint's own page has the full ids and its state
    ordering = ("-created_at", "-seq")

    # Ids shortened, the whole in a tooltip: 64-character values pushed every other column
    # off a phone's screen.
    @admin.display(description="turn")
    def turn(self, checkpoint: AgentCheckpoint) -> str:
        return _shortened(checkpoint.turn_id, 8)

    @admin.display(description="checksum")
    def short_checksum(self, checkpoint: AgentCheckpoint) -> str:
        return _shortened(checkpoint.checksum, 12)

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="ms")
    def duration(self, checkpoint: AgentCheckpoint) -> str:
        entries = _covered(checkpoint)
        return f"{sum(e['ms'] for e in entries):.1f}" if entries else "-"

    @admin.display(description="what changed")
    def changed(self, checkpoint: AgentCheckpoint) -> str:
        """The keys each node it covers produced, and its note or error (a skipped recall, a
        cut), named by node when it covers several."""
        outputs = checkpoint.state.get("outputs") or {}
        entries = _covered(checkpoint)
        said = []
        for entry in entries:
            parts = [", ".join(sorted(outputs.get(entry["node"]) or {})) or "nothing"]
            parts += [entry[key] for key in ("error", "note") if entry.get(key)]
            named = f"{entry['node']}: " if len(entries) > 1 else ""
            said.append(named + " · ".join(parts))
        return " | ".join(said) or "nothing"


def _shortened(value: str, length: int) -> str:
    return format_html('<span title="{}">{}…</span>', value, value[:length])


def _covered(checkpoint: AgentCheckpoint) -> list[dict[str, Any]]:
    """The trace entries a checkpoint stands for: its node's last run, and the runs just
    before it of nodes that keep no checkpoint (oldest first)."""
    trace = checkpoint.state.get("trace") or []
    ends = [n for n, e in enumerate(trace) if e.get("node") == checkpoint.node]
    if not ends:
        return []
    start = ends[-1]
    while start > 0 and not _checkpointed(trace[start - 1].get("node", "")):
        start -= 1
    return trace[start : ends[-1] + 1]


def _checkpointed(node: str) -> bool:
    return node not in GRAPH.nodes or GRAPH.nodes[node].checkpoint


# The dialogue manager's states (seed 001) in words: the kernel keeps the agent state's
# column without knowing them.
CONVERSATION_STATES = {
    state.value: state.value.replace("_", " ").capitalize() for state in ConversationState
}


@admin.display(description="conversation state", ordering="conversation_state")
def conversation(agent_state: AgentState) -> str:
    state = agent_state.conversation_state
    return CONVERSATION_STATES.get(state, state)


class ConversationStateFilter(admin.SimpleListFilter):
    title = "conversation state"
    parameter_name = "conversation_state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(CONVERSATION_STATES.items())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        return queryset.filter(conversation_state=self.value()) if self.value() else queryset


@admin.register(AgentState)
class AgentStateAdmin(StaffAdmin):
    list_display = ("user", "agent_type", "session_id", "current_node", conversation, "updated_at")
    list_filter = ("agent_type", ConversationStateFilter)
    search_fields = ("user__username", "session_id")
    list_select_related = ("user",)
    fields = readonly_fields = [
        conversation if name == "conversation_state" else name
        for name in readable_fields(AgentState)
    ]
    inlines = (AgentCheckpointInline,)


@admin.register(AgentCheckpoint)
class AgentCheckpointAdmin(StaffAdmin):
    """One checkpoint with its full state, for staff reading what a turn knew."""

    list_display = ("turn_id", "seq", "node", "agent_state", "created_at")
    list_filter = ("node",)
    search_fields = ("turn_id", "agent_state__user__username")
    fields = readonly_fields = readable_fields(AgentCheckpoint)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


class TurnInline(TabularInline):
    model = Turn
    fields = ("created_at", "text", "reply", "status")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Conversation)
class ConversationAdmin(StaffAdmin):
    """A session and its figures: messages, tokens, cost, tool calls, response times."""

    list_display = ("id", "user", "title", "turns", "tokens", "cost_usd", "tool_calls",
                    "tool_success_rate", "average_response_ms", "crisis_turns",
                    "last_message_at")  # fmt: skip
    list_filter = ("created_at",)
    search_fields = ("user__username", "title", "id")
    list_select_related = ("user",)
    readonly_fields = [field.name for field in Conversation._meta.fields]
    inlines = (TurnInline,)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


_TURN_RESULT = json_field("result", "the whole answer")


@admin.register(Turn)
class TurnAdmin(StaffAdmin):
    list_display = ("created_at", "user", "text", "status", "conversation")
    list_filter = ("status",)
    search_fields = ("user__username", "text", "id", "idempotency_key")
    list_select_related = ("user",)
    fieldsets = (
        (None, {"fields": ("id", "conversation", "user", "idempotency_key", "status",
                           "created_at", "finished_at", "text", "reply")}),
        ("Timeline", {"fields": ("timeline",)}),
        ("Result", {"fields": (_TURN_RESULT,)}),
    )  # fmt: skip
    readonly_fields = flatten_fieldsets(fieldsets)
    change_form_template = "admin/companion/turn/change_form.html"

    @admin.display(description="nodes")
    def timeline(self, turn: Turn) -> str:
        """Each node of the turn in order: when it started, how long it took, as a bar."""
        return trace_table(turn.result.get("trace"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_urls(self) -> list:
        replay = self.admin_site.admin_view(self.replay_view)
        return [
            path("<uuid:turn_id>/replay/", replay, name="companion_turn_replay"),
            *super().get_urls(),
        ]

    def replay_view(self, request: HttpRequest, turn_id: Any) -> HttpResponse:
        """Re-run a past turn from a node with the current code, in a sandbox (no writes)."""
        turn = self.get_object(request, str(turn_id))
        if turn is None:
            raise Http404("No such turn.")
        from_node = request.GET.get("from", GRAPH.start)
        context = {**self.admin_site.each_context(request), "turn": turn, "from_node": from_node,
                   "nodes": [entry["node"] for entry in turn.result.get("trace", [])],
                   "title": f"Replay of a turn from {from_node}",
                   "timeline": trace_table(turn.result.get("trace"))}  # fmt: skip
        try:
            replayed = conversations.turn_replay(turn=turn, from_node=from_node)
        except (ValidationError, RunnerError, AgentState.DoesNotExist) as failed:
            context["failure"] = str(failed)
        else:
            context["replayed"] = replayed
            context["replayed_timeline"] = trace_table(replayed.trace)
            context["replay_reply"] = answer_of(replayed).get("reply", "")
        return TemplateResponse(request, "admin/companion/turn/replay.html", context)


@admin.register(CrisisEvent)
class CrisisEventAdmin(StaffAdmin):
    """Crisis turns for staff to review; the newest unreviewed first."""

    list_display = ("created_at", "user", "level", "reason", "reviewed_at", "reviewed_by")
    list_filter = ("level", ("reviewed_at", admin.EmptyFieldListFilter))
    search_fields = ("user__username", "reason")
    list_select_related = ("user", "reviewed_by")
    readonly_fields = ("user", "conversation", "turn", "level", "reason", json_field("matched"),
                       "created_at", "reviewed_at", "reviewed_by", "message")  # fmt: skip
    fields = (*readonly_fields, "staff_note")
    actions = ("mark_reviewed",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="what they wrote")
    def message(self, event: CrisisEvent) -> str:
        return event.turn.text

    @admin.action(description="Mark as reviewed")
    def mark_reviewed(self, request: PersonRequest, queryset: QuerySet[CrisisEvent]) -> None:
        reviewed = services.crisis_events_review(events=queryset, staff=request.user)
        self.message_user(request, f"{reviewed} crisis event(s) marked as reviewed.")


@admin.register(CompanionProfile)
class CompanionProfileAdmin(StaffAdmin):
    list_display = (
        "user",
        "name",
        "occupation",
        "location",
        "communication_style",
        "style_chosen",
        "updated_at",
    )
    search_fields = ("user__username", "name", "occupation")
    readonly_fields = ("user", "updated_at")
