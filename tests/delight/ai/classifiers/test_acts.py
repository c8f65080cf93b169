"""What a message does (acts.py): precise rules, the model over its meaning, the stored model
kept current, and the untouched fifth of the examples read as well as it was measured."""

from __future__ import annotations

from collections import Counter

import pytest

from delight.ai.classifiers import acts
from delight.ai.classifiers.acts import act_by_rule
from delight.ai.embeddings import HashingEmbedder, OnnxMiniLMEmbedder

pytestmark = pytest.mark.skipif(
    not OnnxMiniLMEmbedder.available(), reason="all-MiniLM-L6-v2 is not installed"
)


@pytest.fixture(scope="module")
def embedder() -> OnnxMiniLMEmbedder:
    return OnnxMiniLMEmbedder()


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("yes", "affirm"),
        ("nope", "deny"),
        ("and whats this valley thing", "story_question"),
        ("can i do them at night tho i finish at like 11pm most days", "progress_question"),
        ("ok so what even is this lol my mate sent me the link", "help"),
        ("hey eliza", "greeting"),
        ("night!", "goodbye"),
        ("thanks so much", "thanks"),
        ("what can you do?", "help"),
        ("where were we?", "resume"),
        ("wait no, i didnt do the walk-run yet, can you undo that?", "undo"),
        ("ok now whats my streak", "progress_question"),
        ("hows my story going", "story_question"),
        ("whats the weather like in lisbon rn", "out_of_scope"),
        ("tell me something nice, i need it", "kindness_request"),
        ("what do you remember about me", "memory_question"),
        ("salam eliza", "greeting"),
        ("alright eliza", "greeting"),
        ("Is it something serious do you think", "out_of_scope"),
        ("is it normal she sleeps like 18 hours a day", "out_of_scope"),
        ("ill take an antihistamine. which one is best", "out_of_scope"),
        ("lol ok an actual alarm clock. can you order one for me", "out_of_scope"),
        ("can you tell her im fine haha", "out_of_scope"),
        ("wat time is it in tokyo rn", "out_of_scope"),
        ("is it ok to take melatonin every day for like a month", "out_of_scope"),
        ("also is it bad to drink like 4 energy drinks a day", "out_of_scope"),
        ("The vet is closed on sunday what do I do", "out_of_scope"),
        ("sorry hi lol. do u speak portuguese or only english", "out_of_scope"),
        (
            "Bokkie ate half a bar of dark chocolate. She seems fine but she is panting",
            "out_of_scope",
        ),
        ("ok english is fine. what even are u", "help"),
        ("wait i thought i had 2 days", "progress_question"),
        ("ok thats actually smart", "thanks"),
        ("Piet. I am 67 and not very good with these apps so be patient with me", "help"),
        ("fair. can you remind me to write tomorrow at 8", "out_of_scope"),
        ("can you remind me what my missions are", "missions_question"),
        ("whats a streak even for", "progress_question"),
        ("im dee btw. first time using this", "help"),
        ("can we talk about something else", "small_talk"),
        ("do you like whales", "small_talk"),
        ("whats my goal again", "progress_question"),
        ("what happens now", "missions_question"),
        ("what were the other things for the shed again", "missions_question"),
        ("so what do i do first", "missions_question"),
        ("my dad got moved out of icu today!! so relieved", "good_news"),
        ("hes still weak but the nurses say hes doing better", "good_news"),
        ("anyway, bramble needs her last wee", "small_talk"),
        ("do i have a streak or something", "progress_question"),
        ("where does my sister live", "memory_question"),
        ("nvm. my fingers hurt from practicing is that normal", "out_of_scope"),
        ("so what snack then, remember the nut thing", "advice_request"),
        ("i need help saving money", "advice_request"),
        ("whats the first step", "missions_question"),
        ("i tried herbal tea, didnt do much", "advice_request"),
        ("when is my interview", "memory_question"),
        ("my friend said i should try this. im not really sure what youre for tbh", "help"),
        ("ok cool. what are the missions", "missions_question"),
        ("no wait, I called my daughter, not Sofia. take it away", "undo"),
        ("ah wait it only went up to 11. dont count it yet", "undo"),
        ("Hang on, no. Scratch that. I turned over the old bed", "undo"),
        ("aight im out. peace", "goodbye"),
        ("yes! ok chau, exam tomorrow, nos vemos", "goodbye"),
        ("grazie, a domani", "goodbye"),
        ("ok khuda hafiz", "goodbye"),
        ("right. it's quarter to eleven, i'm going up", "goodbye"),
        ("im out", "goodbye"),
        ("right thats me", "goodbye"),
        ("haha ok ok. back later", "goodbye"),
        ("perfect. chao chao", "goodbye"),
        ("lol fair. later", "goodbye"),
        ("ka kite", "goodbye"),
        ("Ha. Ok, poka", "goodbye"),
        ("no problem. Eliza what else can you do for me", "help"),
        ("Do you know if Hearts of Oak won yesterday? I missed the match at work", "out_of_scope"),
        ("Ok good. Remember my BP was 138/88 at the last check", "share_fact"),
        ("please remember that i am allergic to nuts", "share_fact"),
        ("my abuela is doing better, they let her eat", "good_news"),
        ("hes out of hospital!", "good_news"),
        ("so thats a win", "good_news"),
        ("small win today lol", "good_news"),
        ("BIG news though!! shanice get the nursing job in toronto", "good_news"),
        ("big news actually, my girlfriend mia is moving in next month", "good_news"),
        ("also BIG NEWS my sister is pregnant!!! im going to be an auntie again", "good_news"),
        ("LETS GOOO 🔥🔥", "good_news"),
        ("Not bad for an old mailman.", "good_news"),
        ("im gonna be a grandad in june", "good_news"),
        ("who is carla", "memory_question"),
        ("wait who's tiago", "memory_question"),
        (
            "also do u have a quick recipie with chickpeas, i could murder a curry rn",
            "advice_request",
        ),
        ("how many missions do i have left", "missions_question"),
        ("how many left now", "missions_question"),
        (
            "just signed up, the wife said i should give this a go. not really an app person tbh",
            "help",
        ),
    ],
)
def test_words_that_leave_one_reading_are_read_by_rule(embedder, text, act):
    reading = acts.read_act(text, embedder)
    assert (reading.act, reading.by) == (act, "rule")


@pytest.mark.parametrize(
    "text",
    [
        "mate i could murder a snack, what can i eat thats not gonna undo the push ups",
        "like one book a month? even that feels like a lot now",
        "remember my cats name?",
        "remember i told you about my sister",
        "my knee is not better",
        "this one is better than the other",
        "i hope she is doing better",
        "thats a win for them not me",
        "is that a win or not",
        "who is that",
        "who is the best runner in the world",
    ],
)
def test_a_rules_word_used_for_something_else_leaves_the_message_to_its_meaning(text):
    assert acts.act_by_rule(text) == ""


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("My cat Pepper passed away last week", "grief"),
        ("can you suggest a snack for after my run?", "advice_request"),
        ("i passed my driving test!!", "good_news"),
    ],
)
def test_other_messages_are_read_by_their_meaning(embedder, text, act):
    reading = acts.read_act(text, embedder)
    assert (reading.act, reading.by) == (act, "meaning")
    assert 0 < reading.confidence <= 1


@pytest.mark.parametrize(
    ("text", "acts_read"),
    [
        ("hey eliza, rough day at work tbh", {"venting", "bad_news"}),
        # Listened to either way: a trouble told, or a thought about their day.
        (
            "evening. day from hell. the northern line is genuinely killing me",
            {"venting", "reflection"},
        ),
        ("hi! i did my run this morning", {"mission_done"}),
        ("hey its me again", {"greeting"}),
    ],
)
def test_a_greeting_that_opens_more_is_read_by_what_follows(embedder, text, acts_read):
    assert acts.read_act(text, embedder).act in acts_read


def test_a_close_family_of_acts_reads_as_sure_as_the_family(embedder):
    """A trouble told: the model's belief split between bad news and venting adds up."""
    reading = acts.read_act("my manager tore apart my presentation in front of everyone", embedder)
    assert reading.act in ("venting", "bad_news")
    assert reading.confidence >= 0.45


def test_without_a_model_for_the_vector_space_only_rules_read_acts():
    hashing = HashingEmbedder()
    assert acts.read_act("night!", hashing).act == "goodbye"
    assert acts.read_act("My cat Pepper passed away last week", hashing) is None


def test_the_stored_model_was_made_from_the_examples_as_they_are():
    assert acts.model_current(), "run: python manage.py acts_train"


def test_the_examples_cover_every_act_and_keep_a_fifth_untouched():
    examples = acts.read_examples()
    counts = Counter(example.act for example in examples)
    assert set(counts) == set(acts.ACTS)
    assert min(counts.values()) >= 60
    held = sum(acts.held_out(example.text) for example in examples)
    assert 0.15 <= held / len(examples) <= 0.25


def test_the_untouched_examples_are_read_as_well_as_measured(embedder):
    """Measured on 2026-11-29 (87.8% of 1,893 with the hashed words beside the embedding;
    80.8% without, on the first five writers'; 87.0% of 2,163 once the next messages were
    trained on, 2026-11-30), never tuned on; a little below, so a loss shows."""
    held = [e for e in acts.read_examples() if not e.before and acts.held_out(e.text)]
    right = sum(acts.read_act(e.text, embedder, before=e.before).act == e.act for e in held)
    print(f"\nuntouched acts: {right}/{len(held)}")
    assert right / len(held) >= 0.85


def test_untouched_messages_written_after_a_reply_are_read_as_well_as_measured(embedder):
    """The messages written as the next one after a reply of Eliza's (a ninth, tenth and
    eleventh writer, 2026-11-30), never tuned on: read by the model before they were trained
    on, 56.5% of their untouched fifth (308); trained on, with what the reply did, 67.2%
    (rules included). A little below, so a loss shows."""
    held = [e for e in acts.read_examples() if e.before and acts.held_out(e.text)]
    right = sum(acts.read_act(e.text, embedder, before=e.before).act == e.act for e in held)
    print(f"\nuntouched next messages: {right}/{len(held)}")
    assert right / len(held) >= 0.65


def test_what_her_reply_before_did_changes_the_reading(embedder):
    after_streak = acts.read_act("not too shabby", embedder, before="progress")
    after_nothing = acts.read_act("not too shabby", embedder)
    assert after_streak.act != "grief"
    assert after_streak != after_nothing


def test_a_later_that_ends_a_plan_is_no_farewell(embedder):
    reading = acts.read_act("duolingo, the podcast is for the gym later", embedder)
    assert (reading.act, reading.by) != ("goodbye", "rule")


def test_good_news_beside_bad_is_not_read_as_good_by_rule(embedder):
    reading = acts.read_act("good news and bad news. good: i ran 3k, bad: my knee", embedder)
    assert reading.by != "rule"


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("right i need to go mark some books", "goodbye"),
        ("anyway i have to go make dinner", "goodbye"),
        ("ok i need to go running more often", ""),
        ("ok i need to go to the gym tomorrow", ""),
    ],
)
def test_off_to_do_something_now_is_a_goodbye_and_a_plan_is_not(text, act):
    assert act_by_rule(text) == act
