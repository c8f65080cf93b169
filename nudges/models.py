"""Models of the nudges app: every notification Delight gives a person (the in-app centre),
and the Web Push subscriptions of their browsers."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

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
        REMINDER = "reminder", "A habit's reminder"

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
    # Notes of its kind that joined it while it was unread (NOTES_GATHER_HOURS): how many it
    # holds, and the keys of those after the first (each is given once, as `key` is).
    count = models.PositiveSmallIntegerField(default=1)
    gathered_keys = models.JSONField(default=list, blank=True)
    account_name: ClassVar[tuple[str, str]] = ("notification", "notifications")
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
    account_name: ClassVar[tuple[str, str]] = (
        "device getting notifications",
        "devices getting notifications",
    )
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
    nudges_planned = models.PositiveSmallIntegerField(
        default=0,
        db_default=0,
        help_text="How many nudges of the current absence are planned (0 to 3).",
    )
    away_from = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the absence that the person's latest return ended began.",
    )
    came_back_at = models.DateTimeField(
        null=True, blank=True, help_text="When the person last came back after 48 h or more."
    )
    welcomed_at = models.DateTimeField(
        null=True, blank=True, help_text="When Eliza last welcomed them back."
    )
    objects = OwnedManager()

    class Meta:
        indexes = [
            # The drop-off scan: people still in a cadence, by how long they have been away.
            models.Index(
                fields=["last_active_at"],
                name="presence_in_cadence",
                condition=models.Q(nudges_planned__lt=3),
            ),
        ]

    def __str__(self) -> str:
        return f"last here {self.last_active_at:%Y-%m-%d %H:%M} UTC"


class ScheduledSend(models.Model):
    """One nudge of an absence, or one reminder of a habit on a day, planned for a due time
    (UTC) and sent once: claimed atomically by one worker, re-checked when due (never
    replayed), retried with backoff when its channel fails, recorded as failed after the last
    try."""

    class Step(models.TextChoices):
        DAY_2 = "day_2", "Day 2"
        DAY_4 = "day_4", "Day 4"
        DAY_7 = "day_7", "Day 7 (the last)"
        HABIT = "habit", "A habit's reminder"

    class Channel(models.TextChoices):
        IN_APP = "in_app", "In the app"
        EMAIL = "email", "Email"
        PUSH = "push", "Web Push"

    class State(models.TextChoices):
        PENDING = "pending", "Waiting for its time"
        SENDING = "sending", "Being sent"
        SENT = "sent", "Sent"
        SKIPPED = "skipped", "Not needed any more"
        FAILED = "failed", "Failed"

    # Its own index would repeat scheduled_send_history's first column: one less to keep
    # for each of the day's hundreds of thousands of reminders.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="scheduled_sends",
        db_index=False,
    )
    step = models.CharField(max_length=8, choices=Step.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices)
    away_since = models.DateTimeField(
        null=True, blank=True, help_text="The last activity before the absence (a nudge's)."
    )
    # Found by reminder_once_a_day (its first column), not an index of its own: one less to
    # keep for each of the day's reminders. No constraint in the database either: its check
    # for each of a day's 240,000 reminders was a quarter of their planning at 100,000
    # people. A habit removed goes with its reminders all the same (Django's cascade), and a
    # reminder whose habit went while it was planned is skipped, "The habit was removed."
    habit = models.ForeignKey(
        "goals.Habit",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    local_date = models.DateField(help_text="The person's local date of the due time.")
    due_at = models.DateTimeField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.PENDING)
    claimed_until = models.DateTimeField(
        null=True, blank=True, help_text="A worker's claim; another may take it after this."
    )
    attempts = models.PositiveSmallIntegerField(default=0)
    template = models.CharField(max_length=60, blank=True, help_text="The message used.")
    context = models.JSONField(
        default=dict,
        blank=True,
        help_text="What Eliza knows that makes the message personal (added by the companion).",
    )
    # Indexed only where set (send_notification_set): a send has none until it is sent.
    notification = models.ForeignKey(
        Notification,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    reason = models.CharField(max_length=200, blank=True, help_text="Why skipped or failed.")
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    account_name: ClassVar[tuple[str, str]] = (
        "note waiting to be sent",
        "notes waiting to be sent",
    )
    objects = OwnedManager()

    class Meta:
        ordering = ["-due_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "step", "local_date"],
                name="scheduled_send_once_a_day",
                condition=~models.Q(step="habit"),
            ),
            models.UniqueConstraint(
                fields=["user", "step", "away_since"],
                name="scheduled_send_once_an_absence",
                condition=~models.Q(step="habit"),
            ),
            # A nudge has no habit (NULLs are distinct): one a day per habit, and the index
            # a habit's removal finds its reminders by.
            models.UniqueConstraint(fields=["habit", "local_date"], name="reminder_once_a_day"),
            models.CheckConstraint(
                condition=models.Q(step="habit", habit__isnull=False, away_since__isnull=True)
                | (
                    ~models.Q(step="habit") & models.Q(habit__isnull=True, away_since__isnull=False)
                ),
                name="send_is_a_nudge_or_a_reminder",
            ),
        ]
        indexes = [
            models.Index(
                fields=["due_at"],
                name="scheduled_send_due",
                condition=models.Q(state__in=["pending", "sending"]),
            ),
            models.Index(fields=["user", "-due_at"], name="scheduled_send_history"),
            models.Index(
                fields=["notification"],
                name="send_notification_set",
                condition=models.Q(notification__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_step_display()} by {self.get_channel_display()} ({self.state})"

    @property
    def absence_start(self) -> dt.datetime:
        """A nudge's last activity before the absence (a habit's reminder has none)."""
        if self.away_since is None:
            raise ValueError(f"Send {self.pk} is a reminder, not a nudge of an absence.")
        return self.away_since


class SendAttempt(models.Model):
    """One try of a scheduled send on its channel, and how it went."""

    send = models.ForeignKey(ScheduledSend, on_delete=models.CASCADE, related_name="tries")
    channel = models.CharField(max_length=8, choices=ScheduledSend.Channel.choices)
    at = models.DateTimeField()
    ok = models.BooleanField()
    error = models.TextField(blank=True)
    owner_field = "send__user"  # whose rows these are (OwnedManager)
    objects = OwnedManager()

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {'ok' if self.ok else 'failed'}"
