"""Models of the world app: zones as data and each user's zone state.

A zone's availability rules are JSON validated by :meth:`world.rules.ZoneSpec.from_rules`;
the rules engine turns them and the user's clock into states. ``UserZoneState`` keeps the
last state seen per (user, zone) so a change is detected (and broadcast) once, and
``UserWorldSchedule`` keeps when the user's next change happens, so the 15-minute run
selects due users through an index instead of evaluating everyone.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.core.exceptions import ValidationError
from django.db import models

from delight.models import OwnedManager
from world.rules import ZoneSpec


class ValueCategory(models.TextChoices):
    HEALTH = "health", "Health"
    CRAFT = "craft", "Craft"
    GROWTH = "growth", "Growth"
    CONNECTION = "connection", "Connection"
    LEARNING = "learning", "Learning"
    REFLECTION = "reflection", "Reflection"


def always_open_rules() -> dict:
    return {"open": [], "productive_hours_override": False}


class Zone(models.Model):
    slug = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)
    categories = ArrayField(
        models.CharField(max_length=20, choices=ValueCategory.choices),
        default=list,
        blank=True,
        help_text="The value categories whose missions belong in this zone.",
    )
    rules = models.JSONField(
        default=always_open_rules,
        help_text='Open windows in the user\'s local time, e.g. {"open": [{"start": "06:00", '
        '"end": "21:00"}], "productive_hours_override": true}; "open": [] is always open.',
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("position", "slug")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        super().clean()
        try:
            self.spec()
        except ValueError as error:
            raise ValidationError({"rules": str(error)}) from error

    def spec(self) -> ZoneSpec:
        return ZoneSpec.from_rules(self.slug, self.name, self.rules)


class UserZoneState(models.Model):
    """The last evaluated state of one zone for one user."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="zone_states"
    )
    zone = models.ForeignKey(Zone, on_delete=models.CASCADE, related_name="user_states")
    is_open = models.BooleanField()
    reason = models.CharField(max_length=200)
    next_change_at = models.DateTimeField(null=True, blank=True)
    changed_at = models.DateTimeField()
    evaluated_at = models.DateTimeField()
    objects = OwnedManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "zone"], name="userzonestate_one_per_zone")
        ]

    def __str__(self) -> str:
        return f"{self.user_id}/{self.zone_id}: {'open' if self.is_open else 'closed'}"


class UserWorldSchedule(models.Model):
    """When the user's next zone change happens (the minimum over their zones).

    ``next_change_at`` is null when none of the user's zones ever changes; a user without
    a row has never been evaluated. Both are found through indexes by the 15-minute run.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="world_schedule",
    )
    next_change_at = models.DateTimeField(null=True, blank=True, db_index=True)
    evaluated_at = models.DateTimeField()
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"{self.user_id}: next change {self.next_change_at}"


class OffHoursDay(models.Model):
    """A local day on which the user was active outside their productive hours."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="off_hours_days"
    )
    day = models.DateField()
    first_seen_at = models.DateTimeField()
    objects = OwnedManager()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="offhoursday_once")]

    def __str__(self) -> str:
        return f"{self.user_id} off hours on {self.day}"
