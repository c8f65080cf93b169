from __future__ import annotations

import datetime as dt
import threading
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone
from django_q.models import Schedule
from django_q.tasks import async_task

from companion import selectors, services
from companion.models import Memory
from companion.tasks import prune_expired_memories
from delight.ai.engine import OfflineEngine
from delight.ai.runtime import default_engine
from tests.companion.factories import ENGINE, RecordingEmbedder, random_memories, remember
from tests.factories import make_user
from tests.support.processes import database_url

pytestmark = pytest.mark.django_db


def test_prune_schedule_exists_after_migrate():
    schedule = Schedule.objects.get(name="prune expired memories")
    assert schedule.func == "companion.tasks.prune_expired_memories"
    assert schedule.schedule_type == Schedule.MINUTES
    assert schedule.minutes == 60 * 24
    assert schedule.repeats == -1


def test_prune_task_removes_expired_task_memories_and_keeps_the_rest(owner):
    expired = remember(owner, "Call the gym", tier="task", source="mission").memory
    kept = remember(owner, "Book a physio slot", tier="task", source="mission").memory
    personal = remember(owner, "Afraid of deep water").memory
    Memory.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - dt.timedelta(days=1))

    # Conf.SYNC (tests/conftest.py): the queued job runs inline, through django-q2.
    async_task("companion.tasks.prune_expired_memories")

    assert set(Memory.objects.values_list("pk", flat=True)) == {kept.pk, personal.pk}
    assert prune_expired_memories() == 0


def test_reembed_command_uses_the_current_embedder(owner):
    remember(owner, "Plays the cello")
    Memory.objects.update(embedder="some-old-embedder")

    call_command("reembed_memories", "--batch-size", "10")

    current = default_engine().embedder.name
    assert set(Memory.objects.values_list("embedder", flat=True)) == {current}


# -- re-embedding after an upgrade ------------------------------------------------------------


def test_reembed_schedule_runs_every_minute_after_migrate():
    schedule = Schedule.objects.get(name="re-embed memories")
    assert schedule.func == "companion.tasks.reembed_memories"
    assert (schedule.schedule_type, schedule.minutes, schedule.repeats) == (Schedule.MINUTES, 1, -1)


def test_the_job_moves_hashed_memories_into_the_current_embedders_space(owner, outsider):
    """Memories stored by the hashing embedder (before the upgrade) come back in the default
    embedder's space, with the vectors it makes, and nothing the person sees changes."""
    mine = [
        remember(owner, text).memory for text in ("We have a cat named Pepper", "I fear deep water")
    ]
    theirs = remember(outsider, "I drive a little red Fiat").memory
    assert {m.embedder for m in [*mine, theirs]} == {"hashing-v1"}
    updated = {m.pk: m.updated_at for m in [*mine, theirs]}
    current = default_engine().embedder

    async_task("companion.tasks.reembed_memories")

    for memory in Memory.objects.all():
        assert memory.embedder == current.name
        assert list(memory.embedding) == pytest.approx(current.embed_one(memory.content), abs=1e-5)
        assert memory.updated_at == updated[memory.pk]
    assert services.memories_reembed() == 0


def test_recall_finds_memories_not_yet_reembedded_by_their_words(owner):
    cat = remember(owner, "We have a cat named Pepper").memory  # hashing: another space
    remember(owner, "I moved to Leeds in March")

    (during,) = selectors.memory_recall(user=owner, query="is Pepper the cat ok?", k=1)
    assert during.memory.pk == cat.pk
    assert during.reasons[0].startswith("words: cat, pepper")
    assert not any(reason.startswith("meaning") for reason in during.reasons)

    services.memories_reembed()

    (after,) = selectors.memory_recall(user=owner, query="Do I have any animals at home?", k=1)
    assert after.memory.pk == cat.pk
    assert after.reasons[0].startswith("meaning")


def test_a_run_cut_off_mid_way_keeps_its_finished_batches_and_the_next_run_does_the_rest(owner):
    texts = [f"Fact number {n} about the garden" for n in range(7)]
    for text in texts:
        remember(owner, text)
    dying = RecordingEmbedder(fail_at=3)  # batches of 2: the third batch dies

    with pytest.raises(RuntimeError, match="died"):
        services.memories_reembed(engine=OfflineEngine(embedder=dying), batch_size=2)

    assert (
        sorted(Memory.objects.values_list("embedder", flat=True))
        == ["hashing-v1"] * 3 + ["hashing-v2"] * 4
    )
    resumed = RecordingEmbedder()
    assert services.memories_reembed(engine=OfflineEngine(embedder=resumed), batch_size=2) == 3
    assert sorted(dying.texts + resumed.texts) == sorted(texts)  # each embedded once
    assert set(Memory.objects.values_list("embedder", flat=True)) == {"hashing-v2"}


def test_a_time_limited_run_stops_after_the_batch_that_ends_past_its_limit(owner):
    for n in range(5):
        remember(owner, f"Note {n} on the cello")

    assert services.memories_reembed(engine=OfflineEngine(embedder=RecordingEmbedder()),
                                      batch_size=2, seconds=0) == 2  # fmt: skip
    assert Memory.objects.filter(embedder="hashing-v1").count() == 3


@pytest.mark.django_db(transaction=True)
def test_rows_another_worker_holds_are_skipped_not_waited_for(owner):
    """Another worker's claim is a row lock held in its open transaction: a batch takes the
    person's other stale memories at once and never those."""
    memories = [remember(owner, f"Goes swimming on day {n}").memory for n in range(4)]
    held = [memories[0].pk, memories[2].pk]
    with psycopg.connect(database_url()) as other:
        other.execute("SELECT id FROM companion_memory WHERE id = ANY(%s) FOR UPDATE", [held])
        recording = RecordingEmbedder()

        assert services.memories_reembed_batch(engine=OfflineEngine(embedder=recording)) == 2

        other.rollback()
    assert recording.texts == [memories[1].content, memories[3].content]
    stale = Memory.objects.filter(embedder="hashing-v1").values_list("pk", flat=True)
    assert sorted(stale) == held


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_embed_every_memory_exactly_once():
    for n in range(3):
        random_memories(make_user(f"person-{n}"), 9, seed=n)
    recording = RecordingEmbedder()
    engine = OfflineEngine(embedder=recording)
    start = threading.Barrier(2)

    def worker() -> int:
        start.wait()
        try:
            return services.memories_reembed(engine=engine, batch_size=4)
        finally:
            connection.close()

    with ThreadPoolExecutor(2) as pool:
        counts = [future.result() for future in [pool.submit(worker) for _ in range(2)]]

    assert sum(counts) == len(recording.texts) == 27
    assert sorted(recording.texts) == sorted(Memory.objects.values_list("content", flat=True))
    assert set(Memory.objects.values_list("embedder", flat=True)) == {"hashing-v2"}


def test_the_default_embedder_is_not_the_tests_hashing_engine():
    # The tests above write with the hashing ENGINE and re-embed into the default's space.
    assert ENGINE.embedder.name != default_engine().embedder.name
