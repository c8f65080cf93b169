"""Models of the narrative app: the scenario (a story world as data), each person's story
and its typed world state (entities, and facts that hold from one instant to another)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from delight.models import OwnedManager
from narrative.scenario import scenario_problems


class Scenario(models.Model):
    """A story world staff can edit; its data is checked by narrative.scenario on save."""

    key = models.SlugField(max_length=60, unique=True)
    title = models.CharField(max_length=120)
    data = models.JSONField(help_text="Acts, chapters, places, people and items (see README).")
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
    objects = OwnedManager()

    class Meta:
        verbose_name_plural = "stories"

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
