"""Which keyword rule answers a message, and whether the table is sound."""

from __future__ import annotations

from delight.ai.offline.match import (
    check_rules,
    decomposition_count,
    find_match,
    memorable_phrases,
)


def test_rule_table_is_large_and_every_template_slot_has_a_group() -> None:
    assert decomposition_count() >= 40
    assert check_rules() == []


def test_the_highest_ranked_keyword_wins_over_an_earlier_sentence() -> None:
    match = find_match("The weather is nice. I'm so overwhelmed by my inbox")
    assert match is not None
    assert match.keyword.key == "overwhelm"
    assert match.fragments == ("your inbox",)


def test_no_keyword_no_match() -> None:
    assert find_match("asdf qwerty") is None


def test_a_clumsy_echo_sends_the_match_on_to_a_plainer_pattern() -> None:
    found = find_match("i want to run a marathon one day but not this year lol")

    assert found is not None
    assert not any("{0}" in template for template in found.rule.templates)


def test_only_noun_phrases_are_remembered_to_bring_back_later() -> None:
    assert memorable_phrases("my sister is moving abroad") == ["sister"]
    assert memorable_phrases("nice day! my sister visited") == []
    assert memorable_phrases("my life lol") == []


def test_a_joke_asked_for_with_can_you_is_a_joke() -> None:
    match = find_match("can you tell me a joke")
    assert match is not None
    assert match.keyword.key == "joke"
