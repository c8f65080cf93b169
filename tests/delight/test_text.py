"""delight.text: the one rule for text people send (characters, visibility, length)."""

from __future__ import annotations

import re

import pytest
from django import forms
from django.core.exceptions import ValidationError
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from delight.text import (
    TextField,
    TextFormField,
    text_pattern,
    validate_json_text,
    validate_text,
)


def refusal(value: str, **rule) -> ValidationError:
    rule.setdefault("limit", 100)
    with pytest.raises(ValidationError) as refused:
        validate_text(value, noun="message", **rule)
    return refused.value


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("hi\x00there", "U+0000"),
        ("\ud800", "U+D800"),
        ("ok \udfff", "U+DFFF"),
        ("bell\x07", "U+0007"),
        ("del\x7f", "U+007F"),
        ("c1\x85", "U+0085"),
        ("nonchar\ufffe", "U+FFFE"),
        ("nonchar\ufdd0", "U+FDD0"),
        ("plane one \U0001ffff", "U+1FFFF"),
    ],
)
def test_control_characters_surrogates_and_noncharacters_are_refused_by_name(value, named):
    error = refusal(value)
    assert error.code == "invalid_characters"
    assert named in error.messages[0]
    assert error.messages[0].startswith("A message cannot contain")


@pytest.mark.parametrize(
    "value", ["\u200b", "\u200b\u200c\u200d", "\ufeff", " \u2060 \n", "\u3164", "\u2800"]
)
def test_text_of_only_invisible_characters_is_refused(value):
    error = refusal(value)
    assert error.code == "invisible"
    assert error.messages == [
        "A message needs at least one visible character (this one has only spaces or "
        "invisible characters)."
    ]


@pytest.mark.parametrize("value", ["", "   ", "\n\t"])
def test_empty_text_is_refused_as_empty(value):
    error = refusal(value)
    assert (error.code, error.messages) == ("blank", ["A message cannot be empty."])


@pytest.mark.parametrize("value", ["\u200b\u200b", "", "  \t"])
def test_blank_text_passes_where_blank_is_allowed(value):
    validate_text(value, limit=10, noun="note", blank=True)


@pytest.mark.parametrize(
    "value",
    [
        "Hello",
        "tabs\tand\nnew lines\r\n",
        "family 👨\u200d👩\u200d👧 emoji with joiners",
        "\u200bzero width space before a word",
        "مرحبا",
        "日本語",
    ],
)
def test_ordinary_text_passes(value):
    validate_text(value, limit=100, noun="message")


def test_the_length_limit_says_by_how_much():
    error = refusal("x" * 101)
    assert error.code == "too_long"
    assert error.messages == ["A message can be at most 100 characters long (this one has 101)."]


def test_a_value_that_is_not_text_is_refused():
    assert refusal(42).code == "not_text"  # type: ignore[arg-type]


def test_json_keys_and_values_follow_the_rule_at_any_depth():
    validate_json_text({"a": [1, 2.5, None, True, {"b": "ok"}]}, noun="metadata", max_depth=4)
    for bad in ({"a": "\x00"}, {"a": ["x", {"b": "\ud800"}]}, {"\x00": 1}, {"k\ud800": 1}):
        with pytest.raises(ValidationError) as refused:
            validate_json_text(bad, noun="metadata", max_depth=4)
        assert refused.value.code == "invalid_characters"


def test_json_nesting_is_bounded_without_recursion():
    deep: object = "leaf"
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ValidationError) as refused:
        validate_json_text({"a": deep}, noun="metadata", max_depth=4)
    assert refused.value.code == "too_deep"
    assert "4 levels" in refused.value.messages[0]


def test_json_numbers_must_be_finite():
    with pytest.raises(ValidationError) as refused:
        validate_json_text({"a": float("nan")}, noun="metadata", max_depth=4)
    assert refused.value.code == "not_finite"


class Note(serializers.Serializer):
    title = TextField(max_length=20, noun="title")
    body = TextField(max_length=50, noun="note", required=False, allow_blank=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"title": "\u200b"}, "A title needs at least one visible character"),
        ({"title": ""}, "A title cannot be empty."),
        ({"title": "ok\x00"}, "A title cannot contain a control character (U+0000"),
        ({"title": "ok\ud800"}, "A title cannot contain a lone surrogate (U+D800"),
        ({"title": "x" * 21}, "A title can be at most 20 characters long (this one has 21)."),
        ({"title": "Run\x1d"}, "A title cannot contain a control character (U+001D"),
        ({"title": 5}, "A title must be text."),
        ({"title": True}, "A title must be text."),
    ],
)
def test_the_rest_field_gives_exactly_one_clear_error(data, message):
    note = Note(data=data)
    assert not note.is_valid()
    assert len(note.errors["title"]) == 1
    assert note.errors["title"][0].startswith(message)


def test_the_rest_field_keeps_its_max_length_for_the_schema():
    assert Note().fields["title"].max_length == 20
    assert Note(data={"title": "Run", "body": ""}).is_valid()


class NoteForm(forms.Form):
    title = TextFormField(max_length=20, noun="title")
    body = TextFormField(max_length=50, noun="note", required=False)


def test_the_form_field_gives_one_clear_error_and_keeps_maxlength():
    form = NoteForm(data={"title": "\u200b\u200b", "body": "fine"})
    assert not form.is_valid()
    assert form.errors["title"] == [
        "A title needs at least one visible character (this one has only spaces or "
        "invisible characters)."
    ]
    assert 'maxlength="20"' in str(form["title"])
    nul = NoteForm(data={"title": "a\x00b"})
    assert not nul.is_valid()
    assert len(nul.errors["title"]) == 1
    assert NoteForm(data={"title": "Run", "body": ""}).is_valid()


def passes(value: str, *, blank: bool) -> bool:
    try:
        validate_text(value, limit=1000, blank=blank)
    except ValidationError:
        return False
    return True


# The schema's pattern says exactly what the rule takes, for text in the Basic Multilingual
# Plane (beyond it the pattern names nothing; text_pattern says why).
BMP_TEXT = st.text(st.characters(max_codepoint=0xFFFF), max_size=12) | st.sampled_from(
    ["", " ", "\u200b", "a\x00", "\ufdd0", "\x85", "\u3164x", "\t\n", "ok", "\ud800"]
)


@given(value=BMP_TEXT, blank=st.booleans())
@settings(max_examples=300, deadline=None, database=None)
def test_the_schemas_pattern_takes_exactly_what_the_rule_takes(value, blank):
    matches = re.fullmatch(text_pattern(blank=blank), value) is not None
    if any("\ud800" <= char <= "\udfff" for char in value):
        assert not passes(value, blank=blank)  # no valid Unicode text holds one
    else:
        assert matches == passes(value, blank=blank)
