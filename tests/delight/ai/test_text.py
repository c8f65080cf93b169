"""How the AI layer reads text: the embedder's words, Eliza's cleaned text, the classifiers'."""

from __future__ import annotations

import pytest

from delight.ai.text import (
    BOUNDARY_TOKENS,
    LAUGHTER,
    MISHAP_TOLD,
    STOPWORDS,
    asks,
    clean_text,
    fold,
    invented,
    light_stem,
    normalise_words,
    normalize,
    quotes_nested,
    says_twice,
    stated_in,
    word_set,
)

# -- words: what the hashing embedder's stored vectors are made of ---------------------------


def test_words_are_lower_case_ascii_without_apostrophes_or_punctuation() -> None:
    assert normalise_words("Café crème, don't STOP! 5k…") == ["cafe", "creme", "dont", "stop", "5k"]


def test_words_of_contractions_are_stopwords() -> None:
    assert set(normalise_words("I'm sure I can't, I won't, it isn't")) - {"sure"} <= STOPWORDS


def test_light_stem_joins_common_word_forms() -> None:
    assert {light_stem(w) for w in ["hiking", "hikes", "hike", "hiked"]} == {"hik"}
    assert light_stem("running") == light_stem("runs") == "run"
    assert light_stem("studies") == "study"


def test_light_stem_leaves_short_words_and_numbers_alone() -> None:
    assert [light_stem(w) for w in ["ran", "is", "2024"]] == ["ran", "is", "2024"]


def test_word_set_splits_a_table_written_as_one_string() -> None:
    assert word_set("fine  good\nokay") == frozenset({"fine", "good", "okay"})


# -- cleaned text: Eliza's -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("I\u2019m   Sam", "I am Sam"),
        ("i can't, you're right", "i can not, you are right"),
        ("Dont worry, I'll go", "do not worry, I will go"),
        ("He's late and they're gone", "He's late and they're gone"),
    ],
)
def test_clean_text_expands_only_what_reflection_needs_and_keeps_case(text, cleaned) -> None:
    assert clean_text(text) == cleaned


def test_fold_ignores_case_punctuation_and_spacing() -> None:
    assert fold("Tell me  more, please!") == fold("tell me more please") == "tell me more please"


# -- normalised text: the classifiers' -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("I'm gonna kil myslef!!!", "i am going to kill myself !"),
        ("dont", "do not"),
        ("He\u2019s sure they'd help", "he is sure they would help"),
        ("suicde... idk", "suicide . i do not know"),
        ("sooooo tired 😭", "so tired"),
        ("noooo waaaay", "no waay"),
        ("self-harm", "self harm"),
        ("i want to dieeee", "i want to die"),
    ],
)
def test_normalize_expands_fixes_typos_and_keeps_clause_punctuation(text, normalised) -> None:
    assert normalize(text) == normalised


def test_normalize_keeps_each_boundary_mark_as_a_token() -> None:
    tokens = normalize("no. yes, maybe; well: ok? sure!").split()
    assert [t for t in tokens if t in BOUNDARY_TOKENS] == [".", ",", ";", ":", "?", "!"]


def test_normalize_repairs_doubled_letters_only_into_known_words() -> None:
    assert normalize("sadd byee") == "sadd bye"
    assert normalize("sadd byee", known={"sad"}) == "sad byee"


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("whats my streak", True),
        ("is the garden open", True),
        ("tell me about my story", True),
        ("how many days in a row?", True),
        ("my streak is fine", False),
        ("done the garden", False),
    ],
)
def test_a_question_is_read_by_its_mark_or_its_opening(text: str, question: bool) -> None:
    assert asks(text) is question


@pytest.mark.parametrize(
    ("clause", "stated"),
    [
        ("what should i paint first", ""),
        ("what if i moved to leeds", ""),
        ("can i eat bread if im coeliac", "im coeliac"),
        ("i paint every sunday", "i paint every sunday"),
        ("is it bad that i love pizza", "is it bad that i love pizza"),
    ],
)
def test_asking_what_to_do_states_only_its_reason(clause: str, stated: str) -> None:
    assert stated_in(clause) == stated


@pytest.mark.parametrize(
    ("text", "laughs"),
    [
        ("hahaha ok", True),
        ("ha. feeding her right before bed might work", True),
        ("jajaja si", True),
        ("wkwkwk", True),
        ("he said hi there", False),
        ("that was a hard day", False),
    ],
)
def test_laughter_is_heard_however_it_is_typed(text, laughs):
    assert bool(LAUGHTER.search(text)) is laughs


@pytest.mark.parametrize(
    ("text", "known", "made_up"),
    [
        ("Run a half marathon with your sister", "goal: Run a half marathon", ["sister"]),
        ("Hola, Maya! Ana will love your Spanish.", "name: Maya, your sister Ana, Spanish", []),
        ("Walk with Dana on Monday", "name: Sam", ["Dana"]),
        ("Your friends would be proud", "my friends", []),
    ],
)
def test_people_a_text_names_that_its_writer_was_never_told_of(text, known, made_up):
    assert invented(text, known) == made_up


@pytest.mark.parametrize(
    ("typed", "cleaned"),
    [
        ("im nervous shes gonna hate it", "I am nervous she is going to hate it"),
        ("hes fine, thats all", "he is fine, that is all"),
        ("i didnt do it, its fine", "i did not do it, its fine"),  # "its" may be possessive
        ("whats up, ive been busy", "what is up, I have been busy"),
    ],
)
def test_contractions_typed_without_their_apostrophe_are_written_out(typed, cleaned):
    assert clean_text(typed) == cleaned


@pytest.mark.parametrize(
    ("text", "twice"),
    [
        ("I'll be here whenever you want to come back, I'll be here whenever you want", True),
        ("One encouraging sentence about the plan. One encouraging sentence about the plan.", True),
        ("One small step would be plenty, and I'd be glad to help you choose it.", False),
        ("Run run run run run", False),
    ],
)  # fmt: skip
def test_a_loop_of_words_said_twice_is_heard(text, twice):
    assert says_twice(text) is twice


LEFT, RIGHT = "\N{LEFT SINGLE QUOTATION MARK}", "\N{RIGHT SINGLE QUOTATION MARK}"


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("“For “Run 2 km”,” she says.", f"“For {LEFT}Run 2 km{RIGHT},” she says."),
        ("You did “Run 2 km”. “Yes,” she says.", "You did “Run 2 km”. “Yes,” she says."),
        ("A stray ” closes nothing.", "A stray ” closes nothing."),
    ],
)
def test_quotes_inside_quotes_are_set_single(text, printed):
    assert quotes_nested(text) == printed


@pytest.mark.parametrize(
    "text",
    [
        "my cat walked across my tablet and made a line through it all so thats going great",
        "i just remembered i left the washing in the machine",
    ],
)
def test_a_mishap_told_with_a_sigh_or_in_words_is_one(text):
    assert MISHAP_TOLD.search(text)
