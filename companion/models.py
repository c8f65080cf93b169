"""Eliza's memory of a person: three tiers of facts, each with a vector, a full-text vector
and a history of how it changed."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, ClassVar

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import (
    SearchVector,
    SearchVectorCombinable,
    SearchVectorField,
)
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from pgvector.django import VectorField

from delight.ai.types import EMBEDDING_DIMENSIONS
from delight.models import OwnedManager
from delight.text import validate_json_text, validate_text

CONTENT_MAX_CHARS = 2000
TAGS_MAX = 20
TAG_MAX_CHARS = 40
SKETCH_DIMENSIONS = 96
METADATA_MAX_BYTES = 4096
METADATA_MAX_DEPTH = 4
KEY_MAX_CHARS = 100


class OwnerLexeme(SearchVectorCombinable, models.Func):
    """A one-lexeme tsvector naming a memory's owner, "@<user id>" (text never yields a
    lexeme that starts with "@"). With it in every search vector, recall's words list asks
    the GIN index for "any of the words AND the owner's lexeme" and gets one person's
    matches, not everyone's intersected with all of that person's rows."""

    template = "array_to_tsvector(ARRAY['@' || %(expressions)s::text])"
    output_field = SearchVectorField()


def validate_content(value: str) -> None:
    validate_text(value, limit=CONTENT_MAX_CHARS, noun="memory")


def validate_tags(value: list[str]) -> None:
    if len(value) > TAGS_MAX:
        raise ValidationError(
            "A memory can have at most %(limit)s tags (this one has %(count)s).",
            params={"limit": TAGS_MAX, "count": len(value)},
            code="too_many_tags",
        )
    for tag in value:
        validate_text(tag, limit=TAG_MAX_CHARS, noun="tag")


def validate_metadata(value: Any) -> None:
    """A JSON object whose keys and strings follow the text rule, nested at most
    METADATA_MAX_DEPTH levels and at most METADATA_MAX_BYTES long as JSON."""
    if not isinstance(value, dict):
        raise ValidationError("Metadata must be a JSON object.", code="metadata_not_object")
    validate_json_text(value, noun="metadata", max_depth=METADATA_MAX_DEPTH)
    size = len(json.dumps(value, ensure_ascii=False, default=str).encode())
    if size > METADATA_MAX_BYTES:
        raise ValidationError(
            "Metadata can be at most %(limit)s bytes of JSON (this is %(size)s).",
            params={"limit": f"{METADATA_MAX_BYTES:,}", "size": f"{size:,}"},
            code="metadata_too_large",
        )


class Tier(models.TextChoices):
    PERSONAL = "personal", "Personal"  # identity, preferences, emotional patterns; long-lived
    PROJECT = "project", "Project"  # goals, plans, progress
    TASK = "task", "Task"  # missions and actions; expires (MEMORY_TASK_TTL_DAYS)


class Source(models.TextChoices):
    CONVERSATION = "conversation", "Conversation"
    MISSION = "mission", "Mission"
    NARRATIVE = "narrative", "Narrative"
    NUDGE = "nudge", "Nudge"
    ANALYTICS = "analytics", "Analytics"
    USER = "user", "User"


class TimeSpan(models.TextChoices):
    DAY = "day", "Day"
    WEEK = "week", "Week"
    MONTH = "month", "Month"
    YEAR = "year", "Year"


class Actor(models.TextChoices):
    USER = "user", "The user"
    ELIZA = "eliza", "Eliza"
    STAFF = "staff", "Staff"


class Memory(models.Model):
    # No index of its own: the composite indexes below all start with the user.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memories", db_index=False
    )
    tier = models.CharField(max_length=10, choices=Tier.choices)
    content = models.TextField(
        validators=[validate_content], error_messages={"blank": "A memory cannot be empty."}
    )
    key = models.CharField(
        max_length=KEY_MAX_CHARS,
        blank=True,
        help_text='A stable slot such as "name" or "likes:running": a new fact with the same '
        "key supersedes the old one.",
    )
    embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS)
    embedder = models.CharField(max_length=100, help_text="The embedder that made the vector.")
    # A 96-number random projection of the embedding (SQL function `memory_sketch`,
    # migration 0004): recall ranks a person's sketches first, a quarter of the bytes, and
    # re-ranks only the best few hundred exactly. Kept by PostgreSQL, so no write path can
    # forget it.
    sketch = models.GeneratedField(
        expression=models.Func("embedding", function="memory_sketch"),
        output_field=VectorField(dimensions=SKETCH_DIMENSIONS),
        db_persist=True,
    )
    # The content's words plus the owner's lexeme (OwnerLexeme). Kept by PostgreSQL itself,
    # so no write path can forget to refresh it.
    search_vector = models.GeneratedField(
        expression=SearchVector("content", config="english") + OwnerLexeme("user"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    # What was said just before it in the same exchange (services.memories: the thread's
    # previous memories), so a turn that only makes sense beside its neighbours can still be
    # found: recall weighs these words lightly and compares the query with a vector that leans
    # a little toward the previous memory's. Empty, and the vector NULL, when it starts one.
    context = models.TextField(blank=True, default="", db_default="")
    context_embedding = VectorField(dimensions=EMBEDDING_DIMENSIONS, null=True, blank=True)
    context_vector = models.GeneratedField(
        expression=SearchVector("context", config="english"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    # When it was said (the session's date a client gives in metadata, else the person's own
    # day when it was saved), and when what it tells happened, when it says ("yesterday",
    # "two weeks ago", "on 8 May": companion.when), to the day, week, month or year.
    said_on = models.DateField(null=True, blank=True)
    happened_on = models.DateField(null=True, blank=True)
    happened_span = models.CharField(
        max_length=5, choices=TimeSpan.choices, blank=True, default="", db_default=""
    )
    tags = ArrayField(
        models.CharField(max_length=TAG_MAX_CHARS),
        default=list,
        blank=True,
        validators=[validate_tags],
    )
    metadata = models.JSONField(default=dict, blank=True, validators=[validate_metadata])
    source = models.CharField(max_length=20, choices=Source.choices)
    confidence = models.FloatField(
        default=0.7, validators=[MinValueValidator(0.0), MaxValueValidator(1.0)]
    )
    goal = models.ForeignKey(
        "goals.Goal", null=True, blank=True, on_delete=models.SET_NULL, related_name="memories"
    )
    mission = models.ForeignKey(
        "goals.Mission", null=True, blank=True, on_delete=models.SET_NULL, related_name="memories"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    active = models.BooleanField(default=True, help_text="Superseded memories stay as history.")
    # When the fact held: from (its creation when unknown) until a later fact ended it ("our
    # cat Miso died", "we moved to Porto"); a closed fact is never said as current.
    valid_from = models.DateTimeField(null=True, blank=True)
    valid_to = models.DateTimeField(null=True, blank=True)
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="supersedes"
    )
    # The person's MemoryRevision at this memory's last change that recall's first stage
    # reads; set by the database (migration 0011), whatever a client sends.
    revision = models.BigIntegerField(default=0, editable=False)
    account_name: ClassVar[tuple[str, str]] = ("memory", "memories")
    objects = OwnedManager()

    class Meta:
        verbose_name_plural = "memories"
        indexes = [
            # Lists by tier, and recall's words list: a word found in thousands of a person's
            # memories is ranked from this index alone (an index-only scan over contiguous
            # leaf pages), not from thousands of scattered 2 kB heap rows.
            models.Index(
                fields=["user", "tier", "active"],
                include=["id", "expires_at", "search_vector"],
                name="memory_recall_words",
            ),
            # Recall's first stage reads one user's sketches from this index alone (an
            # index-only scan over contiguous leaf pages), never from scattered heap rows.
            # The embedder is a key column, so stale vectors are skipped by the index itself,
            # and so is the tier: a recall or a duplicate check in some tiers reads only
            # those tiers' sketches.
            models.Index(
                fields=["user", "active", "embedder", "tier"],
                include=["id", "expires_at", "sketch"],
                name="memory_recall_sketches",
            ),
            # No pending list (fastupdate): with one, every words search also scans every
            # entry inserted since the last vacuum, up to 4 MB: a 0.26 ms GIN lookup took
            # 4.8 ms after 25,000 inserts. Inserts pay a little more instead.
            GinIndex(fields=["search_vector"], name="memory_search_vector", fastupdate=False),
            # What changed since a revision (companion.sketches brings its copy up to date).
            models.Index(fields=["user", "revision"], name="memory_changes"),
            models.Index(fields=["expires_at"], name="memory_expires_at"),
            # Memories another embedder made, for the re-embedding job (companion.services.
            # memories_reembed_batch): found at once, usually none, without a scan.
            models.Index(fields=["embedder", "user"], name="memory_by_embedder"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "key"],
                condition=models.Q(active=True) & ~models.Q(key=""),
                name="memory_one_active_per_key",
            ),
            models.CheckConstraint(
                condition=models.Q(confidence__gte=0.0, confidence__lte=1.0),
                name="memory_confidence_0_1",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("content"), CONTENT_MAX_CHARS),
                name="memory_content_max_length",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.tier}: {self.content[:60]}"

    def clean(self) -> None:
        # A key, when there is one, follows the text rule like the content and the tags.
        if self.key:
            try:
                validate_text(self.key, limit=KEY_MAX_CHARS, noun="key")
            except ValidationError as refused:
                raise ValidationError({"key": refused.error_list}) from None

    @property
    def access_count(self) -> int:
        """How many times Eliza used this memory (its MemoryUse; 0 before the first)."""
        use = self._use()
        return use.access_count if use else 0

    @property
    def last_accessed_at(self) -> dt.datetime | None:
        use = self._use()
        return use.last_accessed_at if use else None

    def use_known(self, use: MemoryUse | None) -> None:
        """Keep the memory's use as read beside it (None: never used), as select_related
        would, so reading the counts costs no query."""
        Memory.use.related.set_cached_value(self, use)

    def _use(self) -> MemoryUse | None:
        # Lists load it with select_related("use"); recall reads it in its own statement.
        try:
            return self.use
        except MemoryUse.DoesNotExist:
            return None


class MemoryUse(models.Model):
    """How often and when Eliza last used a memory.

    Kept apart from the memory because marking memories used, which ends nearly every turn,
    would otherwise rewrite the memory's ~2 kB row: new entries in its nine indexes (the GIN
    among them) and cleared visibility-map bits, which recall's index-only scans need. This
    narrow row is updated in place (HOT).
    """

    memory = models.OneToOneField(
        Memory, primary_key=True, on_delete=models.CASCADE, related_name="use"
    )
    access_count = models.PositiveIntegerField(default=0)
    last_accessed_at = models.DateTimeField()
    owner_field = "memory__user"  # whose rows these are (OwnedManager)
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"{self.access_count} uses of {self.memory_id}"


class MemoryRevision(models.Model):
    """Where a person's memories stand, kept by PostgreSQL (triggers of migration 0011).

    A transaction that inserts one of the person's memories, or updates what recall's first
    stage reads (active, tier, embedder, embedding, expiry), takes a new `revision` from one
    sequence while holding this row's lock (until it commits), so a person's revisions grow in
    commit order; every memory it writes is stamped with it. Each statement that deletes
    some also takes a new revision and counts in `deletions`. A memory never changes owner
    (the trigger refuses it).
    A process's copy of the person's sketches (companion.sketches) is current exactly when its
    revision is this one, and is brought up to date from the memories stamped after it.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="memory_revision",
    )
    revision = models.BigIntegerField()
    deletions = models.BigIntegerField(default=0)
    memories = models.BigIntegerField(default=0, help_text="Rows, active or not.")
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"revision {self.revision} of {self.user_id}'s memories"


class ChangeKind(models.TextChoices):
    CREATED = "created", "Created"
    REINFORCED = "reinforced", "Reinforced"
    SUPERSEDED = "superseded", "Superseded"
    UPDATED = "updated", "Updated"
    DELETED = "deleted", "Deleted"


class MemoryChange(models.Model):
    """One step in a memory's history.

    Deleting a memory deletes its history with it (CASCADE): a person who deletes a memory
    makes its content go away. What remains is one "deleted" row without content and without
    a memory (`memory_ref` keeps the old id), so staff can still see that, when and by whom.
    """

    memory = models.ForeignKey(
        Memory, null=True, blank=True, on_delete=models.CASCADE, related_name="changes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_changes"
    )
    memory_ref = models.PositiveBigIntegerField(help_text="The memory's id, kept after deletion.")
    kind = models.CharField(max_length=12, choices=ChangeKind.choices)
    old_content = models.TextField(blank=True)
    new_content = models.TextField(blank=True)
    actor = models.CharField(max_length=10, choices=Actor.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["user", "memory_ref"], name="memorychange_user_memory")]

    def __str__(self) -> str:
        return f"{self.kind} by {self.actor} ({self.memory_ref})"


# --- conversations ----------------------------------------------------------------------------

MESSAGE_MAX_CHARS = 4000
IDEMPOTENCY_KEY_MAX_CHARS = 100


def validate_message(value: str) -> None:
    validate_text(value, limit=MESSAGE_MAX_CHARS, noun="message")


class Conversation(models.Model):
    """One chat session with Eliza, with the running figures staff look at.

    Its id is the public `session_id`; the agent's state for it is the `AgentState` with the
    same session id.
    """

    id = models.UUIDField(primary_key=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="conversations"
    )
    title = models.CharField(max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_message_at = models.DateTimeField(null=True, blank=True)
    turns = models.PositiveIntegerField(default=0)
    tokens = models.PositiveIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=12, decimal_places=6, default=0)
    tool_calls = models.PositiveIntegerField(default=0)
    tool_failures = models.PositiveIntegerField(default=0)
    response_ms_total = models.FloatField(default=0)
    crisis_turns = models.PositiveIntegerField(default=0)
    account_name: ClassVar[tuple[str, str]] = (
        "conversation with Eliza",
        "conversations with Eliza",
    )
    objects = OwnedManager()

    class Meta:
        indexes = [models.Index(fields=["user", "-last_message_at"], name="conversation_recent")]

    def __str__(self) -> str:
        return self.title or str(self.id)

    @property
    def messages(self) -> int:
        return 2 * self.turns

    @property
    def tool_success_rate(self) -> float | None:
        if not self.tool_calls:
            return None
        return round(1 - self.tool_failures / self.tool_calls, 3)

    @property
    def average_response_ms(self) -> float | None:
        return round(self.response_ms_total / self.turns, 1) if self.turns else None


class Turn(models.Model):
    """One message and Eliza's reply. The message is kept from the moment it arrives, so
    nothing a person wrote is lost even if the turn fails; `result` is the whole answer."""

    class Status(models.TextChoices):
        RUNNING = "running", "Running"
        DONE = "done", "Done"

    id = models.UUIDField(primary_key=True)
    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="turn_set"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    idempotency_key = models.CharField(max_length=IDEMPOTENCY_KEY_MAX_CHARS)
    text = models.TextField(validators=[validate_message])
    reply = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    result = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    account_name: ClassVar[tuple[str, str]] = ("message to Eliza", "messages to Eliza")
    objects = OwnedManager()

    class Meta:
        ordering = ["created_at"]
        indexes = [models.Index(fields=["conversation", "created_at"], name="turn_history")]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "idempotency_key"], name="turn_idempotency_key_per_user"
            ),
            # One turn at a time per session: a second message is refused by the database.
            models.UniqueConstraint(
                fields=["conversation"],
                condition=models.Q(status="running"),
                name="turn_one_running_per_conversation",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.text[:60]}"


class CrisisEvent(models.Model):
    """A message that took the crisis branch, flagged for staff to review."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="crisis_events"
    )
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="+")
    turn = models.OneToOneField(Turn, on_delete=models.CASCADE, related_name="crisis_event")
    level = models.PositiveSmallIntegerField(validators=[MaxValueValidator(3)])
    reason = models.CharField(max_length=300)
    matched = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    staff_note = models.TextField(blank=True)
    objects = OwnedManager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"level {self.level}: {self.reason}"


class CompanionProfile(models.Model):
    """What Eliza has learned about a person across conversations."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="companion_profile"
    )
    name = models.CharField(max_length=100, blank=True)
    occupation = models.CharField(max_length=200, blank=True)
    location = models.CharField(max_length=200, blank=True)
    interests = ArrayField(models.CharField(max_length=100), default=list, blank=True)
    communication_style = models.CharField(max_length=40, blank=True)
    style_chosen = models.BooleanField(
        default=False,
        help_text="The person set or cleared the style themselves: Eliza stops guessing it.",
    )
    updated_at = models.DateTimeField(auto_now=True)
    account_name: ClassVar[tuple[str, str]] = (
        "profile of what Eliza knows about you",
        "profiles of what Eliza knows about you",
    )
    objects = OwnedManager()

    def __str__(self) -> str:
        return f"profile of {self.user}"
