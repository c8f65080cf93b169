"""Habits and their check-ins: practices kept on a schedule, beside one-off missions."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from django.conf import settings
from django.contrib.postgres.fields import ArrayField, DateRangeField
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from delight.models import OwnedManager
from goals.models.plans import TITLE_MAX, Category, Goal, validate_not_blank


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
        # Proposed in a goal's plan, waiting for the person's yes (like a suggested mission).
        SUGGESTED = "suggested", "Suggested"

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
    # The spans it was paused, on the person's days: from the day paused (included) to the
    # day resumed (excluded; open while it is paused). They ask for nothing: neutral days.
    pauses = ArrayField(DateRangeField(), default=list, blank=True)
    reminder_time = models.TimeField(
        null=True, blank=True, help_text="A reminder each day it asks for, on the person's clock."
    )
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

    @property
    def how_often(self) -> str:
        """Its schedule in a person's words: "every day", "twice a week", "on Mondays and
        Thursdays", "every other day"."""
        return schedule_words(self.schedule, self.times_per_week, self.weekdays, self.every_days)

    def paused_on(self, day: dt.date) -> bool:
        """Whether `day` falls in one of its pauses."""
        return any(
            span.lower <= day and (span.upper is None or day < span.upper) for span in self.pauses
        )

    @property
    def target_words(self) -> str:
        """What each time asks for, in a person's words ("20 pages each time"; "" for a
        habit that is done or not)."""
        if self.target is None:
            return ""
        return (
            f"{self.target:,} {self.unit} each time" if self.unit else f"{self.target:,} each time"
        )

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


# The statuses a person gives a habit (a plan alone suggests one).
HABIT_STATUSES_SET = [
    (value, label) for value, label in Habit.Status.choices if value != Habit.Status.SUGGESTED
]


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
        # Carries what the streaks and calendars read, so a habit's year is read from a few
        # index pages (an index-only scan), not from a page per day across the table.
        constraints = [
            models.UniqueConstraint(
                fields=["habit", "day"], name="checkin_once", include=["user", "state", "value"]
            )
        ]

    def __str__(self) -> str:
        return f"{self.habit_id} {self.day} {self.state}"


WEEKDAY_NAMES = (
    "Mondays",
    "Tuesdays",
    "Wednesdays",
    "Thursdays",
    "Fridays",
    "Saturdays",
    "Sundays",
)


def schedule_words(
    schedule: str, times_per_week: int | None, weekdays: list[int], every_days: int | None
) -> str:
    """A schedule in a person's words (pure: a habit's, or one a wish names before it is one)."""
    if schedule == Habit.Schedule.WEEKLY:
        times = times_per_week or 1
        return {1: "once a week", 2: "twice a week"}.get(times, f"{times} times a week")
    if schedule == Habit.Schedule.EVERY:
        return "every other day" if every_days == 2 else f"every {every_days} days"
    if schedule == Habit.Schedule.WEEKDAYS:
        if sorted(weekdays) == [0, 1, 2, 3, 4]:
            return "on weekdays"
        names = [WEEKDAY_NAMES[n] for n in sorted(weekdays)]
        return "on " + (" and ".join(names) if len(names) <= 2 else ", ".join(names))
    return "every day"
