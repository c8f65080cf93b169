"""The emotion lexicon and the normalised text every classifier reads."""

from __future__ import annotations

from delight.ai.classifiers import normalize
from delight.ai.classifiers.lexicon import KNOWN_WORDS, LEXICON
from delight.ai.text import REPAIRABLE_WORDS


def test_normalize() -> None:
    assert normalize("I'm gonna kil myslef!!!") == "i am going to kill myself !"
    assert normalize("dont") == "do not"


def test_the_classifiers_repair_typos_of_the_lexicons_words_too() -> None:
    assert {"sad", "angry"} <= KNOWN_WORDS - REPAIRABLE_WORDS
    assert normalize("sadd angryy diee") == "sad angry die"


def test_lexicon_entries_are_stored_in_normalised_form() -> None:
    assert all(normalize(word) == word for word in LEXICON.words)
    assert all(normalize(" ".join(phrase)) == " ".join(phrase) for phrase in LEXICON.phrases)
    assert LEXICON.max_phrase == max(len(phrase) for phrase in LEXICON.phrases)
