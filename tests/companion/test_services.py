from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from companion import services
from companion.models import Memory, MemoryChange
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import OfflineEngine
from tests.companion.factories import ENGINE, RenamedEmbedder, remember

pytestmark = pytest.mark.django_db


def test_create_embeds_and_records_history(owner):
    write = remember(owner, "Olivia loves hiking in the Alps", tags=["Hobby", "hobby", " alps "])

    memory = Memory.objects.get(pk=write.memory.pk)
    assert write.outcome == "created"
    assert memory.embedder == "hashing-v1"
    assert len(memory.embedding) == 384
    assert memory.tags == ["hobby", "alps"]
    assert memory.expires_at is None
    assert list(memory.changes.values_list("kind", "actor", "new_content")) == [
        ("created", "eliza", "Olivia loves hiking in the Alps")
    ]


def test_near_duplicate_reinforces_instead_of_adding(owner):
    first = remember(owner, "I love hiking in the mountains.", tags=["hobby"], confidence=0.7)
    again = remember(owner, "i love hiking in mountains", tags=["outdoors"], confidence=0.7)

    assert again.outcome == "reinforced"
    assert again.memory.pk == first.memory.pk
    assert Memory.objects.filter(user=owner).count() == 1
    memory = Memory.objects.get(pk=first.memory.pk)
    assert memory.confidence == pytest.approx(0.805)
    assert memory.access_count == 1
    assert memory.last_accessed_at is not None
    assert memory.tags == ["hobby", "outdoors"]
    assert list(memory.changes.values_list("kind", flat=True)) == ["created", "reinforced"]


def test_a_near_duplicate_is_found_among_more_memories_than_the_shortlist(owner):
    topics = ("chess", "cello", "sourdough", "climbing", "spanish", "poetry")
    Memory.objects.bulk_create(
        Memory(
            user=owner,
            tier="personal",
            content=(content := f"Practised {topics[n % 6]} for {n} minutes on day {n}"),
            embedding=ENGINE.embedder.embed_one(content),
            embedder=ENGINE.embedder.name,
            source="conversation",
        )
        for n in range(services.DUPLICATE_SHORTLIST + 100)
    )
    first = remember(owner, "Olivia is allergic to peanuts and carries an epipen")

    again = remember(owner, "olivia is allergic to peanuts, carries an EpiPen")

    assert again.outcome == "reinforced"
    assert again.memory.pk == first.memory.pk


def test_the_same_text_under_an_earlier_embedder_is_the_same_fact(owner):
    earlier = services.memory_create(
        user=owner,
        content="Olivia is allergic to peanuts",
        tier="personal",
        source="conversation",
        engine=OfflineEngine(embedder=RenamedEmbedder()),
    )

    again = remember(owner, "OLIVIA is allergic to peanuts")

    assert again.outcome == "reinforced"
    assert again.memory.pk == earlier.memory.pk


def test_different_facts_and_other_tiers_are_not_duplicates(owner):
    remember(owner, "She loves hiking")
    assert remember(owner, "She loves running").outcome == "created"
    assert remember(owner, "She loves hiking", tier="project").outcome == "created"
    assert Memory.objects.filter(user=owner).count() == 3


def test_same_fact_for_another_user_is_stored_separately(owner, outsider):
    remember(owner, "Lives in Lyon", key="home")
    assert remember(outsider, "Lives in Lyon", key="home").outcome == "created"


def test_new_fact_with_same_key_supersedes_and_keeps_history(owner):
    old = remember(owner, "Works as a nurse", key="occupation").memory
    new = remember(owner, "Works as a software engineer", key="occupation", actor="user")

    assert new.outcome == "superseded"
    old.refresh_from_db()
    assert not old.active
    assert old.superseded_by_id == new.memory.pk
    assert new.memory.active
    change = old.changes.get(kind="superseded")
    assert (change.old_content, change.new_content, change.actor) == (
        "Works as a nurse",
        "Works as a software engineer",
        "user",
    )
    assert Memory.objects.filter(user=owner, key="occupation", active=True).get() == new.memory


def test_same_key_same_fact_reinforces(owner):
    first = remember(owner, "Name is Olivia", key="name", confidence=0.9)
    again = remember(owner, "name is olivia!", key="name", confidence=0.6)
    assert again.outcome == "reinforced"
    assert again.memory.pk == first.memory.pk


def test_task_memories_expire_after_the_configured_days(owner, settings):
    settings.MEMORY_TASK_TTL_DAYS = 10
    memory = remember(owner, "Stretch for ten minutes", tier="task", source="mission").memory
    assert memory.expires_at - timezone.now() == pytest.approx(
        dt.timedelta(days=10), abs=dt.timedelta(minutes=1)
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"content": "x" * 2001}, "at most 2,000 characters long (this one has 2,001)"),
        ({"content": "   "}, "cannot be empty"),
        ({"tags": [f"t{i}" for i in range(21)]}, "at most 20 tags (this one has 21)"),
        ({"tags": ["y" * 41]}, "A tag can be at most 40 characters long (this one has 41)"),
        ({"metadata": {"blob": "z" * 5000}}, "at most 4,096 bytes"),
        ({"confidence": 1.5}, "less than or equal to 1.0"),
        ({"tier": "forever"}, "not a valid choice"),
    ],
)
def test_size_limits_raise_a_clear_error_and_change_nothing(owner, fields, message):
    kept = remember(owner, "Likes green tea", key="likes:tea").memory
    arguments = {"content": "Likes black tea", "key": "likes:tea", **fields}
    with pytest.raises(ValidationError, match=re.escape(message)):
        remember(owner, **arguments)
    assert list(Memory.objects.filter(user=owner).values_list("pk", "active")) == [(kept.pk, True)]
    assert MemoryChange.objects.filter(user=owner).count() == 1


def test_update_reembeds_and_records_who_changed_it(owner):
    memory = remember(owner, "Trains on Tuesdays", tags=["schedule"]).memory
    updated = services.memory_update(
        memory=memory, user=owner, content="Trains on Thursdays", tier="task", engine=ENGINE
    )

    assert updated.content == "Trains on Thursdays"
    assert list(updated.embedding) == pytest.approx(
        HashingEmbedder().embed_one("Trains on Thursdays")
    )
    assert updated.tier == "task"
    assert updated.expires_at is not None
    change = updated.changes.get(kind="updated")
    assert (change.old_content, change.new_content, change.actor) == (
        "Trains on Tuesdays",
        "Trains on Thursdays",
        "user",
    )


def test_update_with_bad_input_changes_nothing(owner):
    memory = remember(owner, "Trains on Tuesdays").memory
    with pytest.raises(ValidationError, match="at most 2,000 characters"):
        services.memory_update(memory=memory, user=owner, content="x" * 2500, engine=ENGINE)
    memory.refresh_from_db()
    assert memory.content == "Trains on Tuesdays"
    assert memory.changes.count() == 1


def test_update_of_someone_elses_memory_is_refused(owner, outsider):
    memory = remember(owner, "Trains on Tuesdays").memory
    with pytest.raises(Memory.DoesNotExist):
        services.memory_update(memory=memory, user=outsider, content="mine now", engine=ENGINE)
    with pytest.raises(Memory.DoesNotExist):
        services.memory_delete(memory=memory, user=outsider)
    assert Memory.objects.filter(pk=memory.pk, content="Trains on Tuesdays").exists()


def test_delete_erases_content_and_older_versions_but_keeps_a_content_free_row(owner):
    old = remember(owner, "Lives in Berlin", key="home").memory
    new = remember(owner, "Lives in Paris", key="home").memory

    assert services.memory_delete(memory=new, user=owner) == 2

    assert not Memory.objects.filter(user=owner).exists()
    changes = list(MemoryChange.objects.filter(user=owner))
    assert [(c.kind, c.memory_ref, c.actor, c.old_content, c.new_content) for c in changes] == [
        ("deleted", new.pk, "user", "", "")
    ]
    assert old.pk not in [c.memory_ref for c in changes]


def test_touch_counts_uses_of_own_memories_only(owner, outsider):
    mine = remember(owner, "Drinks coffee at 7").memory
    theirs = remember(outsider, "Drinks tea at 8").memory
    assert services.memories_touch(user=owner, ids=[mine.pk, theirs.pk]) == 1
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.access_count, theirs.access_count) == (1, 0)
    assert mine.last_accessed_at is not None


def test_prune_removes_expired_task_memories_only(owner):
    expired = remember(owner, "Call the gym", tier="task", source="mission").memory
    fresh = remember(owner, "Book a physio slot", tier="task", source="mission").memory
    personal = remember(owner, "Afraid of deep water").memory
    Memory.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - dt.timedelta(days=1))

    assert services.memories_prune_expired() == 1

    assert set(Memory.objects.values_list("pk", flat=True)) == {fresh.pk, personal.pk}
    assert not MemoryChange.objects.filter(memory_ref=expired.pk).exists()
    later = timezone.now() + dt.timedelta(days=31)
    assert services.memories_prune_expired(now=later) == 1
    assert list(Memory.objects.values_list("pk", flat=True)) == [personal.pk]


def test_reembed_after_a_change_of_embedder(owner):
    remember(owner, "Plays the cello")
    remember(owner, "Reads science fiction")
    engine = OfflineEngine(embedder=RenamedEmbedder())

    assert services.memories_reembed(engine=engine, batch_size=1) == 2
    assert set(Memory.objects.values_list("embedder", flat=True)) == {"hashing-v2"}
    assert services.memories_reembed(engine=engine) == 0


def test_a_memory_knows_when_it_was_said_and_when_what_it_tells_happened(owner):
    said = remember(
        owner,
        "Caroline: Yesterday I went to a support group",
        metadata={"date": "1:56 pm on 8 May, 2023"},
    ).memory
    undated = remember(owner, "I like tea", source="user").memory

    assert said.said_on == dt.date(2023, 5, 8)
    assert (said.happened_on, said.happened_span) == (dt.date(2023, 5, 7), "day")
    assert undated.said_on == owner.local_day(undated.created_at)
    assert (undated.happened_on, undated.happened_span) == (None, "")


def test_an_edited_memory_tells_when_anew(owner):
    memory = remember(owner, "went hiking", metadata={"date": "2023-05-08"}).memory

    edited = services.memory_update(memory=memory, user=owner, content="went hiking two weeks ago")

    assert (edited.happened_on, edited.happened_span) == (dt.date(2023, 4, 24), "week")
