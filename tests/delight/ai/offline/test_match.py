"""Which keyword rule answers a message, and whether the table is sound."""

from __future__ import annotations

from delight.ai.offline.match import check_rules, decomposition_count, find_match


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
