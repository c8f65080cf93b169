"""The activity log and what is counted from it: streak milestones, the daily consistency
index and its clock, nudge outcomes, insights and highlight reels."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from delight.models import OwnedManager
from goals.models.plans import Category, Goal, Mission, MissionSession


class ActivityEvent(models.Model):
    """Something the person did, on their own calendar day (streaks and DCI read these)."""

    class Kind(models.TextChoices):
        GOAL_CREATED = "goal_created", "Goal created"
        GOAL_COMPLETED = "goal_completed", "Goal completed"
        MISSION_STARTED = "mission_started", "Mission started"
        MISSION_COMPLETED = "mission_completed", "Mission completed"
        MISSION_DEFERRED = "mission_deferred", "Mission deferred"
        MISSION_SKIPPED = "mission_skipped", "Mission skipped"
        SESSION_COMPLETED = "session_completed", "Session completed"
        TALKED = "talked", "Talked with Eliza"
        HABIT_DONE = "habit_done", "Habit done"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="activity_events"
    )
    kind = models.CharField(max_length=24, choices=Kind.choices)
    occurred_at = models.DateTimeField()
    local_date = models.DateField(help_text="The person's own day (timezone + day start).")
    # The IANA zone the person was in when it happened: a day is theirs in that zone, so
    # moving later never re-dates the past (streaks across the date line, issue 19).
    zone = models.CharField(max_length=64, default="UTC")
    category = models.CharField(max_length=12, choices=Category.choices, blank=True)
    goal = models.ForeignKey(Goal, on_delete=models.SET_NULL, null=True, blank=True)
    mission = models.ForeignKey(Mission, on_delete=models.SET_NULL, null=True, blank=True)
    session = models.ForeignKey(MissionSession, on_delete=models.SET_NULL, null=True, blank=True)
    habit = models.ForeignKey("goals.Habit", on_delete=models.SET_NULL, null=True, blank=True)
    metadata = models.JSONField(default=dict, blank=True)
    account_name: ClassVar[tuple[str, str]] = ("day of progress", "days of progress")
    objects = OwnedManager()
    # Work done, for streaks, the consistency index and insights: a mission finished or a
    # day of a habit kept.
    WORK_DONE: ClassVar[tuple[str, ...]] = (Kind.MISSION_COMPLETED, Kind.HABIT_DONE)

    class Meta:
        ordering = ["-occurred_at"]
        indexes = [
            models.Index(fields=["user", "kind", "local_date"], name="activity_user_day"),
            # The person's latest moment here (an absence ending) read from the newest back,
            # not from a year of their events spread over the table.
            models.Index(fields=["user", "-occurred_at"], name="activity_user_latest"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.local_date}"


class StreakMilestone(models.Model):
    """A streak milestone (7, 14, 30, 100 or 365 days in a row) a person reached: kept so each
    is celebrated once, however often the streak is counted again."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="streak_milestones"
    )
    category = models.CharField(
        max_length=12, choices=Category.choices, blank=True, help_text="Blank: the overall streak."
    )
    days = models.PositiveSmallIntegerField()
    reached_on = models.DateField(help_text="The person's local date the streak reached it.")
    created_at = models.DateTimeField(auto_now_add=True)
    account_name: ClassVar[tuple[str, str]] = ("streak milestone", "streak milestones")
    objects = OwnedManager()

    class Meta:
        ordering = ["-reached_on", "-days"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "category", "days", "reached_on"], name="milestone_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.days} days {self.category or 'overall'} on {self.reached_on}"

    @property
    def words(self) -> str:
        """The milestone as a person reads it: "7 days in a row", "7 days of health in a
        row" ("in a row of health" read as a row of health)."""
        kind = f" of {self.get_category_display().lower()}" if self.category else ""
        return f"{self.days} days{kind} in a row"


class ConsistencySnapshot(models.Model):
    """The Daily Consistency Index of one of a person's local dates, written once, when that
    day has ended (goals.progress.consistency). Its own figures for the day are kept beside
    the index, so the next day's windows are sums of snapshots, not scans of the history."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="consistency_snapshots"
    )
    date = models.DateField(help_text="The person's local date.")
    value = models.FloatField(help_text="0 to 1: the weighted mean of the parts below.")
    strength = models.FloatField(help_text="Streak strength at the day's end (0 to 1).")
    completion = models.FloatField(
        null=True, blank=True, help_text="Missions done / offered, last 7 days. Empty: none."
    )
    engagement = models.FloatField(help_text="Focus minutes and talks, last 7 days (0 to 1).")
    nudge_response = models.FloatField(
        null=True, blank=True, help_text="Nudges answered / sent, last 30 days. Empty: none."
    )
    missions_done = models.PositiveIntegerField(default=0)
    missions_offered = models.PositiveIntegerField(default=0)
    minutes = models.PositiveIntegerField(default=0, help_text="Focus minutes that day.")
    talked = models.BooleanField(default=False, help_text="Talked with Eliza that day.")
    active = models.BooleanField(default=False, help_text="The day counted for the streak.")
    frozen = models.BooleanField(default=False, help_text="A freeze covered the day.")
    streak = models.PositiveIntegerField(default=0, help_text="Streak length after the day.")
    freezes_held = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["-date"]
        constraints = [
            models.UniqueConstraint(fields=["user", "date"], name="consistency_once_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.date}: {self.value:.2f}"

    @property
    def components(self) -> dict[str, float | None]:
        """The four parts by name (goals.progress.consistency.WEIGHTS); None: left out."""
        return {
            "strength": self.strength,
            "completion": self.completion,
            "engagement": self.engagement,
            "nudge_response": self.nudge_response,
        }


class ConsistencyClock(models.Model):
    """When a person's next consistency snapshot is due: the end of their next unwritten day.
    The nightly job claims due clocks (indexed), so it never scans everyone."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="consistency_clock",
    )
    due_at = models.DateTimeField(db_index=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    # The claiming run's liveness lock (delight.locks): free while claimed means its
    # worker died, and the claim is taken back at once rather than when it lapses.
    claimed_by = models.BigIntegerField(null=True, blank=True)
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"due {self.due_at:%Y-%m-%d %H:%M} UTC"


class ProgressRecount(models.Model):
    """A person whose progress is to be counted again because a habit day changed: the
    streaks' milestones, the live streak and the insights. A check-in marks it due in its
    own transaction (one upsert) and enqueues the job once it commits; the job claims the
    row for a lease, counts, and removes the mark it counted (a later tick keeps its own).
    The sweep takes up marks whose job was lost (a killed worker)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="progress_recount",
    )
    due_at = models.DateTimeField(db_index=True)
    claimed_until = models.DateTimeField(null=True, blank=True)
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"due {self.due_at:%Y-%m-%d %H:%M} UTC"


class NudgeOutcome(models.Model):
    """A nudge sent to a person and whether they came back within 48 hours (the nudge part of
    the consistency index). The nudges app records them through goals' services."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="nudge_outcomes"
    )
    sent_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["-sent_at"]
        indexes = [models.Index(fields=["user", "sent_at"], name="nudge_outcome_user_sent")]

    def __str__(self) -> str:
        return f"sent {self.sent_at:%Y-%m-%d}" + (" (answered)" if self.answered_at else "")


class ProgressInsight(models.Model):
    """Something Eliza noticed in a person's progress, in plain words, kept once per key."""

    class Kind(models.TextChoices):
        BEST_CATEGORY = "best_category", "Best category"
        BEST_TIME = "best_time", "Best time of day"
        WEEKDAY = "weekday", "Weekday pattern"
        TREND = "trend", "Trend"
        COMEBACK = "comeback", "Comeback"
        HABIT_DAYS = "habit_days", "A habit's days"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="progress_insights"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=120, help_text="What makes it new, e.g. kind + week.")
    text = models.CharField(max_length=300)
    facts = models.JSONField(default=dict, blank=True, help_text="The numbers it quotes.")
    source = models.CharField(max_length=60, help_text="offline, or the model that wrote it.")
    created_at = models.DateTimeField(auto_now_add=True)
    account_name: ClassVar[tuple[str, str]] = ("insight", "insights")
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="insight_once")]

    def __str__(self) -> str:
        return self.text


class HighlightReel(models.Model):
    """A period's wins gathered on one page: made when the index reaches 0.8 with a streak of
    7 days or more, and at each streak milestone. Its content is read from the period."""

    class Trigger(models.TextChoices):
        CONSISTENCY = "consistency", "A consistent week"
        MILESTONE = "milestone", "A streak milestone"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="highlight_reels"
    )
    trigger = models.CharField(max_length=12, choices=Trigger.choices)
    key = models.CharField(max_length=80, help_text="One reel per key.")
    title = models.CharField(max_length=200)
    starts_on = models.DateField()
    ends_on = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    account_name: ClassVar[tuple[str, str]] = ("highlight reel", "highlight reels")
    objects = OwnedManager()

    class Meta:
        ordering = ["-ends_on", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="reel_once")]

    def __str__(self) -> str:
        return self.title

    @staticmethod
    def milestone_key(milestone: StreakMilestone) -> str:
        """The key of a milestone's reel: one reel per milestone kept."""
        kind = milestone.category or "overall"
        return f"milestone:{kind}:{milestone.days}:{milestone.reached_on}"
