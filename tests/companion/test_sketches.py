from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from companion import recall_sql, selectors, sketches
from companion.models import Memory, MemoryRevision
from tests.companion.factories import ENGINE, meaning, random_memories, remember

# Copies are only kept and used outside transaction blocks, so these tests commit.
pytestmark = pytest.mark.django_db(transaction=True)

BIG = 300  # memories of a "big" person here (RECALL_CACHE_MIN_MEMORIES is lowered to 100)


@pytest.fixture(autouse=True)
def small_threshold(settings):
    settings.RECALL_CACHE_MIN_MEMORIES = 100


def query_vector(seed: int) -> list[float]:
    vector = np.random.default_rng(seed).standard_normal(384)
    return (vector / np.linalg.norm(vector)).tolist()


def shortlist(user, vector, *, tiers=None, size=200):
    """(revision, the shortlist as an SQL array) from the process's copy, or None."""
    made = sketches.lists(
        user_id=user.pk, embedder=ENGINE.embedder.name, vector=vector, tiers=tiers, size=size
    )
    return (made.revision, made.shortlisted) if made else None


def answer(user, vector) -> Memory:
    """A memory whose vector is the question's own, written as another process would."""
    return Memory.objects.create(
        user=user, tier="personal", content="Exactly the question", embedding=vector,
        embedder=ENGINE.embedder.name, source="user",
    )  # fmt: skip


def ids_of(picked) -> set[int]:
    return {int(number) for number in picked[1].strip("{}").split(",") if number}


def test_a_big_persons_meaning_list_from_the_copy_equals_postgresqls(owner, outsider, settings):
    random_memories(owner, BIG, seed=1)
    random_memories(outsider, BIG, seed=2)
    vector = query_vector(3)

    picked = shortlist(owner, vector)
    from_copy = meaning(owner, vector)
    settings.RECALL_CACHE_MB = 0
    from_postgresql = meaning(owner, vector)

    assert picked is not None
    assert len(ids_of(picked)) == 200
    assert ids_of(picked) <= set(Memory.objects.filter(user=owner).values_list("pk", flat=True))
    assert from_copy == from_postgresql


def test_a_small_person_is_not_copied(owner):
    random_memories(owner, 20, seed=1)

    assert shortlist(owner, query_vector(3)) is None


def test_no_copy_is_used_inside_a_transaction_block(owner):
    random_memories(owner, BIG, seed=1)

    with transaction.atomic():
        assert shortlist(owner, query_vector(3)) is None
    assert shortlist(owner, query_vector(3)) is not None


def test_the_copy_follows_new_superseded_and_expired_memories(owner):
    random_memories(owner, BIG, seed=1)
    vector = query_vector(3)
    first = shortlist(owner, vector)
    before = MemoryRevision.objects.get(user=owner)

    new = answer(owner, vector)
    closest = [pk for pk, _ in meaning(owner, vector, limit=3)]
    Memory.objects.filter(pk=closest[1]).update(active=False)
    Memory.objects.filter(pk=closest[2]).update(expires_at=timezone.now() - dt.timedelta(days=1))
    later = shortlist(owner, vector)

    after = MemoryRevision.objects.get(user=owner)
    assert closest[0] == new.pk
    assert later[0] == after.revision > first[0]
    assert new.pk in ids_of(later)
    assert closest[1] not in ids_of(later)
    assert after.deletions == before.deletions  # followed by its changes, not reloaded
    recalled = [pk for pk, _ in meaning(owner, vector)]
    assert recalled[0] == new.pk
    assert closest[1] not in recalled
    assert closest[2] not in recalled


def test_a_deleted_memory_leaves_the_copy(owner):
    random_memories(owner, BIG, seed=1)
    vector = query_vector(3)
    shortlist(owner, vector)  # the copy is made
    nearest = meaning(owner, vector, limit=1)[0][0]

    Memory.objects.filter(pk=nearest).delete()

    assert nearest not in ids_of(shortlist(owner, vector))
    assert nearest not in [pk for pk, _ in meaning(owner, vector)]


def test_a_stale_shortlist_is_ignored_by_the_recall_statement(owner):
    random_memories(owner, BIG, seed=1)
    vector = query_vector(3)
    stale = shortlist(owner, vector)
    # Another process writes after the shortlist was made: the statement must not trust it.
    new = answer(owner, vector)
    params, _ = selectors._meaning_params(
        user_id=owner.pk, vector=vector, embedder=ENGINE.embedder.name, tiers=None, limit=40
    )
    params["revision"], params["shortlisted"] = stale

    with connection.cursor() as cursor:
        cursor.execute(recall_sql.MEANING_SQL, params)
        ranked = cursor.fetchall()

    assert ranked[0][0] == new.pk
    assert len(ranked) == 40


def test_tiers_and_other_people_stay_out_of_the_shortlist(owner, outsider):
    random_memories(owner, BIG, seed=1)
    random_memories(outsider, BIG, seed=2)
    task = remember(owner, "Book the physiotherapist", tier="task").memory

    picked = ids_of(shortlist(owner, query_vector(3), tiers=["task"]))

    assert picked == {task.pk}


def test_every_change_that_recall_reads_takes_a_new_revision_in_order(owner):
    memory = remember(owner, "She runs along the canal").memory
    created = MemoryRevision.objects.get(user=owner)
    Memory.objects.filter(pk=memory.pk).update(confidence=0.9)  # not read by stage 1
    unchanged = MemoryRevision.objects.get(user=owner)
    Memory.objects.filter(pk=memory.pk).update(tier="project")
    moved = MemoryRevision.objects.get(user=owner)
    Memory.objects.filter(pk=memory.pk).delete()
    deleted = MemoryRevision.objects.get(user=owner)

    assert (created.memories, created.deletions) == (1, 0)
    assert unchanged.revision == created.revision
    assert moved.revision > created.revision
    assert (deleted.revision > moved.revision, deleted.memories, deleted.deletions) == (True, 0, 1)


def test_the_database_owns_a_memorys_revision(owner):
    memory = remember(owner, "She runs along the canal").memory
    stamped = Memory.objects.get(pk=memory.pk).revision

    memory.revision = 0
    memory.confidence = 0.9
    memory.save()

    assert stamped == MemoryRevision.objects.get(user=owner).revision
    assert Memory.objects.get(pk=memory.pk).revision == stamped


def test_one_statement_takes_one_revision_for_all_its_memories(owner):
    written = random_memories(owner, BIG, seed=1)
    stamps = set(Memory.objects.filter(user=owner).values_list("revision", flat=True))
    written_at = MemoryRevision.objects.get(user=owner)

    Memory.objects.filter(pk__in=[memory.pk for memory in written[:100]]).delete()

    deleted = MemoryRevision.objects.get(user=owner)
    assert stamps == {written_at.revision}
    assert written_at.memories == BIG
    assert (deleted.memories, deleted.deletions) == (BIG - 100, written_at.deletions + 1)


def test_a_rolled_back_savepoint_gives_back_its_revision(owner):
    random_memories(owner, BIG, seed=1)
    vector = query_vector(3)
    shortlist(owner, vector)  # the copy is made

    with transaction.atomic():
        undone = transaction.savepoint()
        answer(owner, vector)
        transaction.savepoint_rollback(undone)
        kept = answer(owner, vector)

    stamp = Memory.objects.get(pk=kept.pk).revision
    assert stamp == MemoryRevision.objects.get(user=owner).revision
    assert kept.pk in ids_of(shortlist(owner, vector))


def test_a_memory_never_moves_to_another_person(owner, outsider):
    memory = remember(owner, "She runs along the canal").memory

    with pytest.raises(IntegrityError, match="cannot move to another person"):
        Memory.objects.filter(pk=memory.pk).update(user=outsider)

    assert Memory.objects.get(pk=memory.pk).user_id == owner.pk
    assert not MemoryRevision.objects.filter(user=outsider).exists()


def worded(user, words, *, tiers=None) -> list[int]:
    """The words list the process's copy ranks for `words`, best first."""
    made = sketches.lists(
        user_id=user.pk, embedder=ENGINE.embedder.name, vector=query_vector(3), tiers=tiers,
        size=200, words=words, limit=40,
    )  # fmt: skip
    assert made is not None
    return [int(number) for number in made.worded.strip("{}").split(",") if number]


def test_the_copys_words_list_is_postgresqls_own(owner, outsider):
    random_memories(owner, BIG, seed=1)  # "Random note 0", "Random note 1", …
    random_memories(outsider, BIG, seed=2)
    for content in (
        "Walked the greyhound along the canal, then walked home",
        "A random note about a random day",
        "The greyhound walked, walked and walked",
        "Notes on the canal boats",
    ):
        remember(owner, content)
    query = "walk or greyhound or canal or random or notes"
    params = {"words": query, "user_id": owner.pk, "tiers": None, "limit": 40, "worded": None,
              "revision": None}  # fmt: skip

    from_copy = worded(owner, query)
    with connection.cursor() as cursor:
        cursor.execute(recall_sql.WORDS_LIST, params)
        from_postgresql = [pk for pk, _ in cursor.fetchall()]

    assert len(from_copy) == 40
    assert from_copy == from_postgresql


def test_the_words_list_follows_a_memorys_new_words(owner, outsider):
    random_memories(owner, BIG, seed=1)
    remember(outsider, "Walked the greyhound")
    assert worded(owner, "greyhound") == []  # the copy is made
    memory = Memory.objects.filter(user=owner).first()

    # New words, the same vector: the copy must still learn of them.
    Memory.objects.filter(pk=memory.pk).update(content="Walked the greyhound")

    assert worded(owner, "greyhound") == [memory.pk]
    assert worded(owner, "greyhound", tiers=["task"]) == []


def test_a_stale_words_list_is_ignored_by_the_recall_statement(owner, monkeypatch):
    random_memories(owner, BIG, seed=1)
    stale = sketches.lists(
        user_id=owner.pk, embedder=ENGINE.embedder.name, vector=query_vector(3), tiers=None,
        size=200, words="greyhound", limit=40,
    )  # fmt: skip
    # Another process writes after the lists were made: the statement ranks the words itself.
    new = remember(owner, "Walked the greyhound along the canal").memory
    monkeypatch.setattr(sketches, "lists", lambda **_: stale)

    recalled = selectors.memory_recall(user=owner, query="greyhound", k=5, engine=ENGINE)

    found = {item.memory.pk: item.reasons for item in recalled}
    assert stale.worded == "{}"
    assert "words: greyhound (rank 1)" in found[new.pk]


def test_the_rare_words_list_puts_a_word_rare_among_the_persons_memories_first(owner):
    random_memories(owner, BIG, seed=1)  # "Random note 0", "Random note 1", …
    rare = remember(owner, "Walked the greyhound along the canal").memory
    common = remember(owner, "A random note about a random day").memory
    made = sketches.lists(
        user_id=owner.pk, embedder=ENGINE.embedder.name, vector=query_vector(3), tiers=None,
        size=200, words="random or greyhound", limit=40,
    )  # fmt: skip

    rare_first = [int(number) for number in made.rare_worded.strip("{}").split(",")]
    as_postgresql = [int(number) for number in made.worded.strip("{}").split(",")]

    assert rare_first[0] == rare.pk
    assert as_postgresql[0] == common.pk  # 'random' twice: ts_rank cannot know it is common
    assert set(rare_first) == set(as_postgresql)


def test_the_rare_words_list_finds_a_memory_by_what_was_said_just_before_it(owner):
    random_memories(owner, BIG, seed=1)
    remember(owner, "Rohan: what did the vet say about Biscuit")
    answer = remember(owner, "Meera: they found a tumour on his liver").memory
    made = sketches.lists(
        user_id=owner.pk, embedder=ENGINE.embedder.name, vector=query_vector(3), tiers=None,
        size=200, words="biscuit or vet", limit=40,
    )  # fmt: skip

    rare = [int(number) for number in made.rare_worded.strip("{}").split(",")]
    as_postgresql = [int(number) for number in made.worded.strip("{}").split(",")]
    read = made.words_read([answer.pk, 10**9])

    assert rare[1] == answer.pk  # after the turn that holds the words itself
    assert answer.pk not in as_postgresql
    assert read[0][0] == 0  # none of its own words…
    assert read[0][1] > 0  # …but some of its context's
    assert read[1].tolist() == [0.0, 0.0, 0.0]  # not copied


def test_recall_finds_the_answer_to_a_question_by_what_was_asked_before_it(owner, outsider):
    random_memories(owner, BIG, seed=1)
    remember(owner, "Meera: Biscuit stopped eating, taking him in on saturday")
    remember(owner, "Rohan: how is Biscuit? what did the vet say")
    answer = remember(owner, "Meera: Not good news. They found a tumour on his liver.").memory
    remember(outsider, "Meera: the vet said Biscuit is fine")

    recalled = selectors.memory_recall(
        user=owner, query="What did the vet find when Biscuit stopped eating?", k=3, engine=ENGINE
    )

    assert answer.pk in [item.memory.pk for item in recalled]
    assert all(item.memory.user_id == owner.pk for item in recalled)
