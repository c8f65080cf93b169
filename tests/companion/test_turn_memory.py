"""Eliza's memory through real offline turns: what is said is kept (keyed), asked about it
she answers from it in her own words, says honestly what she does not know, a move
supersedes the old city, and one person's memories never answer another's question."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from companion.models import Memory
from companion.services import memory_create
from tests.companion.factories import say
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def keyed(user, key: str) -> Memory:
    return Memory.objects.get(user=user, key=key, active=True)


def test_a_relative_by_name_and_home_is_kept_and_acknowledged_not_asked_back(db):
    ana = make_user("paula")

    result = say(ana, "My sister Ana lives in Seville, that's why I want to learn Spanish")

    assert keyed(ana, "relation:sister").metadata["value"] == "Ana"
    assert keyed(ana, "relation:sister:home").metadata["value"] == "Seville"
    assert "Ana lives in Seville" in result["reply"]
    assert "?" not in result["reply"]


def test_asked_about_her_she_answers_from_memory(db):
    person = make_user("paula")
    session = say(person, "My sister Ana lives in Seville")

    name = say(person, "what's my sister's name?", session)
    home = say(person, "and where does she live?", session)

    assert "Ana" in name["reply"]
    assert "Seville" in home["reply"]
    assert "relation" not in name["reply"] + home["reply"]  # no key reaches the person


def test_what_do_you_remember_about_me_lists_what_was_said(db):
    person = make_user("tom")
    session = say(person, "I live in Lyon")
    say(person, "We have a cat named Pepper", session)
    say(person, "I can't eat shellfish", session)

    reply = say(person, "What do you remember about me?", session)["reply"]

    for said in ("Lyon", "Pepper", "shellfish"):
        assert said in reply
    assert "Tell me again" not in reply


def test_she_says_honestly_when_she_does_not_know_yet(db):
    person = make_user("tom")
    say(person, "I live in Lyon")

    reply = say(person, "do I have pets?")["reply"]

    assert "don't know" in reply
    assert "Lyon" not in reply


def test_a_move_supersedes_the_old_city(db):
    person = make_user("tom")
    say(person, "I live in Lyon")
    say(person, "I moved to Leeds in March")

    assert keyed(person, "location").content == "Lives in Leeds"
    reply = say(person, "where did I say I live?")["reply"]
    assert "Leeds" in reply
    assert "Lyon" not in reply


def test_a_win_is_kept_with_its_date(db):
    person = make_user("tom")

    result = say(person, "I ran 5 km today, I'm so happy")

    win = keyed(person, "win:ran_5_km")
    assert win.content.startswith("Ran 5 km on ")
    assert "5 km" in result["reply"]


def test_another_persons_memories_never_answer(db):
    owner, outsider = make_user("owner"), make_user("outsider")
    say(owner, "My sister Ana lives in Seville")
    say(owner, "We have a cat named Pepper")

    reply = say(outsider, "What do you remember about me? what's my sister's name?")["reply"]

    assert not re.search(r"Ana|Pepper|Seville", reply)


def test_a_pets_death_closes_what_was_true_and_is_never_said_as_current(db):
    person = make_user("mina")
    say(person, "I have a cat called Miso")
    had = keyed(person, "pet:cat")

    say(person, "miso died this morning. the vet said it was his kidneys")
    answer = say(person, "what do you remember about me")

    had.refresh_from_db()
    assert not had.active
    assert had.valid_to is not None
    assert had.superseded_by.content.startswith("Lost Miso in")
    assert "you lost Miso" in answer["reply"]
    assert "you have a cat" not in answer["reply"].lower()


def test_a_job_left_ends_where_they_work(db):
    person = make_user("grace")
    say(person, "I work at Hartley & Sons as a paralegal")
    say(person, "I quit my job at Hartley & Sons last week")

    answer = say(person, "ok memory check. where do i work")

    assert "you no longer work at Hartley" in answer["reply"]
    assert "you work at Hartley" not in answer["reply"]
    assert keyed(person, "employer").valid_from is not None


def test_an_employer_left_and_a_new_job_are_what_she_says(db):
    person = make_user("marcus")
    memory_create(
        user=person, content="I work at Amazon as a warehouse manager", tier="personal",
        source="conversation",
    )  # fmt: skip
    say(person, "big news i quit amazon")
    say(person, "yeah starting at a gym as a strength coach next month, super hyped")

    answer = say(person, "so where do i work")

    assert "you work at amazon" not in answer["reply"].lower()
    assert "strength coach" in answer["reply"]


def test_a_birth_closes_the_pregnancy(db):
    person = make_user("liam")
    expecting = memory_create(
        user=person, content="My partner Jess is pregnant, due in March", tier="personal",
        source="conversation",
    ).memory  # fmt: skip
    say(person, "baby came early!! 3 weeks early. little girl, Nora. everyone is ok")

    answer = say(person, "what was jess's due date again, i told you before right")

    expecting.refresh_from_db()
    assert (expecting.active, expecting.valid_to is not None) == (False, True)
    assert "pregnant" not in answer["reply"]


def test_a_job_left_ends_the_work_they_wrote_down_themselves(db):
    person = make_user("grace")
    written = memory_create(
        user=person, content="I work as a paralegal at Hartley & Sons", tier="personal",
        source="user",
    ).memory  # fmt: skip
    say(person, "i quit!!! today was my last day at hartley")

    answer = say(person, "where do i work")

    written.refresh_from_db()
    assert (written.active, written.valid_to is not None) == (False, True)
    assert "you work as a paralegal" not in answer["reply"]


def test_something_coming_up_told_in_passing_is_remembered_when_asked(owner):
    session = say(owner, "got a job interview on friday, bricking it")

    asked = say(owner, "when is my interview", session)

    today = owner.local_day(timezone.now())
    friday = today + dt.timedelta(days=(4 - today.weekday() - 1) % 7 + 1)
    assert f"job interview on {friday.day} {friday:%B} {friday.year}" in asked["reply"]


def test_asked_when_she_answers_with_the_day_it_happened(db):
    person = make_user("zoe")
    memory_create(
        user=person, content="Yesterday I went to my first pottery class", tier="personal",
        source="user", metadata={"date": "2023-05-08"},
    )  # fmt: skip
    memory_create(
        user=person, content="I ran a half marathon two weeks ago", tier="personal",
        source="user", metadata={"date": "2023-06-10"},
    )  # fmt: skip

    pottery = say(person, "when did i go to the pottery class")["reply"]
    race = say(person, "when was my half marathon")["reply"]

    assert "on 7 May 2023" in pottery
    assert "yesterday" not in pottery.lower()
    assert "in the week of 27 May 2023" in race


def test_an_appointment_told_by_its_day_is_answered_with_its_date(owner):
    session = say(owner, "my dentist appointment is next tuesday, dreading it")

    asked = say(owner, "when is my dentist appointment", session)

    today = owner.local_day(timezone.now())
    tuesday = today + dt.timedelta(days=(1 - today.weekday() - 1) % 7 + 1)
    assert f"dentist appointment on {tuesday.day} {tuesday:%B} {tuesday.year}" in asked["reply"]


def test_a_fact_asked_to_be_remembered_is_noted_whatever_the_laugh_after_it(owner):
    text = (
        "random but pls remember i'm allergic to hazelnuts. my client literally sent me a "
        "nutella gift box as a thank you 💀"
    )
    said = say(owner, text)

    assert said["reply"].startswith("Got it: you are allergic to hazelnuts.")
