"""delight.parsers: JSON bodies and frames are bounded in size and depth before parsing."""

from __future__ import annotations

import io
import json

import pytest
from rest_framework.exceptions import ParseError

from delight.parsers import BodyTooLarge, JSONParser, JSONTooDeep, json_loads
from goals.models import Goal

pytestmark = pytest.mark.django_db


def test_json_nested_at_the_limit_parses_and_one_more_is_refused():
    at_the_limit = "[" * 32 + "]" * 32
    assert json.dumps(json_loads(at_the_limit, max_depth=32)) == at_the_limit
    with pytest.raises(JSONTooDeep) as refused:
        json_loads("[" * 33 + "]" * 33, max_depth=32)
    assert str(refused.value) == "JSON nested more than 32 levels deep."


def test_a_million_levels_are_refused_quickly_without_recursion():
    with pytest.raises(JSONTooDeep):
        json_loads('{"a": ' * 1_000_000 + "1" + "}" * 1_000_000, max_depth=32)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"a": "[[[[{{{{" * 100, "b": 'quote \\" [[[[ and \\\\', "c": [1, [2]]})
    assert json_loads(text, max_depth=3)["c"] == [1, [2]]


def test_invalid_json_still_says_it_is_invalid():
    with pytest.raises(ValueError, match="Expecting"):
        json_loads('{"a": [1, 2}', max_depth=32)
    with pytest.raises(ValueError, match="NaN"):
        json_loads('{"a": NaN}', max_depth=32)


def parse(body: bytes, **context):
    return JSONParser().parse(io.BytesIO(body), "application/json", context)


def test_the_parser_refuses_deep_bodies_with_a_parse_error(settings):
    settings.API_MAX_JSON_DEPTH = 4
    assert parse(b'{"a": [[[1]]]}') == {"a": [[[1]]]}
    with pytest.raises(ParseError) as refused:
        parse(b'{"a": [[[[1]]]]}')
    assert refused.value.get_codes() == "json_too_deep"


def test_the_parser_refuses_bodies_over_the_size_limit(settings):
    settings.API_MAX_BODY_BYTES = 100
    assert parse(json.dumps({"a": "x" * 80}).encode())["a"] == "x" * 80
    with pytest.raises(BodyTooLarge):
        parse(json.dumps({"a": "x" * 100}).encode())


def test_an_oversized_body_answers_413_json_and_creates_nothing(owner_api, settings):
    settings.API_MAX_BODY_BYTES = 1024
    body = json.dumps({"title": "Run", "category": "health", "description": "x" * 2000})
    response = owner_api.post("/api/goals/", body, content_type="application/json")

    assert response.status_code == 413
    assert response.json() == {
        "detail": "The request body is larger than 1,024 bytes.",
        "code": "body_too_large",
    }
    assert not Goal.objects.exists()


def test_a_form_body_is_refused_as_unsupported(owner_api):
    # The API speaks JSON (only the import also takes an upload): a form's empty field would
    # otherwise read as "no value", which the schema does not promise.
    body = "title=Run&category=health&target_date="
    response = owner_api.post("/api/goals/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
    assert not Goal.objects.exists()
