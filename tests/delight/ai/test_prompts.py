"""The model's side of the engine as data: every answer it may give is bounded."""

from __future__ import annotations

import pytest

from delight.ai import prompts
from delight.ai.chat import unbounded


@pytest.mark.parametrize(
    "schema",
    [
        prompts.READING_SCHEMA,
        prompts.INTENT_SCHEMA,
        prompts.EMOTION_SCHEMA,
        prompts.SAFETY_SCHEMA,
        prompts.FACTS_SCHEMA,
    ],
)
def test_every_string_and_list_a_reading_may_hold_is_bounded(schema):
    assert unbounded(schema) == []


def test_a_string_or_a_list_without_a_bound_is_found_where_it_is():
    schema = {
        "type": "object",
        "properties": {
            "reason": {"type": "string"},
            "level": {"type": "string", "enum": ["low", "high"]},
            "facts": {"type": "array", "items": {"type": ["string", "null"], "maxLength": 9}},
            "notes": {"type": "array", "maxItems": 2, "items": {"type": "string"}},
        },
    }

    assert unbounded(schema) == ["/reason", "/facts", "/notes[]"]
