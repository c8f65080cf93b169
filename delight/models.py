"""The custom user: a person's clock (timezone, day start, productive hours) and how Eliza
may reach them (notification preferences); and the one way to read a person's own rows
(OwnedManager); and where an agent (Eliza's turn, the narrator) is with a person, with the
checkpoints its runner keeps after every node."""

from __future__ import annotations

import datetime as dt
from typing import Self, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models


def in_quiet_hours(local_time: dt.time, start: dt.time, end: dt.time) -> bool:
    """Whether a wall time falls in quiet hours [start, end), which may cross midnight
    (22:00-08:00); equal ends mean no quiet hours at all."""
    if start == end:
        return False
    if start < end:
        return start <= local_time < end
    return local_time >= start or local_time < end


def validate_timezone(value: str) -> None:
    """Accept only canonical IANA names such as "Europe/Paris"."""
    if value not in timezone_names():
        raise ValidationError(
            '"%(value)s" is not a known IANA timezone (for example "Europe/Paris").',
            params={"value": value},
            code="invalid_timezone",
        )


def timezone_names() -> frozenset[str]:
    """Every IANA timezone name this machine knows."""
    global _TIMEZONES
    if _TIMEZONES is None:
        _TIMEZONES = frozenset(available_timezones())
    return _TIMEZONES


_TIMEZONES: frozenset[str] | None = None


# What a person may change of their own account (settings, onboarding, /api/me/).
PROFILE_FIELDS = (
    "first_name",
    "email",
    "timezone",
    "day_start_hour",
    "productive_start",
    "productive_end",
    "email_opt_in",
    "second_channel_opt_in",
    "quiet_hours_start",
    "quiet_hours_end",
    "daily_nudge_max",
    "nudges_paused",
)


class User(AbstractUser):
    class Onboarding(models.IntegerChoices):
        WELCOME = 1, "Welcome"
        CLOCK = 2, "Your day"
        COMMUNICATION = 3, "Staying in touch"
        DONE = 4, "Done"

    timezone = models.CharField(max_length=64, default="UTC", validators=[validate_timezone])
    day_start_hour = models.PositiveSmallIntegerField(
        default=4,
        validators=[MaxValueValidator(23)],
        help_text="Local hour at which a new day begins (late nights count as the day before).",
    )
    productive_start = models.TimeField(default=dt.time(9, 0))
    productive_end = models.TimeField(default=dt.time(17, 0))
    email_opt_in = models.BooleanField(default=False)
    second_channel_opt_in = models.BooleanField(
        default=False,
        help_text="Nudges also as browser notifications (Web Push), on subscribed devices.",
    )
    quiet_hours_start = models.TimeField(default=dt.time(22, 0))
    quiet_hours_end = models.TimeField(default=dt.time(8, 0))
    daily_nudge_max = models.PositiveSmallIntegerField(
        default=2, validators=[MinValueValidator(0), MaxValueValidator(10)]
    )
    nudges_paused = models.BooleanField(
        default=False, help_text="Eliza sends no nudges at all while this is on."
    )
    onboarding_step = models.PositiveSmallIntegerField(
        choices=Onboarding.choices, default=Onboarding.WELCOME
    )
    # How the person felt in their latest message (Eliza's emotion read of it).
    emotion_scores = models.JSONField(default=dict, blank=True)
    emotion_dominant = models.CharField(max_length=10, blank=True)
    emotion_changed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the dominant emotion last changed."
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    @property
    def onboarded(self) -> bool:
        return self.onboarding_step == self.Onboarding.DONE

    @property
    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")

    def local_day(self, moment: dt.datetime) -> dt.date:
        """The person's own calendar day for `moment`: their timezone, with the day starting
        at their `day_start_hour` (a mission finished at 1 a.m. counts for the evening before)."""
        return (moment.astimezone(self.zone) - dt.timedelta(hours=self.day_start_hour)).date()

    def quiet_at(self, local_time: dt.time) -> bool:
        """Whether a wall time of theirs falls in their quiet hours."""
        return in_quiet_hours(local_time, self.quiet_hours_start, self.quiet_hours_end)

    def clean(self) -> None:
        super().clean()
        if self.productive_start == self.productive_end:
            raise ValidationError(
                {"productive_end": "Productive hours must start and end at different times."}
            )


_M = TypeVar("_M", bound=models.Model)


class OwnedQuerySet(models.QuerySet[_M]):
    """Rows that each belong to one person: the one place a read is scoped to its owner.

    The owner is the model's `owner_field` (a lookup path, "user" unless the model says
    otherwise, such as "goal__user" for a goal's milestones). Selectors read a person's rows
    only as `Model.objects.owned_by(user)`, or one of them with
    `delight.selectors.owned_or_not_found`, and tests/delight/test_isolation.py checks that
    every per-person model has this manager and every selector uses it.
    """

    def owned_by(self, user: User) -> Self:
        """The rows of `user`; none for someone not signed in (no primary key)."""
        if user.pk is None:
            return self.none()
        return self.filter(**{getattr(self.model, "owner_field", "user"): user.pk})


# `objects` of every per-person model: `Model.objects.owned_by(user)`. Made at module level,
# not subclassed, so the type checker's Django plugin sees the queryset's methods on it.
OwnedManager = models.Manager.from_queryset(OwnedQuerySet)


class WorkerHeartbeat(models.Model):
    """The last time a background worker proved it runs jobs (read by /healthz)."""

    name = models.CharField(max_length=100, unique=True)
    beat_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} @ {self.beat_at:%Y-%m-%d %H:%M:%S}"


class AICall(models.Model):
    """One call to a model provider: tokens, cost and outcome (staff read these in admin)."""

    provider = models.CharField(max_length=40)
    model = models.CharField(max_length=100)
    purpose = models.CharField(max_length=40)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    latency_ms = models.FloatField(default=0)
    attempts = models.PositiveSmallIntegerField(default=1)
    ok = models.BooleanField(default=True)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = "AI call"

    def __str__(self) -> str:
        return f"{self.provider}:{self.model} {self.purpose}"


class AgentState(models.Model):
    """Where one agent is with one person in one session: what staff inspect in admin.

    The turn's full state lives in its checkpoints; this row keeps what the next message
    needs (the node a crashed turn stopped at, the conversation state, a pending slot).
    """

    class AgentType(models.TextChoices):
        ELIZA = "eliza", "Eliza"
        NARRATOR = "narrator", "The narrator (story beats)"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="agent_states"
    )
    session_id = models.UUIDField()
    agent_type = models.CharField(max_length=20, choices=AgentType.choices, default=AgentType.ELIZA)
    current_node = models.CharField(max_length=40, blank=True)
    current_turn = models.CharField(max_length=64, blank=True)
    # Where a dialogue agent (Eliza) is in its flow: its own words, kept here for the next
    # message and for staff, so the kernel does not know them.
    conversation_state = models.CharField(max_length=20, default="idle")
    pending_slot = models.CharField(max_length=40, blank=True)
    state_data = models.JSONField(default=dict, blank=True)
    schema_version = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # Not indexed: every checkpoint touches it, and an index would make each of those updates
    # rewrite index entries; the hourly compaction can afford to scan.
    updated_at = models.DateTimeField(auto_now=True)
    objects = OwnedManager()

    class Meta:
        db_table = "companion_agentstate"  # made by Eliza's app, moved down with its rows
        constraints = [
            models.UniqueConstraint(
                fields=["user", "session_id", "agent_type"], name="agent_state_per_session"
            )
        ]

    def __str__(self) -> str:
        return f"{self.agent_type} · {self.user} · {self.session_id}"


class AgentCheckpoint(models.Model):
    """The turn's state after one node, for resume and replay (checksummed)."""

    # No index of its own: the unique (agent state, turn, seq) index starts with it.
    agent_state = models.ForeignKey(
        AgentState, on_delete=models.CASCADE, related_name="checkpoints", db_index=False
    )
    turn_id = models.CharField(max_length=64)
    node = models.CharField(max_length=40)
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    checksum = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    owner_field = "agent_state__user"  # whose rows these are (OwnedManager)
    objects = OwnedManager()

    class Meta:
        db_table = "companion_agentcheckpoint"
        ordering = ["turn_id", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["agent_state", "turn_id", "seq"], name="checkpoint_seq_per_turn"
            )
        ]

    def __str__(self) -> str:
        return f"{self.turn_id} #{self.seq} {self.node}"
