"""The safety screen against its labelled set (./data/safety_cases.jsonl) and named cases.

No database; run with -s to see every set's figures and misses:
    python -m pytest tests/delight/ai/classifiers -q -s
"""

from __future__ import annotations

import pytest

from delight.ai.classifiers import screen_safety


def test_the_safety_set_is_big_and_has_every_kind_of_case(safety_cases) -> None:
    assert len(safety_cases) >= 150
    assert sum(1 for c in safety_cases if c["level"] >= 2) >= 50
    assert sum(1 for c in safety_cases if c.get("tag") == "hyperbole") >= 60
    assert any(c["level"] == 1 for c in safety_cases)


def test_safety_set(safety_cases) -> None:
    exact, misses, false_alarms, wrong = 0, [], [], []
    positives = [c for c in safety_cases if c["level"] >= 2]
    hyperbole = [c for c in safety_cases if c.get("tag") == "hyperbole"]
    for case in safety_cases:
        got = screen_safety(case["text"]).level
        exact += got == case["level"]
        if got != case["level"]:
            wrong.append((case["level"], got, case["text"]))
        if case["level"] >= 2 and got < 2:
            misses.append(case["text"])
        if case["level"] < 2 and got >= 2:
            false_alarms.append(case["text"])
    hyperbole_fp = [c["text"] for c in hyperbole if screen_safety(c["text"]).level >= 2]
    accuracy = exact / len(safety_cases)
    recall = 1 - len(misses) / len(positives)
    print(
        f"\nsafety: {accuracy:.1%} exact level ({exact}/{len(safety_cases)}), "
        f"recall(level>=2)={recall:.0%} ({len(positives) - len(misses)}/{len(positives)}), "
        f"false positives on hyperbole={len(hyperbole_fp)}/{len(hyperbole)}, "
        f"all false alarms(level>=2)={len(false_alarms)}"
    )
    for expected, got, text in wrong:
        print(f"  safety miss: expected {expected} got {got}: {text}")
    assert not misses, misses
    assert not hyperbole_fp, hyperbole_fp
    assert accuracy >= 0.90


@pytest.mark.parametrize(
    "text",
    [
        "this deadline is killing me",
        "I'm dying to start",
        "I could kill for a coffee",
        "I'd rather die than miss the concert lol",
        "kill the process",
        "I cut myself shaving this morning lol",
        "I bought a jump rope for my workouts",
        "quitting now would be career suicide",
        "I'm going to jump into the new project tonight",
    ],
)
def test_idioms_are_not_risk(text: str) -> None:
    assert screen_safety(text).level == 0


def test_negation() -> None:
    assert screen_safety("I would never hurt myself").level == 0
    assert screen_safety("i'd never kill myself, i have too much to live for").level == 0
    assert screen_safety("I'm not suicidal, just tired").level in (0, 1)
    assert screen_safety("I don't want to die without having run a marathon").level == 0
    # A negation does not cross a clause, and "can't stop" is not a denial.
    assert screen_safety("I'm not okay. I want to die").level == 2
    assert screen_safety("I can't stop thinking about killing myself").level == 2


def test_negation_inside_the_phrase_is_still_risk() -> None:
    assert screen_safety("I don't want to be alive anymore").level == 2
    assert screen_safety("i dont think anyone would notice if i was gone").level == 2
    assert screen_safety("i dont want to wake up tomorrow").level == 2
    assert screen_safety("I don't want to wake up early tomorrow").level == 0


def test_typos_and_lowercase() -> None:
    assert screen_safety("i want to kil myself").level >= 2
    assert screen_safety("thinking about suicde").level >= 2
    assert screen_safety("i want to dieeee").level >= 2
    assert screen_safety("I WANT TO DIE").level >= 2


def test_implicit_ideation() -> None:
    for text in (
        "everyone would be better off without me",
        "I wrote goodbye letters",
        "no reason to live",
        "I'm thinking of ending it all",
    ):
        assert screen_safety(text).level == 2, text


def test_imminent() -> None:
    for text in ("I have the pills in front of me", "tonight I'm going to jump", "I bought a rope"):
        result = screen_safety(text)
        assert result.level == 3, text
        assert result.reason.startswith("imminent")
        assert result.matched


def test_third_person_is_concern_about_someone_else() -> None:
    result = screen_safety("my friend said she wants to die")
    assert result.level == 1
    assert "someone else" in result.reason
    urgent = screen_safety("my brother says he is going to kill himself tonight")
    assert urgent.level == 2
    assert "someone else" in urgent.reason


def test_past_self_harm_in_recovery() -> None:
    result = screen_safety("I used to self-harm but I'm 2 years clean")
    assert result.level == 1
    assert "recovery" in result.reason
    assert screen_safety("I used to cut and I started again last week").level == 2


def test_fiction_is_not_a_crisis() -> None:
    assert (
        screen_safety("Can you explain why the main character in the novel kills himself?").level
        <= 1
    )
    assert screen_safety("what were the themes of suicide in Hamlet?").level <= 1


def test_concern_level() -> None:
    assert screen_safety("what's the point").level == 1
    assert screen_safety("what's the point of the streak feature?").level == 0
    assert screen_safety("I feel so hopeless").level == 1


def test_empty_and_no_signal() -> None:
    assert screen_safety("") == screen_safety("   ")
    result = screen_safety("I finished my run today")
    assert (result.level, result.reason, result.matched) == (0, "", ())


def test_speed(per_call_seconds) -> None:
    seconds = per_call_seconds(screen_safety)
    print(f"\nsafety: {seconds * 1000:.3f} ms per call on average")
    assert seconds < 0.002


# Phrasings written for the rules' kinds, in none of the labelled sets: the rules must reach
# new wording of the same kind, and stay quiet on ordinary lives that share its words.
@pytest.mark.parametrize(
    "text",
    [
        "i just swallowed all of my antidepressants",
        "took 40 of my mum's tramadol",
        "i'm on the ledge right now",
        "i have the razor at my wrist",
        "i've swallowed 25 tablets, i feel sleepy",
        "i've got enough pills saved to do it",
    ],
)
def test_new_wording_of_an_act_or_means_at_hand_is_imminent(text: str) -> None:
    assert screen_safety(text).level == 3


@pytest.mark.parametrize(
    "text",
    [
        "i burned my hand with a cigarette on purpose",
        "banged my head against the wall till it bled",
        "they would all be relieved if i was dead",
        "i honestly can't see myself still being alive by christmas",
        "what's the most painless way to die",
        "i keep staring at the pills in my drawer",
        "if anyone finds this, please tell my sister i love her",
        "this is the last time you'll hear from me. thank you for everything",
        "i'm giving my dog to my neighbour, she'll take better care of him than me. "
        "won't need his things anymore",
        "i don't plan on being around much longer",
        "i won't be around for my birthday, no point planning anything",
        "there's no tomorrow for me",
        "i gave ffion my good boots and all my books yesterday. i wont need them",
    ],
)
def test_new_wording_of_a_warning_sign_is_high_risk(text: str) -> None:
    assert screen_safety(text).level >= 2


# An eighth writer's explicit statements (2026-11-30) the rules had missed: asking which
# means is lethal, an attempt to be repeated, being on the tracks, means in the lap or the
# bath, taking them all now. Each is the crisis response (the rules' high risk).
@pytest.mark.parametrize(
    "text",
    [
        "which tablets are the most lethal",
        "is there a bridge near me thats high enough",
        "what bridge around here is tall enough",
        "does it hurt to jump from the 12th floor",
        "spent the night googling lethal doses",
        "i overdosed in june and next time i won't tell anyone",
        "i attempted last spring, going to try again soon",
        "the last train is at midnight and i'll be on the tracks",
        "the pistol is on my lap",
        "sat in the tub with a razor",
        "ok im taking them all now",
    ],
)
def test_new_wording_of_an_explicit_statement_is_high_risk_by_the_rules(text: str) -> None:
    result = screen_safety(text)
    assert (result.level >= 2, result.basis) == (True, "rules")


@pytest.mark.parametrize(
    "text",
    [
        "which tablets are best for a headache",
        "what bridge is the tall one in the photo",
        "i attempted the exam again and passed",
        "the kids will be on the tracks at the model railway club",
        "the cat is on my lap",
        "ill take all of them to the park tomorrow",
        "im taking them all to the cinema tonight",
        "reading about lethal doses of caffeine for my pharmacology essay",
    ],
)
def test_the_explicit_rules_words_in_ordinary_lives_are_not_risk(text: str) -> None:
    assert screen_safety(text).level < 2


@pytest.mark.parametrize(
    "text",
    [
        "im gonna jump off a bridge if they raise the rent again lol kidding",
        "if this meeting runs over one more time i will end it all 😂",
        "kms the bus broke down AGAIN 🙄",
        "ugh i want to die, i called my teacher mum in front of everyone 🙈",
        "honestly if i get one more spam call i'll hang myself",
        "fr one more lecture on excel and im jumping off the roof",
    ],
)
def test_a_joke_told_with_laughter_is_asked_about_not_answered_with_the_crisis(text):
    assert screen_safety(text).basis == "joking"


@pytest.mark.parametrize(
    "text",
    [
        "one more night alone and im going to kill myself",
        "if i have to get through one more day like this i will end it all",
        "one more call from him and im going to kill myself tonight",
        "i want to die. not joking, one more thing goes wrong and thats it 🙄",
    ],
)
def test_one_more_day_of_life_or_words_that_mean_it_are_no_joke(text: str) -> None:
    result = screen_safety(text)
    assert (result.level >= 2, result.basis) == (True, "rules")


@pytest.mark.parametrize(
    "text",
    [
        "thanks for everything eliza, i won't need the app anymore, i reached my goal!",
        "i'm moving abroad so i won't be here for christmas this year, bye everyone",
        "gave my bike to my brother, he needs it more than i do",
        "wrote a list of who gets what chores this week",
        "standing on the bridge right now watching the fireworks",
        "the knife is in my hand, chopping carrots for the soup",
        "ugh i've given up on this diet, back to pizza",
        "my friends would be fine without me for a week while i'm on holiday",
        "which is less painful, waxing or shaving?",
        "drank a bottle of wine with dinner and took my vitamins",
        "if anyone reads this review, the cafe is amazing",
        "i want everything to stop changing so fast at work",
        "can't sleep, too excited about tomorrow",
        "i'm hopeless with directions lol",
        "what did i do for work before?",
        "couldn't sleep so here i am",
        "gave my old bike to my nephew, i wont need it till spring",
        "i gave her the keys, i wont need them today",
    ],
)
def test_ordinary_news_that_shares_the_words_is_not_risk(text: str) -> None:
    assert screen_safety(text).level == 0


def test_distress_and_grief_are_concern_not_crisis() -> None:
    for text in ("my cat died yesterday", "been crying myself to sleep every night"):
        assert screen_safety(text).level == 1, text
    assert screen_safety("my grandad died years ago").level == 0


def test_a_warning_sign_needs_company_to_be_high_risk() -> None:
    # A goodbye alone is a goodbye; next to "after tonight I won't need the app" it is not.
    assert screen_safety("bye eliza, thanks for everything!").level == 0
    assert screen_safety("I won't be needing the app after tonight").level == 1
    assert screen_safety("bye eliza. I won't be needing the app after tonight").level == 3
