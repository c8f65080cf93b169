"""The OpenAPI schema (/api/schema/) tells the truth about every answer, errors included.

The static tests read the schema; the live ones call the real ASGI application (as daphne
does) through schemathesis and check each answer against the schema. The ASGI application
answers from its own thread with its own database connection, so the live tests use a person
committed to the test database (and removed afterwards), not the per-test transaction.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator

import pytest
import schemathesis
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    ignored_auth,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from companion import services as companion_services
from companion.models import Actor, Source
from delight.asgi import application
from tests.factories import make_user

ERRORS = {"400", "401", "403", "404", "429", "503"}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    ignored_auth,
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
# Dates and times at the calendar's edges and with offsets no zone uses, among ordinary
# ones: each once answered 500 ("?to=0001-01-01": OverflowError; "+23:59": PostgreSQL's
# "time zone displacement out of range").
EDGE_DATES = ["0001-01-01", "9999-12-31", "1899-12-31", "2200-01-01"]
EDGE_MOMENTS = [
    "0001-01-01T00:00:00Z",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-12:00",
    "2026-01-05T10:00:00+23:59",
    "2026-01-05T10:00:00-23:59",
]
schemathesis.openapi.format(
    "date", st.one_of(st.dates().map(dt.date.isoformat), st.sampled_from(EDGE_DATES))
)
schemathesis.openapi.format(
    "date-time",
    st.one_of(
        st.datetimes(timezones=st.timezones()).map(dt.datetime.isoformat),
        st.sampled_from(EDGE_MOMENTS),
    ),
)
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
