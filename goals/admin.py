"""Admin of the goals app: goals with their milestones and missions, sessions, activity, and
progress: streak milestones, consistency snapshots and clocks, nudge outcomes, insights and
highlight reels."""

from __future__ import annotations

from django.contrib import admin
from unfold.admin import TabularInline

from delight.admin_display import StaffAdmin
from goals.models import (
    ActivityEvent,
    ConsistencyClock,
    ConsistencySnapshot,
    Goal,
    Habit,
    HabitCheckIn,
    HighlightReel,
    Milestone,
    Mission,
    MissionSession,
    NudgeOutcome,
    ProgressInsight,
    StreakMilestone,
)


class MilestoneInline(TabularInline):
    model = Milestone
    extra = 0
    fields = ("position", "title", "description")


class MissionInline(TabularInline):
    model = Mission
    extra = 0
    fields = ("position", "milestone", "title", "estimated_minutes", "energy", "status")
    show_change_link = True


@admin.register(Goal)
class GoalAdmin(StaffAdmin):
    list_display = ("title", "user", "category", "status", "decomposition_status", "created_at")
    list_filter = ("status", "category", "decomposition_status")
    search_fields = ("title", "description", "user__username")
    raw_id_fields = ("user",)
    readonly_fields = ("decomposition_attempts", "decomposition_started_at", "created_at")
    inlines = [MilestoneInline, MissionInline]


@admin.register(Mission)
class MissionAdmin(StaffAdmin):
    list_display = ("title", "user", "goal", "category", "energy", "status", "priority_score")
    list_filter = ("status", "category", "energy", "is_special", "from_plan")
    search_fields = ("title", "goal__title", "user__username")
    raw_id_fields = ("user", "goal", "milestone")


@admin.register(MissionSession)
class MissionSessionAdmin(StaffAdmin):
    list_display = ("mission", "user", "status", "started_at", "planned_minutes", "actual_minutes")
    list_filter = ("status",)
    search_fields = ("mission__title", "user__username")
    raw_id_fields = ("user", "mission")


@admin.register(ActivityEvent)
class ActivityEventAdmin(StaffAdmin):
    list_display = ("kind", "user", "local_date", "category", "occurred_at")
    list_filter = ("kind", "category")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "goal", "mission", "session")
    date_hierarchy = "occurred_at"


@admin.register(StreakMilestone)
class StreakMilestoneAdmin(StaffAdmin):
    list_display = ("user", "days", "category", "reached_on", "created_at")
    list_filter = ("days", "category")
    search_fields = ("user__username",)
    readonly_fields = ("created_at",)


@admin.register(ConsistencySnapshot)
class ConsistencySnapshotAdmin(StaffAdmin):
    list_display = ("user", "date", "value", "strength", "completion", "engagement", "streak")
    list_filter = ("active", "frozen")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    date_hierarchy = "date"
    readonly_fields = ("created_at",)


@admin.register(ConsistencyClock)
class ConsistencyClockAdmin(StaffAdmin):
    list_display = ("user", "due_at", "claimed_until")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(NudgeOutcome)
class NudgeOutcomeAdmin(StaffAdmin):
    list_display = ("user", "sent_at", "answered_at")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(ProgressInsight)
class ProgressInsightAdmin(StaffAdmin):
    list_display = ("text", "user", "kind", "source", "created_at")
    list_filter = ("kind", "source")
    search_fields = ("text", "user__username")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)


@admin.register(HighlightReel)
class HighlightReelAdmin(StaffAdmin):
    list_display = ("title", "user", "trigger", "starts_on", "ends_on", "created_at")
    list_filter = ("trigger",)
    search_fields = ("title", "user__username")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)


class HabitCheckInInline(TabularInline):
    model = HabitCheckIn
    fields = ("day", "state", "value", "note")
    extra = 0


@admin.register(Habit)
class HabitAdmin(StaffAdmin):
    list_display = ("title", "user", "category", "schedule", "status", "start_date", "created_at")
    list_filter = ("status", "schedule", "category")
    search_fields = ("title", "user__username")
    raw_id_fields = ("user", "goal")
    inlines = [HabitCheckInInline]
