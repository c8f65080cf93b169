"""Models of the nudges app: every notification Delight gives a person (the in-app centre),
and the Web Push subscriptions of their browsers."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from delight.models import OwnedManager

TITLE_MAX = 120
BODY_MAX = 500


class Notification(models.Model):
    """One thing Delight told a person: a nudge, a plan ready for review, a milestone, a
    highlight reel, later story beats and quests. Its state is the person's: unread, read,
    archived, or snoozed until a time (then unread again)."""

    class Kind(models.TextChoices):
        NUDGE = "nudge", "A nudge"
        PLAN_READY = "plan_ready", "A plan ready for review"
        MILESTONE = "milestone", "A streak milestone"
        HIGHLIGHT = "highlight", "A highlight reel"
        INSIGHT = "insight", "Something Eliza noticed"
        STORY = "story", "A story beat"
        QUEST = "quest", "A quest"

    class State(models.TextChoices):
        UNREAD = "unread", "Unread"
        READ = "read", "Read"
        ARCHIVED = "archived", "Archived"
        SNOOZED = "snoozed", "Snoozed"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=120, help_text="One notification per key and person.")
    title = models.CharField(max_length=TITLE_MAX)
    body = models.CharField(max_length=BODY_MAX, blank=True)
    url = models.CharField(max_length=300, blank=True, help_text="Where acting on it leads.")
    state = models.CharField(max_length=10, choices=State.choices, default=State.UNREAD)
    snoozed_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="notification_once"),
            models.CheckConstraint(
                condition=~models.Q(state="snoozed") | models.Q(snoozed_until__isnull=False),
                name="snoozed_has_until",
            ),
        ]
        indexes = [
            models.Index(fields=["user", "state", "-created_at"], name="notification_inbox"),
            models.Index(
                fields=["snoozed_until"],
                name="notification_snoozed",
                condition=models.Q(state="snoozed"),
            ),
        ]

    def __str__(self) -> str:
        return self.title


class PushSubscription(models.Model):
    """A browser's Web Push subscription (its endpoint and keys), one per endpoint."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200, help_text="The browser's public key.")
    auth = models.CharField(max_length=100, help_text="The browser's auth secret.")
    user_agent = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_ok_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0)
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.endpoint[:60]


class Presence(models.Model):
    """When the person was last meaningfully here (a message, a mission started or done, a
    session): the drop-off scan reads this indexed time, never the activity log."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="presence",
    )
    last_active_at = models.DateTimeField(db_index=True)
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"last here {self.last_active_at:%Y-%m-%d %H:%M} UTC"
