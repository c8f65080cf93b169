"""The one rule for text people send, wherever it comes in (REST, WebSocket, pages, services).

Text is refused when it holds a character no person types and the database or a JSON encoder
chokes on (NUL and other control characters but tab, line feed and carriage return; lone
surrogates; Unicode noncharacters), when it has no visible character where one is needed
(only spaces, zero-width spaces, joiners, byte order marks, fillers), and when it is longer
than its limit. Each refusal is a Django ValidationError with one clear message and a code;
DRF turns it into a 400 and forms show it next to the field.

Use :func:`validate_text` in services and model validators, :class:`TextField` in DRF
serializers, :class:`TextFormField` in Django forms and :func:`validate_json_text` for free
JSON such as metadata.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers
from rest_framework.validators import ProhibitSurrogateCharactersValidator


def _noncharacters() -> str:
    """U+FDD0..U+FDEF and the last two code points of each of the 17 planes."""
    ends = "".join(
        f"{chr(plane * 0x10000 + 0xFFFE)}-{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)
    )
    return "\ufdd0-\ufdef" + ends


_REFUSED = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff{_noncharacters()}]")
# Characters that draw nothing although Unicode does not call them spaces.
_BLANK_GLYPHS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0") | frozenset(
    map(chr, [*range(0x180B, 0x1810), *range(0xFE00, 0xFE10)])
)


def _kind(char: str) -> str:
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:
        return "a lone surrogate"
    if unicodedata.category(char) == "Cc":
        return "a control character"
    return "a noncharacter"


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf" or char in _BLANK_GLYPHS


def _a(noun: str) -> str:
    return f"{'An' if noun[0] in 'aeiou' else 'A'} {noun}"


def blank_message(noun: str) -> str:
    return f"{_a(noun)} cannot be empty."


def is_blank(value: str) -> bool:
    """True when `value` shows nothing: empty, spaces, or only invisible characters."""
    return all(_invisible(char) for char in value)


def validate_text(value: Any, *, limit: int, noun: str = "text", blank: bool = False) -> None:
    """Refuse `value` unless it is text a person could have meant to send.

    1. It must be a string.
    2. No control character (tab, line feed, carriage return are fine), lone surrogate or
       noncharacter: the message names the first one and where it is.
    3. Unless `blank`, at least one visible character: empty or whitespace-only text "cannot
       be empty"; text of only invisible characters says so.
    4. At most `limit` characters.
    """
    if not isinstance(value, str):
        raise ValidationError(f"{_a(noun)} must be text.", code="not_text")
    refuse_characters(value, noun=noun)
    if not blank and is_blank(value):
        if not value.strip():
            raise ValidationError(blank_message(noun), code="blank")
        raise ValidationError(
            f"{_a(noun)} needs at least one visible character (this one has only spaces or "
            "invisible characters).",
            code="invisible",
        )
    if len(value) > limit:
        raise ValidationError(
            f"{_a(noun)} can be at most {limit:,} characters long (this one has {len(value):,}).",
            code="too_long",
        )


def refuse_characters(value: str, *, noun: str) -> None:
    """Refuse a character no person types (validate_text's step 2), naming the first."""
    if refused := _REFUSED.search(value):
        char = refused.group()
        raise ValidationError(
            f"{_a(noun)} cannot contain {_kind(char)} (U+{ord(char):04X}, at character "
            f"{refused.start() + 1:,}).",
            code="invalid_characters",
        )


class TextRule(MaxLengthValidator):
    """:func:`validate_text` as a validator. It is a MaxLengthValidator so that schema
    generators (drf-spectacular) still publish the limit as ``maxLength``."""

    def __init__(self, limit: int, *, noun: str = "text", blank: bool = False) -> None:
        super().__init__(limit)
        self.noun, self.blank = noun, blank

    def __call__(self, value: Any) -> None:
        validate_text(value, limit=self.limit_value, noun=self.noun, blank=self.blank)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TextRule) and (self.limit_value, self.noun, self.blank) == (
            other.limit_value,
            other.noun,
            other.blank,
        )

    __hash__ = None  # type: ignore[assignment]


# The checks a CharField brings that TextRule replaces with its one message each.
_REPLACED = (
    MaxLengthValidator,
    ProhibitNullCharactersValidator,
    ProhibitSurrogateCharactersValidator,
)


def _ruled(validators: list[Any], rule: TextRule) -> list[Any]:
    return [v for v in validators if not isinstance(v, _REPLACED)] + [rule]


class TextField(serializers.CharField):
    """A DRF CharField under the text rule (blank only with ``allow_blank=True``)."""

    def __init__(self, *, max_length: int, noun: str = "text", **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)
        self.error_messages["blank"] = blank_message(noun)
        rule = TextRule(max_length, noun=noun, blank=self.allow_blank)
        self.validators = _ruled(self.validators, rule)
        self.noun = noun

    def to_internal_value(self, data: Any) -> str:
        # Text only: DRF's CharField would take 5 or true and store "5" or "True".
        if not isinstance(data, str):
            raise serializers.ValidationError(f"{_a(self.noun)} must be text.", code="not_text")
        # Before trimming: to Python, U+001C..U+001F are spaces that strip() would drop.
        try:
            refuse_characters(data, noun=self.noun)
        except ValidationError as refused:
            raise serializers.ValidationError(refused.messages, code=refused.code) from None
        return super().to_internal_value(data)


def _escaped(code: int) -> str:
    return f"\\u{code:04x}"


def _class_body(codes: Iterable[int]) -> str:
    """Code points of the Basic Multilingual Plane as the inside of a regex character class,
    in ranges of \\uXXXX escapes (read alike by Python, ECMAScript and Rust)."""
    ordered = sorted(codes)
    parts, start = [], 0
    for i, code in enumerate(ordered):
        if i + 1 < len(ordered) and ordered[i + 1] == code + 1:
            continue
        first, last = ordered[start], code
        parts.append(_escaped(first) if first == last else f"{_escaped(first)}-{_escaped(last)}")
        start = i + 1
    return "".join(parts)


@functools.cache
def text_pattern(*, blank: bool) -> str:
    """The text rule as a regular expression, for the API's schema: no refused character
    and, unless `blank`, at least one visible one.

    It names characters of the Basic Multilingual Plane only, as \\uXXXX escapes, the one
    spelling every regex dialect a schema is read with shares; so the rule also refuses what
    it cannot say: lone surrogates (no valid Unicode text holds one, and Rust's engine refuses
    them in a class), and beyond U+FFFF the 32 noncharacters and text of only format
    characters (tags, musical formatting).
    """
    codes = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    refused = _class_body(c for c in codes if _REFUSED.match(chr(c)))
    if blank:
        return f"^[^{refused}]*$"
    unseen = _class_body(c for c in codes if not _REFUSED.match(chr(c)) and _invisible(chr(c)))
    return f"^[^{refused}]*[^{refused}{unseen}][^{refused}]*$"


class TextFieldSchema(OpenApiSerializerFieldExtension):
    """drf-spectacular: a TextField's schema carries the text rule as its pattern."""

    target_class = "delight.text.TextField"

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema = auto_schema._map_serializer_field(self.target, direction, bypass_extensions=True)
        return {**schema, "pattern": text_pattern(blank=self.target.allow_blank)}


class TextFormField(forms.CharField):
    """A Django form CharField under the text rule (blank only when not required)."""

    def __init__(self, *, max_length: int, noun: str = "text", **kwargs: Any) -> None:
        super().__init__(max_length=max_length, **kwargs)
        rule = TextRule(max_length, noun=noun, blank=not self.required)
        self.validators = _ruled(self.validators, rule)


def validate_json_text(value: Any, *, noun: str, max_depth: int, limit: int = 10_000) -> None:
    """Apply the text rule to every key and string in a JSON value, without recursion.

    1. Walk the value with an explicit stack of (item, depth); an object or array deeper than
       `max_depth` is refused before its contents are looked at.
    2. Keys need a visible character; string values may be blank. Both follow the rule.
    3. Numbers must be finite (PostgreSQL's jsonb has no NaN or Infinity).
    """
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list) and depth > max_depth:
            raise ValidationError(
                f"{noun.capitalize()} can be nested at most {max_depth} levels deep.",
                code="too_deep",
            )
        if isinstance(item, dict):
            for key in item:
                validate_text(key, limit=limit, noun=f"{noun} key")
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            validate_text(item, limit=limit, noun=f"{noun} value", blank=True)
        elif isinstance(item, float) and not math.isfinite(item):
            raise ValidationError(f"{noun.capitalize()} numbers must be finite.", code="not_finite")
