"""Models of the narrative app."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from delight.models import OwnedManager

# -- Essence and quests


class EssenceKind(models.TextChoices):
    EARNED_MISSION = "earned_mission", "Earned: a mission done"
    EARNED_MILESTONE = "earned_milestone", "Earned: a streak milestone"
    EARNED_QUEST = "earned_quest", "Earned: a hidden quest"
    SPENT_CHOICE = "spent_choice", "Spent: a choice in the story"


EARNED_KINDS = (EssenceKind.EARNED_MISSION, EssenceKind.EARNED_MILESTONE, EssenceKind.EARNED_QUEST)


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
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "Essence entries"
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="essence_key_once"),
            # An earning adds, a spending takes away: the sign follows the kind.
            models.CheckConstraint(
                condition=(
                    models.Q(kind=EssenceKind.SPENT_CHOICE, amount__lt=0)
                    | (~models.Q(kind=EssenceKind.SPENT_CHOICE) & models.Q(amount__gt=0))
                ),
                name="essence_sign_follows_kind",
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
    objects = OwnedManager()

    class Meta:
        ordering = ["-unlocked_at"]
        constraints = [
            models.UniqueConstraint(fields=["user", "quest_key"], name="quest_unlock_once")
        ]

    def __str__(self) -> str:
        return f"{self.quest_key} for {self.user}"
