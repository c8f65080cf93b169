"""Goals, their milestones and missions, mission sessions, and the activity log.

A goal is decomposed in the background into ordered milestones of micro-missions. Missions
the planner suggests wait in the `suggested` state until the person approves them; only
then do they enter the pool the daily triad draws from.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, ClassVar

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models

from delight.ai.types import MAX_MINUTES, MIN_MINUTES
from delight.models import OwnedManager
from delight.text import validate_text

if TYPE_CHECKING:
    pass

TITLE_MAX = 200
TEXT_MAX = 2000
SESSION_MAX_MINUTES = 180


class Category(models.TextChoices):
    HEALTH = "health", "Health"
    CRAFT = "craft", "Craft"
    GROWTH = "growth", "Growth"
    CONNECTION = "connection", "Connection"


class Energy(models.TextChoices):
    LOW = "low", "Low"
    MEDIUM = "medium", "Medium"
    HIGH = "high", "High"


ENERGY_LEVEL: dict[str, int] = {Energy.LOW: 0, Energy.MEDIUM: 1, Energy.HIGH: 2}


def validate_not_blank(value: str) -> None:
    """A title follows the text rule: something visible, no refused characters."""
    validate_text(value, limit=TITLE_MAX, noun="title")


class Goal(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        PAUSED = "paused", "Paused"
        COMPLETED = "completed", "Completed"
        ARCHIVED = "archived", "Archived"

    class Decomposition(models.TextChoices):
        PENDING = "pending", "Waiting to be planned"
        RUNNING = "running", "Being planned"
        DONE = "done", "Planned"
        FAILED = "failed", "Planning failed"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="goals"
    )
    title = models.CharField(max_length=TITLE_MAX, validators=[validate_not_blank])
    description = models.TextField(
        "why it matters", blank=True, validators=[MaxLengthValidator(TEXT_MAX)]
    )
    category = models.CharField(max_length=12, choices=Category.choices)
    target_date = models.DateField(null=True, blank=True)
    importance = models.PositiveSmallIntegerField(
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(5)],
        help_text="1 (nice to have) to 5 (matters most).",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    decomposition_status = models.CharField(
        max_length=10, choices=Decomposition.choices, default=Decomposition.PENDING
    )
    decomposition_error = models.CharField(max_length=500, blank=True)
    decomposition_attempts = models.PositiveSmallIntegerField(default=0)
    decomposition_started_at = models.DateTimeField(null=True, blank=True)
    decomposition_source = models.CharField(max_length=120, blank=True)
    plan_summary = models.CharField(max_length=500, blank=True)
    last_worked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    account_name: ClassVar[tuple[str, str]] = ("goal", "goals")
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "status"], name="goal_user_status")]

    def __str__(self) -> str:
        return self.title

    @staticmethod
    def milestone_key(milestone: StreakMilestone) -> str:
        """The key of a milestone's reel: one reel per milestone kept."""
        kind = milestone.category or "overall"
        return f"milestone:{kind}:{milestone.days}:{milestone.reached_on}"


class Milestone(models.Model):
    goal = models.ForeignKey(Goal, on_delete=models.CASCADE, related_name="milestones")
    position = models.PositiveSmallIntegerField()
    title = models.CharField(max_length=TITLE_MAX, validators=[validate_not_blank])
    description = models.TextField(blank=True, validators=[MaxLengthValidator(TEXT_MAX)])
    created_at = models.DateTimeField(auto_now_add=True)
    owner_field = "goal__user"  # whose rows these are (OwnedManager)
    account_name: ClassVar[tuple[str, str]] = ("milestone", "milestones")
    objects = OwnedManager()

    class Meta:
        ordering = ["goal", "position"]
        constraints = [
            models.UniqueConstraint(fields=["goal", "position"], name="milestone_goal_position")
        ]

    def __str__(self) -> str:
        return f"{self.position}. {self.title}"


class Mission(models.Model):
    class Status(models.TextChoices):
        SUGGESTED = "suggested", "Suggested (awaiting review)"
        PENDING = "pending", "Pending"
        ACTIVE = "active", "In progress"
        DEFERRED = "deferred", "Deferred"
        COMPLETED = "completed", "Completed"
        SKIPPED = "skipped", "Skipped"
        # Rejected in review: kept (not deleted) so the person can undo it for a while.
        REJECTED = "rejected", "Removed"

    POOL = (Status.PENDING, Status.ACTIVE, Status.DEFERRED)
    # Not part of the plan the person accepted: progress counts every other mission.
    UNACCEPTED = (Status.SUGGESTED, Status.SKIPPED, Status.REJECTED)

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="missions"
    )
    goal = models.ForeignKey(Goal, on_delete=models.CASCADE, related_name="missions")
    milestone = models.ForeignKey(
        Milestone, on_delete=models.SET_NULL, null=True, blank=True, related_name="missions"
    )
    position = models.PositiveIntegerField(default=0, help_text="Order within the goal.")
    title = models.CharField(max_length=TITLE_MAX, validators=[validate_not_blank])
    description = models.TextField(blank=True, validators=[MaxLengthValidator(TEXT_MAX)])
    estimated_minutes = models.PositiveSmallIntegerField(
        default=20, validators=[MinValueValidator(MIN_MINUTES), MaxValueValidator(MAX_MINUTES)]
    )
    energy = models.CharField(max_length=6, choices=Energy.choices, default=Energy.MEDIUM)
    category = models.CharField(max_length=12, choices=Category.choices)
    priority_score = models.FloatField(
        default=0.5, validators=[MinValueValidator(0.0), MaxValueValidator(1.0)]
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    due_date = models.DateField(null=True, blank=True)
    deferred_until = models.DateField(null=True, blank=True)
    defer_count = models.PositiveSmallIntegerField(default=0)
    is_special = models.BooleanField(default=False, help_text="A hidden-quest mission.")
    from_plan = models.BooleanField(default=False, help_text="Made by the decomposition job.")
    ease_back_on = models.DateField(
        null=True,
        blank=True,
        help_text="The person's day of the return this easy mission welcomes: that day's easy win.",
    )
    started_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)
    reopened = models.PositiveSmallIntegerField(
        default=0, help_text="Times a completion was taken back (“that's not what I did”)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    account_name: ClassVar[tuple[str, str]] = ("mission", "missions")
    objects = OwnedManager()

    class Meta:
        ordering = ["goal", "position", "id"]
        indexes = [
            models.Index(fields=["user", "status"], name="mission_user_status"),
            models.Index(fields=["goal", "position"], name="mission_goal_position"),
        ]
        constraints = [
            # One ease-back-in mission per return day; also the triad's index to find it.
            models.UniqueConstraint(
                fields=["user", "ease_back_on"],
                name="mission_ease_back_once",
                condition=models.Q(ease_back_on__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @staticmethod
    def milestone_key(milestone: StreakMilestone) -> str:
        """The key of a milestone's reel: one reel per milestone kept."""
        kind = milestone.category or "overall"
        return f"milestone:{kind}:{milestone.days}:{milestone.reached_on}"

    def clean(self) -> None:
        if self.milestone_id and self.milestone.goal_id != self.goal_id:
            raise ValidationError({"milestone": "This milestone belongs to another goal."})


class MissionSession(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        COMPLETED = "completed", "Completed"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mission_sessions"
    )
    mission = models.ForeignKey(Mission, on_delete=models.CASCADE, related_name="sessions")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    started_at = models.DateTimeField()
    planned_minutes = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(SESSION_MAX_MINUTES)]
    )
    # Pausing is kept here, not in the browser, so a paused timer stays paused on reload.
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(default=0)
    ended_at = models.DateTimeField(null=True, blank=True)
    actual_minutes = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(SESSION_MAX_MINUTES)],
    )
    notes = models.TextField(blank=True, validators=[MaxLengthValidator(TEXT_MAX)])
    reflection = models.TextField(blank=True, validators=[MaxLengthValidator(TEXT_MAX)])
    account_name: ClassVar[tuple[str, str]] = ("mission session", "mission sessions")
    objects = OwnedManager()

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["mission"],
                condition=models.Q(status="running"),
                name="session_one_running_per_mission",
            )
        ]

    def __str__(self) -> str:
        return f"{self.mission} @ {self.started_at:%Y-%m-%d %H:%M}"

    def focused_seconds(self, now: dt.datetime) -> int:
        """Seconds of focus so far: the time since the start, less every pause."""
        until = self.paused_at or self.ended_at or now
        return max(0, int((until - self.started_at).total_seconds()) - self.paused_seconds)


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
    metadata = models.JSONField(default=dict, blank=True)
    account_name: ClassVar[tuple[str, str]] = ("day of progress", "days of progress")
    objects = OwnedManager()

    class Meta:
        ordering = ["-occurred_at"]
        indexes = [models.Index(fields=["user", "kind", "local_date"], name="activity_user_day")]

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


class Habit(models.Model):
    """A practice kept on a schedule, ticked off on the person's own days (HabitCheckIn):
    every day, N times a week, chosen weekdays, or every N days; measurable when it has a
    target ("read 20 pages")."""

    class Schedule(models.TextChoices):
        DAILY = "daily", "Every day"
        WEEKLY = "weekly", "Some times a week"
        WEEKDAYS = "weekdays", "On chosen weekdays"
        EVERY = "every", "Every few days"

    class Status(models.TextChoices):
        ACTIVE = "active", "Active"
        PAUSED = "paused", "Paused"
        ARCHIVED = "archived", "Archived"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="habits"
    )
    goal = models.ForeignKey(
        Goal, on_delete=models.SET_NULL, null=True, blank=True, related_name="habits"
    )
    title = models.CharField(max_length=TITLE_MAX, validators=[validate_not_blank])
    category = models.CharField(max_length=12, choices=Category.choices)
    schedule = models.CharField(max_length=10, choices=Schedule.choices, default=Schedule.DAILY)
    times_per_week = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(7)]
    )
    weekdays = ArrayField(
        models.PositiveSmallIntegerField(validators=[MaxValueValidator(6)]),
        default=list,
        blank=True,
        help_text="Monday is 0.",
    )
    every_days = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(2), MaxValueValidator(30)]
    )
    target = models.PositiveIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(1_000_000)]
    )
    unit = models.CharField(max_length=30, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    start_date = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    account_name: ClassVar[tuple[str, str]] = ("habit", "habits")
    objects = OwnedManager()

    class Meta:
        ordering = ["status", "created_at", "id"]

    def __str__(self) -> str:
        return self.title

    @property
    def measurable(self) -> bool:
        return self.target is not None

    def clean(self) -> None:
        """Each schedule has exactly the numbers it needs; a unit only with a target."""
        problems = {}
        kind = self.Schedule
        if (self.schedule == kind.WEEKLY) != (self.times_per_week is not None):
            problems["times_per_week"] = (
                "Say how many times a week (1 to 7), for a weekly habit only."
            )
        if (self.schedule == kind.WEEKDAYS) != bool(self.weekdays):
            problems["weekdays"] = "Choose the weekdays (Monday is 0), for a weekdays habit only."
        if len(set(self.weekdays)) != len(self.weekdays):
            problems["weekdays"] = "Each weekday once."
        if (self.schedule == kind.EVERY) != (self.every_days is not None):
            problems["every_days"] = "Say every how many days (2 to 30), for that schedule only."
        if self.unit and self.target is None:
            problems["unit"] = "A unit needs a target (for example 20 pages)."
        if problems:
            raise ValidationError(problems)


class HabitCheckIn(models.Model):
    """A habit on one of the person's days: done (with a number, for a measurable habit) or
    skipped on purpose (with the reason)."""

    class State(models.TextChoices):
        DONE = "done", "Done"
        SKIPPED = "skipped", "Skipped on purpose"

    habit = models.ForeignKey(Habit, on_delete=models.CASCADE, related_name="checkins")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="habit_checkins"
    )
    day = models.DateField(help_text="The person's own day (their zone and day start).")
    state = models.CharField(max_length=8, choices=State.choices, default=State.DONE)
    value = models.PositiveIntegerField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    account_name: ClassVar[tuple[str, str]] = ("habit check-in", "habit check-ins")
    objects = OwnedManager()

    class Meta:
        ordering = ["-day"]
        constraints = [models.UniqueConstraint(fields=["habit", "day"], name="checkin_once")]

    def __str__(self) -> str:
        return f"{self.habit_id} {self.day} {self.state}"
