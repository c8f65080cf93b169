"""Models of the narrative app: the scenario (a story world as data), each person's story
and its typed world state (entities, and facts that hold from one instant to another); the
Essence ledger and the hidden quests unlocked."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from delight.models import OwnedManager
from narrative.scenario import scenario_problems


class Scenario(models.Model):
    """A story world staff can edit; its data is checked by narrative.scenario on save."""

    key = models.SlugField(max_length=60, unique=True)
    title = models.CharField(max_length=120)
    data = models.JSONField(
        help_text="Acts, chapters, places, people and items (see docs/story.md)."
    )
    is_default = models.BooleanField(default=False, help_text="New stories start in it.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["is_default"],
                condition=models.Q(is_default=True),
                name="scenario_one_default",
            )
        ]

    def __str__(self) -> str:
        return self.title

    def save(self, *args: object, **kwargs: object) -> None:
        # Validated on every save, not only through forms: a broken world never lands.
        self.clean()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        super().clean()
        problems = scenario_problems(self.data)
        if problems:
            raise ValidationError({"data": problems})


class Story(models.Model):
    """One person's story: the scenario it follows and where they are in it."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="story"
    )
    scenario = models.ForeignKey(Scenario, on_delete=models.PROTECT, related_name="stories")
    act = models.PositiveSmallIntegerField(default=1)
    chapter = models.PositiveSmallIntegerField(default=1)
    started_at = models.DateTimeField()
    quests_due_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="An event since which the hidden quests have not been looked at yet.",
    )
    account_name: ClassVar[tuple[str, str]] = ("story", "stories")
    objects = OwnedManager()

    class Meta:
        verbose_name_plural = "stories"
        indexes = [
            models.Index(
                fields=["quests_due_at"],
                condition=models.Q(quests_due_at__isnull=False),
                name="story_quests_due",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.scenario} (act {self.act}, chapter {self.chapter})"


class Entity(models.Model):
    """A place, person, item or event of one story, from the instant it enters it."""

    class Kind(models.TextChoices):
        PLACE = "place", "Place"
        PERSON = "person", "Person"
        ITEM = "item", "Item"
        EVENT = "event", "Event"

    owner_field = "story__user"

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="entities")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.SlugField(max_length=60)
    name = models.CharField(max_length=120)
    introduced_at = models.DateTimeField()
    left_at = models.DateTimeField(
        null=True, blank=True, help_text="When it left the story (a person gone, an item used up)."
    )
    objects = OwnedManager()

    class Meta:
        verbose_name_plural = "entities"
        constraints = [
            models.UniqueConstraint(fields=["story", "key"], name="entity_key_once_per_story")
        ]

    def __str__(self) -> str:
        return self.name


class Fact(models.Model):
    """``subject relation object`` true from ``valid_from`` until ``valid_to`` (null: still
    true). Never overwritten: a change closes the old fact and opens a new one."""

    class Relation(models.TextChoices):
        AT = "at", "is at"
        HOLDS = "holds", "holds"
        KNOWS = "knows", "knows"
        CAUSED_BY = "caused_by", "was caused by"

    owner_field = "story__user"

    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="facts")
    subject = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="facts_as_subject")
    relation = models.CharField(max_length=10, choices=Relation.choices)
    object = models.ForeignKey(Entity, on_delete=models.CASCADE, related_name="facts_as_object")
    valid_from = models.DateTimeField()
    valid_to = models.DateTimeField(null=True, blank=True)
    objects = OwnedManager()

    class Meta:
        indexes = [models.Index(fields=["story", "valid_from"], name="fact_story_from")]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(valid_to__isnull=True)
                | models.Q(valid_to__gte=models.F("valid_from")),
                name="fact_ends_after_it_starts",
            )
        ]

    def __str__(self) -> str:
        return f"{self.subject} {self.get_relation_display()} {self.object}"


class EssenceKind(models.TextChoices):
    EARNED_MISSION = "earned_mission", "Earned: a mission done"
    EARNED_MILESTONE = "earned_milestone", "Earned: a streak milestone"
    EARNED_QUEST = "earned_quest", "Earned: a hidden quest"
    EARNED_CHAPTER = "earned_chapter", "Earned: a chapter finished"
    EARNED_HABIT = "earned_habit", "Earned: a day of a habit kept"
    SPENT_CHOICE = "spent_choice", "Spent: a choice in the story"
    TAKEN_BACK = "taken_back", "Taken back: something that was not done after all"


TAKING_KINDS = (EssenceKind.SPENT_CHOICE, EssenceKind.TAKEN_BACK)
EARNED_KINDS = (
    EssenceKind.EARNED_MISSION,
    EssenceKind.EARNED_MILESTONE,
    EssenceKind.EARNED_QUEST,
    EssenceKind.EARNED_CHAPTER,
    EssenceKind.EARNED_HABIT,
)


class EssenceAccount(models.Model):
    """A person's Essence balance, kept beside the ledger in the same transaction as each
    entry; its row is the lock that keeps a spend from taking the balance below zero."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="essence_account"
    )
    balance = models.IntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    objects = OwnedManager()

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(balance__gte=0), name="essence_balance_not_negative"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.balance} Essence"


class EssenceEntry(models.Model):
    """One line of the append-only ledger: earned (above zero) or spent (below), once per key."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="essence_entries"
    )
    amount = models.IntegerField()
    kind = models.CharField(max_length=20, choices=EssenceKind.choices)
    key = models.CharField(max_length=120, help_text="What it is for: earned or spent once.")
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    account_name: ClassVar[tuple[str, str]] = ("Essence entry", "Essence entries")
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "Essence entries"
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="essence_key_once"),
            # An earning adds; a spending or a take-back takes away: the sign follows the kind.
            models.CheckConstraint(
                condition=(
                    models.Q(kind__in=TAKING_KINDS, amount__lt=0)
                    | (~models.Q(kind__in=TAKING_KINDS) & models.Q(amount__gt=0))
                ),
                name="essence_sign_follows_kind",
            ),
        ]
        indexes = [
            # A key's family by its prefix ("habit:4:2026-12-01…") in the index, whatever the
            # database's collation (the unique index serves LIKE only under "C").
            models.Index(
                fields=["user", "key"],
                opclasses=["int8_ops", "varchar_pattern_ops"],
                name="essence_key_prefix",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.amount:+d} {self.key}"


class EssenceMismatch(models.Model):
    """A person whose kept balance differed from the sum of their entries, found by the daily
    check (narrative.tasks.check_essence): for staff to look into, once per day found."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="essence_mismatches"
    )
    checked_on = models.DateField()
    balance_kept = models.IntegerField()
    entries_sum = models.IntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["-checked_on"]
        verbose_name_plural = "Essence mismatches"
        constraints = [
            models.UniqueConstraint(fields=["user", "checked_on"], name="essence_mismatch_daily")
        ]

    def __str__(self) -> str:
        return f"{self.user} on {self.checked_on}: {self.balance_kept} ≠ {self.entries_sum}"


class QuestUnlock(models.Model):
    """A hidden quest (narrative.quests.QUESTS) a person unlocked: once per person and quest."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quest_unlocks"
    )
    quest_key = models.CharField(max_length=60)
    unlocked_at = models.DateTimeField()
    mission = models.ForeignKey(
        "goals.Mission",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The special mission it gave (none without an active goal).",
    )
    account_name: ClassVar[tuple[str, str]] = ("quest", "quests")
    objects = OwnedManager()

    class Meta:
        ordering = ["-unlocked_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "quest_key"], name="quest_unlock_once")
        ]

    def __str__(self) -> str:
        return f"{self.quest_key} for {self.user}"


class BeatKind(models.TextChoices):
    """What a beat tells (narrative.beats.select chooses from what really happened)."""

    OPENING = "opening", "The story begins"
    MILESTONE = "milestone", "Missions done"
    STREAK = "streak", "A streak milestone"
    GOAL = "goal", "A goal reached"
    COMEBACK = "comeback", "A return"
    QUIET_WEEK = "quiet_week", "After a quiet week"
    QUEST = "quest", "A hidden quest"
    SIDE = "side", "A side chapter (chosen with Essence)"


class Beat(models.Model):
    """One passage of a person's story: requested by a trigger (a mission done, a milestone,
    a goal, a return, a quest, a choice), written by the beat pipeline, never rewritten.

    A beat asked for is the durable job. While it waits (pending, until ``due_at``: a
    little after its latest trigger), the triggers that arrive join it (BeatTrigger), so a
    burst of missions makes one passage, not five. A worker
    claims it atomically (writing, until ``claimed_until``), so two workers never write one;
    a killed worker's beat, or a failed try due again, is taken up once the claim lapses.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be written"
        WRITING = "writing", "Being written"
        WRITTEN = "written", "Written"
        FAILED = "failed", "Could not be written"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="story_beats"
    )
    story = models.ForeignKey(Story, on_delete=models.CASCADE, related_name="beats")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    kind = models.CharField(max_length=12, choices=BeatKind.choices, blank=True)
    requested_at = models.DateTimeField()
    due_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Written no sooner: what happens until then joins it (null: at once).",
    )
    claimed_until = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    # Written:
    written_at = models.DateTimeField(null=True, blank=True, help_text="The scene's instant.")
    act = models.PositiveSmallIntegerField(null=True, blank=True)
    chapter = models.PositiveSmallIntegerField(null=True, blank=True)
    place = models.SlugField(max_length=60, blank=True)
    title = models.CharField(max_length=120, blank=True)
    text = models.TextField(blank=True)
    provenance = models.JSONField(
        default=list, blank=True, help_text="The real progress this beat tells of."
    )
    changes = models.JSONField(default=list, blank=True, help_text="The world changes it made.")
    told = models.JSONField(
        default=list,
        blank=True,
        help_text="The phrases and title it used (narrative.prose.phrase_id): what the story "
        "told, so later beats tell something else.",
    )
    validation = models.JSONField(
        default=list, blank=True, help_text="Each draft tried: where from, and what it broke."
    )
    source = models.CharField(max_length=80, blank=True, help_text="Who wrote the text kept.")
    choice = models.JSONField(
        null=True, blank=True, help_text="What it offers to spend Essence on: key, label, cost."
    )
    failure = models.CharField(max_length=300, blank=True)
    account_name: ClassVar[tuple[str, str]] = ("story passage", "story passages")
    objects = OwnedManager()

    class Meta:
        ordering = ["-written_at", "-id"]
        indexes = [
            models.Index(fields=["user", "status", "written_at"], name="beat_user_status"),
            models.Index(
                fields=["requested_at"],
                condition=models.Q(status="pending"),
                name="beat_pending",
            ),
            models.Index(
                fields=["claimed_until"],
                condition=models.Q(status="writing"),
                name="beat_writing",
            ),
        ]
        constraints = [
            # One pending beat per person: later triggers join it.
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(status="pending"), name="beat_one_pending"
            ),
        ]

    def __str__(self) -> str:
        return self.title or f"{self.get_status_display()} beat for {self.user}"


class BeatTrigger(models.Model):
    """What asked for a beat, once per key (a mission, a milestone, a goal, a return, a quest,
    a choice): a trigger heard twice (a retried job) asks for nothing more."""

    class Kind(models.TextChoices):
        MISSION = "mission", "A mission done"
        STREAK = "streak", "A streak milestone"
        GOAL = "goal", "A goal completed"
        RETURN = "return", "A return after a drop-off"
        QUEST = "quest", "A hidden quest unlocked"
        CHOICE = "choice", "A choice bought with Essence"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="story_triggers"
    )
    beat = models.ForeignKey(Beat, on_delete=models.CASCADE, related_name="triggers")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    key = models.CharField(max_length=120)
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField()
    objects = OwnedManager()

    class Meta:
        ordering = ["at", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="beat_trigger_once")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.key})"
