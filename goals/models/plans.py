"""Goals, their milestones and missions, and mission sessions.

A goal is decomposed in the background into ordered milestones of micro-missions. Missions
the planner suggests wait in the `suggested` state until the person approves them; only
then do they enter the pool the daily triad draws from.
"""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator
from django.db import models

from delight.ai.types import MAX_MINUTES, MIN_MINUTES
from delight.models import OwnedManager
from delight.text import validate_text

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

    def clean(self) -> None:
        milestone = self.milestone if self.milestone_id else None
        if milestone is not None and milestone.goal_id != self.goal_id:
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
