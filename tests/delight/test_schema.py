"""The OpenAPI schema (/api/schema/) tells the truth about every answer, errors included.

The static tests read the schema; the live ones call the real ASGI application (as daphne
does) through schemathesis and check each answer against the schema. The ASGI application
answers from its own thread with its own database connection, so the live tests use a person
committed to the test database (and removed afterwards), not the per-test transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import schemathesis
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    RejectedPositiveData,
    allow_header_conformance,
    content_type_conformance,
    ignored_auth,
    missing_required_header,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)

from companion import services as companion_services
from companion.models import Actor, Source
from delight.asgi import application
from delight.models import timezone_names
from tests.factories import make_user

ERRORS = {"400", "401", "403", "404", "429", "503"}
# What the schema cannot say, per operation: a 400 naming only these fields is a refusal of
# data the schema allows for a reason outside it (today's date, a person's password, a
# file's contents, a real push service), not valid data rejected.
BEYOND_THE_SCHEMA = {
    "POST /api/auth/token/": {"non_field_errors"},  # the username and password must match
    "POST /api/companion/memories/": {"metadata"},  # free JSON: its keys follow the text rule
    "PATCH /api/me/": {"productive_end"},  # productive hours start and end apart
    "POST /api/me/delete/": {"password"},  # the person's own password
    # Each schedule takes exactly its numbers; a unit needs a target.
    "POST /api/habits/": {"times_per_week", "weekdays", "every_days", "unit"},
    "PATCH /api/habits/{habit_id}/": {"times_per_week", "weekdays", "every_days", "unit"},
    # A day on the person's clock, within 30 days back; a number only on a measurable habit.
    "POST /api/habits/{habit_id}/checkins/{day}/": {"day", "value"},
    "DELETE /api/habits/{habit_id}/checkins/{day}/": {"day"},
    "POST /api/goals/": {"target_date"},  # not a day already past
    "PATCH /api/goals/{goal_id}/": {"target_date"},
    "GET /api/progress/days/": {"from", "to"},  # at most 400 days, the first not after the last
    "POST /api/progress/import/": {"problems"},  # a file's rows; no event future or before 1970
    "POST /api/push/subscriptions/": {"endpoint", "keys"},  # a push service's URL, a P-256 key
}


def _refused_fields(response) -> set[str]:
    try:
        body = response.json()
    except ValueError:
        return set()
    return set(body.get("errors") or {}) | ({"problems"} if "problems" in body else set())


@schemathesis.check
def valid_data_accepted(ctx, response, case) -> bool | None:
    """positive_data_acceptance, but for the refusals BEYOND_THE_SCHEMA lists."""
    try:
        return positive_data_acceptance(ctx, response, case)
    except RejectedPositiveData:
        allowed = BEYOND_THE_SCHEMA.get(case.operation.label, set())
        refused = _refused_fields(response)
        if response.status_code == 400 and refused and refused <= allowed:
            return None
        raise


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    ignored_auth,
    valid_data_accepted,
    negative_data_rejection,
    missing_required_header,
    unsupported_method,
    allow_header_conformance,
]


def served_schema() -> dict:
    """The schema /api/schema/ serves, built as its view builds it (no request, no database:
    every request to the app takes a database connection first)."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(schema))


@pytest.fixture(scope="module")
def openapi() -> dict:
    return served_schema()


def test_the_schema_view_serves_that_schema(client, db):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    assert response.json() == served_schema()


def operations(openapi: dict) -> Iterator[tuple[str, str, dict]]:
    for path, item in openapi["paths"].items():
        for method, operation in item.items():
            if method in {"get", "post", "put", "patch", "delete"}:
                yield path, method, operation


def references(node: object) -> Iterator[str]:
    """Every "$ref" anywhere in a schema."""
    if isinstance(node, dict):
        if isinstance(ref := node.get("$ref"), str):
            yield ref
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)


def test_every_reference_in_the_schema_names_a_component_it_has(openapi):
    named = {f"#/components/schemas/{name}" for name in openapi["components"]["schemas"]}
    assert set(references(openapi)) - named == set()


def test_the_schema_generates_without_a_warning(tmp_path):
    # Raises SchemaGenerationError on any warning or error, and validates the result.
    call_command("spectacular", validate=True, fail_on_warn=True, file=str(tmp_path / "s.yaml"))


def test_the_schema_lists_every_timezone_a_person_may_choose_and_no_other(openapi):
    assert set(openapi["components"]["schemas"]["TimezoneEnum"]["enum"]) == timezone_names()


def test_every_operation_documents_its_error_answers(openapi):
    missing = {
        f"{method.upper()} {path}": sorted(ERRORS - set(operation["responses"]))
        for path, method, operation in operations(openapi)
        if ERRORS - set(operation["responses"])
    }

    assert missing == {}


def test_operations_with_a_body_document_a_body_too_large_and_an_unsupported_one(openapi):
    with_body = [op for _, _, op in operations(openapi) if "requestBody" in op]

    assert with_body
    assert all({"413", "415"} <= set(op["responses"]) for op in with_body)


def test_every_error_answer_is_the_one_error_body(openapi):
    error = openapi["components"]["schemas"]["Error"]
    assert set(error["properties"]) == {"detail", "code", "errors"}
    assert set(error["required"]) == {"detail", "code"}
    for path, method, operation in operations(openapi):
        for status in ERRORS:
            answer = operation["responses"][status]
            body = answer["content"]["application/json"]["schema"]
            assert body == {"$ref": "#/components/schemas/Error"}, (method, path, status)
            if status in {"429", "503"}:
                assert "Retry-After" in answer["headers"], (method, path, status)


@pytest.mark.django_db
def test_the_message_endpoint_documents_the_whole_turn(openapi, owner_api):
    answer = owner_api.post(
        "/api/companion/messages/", {"text": "I want to learn Spanish"}, format="json"
    ).json()
    post = openapi["paths"]["/api/companion/messages/"]["post"]
    body = post["responses"]["200"]["content"]["application/json"]["schema"]
    turn = openapi["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]

    assert set(turn["properties"]) == set(answer)
    assert "409" in post["responses"]


# -- the live application ------------------------------------------------------------------

# Loaded when the module is collected: schemathesis' fixture-based loader does not work with
# pytest 9 (it sets request.node._nodeid); the cases are sent to the ASGI application.
live = schemathesis.openapi.from_dict(served_schema())
live.app = application
live.location = "/api/schema/"


@pytest.fixture
def live_token(transactional_db, settings) -> str:
    """A committed person with a memory, and rate limits high enough for a fuzzer.

    Committed (the ASGI application answers from its own thread and connection); the
    transactional database empties every table after the test, the fuzzer's writes too.
    """
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"messages": "100000/minute", "writes": "100000/minute"},
    }
    user = make_user("schemathesis", timezone="Europe/Paris")
    companion_services.memory_create(
        user=user,
        content="Swims every Monday morning",
        tier="personal",
        source=Source.USER,
        actor=Actor.USER,
    )
    return Token.objects.create(user=user).key


def call(live_token: str, path: str, method: str, **case):
    operation = live[path][method]
    headers = {"Authorization": f"Token {live_token}"}
    return operation.Case(**case).call_and_validate(headers=headers, checks=CHECKS)


def test_the_profile_answers_as_documented(live_token):
    response = call(live_token, "/api/me/", "GET")
    assert response.json()["productive_start"] == "09:00:00"


def test_memory_search_answers_as_documented(live_token):
    response = call(live_token, "/api/companion/memories/search/", "GET", query={"q": "swim"})
    assert response.json()[0]["memory"]["content"] == "Swims every Monday morning"


def test_an_error_answers_as_documented(live_token):
    response = call(
        live_token,
        "/api/goals/{goal_id}/",
        "GET",
        path_parameters={"goal_id": 999999999},
    )
    assert response.status_code == 404


@live.parametrize()
@settings(
    max_examples=10,  # per operation: about 40 s for the whole API on 2 cores
    deadline=None,
    derandomize=True,  # the same cases every run: a failure here is reproducible
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented(case, live_token):
    case.call_and_validate(headers={"Authorization": f"Token {live_token}"}, checks=CHECKS)


# -- hostile values ------------------------------------------------------------------------

# What no schema-valid case carries: NUL, lone surrogates and other characters no person
# types, dates and moments at the calendar's ends and offsets no zone uses (each once a 500:
# "?to=0001-01-01" an OverflowError, "+23:59" PostgreSQL's "time zone displacement out of
# range"), numbers past 64 bits, wrong types, and a field far over any limit.
EDGE_DATES = ["0001-01-01", "9999-12-31", "1899-12-31", "2200-01-01", "2024-02-30"]
EDGE_MOMENTS = [
    "0001-01-01T00:00:00Z",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "2026-01-05T10:00:00+23:59",
    "2026-01-05T10:00:00-23:59",
    "2026-01-05T10:00:00\x00Z",
]
HOSTILE_TEXT = [
    "\x00",
    "a\x00b",
    "x\ud800",
    "\udfff",
    "\ufffe",
    "\u202e\u200b",
    "9" * 400,
    "-1",
    "0",
    "1e309",
    "NaN",
    *EDGE_DATES,
    *EDGE_MOMENTS,
    "x" * 70_000,
]
HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_TEXT),
    st.sampled_from([None, True, -1, 0, 2**63, -(2**63) - 1, 1e308, [], {}, ["\x00"]]),
    st.text(st.characters(categories=["Cc", "Cs", "Cf", "Co", "Cn"]), min_size=1, max_size=8),
)
# A path or query carries text that URL-encodes: no lone surrogate.
HOSTILE_IN_URL = st.sampled_from(
    [text for text in HOSTILE_TEXT if not any("\ud800" <= char <= "\udfff" for char in text)]
)
SOUND_ANSWER = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def leaves(value: object, at: tuple = ()) -> Iterator[tuple]:
    """The path of every value in a JSON body (keys and indices), the body's own first."""
    yield at
    if isinstance(value, dict):
        for key, child in value.items():
            yield from leaves(child, (*at, key))
    elif isinstance(value, list):
        for index, child in enumerate(value[:2]):
            yield from leaves(child, (*at, index))


def replaced(body: object, at: tuple, value: object) -> object:
    if not at:
        return value
    head, rest = at[0], at[1:]
    if isinstance(body, dict):
        return {**body, head: replaced(body[head], rest, value)}
    assert isinstance(body, list)
    return [replaced(item, rest, value) if i == head else item for i, item in enumerate(body)]


def spoiled(case, data) -> None:
    """Put one hostile value in one place of `case`: a parameter of its path or query, or
    anywhere in its JSON body."""
    operation = case.operation
    places = [("query", p.name) for p in operation.query]
    places += [("path", p.name) for p in operation.path_parameters]
    if case.media_type == "application/json" and case.body is not None:
        places += [("body", at) for at in leaves(case.body)]
    if not places:
        return
    where, name = data.draw(st.sampled_from(places))
    if where == "body":
        # Sent as the JSON text itself: escaped, a lone surrogate is valid JSON (and Python's
        # json reads it back as one), though no UTF-8 encoder would take it as text.
        case.body = json.dumps(replaced(case.body, name, data.draw(HOSTILE))).encode()
    elif where == "query":
        case.query = {**(case.query or {}), name: data.draw(HOSTILE_IN_URL)}
    else:
        case.path_parameters = {**case.path_parameters, name: data.draw(HOSTILE_IN_URL)}


OPERATIONS = [result.ok() for result in live.get_all_operations()]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda operation: operation.label)
def test_no_hostile_value_anywhere_reaches_a_server_error(operation, live_token):
    headers = {"Authorization": f"Token {live_token}"}

    @given(case=operation.as_strategy(), data=st.data())
    @settings(
        max_examples=8,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def hostile(case, data) -> None:
        spoiled(case, data)
        case.call_and_validate(headers=headers, checks=SOUND_ANSWER)

    hostile()
