"""Answers from memory: what Eliza says she remembers, what she admits she does not know,
and how she acknowledges what she has just learned."""

from __future__ import annotations

import pytest

from delight.ai.offline.answers import for_person, from_memory, learned_answer, memory_answer
from delight.ai.offline.facts import extract_facts
from delight.ai.offline.quality import reply_problems

REMEMBERED = [
    ("relation:sister", "Their sister is called Ana"),
    ("relation:sister:home", "Their sister Ana lives in Seville"),
    ("pet:cat", "Has a cat called Pepper"),
    ("location", "Lives in Lyon"),
    ("food:shellfish", "Can not eat shellfish"),
    ("occupation", "Works as a nurse"),
    ("", "I drive a little red Fiat"),
]


@pytest.mark.parametrize(
    ("question", "said", "unsaid"),
    [
        ("what's my sister called again", "your sister is called Ana", "Seville"),
        ("where does my sister live?", "Ana lives in Seville", "Pepper"),
        ("have I got any animals?", "you have a cat called Pepper", "Ana"),
        ("what did I say about my job", "you work as a nurse", "Lyon"),
        ("which town am I in, remind me", "you live in Lyon", "Seville"),
        ("is there anything I shouldn't eat?", "you can't eat shellfish", "nurse"),
        ("do you remember my car", "you drive a little red Fiat", "nurse"),
    ],
)
def test_a_question_is_answered_by_the_memories_on_its_topic(question, said, unsaid) -> None:
    answer = memory_answer(question, REMEMBERED)[0]

    assert said in answer
    assert unsaid not in answer


def test_about_me_says_the_keyed_facts_first_and_at_most_five() -> None:
    remembered = [*REMEMBERED, ("", "I collect old maps")]

    answer = memory_answer("tell me everything you know about me", remembered)[0]

    assert answer.startswith("Here's what I remember: your sister Ana lives in Seville;")
    assert "maps" not in answer  # the sixth and later are left for another time


def test_a_fact_another_already_says_is_not_said_twice() -> None:
    remembered = [
        ("relation:sister:home", "Their sister Ana lives in Seville"),
        ("relation:sister", "Their sister is called Ana"),
        ("relation:brother", "Their brother is called Tom"),
    ]

    answer = memory_answer("What do you know about my family?", remembered)[0]

    assert "your sister Ana lives in Seville" in answer
    assert "your brother is called Tom" in answer
    assert "sister is called" not in answer


def test_she_resolves_she_from_the_persons_recent_messages() -> None:
    answer = memory_answer("where does she live now?", REMEMBERED, ["my sister is great"])[0]

    assert "Ana lives in Seville" in answer


def test_him_is_the_pet_named_in_the_recent_messages() -> None:
    remembered = [("pet:dog", "Has a dog called Loki"), ("location", "Lives in Oslo")]

    answer = memory_answer("do you remember him", remembered, ["loki died yesterday."])[0]

    assert "Loki" in answer
    assert "Oslo" not in answer
    lost = [("", "Lost Loki in November 2026"), ("location", "Lives in Oslo")]
    assert "Loki" in memory_answer("do you remember him", lost, ["loki died yesterday"])[0]


@pytest.mark.parametrize(
    ("question", "about"),
    [
        ("what's my brother's name?", "your brother"),
        ("do I have pets?", "your pets"),
        ("what do I do for work?", "your work"),
    ],
)
def test_what_she_does_not_know_she_says_so(question, about) -> None:
    answer = memory_answer(question, [("location", "Lives in Lyon")])[0]

    assert "don't know" in answer
    assert about in answer
    assert "Lyon" not in answer


def test_with_nothing_remembered_she_says_it_is_early_days() -> None:
    assert "don't know much about you yet" in memory_answer("what do you know about me", [])[0]


@pytest.mark.parametrize(
    ("stored", "spoken"),
    [
        ("Their dog is called Rex", "your dog is called Rex"),
        ("Lives in Lyon", "you live in Lyon"),
        ("Studies law", "you study law"),
        ("Is afraid of deep water", "you are afraid of deep water"),
        ("Usually wakes up around 6am", "you usually wake up around 6am"),
        ("Usually goes to bed around 2am", "you usually go to bed around 2am"),
        ("Name is Sam", "your name is Sam"),
        ("Passed their driving test", "you passed your driving test"),
        ("I moved to Leeds in March", "you moved to Leeds in March"),
    ],
)
def test_stored_facts_are_said_to_the_person(stored, spoken) -> None:
    assert for_person(stored) == spoken


def test_a_statement_is_acknowledged_with_what_was_learned() -> None:
    said = learned_answer(extract_facts("My sister Ana lives in Seville, she's a teacher"))

    assert "your sister Ana lives in Seville" in said[0]
    assert "?" not in said[0]


def test_a_name_and_a_workplace_told_in_passing_are_said_back() -> None:
    text = "oh cool. im priya btw, i work nights at a pharmacy in leeds"
    said = learned_answer(extract_facts(text))

    assert "your name is Priya and you work at a pharmacy in Leeds" in said[0]


def test_nothing_worth_saying_back_gives_no_acknowledgement() -> None:
    assert learned_answer(extract_facts("I had pasta for lunch")) == []


@pytest.mark.parametrize(
    ("intent", "strategy"),
    [("question", "coach"), ("mission_request", "coach"), ("reflection", "acknowledge")],
)
def test_no_acknowledgement_when_asking_for_something_or_upset(intent, strategy) -> None:
    said = from_memory("I live in Lyon", intent=intent, strategy=strategy, remembered=[])

    assert said == []


def test_where_they_live_and_their_work_are_both_acknowledged() -> None:
    said = learned_answer(extract_facts("I live in Lyon and I work as a nurse."))[0]

    assert "you live in Lyon and you work as a nurse" in said


def test_a_greeting_that_tells_something_acknowledges_it() -> None:
    text = "Hi Eliza! My sister Maya lives in Pokhara and I work as a teacher."
    said = from_memory(text, intent="small_talk", strategy="chat", remembered=[])

    assert "your sister Maya lives in Pokhara and you work as a teacher" in said[0]


def test_a_plain_greeting_is_left_to_the_greeting_rules() -> None:
    assert from_memory("hello!", intent="small_talk", strategy="chat", remembered=[]) == []


def test_about_me_says_who_they_are_before_moods_and_wishes() -> None:
    remembered = [
        ("feeling:shift", "Often feels wrecked after shifts"),
        ("goal:run", "Wants to start running"),
        ("name", "Name is Dee"),
        ("pet:dog", "Their dog is called Pickle"),
        ("food:peanut", "Is allergic to peanuts"),
        ("occupation", "Works as a line cook"),
        ("location", "Lives in Leeds"),
    ]

    answer = memory_answer("what do you remember about me so far", remembered)[0]

    for told in ("Dee", "Pickle", "peanuts", "line cook", "Leeds"):
        assert told in answer
    assert "wrecked" not in answer


def test_what_she_remembers_about_a_person_fits_one_sentence_told_first() -> None:
    remembered = [
        ("occupation", "Works as a nurse"),
        ("relation:son", "Their son is called Arjun"),
        ("fear:water", "Is afraid of putting their face in the water"),
        ("goal:swim", "Wants to learn to swim properly before our holiday in greece"),
        ("", "Wants to be able to swim with their son in the sea on the island"),
    ]

    answer = memory_answer("what do you remember about me", remembered)[0]

    assert reply_problems(answer) == []
    assert "you work as a nurse; your son is called Arjun" in answer
    assert "before your holiday" in answer


def test_a_wish_cut_short_ends_on_a_word_that_needs_none_after_it() -> None:
    (wish,) = extract_facts("i want to learn to swim properly before our holiday in greece in july")

    assert not wish.content.endswith(" in")


def test_a_memory_unfit_to_say_back_is_passed_over_for_one_that_is() -> None:
    laughed = ("", "my boss made me redo the whole report again ugh hahaha")

    alone = memory_answer("what do you remember about me", [laughed])[0]
    beside = memory_answer("what do you remember about me", [laughed, ("pet:cat", "I have a cat")])

    assert alone.startswith("I don't know much about you yet")
    assert all("hahaha" not in answer for answer in beside)
    assert any("cat" in answer for answer in beside)


def test_a_memory_told_in_lower_case_first_person_is_said_back():
    remembered = [
        ("", "my wife Halina passed away two years ago"),
        ("", "i drove trams for 38 years"),
    ]

    (named, *_) = memory_answer("you remember the name of my wife?", remembered)
    (everything, *_) = memory_answer("what do you actually remember about me", remembered)

    assert "your wife Halina" in named
    assert "you drove trams for 38 years" in everything


def test_a_child_had_is_not_said_again_beside_the_childs_name() -> None:
    remembered = [("relation:son", "Their son is called Theo"), ("family:son", "Has a son")]

    answer = memory_answer("what do you remember about me", remembered)[0]

    assert "Theo" in answer
    assert "have a son" not in answer
