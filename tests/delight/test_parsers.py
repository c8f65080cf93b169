"""delight.parsers: JSON bodies and frames are bounded in size and depth before parsing, and
text that is no text (a lone surrogate) is refused where it arrives."""

from __future__ import annotations

import io
import json

import pytest
from rest_framework.exceptions import ParseError

from delight.models import User
from delight.parsers import BodyTooLarge, BrokenText, JSONParser, JSONTooDeep, json_loads
from goals.models import Goal
from tests.goals.factories import make_goal, make_mission
from tests.nudges.factories import make_notification

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


def test_an_oversized_form_body_is_refused_too(owner_api, settings):
    settings.API_MAX_BODY_BYTES = 1024
    body = f"title=Run&category=health&description={'x' * 2000}"
    response = owner_api.post("/api/goals/", body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert not Goal.objects.exists()


LONE = "x\ud800"  # json.dumps writes it as the escape "x\\ud800"


@pytest.mark.parametrize(
    ("value", "path"),
    [
        ({"timezone": LONE}, "timezone"),
        ({"events": [{"category": "health"}, {"category": LONE}]}, "events[1].category"),
        ({"a": {"b": ["ok", "\udfff"]}}, "a.b[1]"),
        ({LONE: 1}, "body"),
        ([LONE], "[0]"),
    ],
)
def test_a_lone_surrogate_is_refused_naming_where_it_is(value, path):
    with pytest.raises(BrokenText) as refused:
        json_loads(json.dumps(value), max_depth=32)
    assert refused.value.path == path


def test_a_surrogate_pair_is_one_character_and_welcome():
    assert json_loads(json.dumps({"text": "nice 😀"}), max_depth=32) == {"text": "nice 😀"}
    assert json_loads('{"text": "\\ud83d\\ude00"}', max_depth=32) == {"text": "😀"}


def surrogate_requests(user: User) -> list[tuple[str, str, dict, str]]:
    """(method, path, body, field) for every field once answered 500 for a lone surrogate."""
    goal = make_goal(user)
    mission = make_mission(goal)
    note = make_notification(user)
    event = {"occurred_at": "2026-01-05T10:00:00Z", "category": LONE}
    return [
        ("patch", "/api/me/", {"timezone": LONE}, "timezone"),
        ("post", "/api/goals/", {"title": "Run", "category": LONE}, "category"),
        ("post", "/api/companion/memories/", {"content": "Likes tea", "tier": LONE}, "tier"),
        ("patch", f"/api/missions/{mission.pk}/", {"energy": LONE}, "energy"),
        ("post", f"/api/notifications/{note.pk}/snooze/", {"for": LONE}, "for"),
        ("patch", "/api/companion/profile/", {"communication_style": LONE}, "communication_style"),
        ("post", f"/api/goals/{goal.pk}/status/", {"status": LONE}, "status"),
        ("post", "/api/progress/import/", {"events": [event]}, "events[0].category"),
    ]


def test_a_lone_surrogate_in_any_field_answers_400_naming_it_and_changes_nothing(owner, owner_api):
    cases = surrogate_requests(owner)
    goals_before = Goal.objects.count()
    for method, path, body, field in cases:
        response = getattr(owner_api, method)(
            path, json.dumps(body), content_type="application/json"
        )

        assert response.status_code == 400, (path, response.content)
        assert response.json()["errors"] == {field: [BrokenText(field).args[0].split(": ", 1)[1]]}
    owner.refresh_from_db()
    assert owner.timezone != LONE
    assert Goal.objects.count() == goals_before
