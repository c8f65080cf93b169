from __future__ import annotations

import datetime as dt

import numpy as np

from companion.models import Memory
from companion.services import threads
from tests.companion.factories import remember


def cosine(first, second) -> float:
    return float(np.dot(first, second) / (np.linalg.norm(first) * np.linalg.norm(second)))


def test_a_memory_keeps_what_was_said_just_before_it_as_its_context(owner):
    remember(owner, "Rohan: how is Biscuit doing")
    asked = remember(owner, "Rohan: what did the vet say").memory
    answer = remember(owner, "Meera: they found a tumour on his liver").memory

    assert answer.context == "Rohan: how is Biscuit doing\nRohan: what did the vet say"
    lean = np.asarray(answer.context_embedding)
    assert abs(np.linalg.norm(lean) - 1) < 1e-6
    # It leans toward the turn before it, but stays mostly its own.
    assert cosine(lean, answer.embedding) > cosine(lean, asked.embedding)
    assert cosine(lean, asked.embedding) > cosine(answer.embedding, asked.embedding)


def test_the_first_memory_of_a_thread_has_no_context(owner):
    first = remember(owner, "Meera: back from the trek").memory

    assert first.context == ""
    assert first.context_embedding is None


def test_another_session_source_or_person_starts_a_new_thread(owner, outsider):
    remember(owner, "Tess: BrightPath takes over in July", metadata={"date": "8 May, 2023"})
    remember(outsider, "Someone else entirely")

    next_day = remember(owner, "Tess: we had a culture meeting", metadata={"date": "9 May, 2023"})
    typed = remember(owner, "I like tea", source="user")

    assert next_day.memory.context == ""
    assert typed.memory.context == ""


def test_a_long_pause_starts_a_new_thread(owner):
    earlier = remember(owner, "Leon: got doored on sunday").memory
    Memory.objects.filter(pk=earlier.pk).update(
        created_at=earlier.created_at - threads.THREAD_GAP - dt.timedelta(minutes=1)
    )

    later = remember(owner, "Leon: also i sold my bike").memory

    assert later.context == ""


def test_metadata_that_names_no_session_does_not_split_a_thread(owner):
    remember(owner, "Maeve: we found a house", metadata={"turn": "a"})

    moved = remember(owner, "Maeve: moved in on friday", metadata={"turn": "b"}).memory

    assert moved.context == "Maeve: we found a house"
