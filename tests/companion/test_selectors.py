from __future__ import annotations

import datetime as dt
import hashlib
import json
import math

import numpy as np
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from companion import selectors, services
from companion.models import Memory, MemoryUse
from delight.ai.engine import OfflineEngine
from delight.errors import NotFound
from tests.companion.factories import ENGINE, RenamedEmbedder, meaning, random_memories, remember

pytestmark = pytest.mark.django_db

# Facts about one person, as Eliza would store them: (slot, tier, content).
FACTS = [
    ("name", "personal", "Her name is Maya Okafor"),
    ("occupation", "personal", "She works as a pediatric nurse at St. Mary's hospital"),
    ("shift", "personal", "Her nursing shifts are three twelve-hour nights a week"),
    ("partner", "personal", "She is married to Daniel, a high school history teacher"),
    ("children", "personal", "She has two kids, Leo who is six and Ada who is three"),
    ("pet", "personal", "Her dog is a rescue greyhound named Biscuit"),
    ("hometown", "personal", "Her hometown is Lagos; she moved to Manchester at nineteen"),
    ("training", "personal", "She likes to train early in the morning before the kids wake up"),
    ("running", "personal", "Running is her favourite sport; she runs along the canal"),
    ("fear:water", "personal", "She is afraid of deep water and never learned to swim"),
    ("fear:speaking", "personal", "Public speaking makes her anxious; she dreads presentations"),
    ("food", "personal", "She is vegetarian; her favourite food is spicy jollof rice"),
    ("coffee", "personal", "She drinks black coffee, never tea"),
    ("music", "personal", "She listens to Afrobeats and old soul records while cooking"),
    ("reading", "personal", "She reads crime novels on her phone during night breaks"),
    ("sleep", "personal", "After night shifts she sleeps until two in the afternoon"),
    ("stress", "personal", "When stressed she goes quiet and cleans the whole kitchen"),
    ("goal:marathon", "project", "Her goal is to run the Manchester marathon next April"),
    ("goal:swim", "project", "She wants to learn to swim this summer with an adult class"),
    ("goal:spanish", "project", "She is learning Spanish on Duolingo for a trip to Seville"),
    ("budget", "project", "She is saving money for a bigger car for the family"),
    ("mission:long-run", "task", "Do a 14 km long run on Sunday morning"),
    ("mission:physio", "task", "Book a physiotherapy appointment for her sore knee"),
    ("birthday", "personal", "Her birthday is on the 3rd of October"),
    ("values", "personal", "Family time on Sundays matters more to her than anything"),
]

# Natural questions and the slot of the memory that answers each.
QUESTIONS = [
    ("what does she do for work?", "occupation"),
    ("when does she like to train?", "training"),
    ("what is her name?", "name"),
    ("who is her husband?", "partner"),
    ("how old are her kids?", "children"),
    ("does she have a dog?", "pet"),
    ("what is her hometown?", "hometown"),
    ("what sport does she love?", "running"),
    ("what is she afraid of?", "fear:water"),
    ("is she nervous about giving presentations?", "fear:speaking"),
    ("what food does she like to eat?", "food"),
    ("how does she take her coffee?", "coffee"),
    ("what music does she listen to?", "music"),
    ("what books does she read?", "reading"),
    ("how does she handle stress?", "stress"),
    ("which marathon is she training for?", "goal:marathon"),
    ("can she swim?", "fear:water"),
    ("why is she learning Spanish?", "goal:spanish"),
    ("what is she saving money for?", "budget"),
    ("what happened to her knee?", "mission:physio"),
    ("when is her birthday?", "birthday"),
    ("how long are her nursing shifts?", "shift"),
]


def store_facts(user) -> dict[str, Memory]:
    return {
        key: services.memory_create(
            user=user, content=content, tier=tier, key=key, source="conversation", engine=ENGINE
        ).memory
        for key, tier, content in FACTS
    }


def test_recall_quality_on_a_scripted_person(owner, capsys):
    stored = store_facts(owner)
    misses = []
    for question, key in QUESTIONS:
        found = selectors.memory_recall(user=owner, query=question, k=5, engine=ENGINE)
        if stored[key].pk not in [hit.memory.pk for hit in found]:
            misses.append((question, [hit.memory.content for hit in found]))
    hits = len(QUESTIONS) - len(misses)
    with capsys.disabled():
        print(f"\nrecall quality (hashing embedder, top 5): {hits}/{len(QUESTIONS)} hits")
        for question, found in misses:
            print(f"  missed: {question!r} -> {found}")
    assert misses == []


def test_recall_explains_why_each_memory_matched(owner):
    remember(owner, "She loves hiking in the mountains")
    remember(owner, "She is learning to play the piano")
    services.memories_touch(user=owner, ids=Memory.objects.values_list("pk", flat=True))

    best = selectors.memory_recall(user=owner, query="mountain hikes", k=2, engine=ENGINE)[0]

    assert best.memory.content == "She loves hiking in the mountains"
    assert best.reasons[0].startswith("meaning 0.")
    assert best.reasons[0].endswith("(rank 1)")
    assert "words: hike, mountain (rank 1)" in best.reasons
    assert "recent" in best.reasons
    assert best.score > 2 / (selectors.RRF_K + 1)


def test_recalled_memories_carry_their_use_without_a_query_each(owner):
    hiking = remember(owner, "She loves hiking in the mountains").memory
    remember(owner, "She is learning to play the piano")
    services.memories_touch(user=owner, ids=[hiking.pk])

    found = selectors.memory_recall(user=owner, query="mountain hikes", k=2, engine=ENGINE)
    with CaptureQueriesContext(connection) as queries:
        uses = [(item.memory.pk, item.memory.access_count) for item in found]
        assert found[0].memory.last_accessed_at is not None

    assert len(queries) == 0
    assert sorted(uses) == sorted([(hiking.pk, 1), (found[1].memory.pk, 0)])


def test_recall_scores_are_fused_ranks_plus_recency_and_use(owner):
    hiking = remember(owner, "She loves hiking in the mountains").memory
    remember(owner, "She is learning to play the piano")
    MemoryUse.objects.create(
        memory=hiking, access_count=selectors.FREQUENT_USES, last_accessed_at=timezone.now()
    )

    best, other = selectors.memory_recall(user=owner, query="mountain hikes", k=2, engine=ENGINE)

    # Rank 1 in both lists, updated just now (full recency), used FREQUENT_USES times.
    assert best.memory.pk == hiking.pk
    k = selectors.RRF_K
    assert best.score == pytest.approx(2 / (k + 1) + 0.001 + 0.001, abs=2e-6)
    assert "often used" in best.reasons
    # Rank 2 by meaning only, never used: one list and the recency boost.
    assert other.score == pytest.approx(1 / (k + 2) + 0.001, abs=2e-6)
    assert [reason for reason in other.reasons if reason.startswith("words")] == []


def test_recalled_memories_load_like_the_orms_without_their_vectors(owner):
    services.memory_create(
        user=owner,
        content="She loves hiking in the mountains",
        tier="personal",
        source="conversation",
        tags=["outdoors"],
        metadata={"said": "twice"},
        engine=ENGINE,
    )

    (hit,) = selectors.memory_recall(user=owner, query="hiking", engine=ENGINE)

    stored = Memory.objects.get(pk=hit.memory.pk)
    assert (hit.memory.metadata, hit.memory.tags) == ({"said": "twice"}, ["outdoors"])
    assert (hit.memory.created_at, hit.memory.user_id) == (stored.created_at, owner.pk)
    assert set(selectors.UNREAD) <= hit.memory.get_deferred_fields()


def test_recall_of_a_query_without_words_ranks_by_meaning_alone(owner):
    for number in range(3):
        remember(owner, f"Note {number} about the garden")

    found = selectors.memory_recall(user=owner, query="?! ...", k=5, engine=ENGINE)

    assert len(found) == 3
    assert all(hit.reasons[0].startswith("meaning") for hit in found)
    assert not any(reason.startswith("words") for hit in found for reason in hit.reasons)


def test_recall_never_returns_another_users_memory(owner, outsider):
    remember(owner, "Owner plays tennis every Saturday")
    for number in range(12):
        remember(outsider, f"Outsider plays tennis match number {number} every Saturday")

    found = selectors.memory_recall(user=owner, query="who plays tennis on Saturday", k=10)
    assert [hit.memory.user_id for hit in found] == [owner.pk]
    assert selectors.memory_recall(user=owner, query="tennis", tiers=["task"], engine=ENGINE) == []


def test_each_search_vector_names_its_owner_once_whatever_the_content_says(owner, outsider):
    memory = remember(owner, f"Ask @{outsider.pk} about tennis").memory
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tsvector_to_array(search_vector) FROM companion_memory WHERE id = %s",
            [memory.pk],
        )
        (lexemes,) = cursor.fetchone()

    assert [lexeme for lexeme in lexemes if lexeme.startswith("@")] == [f"@{owner.pk}"]
    (hit,) = selectors.memory_recall(user=owner, query="tennis", engine=ENGINE)
    assert "words: tenni (rank 1)" in hit.reasons
    assert selectors.memory_recall(user=outsider, query="tennis", engine=ENGINE) == []


def test_recall_returns_full_k_when_the_user_has_enough_memories(owner):
    for number in range(30):
        remember(owner, f"Note {number}: topic {number * 7919 % 1000} about item {number}")

    found = selectors.memory_recall(
        user=owner, query="unrelated quantum words", k=25, engine=ENGINE
    )
    assert len(found) == 25
    assert len({hit.memory.pk for hit in found}) == 25


def test_recall_filters_tiers_and_skips_superseded_expired_and_stale(owner):
    remember(owner, "Lives in Berlin near the park", key="home")
    current = remember(owner, "Lives in Paris near the river", key="home").memory
    project = remember(owner, "Plans to move house next year", tier="project").memory
    expired = remember(owner, "Visit the house in Lyon", tier="task", source="mission").memory
    Memory.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - dt.timedelta(hours=1))

    everything = selectors.memory_recall(user=owner, query="where does she live", engine=ENGINE)
    assert {hit.memory.pk for hit in everything} == {current.pk, project.pk}
    projects = selectors.memory_recall(user=owner, query="house", tiers=["project"], engine=ENGINE)
    assert [hit.memory.pk for hit in projects] == [project.pk]

    other = OfflineEngine(embedder=RenamedEmbedder())
    stale = selectors.memory_recall(user=owner, query="Paris river", engine=other)
    assert [hit.memory.pk for hit in stale] == [current.pk]
    assert not any(reason.startswith("meaning") for reason in stale[0].reasons)


def test_list_and_get_are_scoped_to_the_user(owner, outsider):
    mine = remember(owner, "Likes jazz", source="user").memory
    remember(owner, "Stretch daily", tier="task", source="mission")
    theirs = remember(outsider, "Likes jazz").memory

    assert list(selectors.memory_list(user=owner, tier="personal")) == [mine]
    assert [m.tier for m in selectors.memory_list(user=owner, source="mission")] == ["task"]
    assert list(selectors.memory_list(user=owner, q="JAZZ")) == [mine]
    assert selectors.memory_get(user=owner, memory_id=mine.pk) == mine
    with pytest.raises(NotFound):
        selectors.memory_get(user=owner, memory_id=theirs.pk)


def test_keyed_memories_are_the_owners_active_facts_newest_first(owner, outsider):
    remember(owner, "Lives in Lyon", key="location")
    moved = remember(owner, "Lives in Leeds", key="location").memory
    pet = remember(owner, "Has a cat called Pepper", key="pet:cat").memory
    remember(owner, "Likes jazz")  # no key: not a keyed fact
    remember(owner, "Plans to call the dentist", tier="task", key="task:call_dentist")
    remember(outsider, "Their sister is called Ana", key="relation:sister")

    assert selectors.memories_keyed(user=owner) == [pet, moved]
    assert selectors.memories_keyed(user=owner, limit=1) == [pet]


def test_export_is_complete_json_without_vectors(owner, outsider):
    remember(owner, "Works as a nurse", key="occupation")
    remember(owner, "Works as a midwife", key="occupation", actor="user")
    remember(owner, "Loves spicy food")
    remember(outsider, "Secret of someone else")

    exported = json.loads(json.dumps(selectors.memory_export(user=owner)))

    assert exported["user"] == "olivia"
    contents = [memory["content"] for memory in exported["memories"]]
    assert contents == ["Works as a nurse", "Works as a midwife", "Loves spicy food"]
    old = exported["memories"][0]
    assert old["active"] is False
    assert [(c["kind"], c["actor"]) for c in old["history"]] == [
        ("created", "eliza"),
        ("superseded", "user"),
    ]
    text = json.dumps(exported)
    assert "embedding" not in text
    assert "search_vector" not in text
    assert "someone else" not in text


def test_recall_of_a_rare_tier_finds_every_match_behind_many_closer_memories(owner):
    # 230 task notes are all closer to the query than the three personal facts: a search
    # that ranked first and filtered after would lose the personal ones.
    for number in range(230):
        remember(owner, f"Hiking trail note {number}: boots, map and water", tier="task")
    personal = {
        remember(owner, f"She collects vintage postage stamps, album {n}").memory.pk
        for n in range(3)
    }
    found = selectors.memory_recall(
        user=owner, query="hiking trail boots", tiers=["personal"], k=10, engine=ENGINE
    )
    assert {hit.memory.pk for hit in found} == personal
    assert all(any(r.startswith("meaning") for r in hit.reasons) for hit in found)


def reference_sketch(vector) -> list[float]:
    """What migration 0004's `memory_sketch` computes: 96 inner products with vectors of
    +-1/sqrt(96), whose signs are the bits of SHA-256("memory sketch 0"), ("… 1"), … in
    order (bit k is bit k % 8, from the least significant, of byte k // 8)."""
    seed = b"".join(hashlib.sha256(f"memory sketch {n}".encode()).digest() for n in range(144))
    signs = [1 - 2 * (seed[k // 8] >> (k % 8) & 1) for k in range(96 * 384)]
    basis = np.array(signs).reshape(96, 384) / math.sqrt(96)
    return (basis @ np.asarray(vector, dtype=float)).tolist()


def exact_meaning(user, vector, *, limit: int = 40) -> list[int]:
    """The exact ranking, in Python: inner product, ties by id."""
    rows = Memory.objects.filter(user=user).values_list("pk", "embedding")
    scored = sorted((-float(np.dot(embedding, vector)), pk) for pk, embedding in rows)
    return [pk for _, pk in scored[:limit]]


def test_the_database_keeps_the_sketch_of_every_new_and_changed_memory(owner):
    def sketch_matches(pk: int) -> bool:
        stored = Memory.objects.get(pk=pk)
        wanted = reference_sketch(stored.embedding)
        return [float(x) for x in stored.sketch] == pytest.approx(wanted, abs=1e-5)

    memory = remember(owner, "She loves hiking in the mountains").memory
    before = Memory.objects.get(pk=memory.pk)
    assert sketch_matches(memory.pk)

    services.memory_update(memory=memory, user=owner, content="She plays chess", engine=ENGINE)
    edited = Memory.objects.get(pk=memory.pk)
    assert not np.allclose(edited.embedding, before.embedding)
    assert not np.allclose(edited.sketch, before.sketch)
    assert sketch_matches(memory.pk)

    # Even a bulk UPDATE that never mentions the sketch refreshes it.
    Memory.objects.filter(pk=memory.pk).update(embedding=-np.asarray(edited.embedding))
    assert sketch_matches(memory.pk)


def test_meaning_list_is_exact_while_the_shortlist_holds_every_memory(owner):
    random_memories(owner, 60, seed=1)
    query = np.random.default_rng(2).standard_normal(384)
    query /= np.linalg.norm(query)

    ranks = meaning(owner, query)
    assert [pk for pk, _ in ranks] == exact_meaning(owner, query)
    similarities = [similarity for _, similarity in ranks]
    assert similarities == sorted(similarities, reverse=True)


def test_meaning_list_is_full_and_finds_the_nearest_beyond_the_shortlist(owner):
    # 1,200 memories: six times the shortlist of 200 for the default list of 40.
    memories = random_memories(owner, 1_200, seed=3)
    target = memories[777]

    ranks = meaning(owner, target.embedding)
    assert len(ranks) == 40
    assert len({pk for pk, _ in ranks}) == 40
    assert ranks[0][0] == target.pk
    assert ranks[0][1] == pytest.approx(1.0, abs=1e-5)

    found = selectors.memory_recall(user=owner, query="an unrelated question", k=10, engine=ENGINE)
    assert len(found) == 10


def test_meaning_list_never_leaves_the_user_however_close_the_others_are(owner, outsider):
    mine = {memory.pk for memory in random_memories(owner, 5, seed=4)}
    theirs = random_memories(outsider, 500, seed=5)

    ranks = meaning(owner, theirs[0].embedding)
    assert {pk for pk, _ in ranks} == mine
