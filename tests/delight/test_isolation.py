"""Every read is its person's: another person's object answers 404, never its data.

Every URL pattern of the root URLconf (walked recursively) and every operation of the OpenAPI
schema is called with its path parameters filled from objects that belong to the OWNER:
- anonymous: refused (401/403 under /api/, a redirect to the login page elsewhere);
- the OUTSIDER, with GET, POST, PATCH and DELETE (each with a plausible body): 404 wherever
  the address names one of the owner's objects (405 only where the owner gets 405 too: the
  method is offered to nobody), never a server error, never the owner's data (their texts
  carry MARKER); and everything the owner owns is unchanged afterwards;
- the OWNER: GET answers 2xx/3xx and no method 404 or 5xx, so the filled addresses are real.
A parameter this module cannot fill fails with "add a fixture for <param>", so a new endpoint
is covered without anyone remembering; the few public addresses are listed with a reason.

It also checks that every per-person model reads through OwnedManager, that the selectors
read a person's rows only through it (or list why not), and that every socket route is listed
with the test that keeps its objects to their person.
"""

from __future__ import annotations

import ast
import datetime as dt
import json
import re
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.conf import settings
from django.db import models
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.resolvers import RoutePattern
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer
from rest_framework.test import APIClient

from delight.asgi import websocket_urlpatterns
from delight.models import OwnedManager, User
from tests.factories import OwnedWorld, make_owned_world

pytestmark = pytest.mark.django_db

MARKER = "owner-only-7f3c"  # in every text of the owner's objects
METHODS = ("get", "post", "patch", "delete")  # in this order: the owner deletes last
ROOT = Path(settings.BASE_DIR)
PROJECT_APPS = ("delight", "goals", "world", "narrative", "nudges", "companion")

# -- what fills an address ---------------------------------------------------------------

# Path parameters naming one of the owner's objects: the outsider must get 404. Each gives
# its candidates; the first the address accepts is taken.
OWNED: dict[str, Callable[[OwnedWorld], list[Any]]] = {
    "goal_id": lambda world: [world.goal.pk],
    "mission_id": lambda world: [world.mission.pk],
    "memory_id": lambda world: [world.memory.pk],
    "milestone_id": lambda world: [world.milestone.pk],
    "reel_id": lambda world: [world.reel.pk],
    "notification_id": lambda world: [world.notification.pk],
    "subscription_id": lambda world: [world.push_subscription.pk],
    "beat_id": lambda world: [world.beat.pk],
    "habit_id": lambda world: [world.habit.pk],
    # A goals session takes an integer, a conversation (Eliza's session) a UUID.
    "session_id": lambda world: [world.session.pk, world.conversation.pk],
}
# A router's generic `pk` (`id` in the schema) is named by its collection.
COLLECTIONS = {
    "memories": "memory_id",
    "goals": "goal_id",
    "missions": "mission_id",
    "sessions": "session_id",
}
# Path parameters naming no one's object: the same for everybody.
SHARED = {
    "slug": "arena",  # a zone (world/migrations/0002_seed_zones): everyone's
    "step": 1,  # an onboarding step
    "action": "complete",  # a mission action
    "act": "read",  # a notification action
    "day": "2026-01-05",  # a habit's day: long gone for a check-in, the same for everyone
}
# Body fields naming one of the owner's objects (the schema's operations): refused (400 or
# 404) for the outsider, never done.
REFERENCES = {
    "goal": "goal_id",
    "goal_id": "goal_id",
    "mission": "mission_id",
    "mission_id": "mission_id",
    "milestone_id": "milestone_id",
    "session_id": "session_id",
    "beat": "beat_id",
}
# A plausible body: what the pages' forms and the API's inputs ask for (extra fields are
# ignored), so a request gets past checking its input to the object it names.
PLAUSIBLE: dict[str, Any] = {
    "title": "Read one chapter",
    "content": "Likes green tea",
    "text": "Hello Eliza",
    "category": "health",
    "importance": 3,
    "status": "paused",
    "estimated_minutes": 20,
    "energy": "medium",
    "tier": "personal",
    "op": "start",
    "minutes": 10,
    "q": "quiet mornings",
}
QUERY = {"q": "quiet mornings"}  # the one required query parameter (memories/search)

# Addresses anyone may use, or that name nobody's object, each with why.
PUBLIC = {
    "": "the landing page for a visitor; a person's own dashboard otherwise, which shows"
    " nobody else's goals (test_home.py::test_home_shows_only_the_persons_own_things)",
    "healthz": "the load balancer's probe: public, reads nobody's data",
    "sw.js": "the Web Push service worker: the same script for everyone, nobody's data",
    "accounts/signup/": "signing up: public",
    "accounts/login/": "signing in: public",
    "accounts/logout/": "signing out: public, about the visitor only",
    "accounts/logged-out/": "says the visitor is signed out: nobody's data",
    "accounts/password/reset/": "asks for a forgotten password's link: public, and answers"
    " alike whether or not an account uses the address (test_views_account.py)",
    "accounts/password/reset/sent/": "says a link may be on its way: nobody's data",
    "accounts/password/reset/<uidb64>/<token>/": "an email's link, without login: its signed"
    " token names the person, a wrong or used one changes nothing (test_views_account.py)",
    "accounts/deleted/": "says an account was deleted: what went is in the visitor's own"
    " session, nobody else's",
    "api/auth/token/": "exchanges a username and password for a token: public",
    "api/schema/": "the API's description: public, nobody's data",
    "api/docs/": "the API's interactive docs: public, nobody's data",
    "api/^(?P<path>.*)$": "the catch-all: a JSON 404 for everyone (test_api_errors.py)",
    "nudges/unsubscribe/<str:token>/": "an email's unsubscribe link, without login: its"
    " signed token names the person, a tampered one changes nothing"
    " (tests/nudges/test_views_unsubscribe.py)",
}
PUBLIC_PREFIXES = {
    "admin/": "staff only: Django admin sends anyone else to its login "
    "(test_admin_sends_a_person_who_is_not_staff_to_its_login)",
}
PUBLIC_OPERATIONS = {"/api/auth/token/": PUBLIC["api/auth/token/"]}

# Sockets: what keeps each one's objects to their person.
SOCKETS = {
    "ws/world/": ("no object: it carries only the signed-in person's own events", None),
    "ws/companion/": (
        "a message's session_id is looked up as the person's own",
        ("tests/companion/test_consumers.py", "test_another_users_session_is_unknown"),
    ),
}


@dataclass(frozen=True)
class Param:
    name: str
    regex: str  # what the address accepts there
    collection: str  # the path segment before it ("memories")


class Unfillable(Exception):
    """A parameter nobody told this module how to fill."""


def _value(param: Param, world: OwnedWorld) -> tuple[Any, bool]:
    """What fills `param`, and whether it names one of the owner's objects."""
    name = param.name
    if name in ("pk", "id"):
        name = COLLECTIONS.get(param.collection, name)
    if name in SHARED:
        return SHARED[name], False
    for candidate in OWNED[name](world) if name in OWNED else []:
        if re.fullmatch(param.regex, str(candidate)):
            return candidate, True
    raise Unfillable(f"add a fixture for <{param.name}> (after {param.collection!r})")


def _collection(before: str) -> str:
    segments = [part for part in before.replace("^", "").split("/") if part]
    return segments[-1] if segments else ""


# -- the URLconf -------------------------------------------------------------------------


@dataclass(frozen=True)
class Route:
    pieces: tuple[Any, ...]  # the patterns from the root URLconf down to the view
    callback: Callable[..., Any]

    @property
    def text(self) -> str:
        return "".join(str(piece) for piece in self.pieces)

    def __str__(self) -> str:
        return self.text or "(home)"


def _walk(patterns: list[Any], pieces: tuple[Any, ...] = ()) -> Iterator[Route]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, (*pieces, pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield Route((*pieces, pattern.pattern), pattern.callback)


def _is_public(route: Route) -> bool:
    return route.text in PUBLIC or route.text.startswith(tuple(PUBLIC_PREFIXES))


ALL_ROUTES = list(_walk(get_resolver().url_patterns))
ROUTES = [route for route in ALL_ROUTES if not _is_public(route)]

ROUTE_PARAM = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")


def _fill_route_piece(piece: RoutePattern, done: str, world: OwnedWorld) -> tuple[str, bool]:
    owned = False
    text = str(piece)

    def fill(match: re.Match[str]) -> str:
        nonlocal owned
        regex = piece.converters[match["name"]].regex
        value, names_owned = _value(
            Param(match["name"], regex, _collection(done + text[: match.start()])), world
        )
        owned |= names_owned
        return str(value)

    return ROUTE_PARAM.sub(fill, text), owned


def _fill_regex_piece(text: str, done: str, world: OwnedWorld) -> tuple[str, bool]:
    """Fill each named group `(?P<name>regex)` and drop the anchors."""
    filled, owned, at = "", False, 0
    while (start := text.find("(?P<", at)) >= 0:
        name_end = text.index(">", start)
        depth, end = 1, name_end + 1
        while depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        name, regex = text[start + 4 : name_end], text[name_end + 1 : end - 1]
        collection = _collection(done + filled + text[at:start])
        value, names_owned = _value(Param(name, regex, collection), world)
        filled += text[at:start] + str(value)
        owned |= names_owned
        at = end
    return (filled + text[at:]).replace("^", "").replace("$", ""), owned


def _fill(route: Route, world: OwnedWorld) -> tuple[str, bool]:
    """The address of `route` for the owner's objects, and whether it names one of them."""
    path, owned = "", False
    for piece in route.pieces:
        if isinstance(piece, RoutePattern):
            text, names_owned = _fill_route_piece(piece, path, world)
        else:
            text, names_owned = _fill_regex_piece(str(piece), path, world)
        path += text
        owned |= names_owned
    path = "/" + path
    assert resolve(path).func == route.callback, f"{route}: filled as {path}, routed elsewhere"
    return path, owned


# -- the schema --------------------------------------------------------------------------


def _served_schema() -> dict[str, Any]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(OpenApiJsonRenderer().render(schema))


OPENAPI = _served_schema()
OPERATIONS = [
    (method, path)
    for path, item in OPENAPI["paths"].items()
    for method in item
    if method in METHODS and path not in PUBLIC_OPERATIONS
]


def _schema_regex(schema: dict[str, Any]) -> str:
    if schema.get("type") == "integer":
        return r"[0-9]+"
    if "pattern" in schema:
        return schema["pattern"].removeprefix("^").removesuffix("$")
    if schema.get("format") == "uuid":
        return r"[0-9a-fA-F-]{32,36}"
    return r"[^/]+"


def _fill_operation(path: str, operation: dict[str, Any], world: OwnedWorld) -> tuple[str, bool]:
    owned = False
    for parameter in operation.get("parameters", []):
        if parameter["in"] != "path":
            continue
        name = parameter["name"]
        at = path.index("{" + name + "}")
        param = Param(name, _schema_regex(parameter["schema"]), _collection(path[:at]))
        value, names_owned = _value(param, world)
        path = path.replace("{" + name + "}", str(value))
        owned |= names_owned
    return path, owned


def _resolved(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema or "allOf" in schema:
        if "allOf" in schema:
            schema = schema["allOf"][0]
        else:
            schema = OPENAPI["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _plausible(name: str, schema: dict[str, Any]) -> Any:
    """A value a person might send for a field nobody named in PLAUSIBLE."""
    schema = _resolved(schema)
    if "enum" in schema:
        return schema["enum"][0]
    kind, form = schema.get("type"), schema.get("format")
    if kind == "string":
        return {"date": dt.date.today().isoformat(), "uuid": str(uuid.uuid4())}.get(form, "Plain")
    if kind in ("integer", "number"):
        return schema.get("minimum", 1)
    if kind == "boolean":
        return True
    if kind in ("array", "object"):
        return [] if kind == "array" else {}
    raise Unfillable(f"add a value for the body field {name!r}")


def _body(operation: dict[str, Any], world: OwnedWorld) -> tuple[dict[str, Any], bool]:
    """A plausible JSON body for `operation`, and whether it names one of the owner's
    objects (a reference field, filled with the owner's object of that kind)."""
    content = operation.get("requestBody", {}).get("content", {})
    if "application/json" not in content:
        return {}, False
    schema = _resolved(content["application/json"]["schema"])
    body, owned = {}, False
    for name, field in schema.get("properties", {}).items():
        if name in REFERENCES:
            param = Param(REFERENCES[name], _schema_regex(_resolved(field)), "")
            body[name], names_owned = _value(param, world)
            body[name] = str(body[name]) if isinstance(body[name], uuid.UUID) else body[name]
            owned |= names_owned
        elif name in PLAUSIBLE:
            body[name] = PLAUSIBLE[name]
        elif name in schema.get("required", []):
            body[name] = _plausible(name, field)
    return body, owned


def _query(operation: dict[str, Any]) -> dict[str, Any]:
    required = [
        p for p in operation.get("parameters", []) if p["in"] == "query" and p.get("required")
    ]
    return {
        p["name"]: PLAUSIBLE.get(p["name"]) or _plausible(p["name"], p["schema"]) for p in required
    }


# -- requests and what they must answer ----------------------------------------------------


def _signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _send(client: Client, method: str, path: str, body: dict, query: dict, *, api: bool) -> Any:
    if method == "get":
        return client.get(path, query)
    if api:
        return getattr(client, method)(path, body, format="json")
    if method == "post":
        return client.post(path, body)  # a page's form
    return getattr(client, method)(path)


def _answers(
    client: Client, methods: tuple[str, ...], path: str, body: dict, query: dict, *, api: bool
) -> dict[str, Any]:
    return {method: _send(client, method, path, body, query, api=api) for method in methods}


def _plain(value: Any) -> Any:
    return value.tolist() if hasattr(value, "tolist") else value  # vectors compare as lists


def _owned_models() -> list[type[models.Model]]:
    return [m for m in apps.get_models() if isinstance(m._default_manager, OwnedManager)]


def _everything_of(user: User) -> dict[str, list[dict[str, Any]]]:
    """Every row the person owns (and their own user row), to compare before and after."""
    rows = {"user": list(User.objects.filter(pk=user.pk).values())}
    for model in _owned_models():
        found = model._default_manager.owned_by(user).order_by("pk").values()
        rows[model._meta.label] = [{k: _plain(v) for k, v in row.items()} for row in found]
    return rows


def _leaks(answer: Any) -> bool:
    content = b"".join(answer.streaming_content) if answer.streaming else answer.content
    return MARKER in content.decode(errors="replace")


def _anonymous_problems(answers: dict[str, Any], owner: dict[str, Any], *, api: bool) -> list:
    login = reverse(settings.LOGIN_URL)
    problems = []
    for method, answer in answers.items():
        refused = (
            answer.status_code in (401, 403)
            if api
            else answer.status_code == 302 and answer["Location"].startswith(login)
        )
        unoffered = answer.status_code == owner[method].status_code == 405
        if not (refused or unoffered) or _leaks(answer):
            problems.append(f"anonymous {method.upper()}: {answer.status_code}")
    return problems


def _outsider_problems(
    answers: dict[str, Any], owner: dict[str, Any], *, names_owned: bool, refused: tuple[int, ...]
) -> list[str]:
    problems = []
    for method, answer in answers.items():
        status = answer.status_code
        unoffered = status == owner[method].status_code == 405
        if (names_owned and status not in refused and not unoffered) or status >= 500:
            problems.append(f"outsider {method.upper()}: {status} (want {refused})")
        if _leaks(answer):
            problems.append(f"outsider {method.upper()}: the owner's data in the answer")
    return problems


def _owner_problems(answers: dict[str, Any]) -> list[str]:
    problems = []
    for method, answer in answers.items():
        status = answer.status_code
        if (
            status == 404
            or status >= 500
            or (method == "get" and status not in (405, *range(200, 400)))
        ):
            problems.append(f"owner {method.upper()}: {status}")
    return problems


@dataclass(frozen=True)
class Clients:
    anonymous: Client
    outsider: Client
    owner: Client


@pytest.fixture
def page_clients(owner: User, outsider: User) -> Clients:
    return Clients(Client(), _signed_in(outsider), _signed_in(owner))


@pytest.fixture
def api_clients(owner_api: APIClient, outsider_api: APIClient) -> Clients:
    return Clients(APIClient(), outsider_api, owner_api)


def _check_isolation(
    clients: Clients,
    owner: User,
    *,
    methods: tuple[str, ...] = METHODS,
    path: str,
    body: dict,
    query: dict,
    api: bool,
    names_owned: bool,
    refused: tuple[int, ...] = (404,),
) -> None:
    """Anonymous, then the outsider, then the owner, each with every method."""
    before = _everything_of(owner)
    anonymous = _answers(clients.anonymous, methods, path, body, query, api=api)
    outsider = _answers(clients.outsider, methods, path, body, query, api=api)
    after = _everything_of(owner)
    mine = _answers(clients.owner, methods, path, body, query, api=api)

    problems = [
        *_anonymous_problems(anonymous, mine, api=api),
        *_outsider_problems(outsider, mine, names_owned=names_owned, refused=refused),
        *_owner_problems(mine),
    ]
    assert problems == [], path
    assert after == before, f"{path}: the outsider changed the owner's rows"


# -- the tests: every address --------------------------------------------------------------


@pytest.mark.parametrize("route", ROUTES, ids=str)
def test_every_url_keeps_each_persons_objects_to_them(route, owner, page_clients, api_clients):
    world = make_owned_world(owner, marker=MARKER)
    try:
        path, names_owned = _fill(route, world)
    except Unfillable as unknown:
        pytest.fail(f"{route}: {unknown}")
    api = path.startswith("/api/")
    clients = api_clients if api else page_clients
    _check_isolation(
        clients, owner, path=path, body=PLAUSIBLE, query=QUERY, api=api, names_owned=names_owned
    )


@pytest.mark.parametrize(("method", "path"), OPERATIONS, ids=lambda value: value)
def test_every_api_operation_keeps_each_persons_objects_to_them(method, path, owner, api_clients):
    operation = OPENAPI["paths"][path][method]
    world = make_owned_world(owner, marker=MARKER)
    try:
        url, in_path = _fill_operation(path, operation, world)
        body, in_body = _body(operation, world)
        query = _query(operation)
    except Unfillable as unknown:
        pytest.fail(f"{method.upper()} {path}: {unknown}")
    # A body naming the owner's object is refused as invalid or unknown; an address, unknown.
    refused = (404,) if in_path or not in_body else (400, 404)
    _check_isolation(
        api_clients,
        owner,
        methods=(method,),
        path=url,
        body=body,
        query=query,
        api=True,
        names_owned=in_path or in_body,
        refused=refused,
    )


def test_every_address_is_walked_or_public_for_a_reason():
    walked = {route.text for route in ROUTES}
    public = {route.text for route in ALL_ROUTES if _is_public(route)}

    assert walked | public == {route.text for route in ALL_ROUTES}
    assert set(PUBLIC) <= public, "PUBLIC names an address that no longer exists"
    assert all(any(text.startswith(prefix) for text in public) for prefix in PUBLIC_PREFIXES)
    assert set(PUBLIC_OPERATIONS) <= set(OPENAPI["paths"])
    assert len(ROUTES) >= 40  # the walks found the endpoints
    assert len(OPERATIONS) >= 30


def test_a_parameter_nobody_knows_fails_and_asks_for_a_fixture(owner):
    world = make_owned_world(owner, marker=MARKER)

    with pytest.raises(Unfillable, match=r"add a fixture for <badge_id>"):
        _value(Param("badge_id", r"[0-9]+", "badges"), world)
    with pytest.raises(Unfillable, match=r"add a fixture for <pk> \(after 'badges'\)"):
        _value(Param("pk", r"[0-9]+", "badges"), world)


def test_admin_sends_a_person_who_is_not_staff_to_its_login(owner, outsider):
    goal = make_owned_world(owner, marker=MARKER).goal
    address = reverse("admin:goals_goal_change", args=[goal.pk])

    for person in (owner, outsider):
        answer = _signed_in(person).get(address)
        assert answer.status_code == 302
        assert answer["Location"].startswith(reverse("admin:login"))


# -- sockets -------------------------------------------------------------------------------


def test_every_socket_route_is_listed_with_what_keeps_its_objects_to_their_person():
    assert {str(route.pattern) for route in websocket_urlpatterns} == set(SOCKETS)
    for _, covered_by in SOCKETS.values():
        if covered_by is not None:
            path, name = covered_by
            tree = ast.parse((ROOT / path).read_text())
            tests = {
                node.name
                for node in ast.walk(tree)
                if isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef)
            }
            assert name in tests, f"{path} has no {name}"


# -- one way to read a person's rows -------------------------------------------------------


def _belongs_to_a_person(model: type[models.Model]) -> bool:
    """A non-null link to the user, or to a model that belongs to a person."""
    for field in model._meta.concrete_fields:
        target = field.related_model
        linked = field.is_relation and not field.null and target is not model
        if linked and (target is User or _belongs_to_a_person(target)):
            return True
    return False


def test_every_per_person_model_reads_through_the_owned_manager(owner):
    project = [m for m in apps.get_models() if m._meta.app_label in PROJECT_APPS]
    per_person = [m for m in project if m is not User and _belongs_to_a_person(m)]

    assert per_person
    assert [m.__name__ for m in per_person if m not in _owned_models()] == []
    for model in per_person:
        model._default_manager.owned_by(owner).exists()  # its owner path is a real lookup


# Reads in selectors that do not go through owned_by / read_owned, each with why.
UNSCOPED = {
    ("delight", "checkpoint_latest"): "under an agent state the caller read as the person's",
    ("companion", "turns_unfinished"): "recovery: everyone's running turns, by design",
    ("nudges", "people_away"): "the drop-off scan: everyone away 48 hours, by design",
    ("nudges", "recipients_of"): "delivery: the people of a claimed batch of sends, at once",
    ("nudges", "notifications_unread_counts_of"): "the bells of a batch of nudges given, at once",
    ("narrative", "beat_ids_due"): "the sweep: beats nobody is writing, across people",
}
# Hand-written statements: each takes its person as a parameter and filters on it itself.
HAND_WRITTEN = {
    ("goals", "goal_focus"): "opens every turn (one statement)",
    ("goals", "_triad_candidates"): "the daily triad's candidates (lateral per goal)",
    ("goals", "_missions_chosen"): "the triad's three missions with their goals",
    ("goals", "return_times"): "a comeback's instants, at every mission done (quests)",
    ("goals", "habit_reminders_due"): "everyone's reminders due in a window (the planner's)",
    ("companion", "memory_nearest"): "recall's meaning list",
    ("companion", "_first_stage"): "recall's first stage in one statement",
    ("companion", "conversation_history"): "a session's last turns, every turn",
    ("nudges", "_inbox_rows"): "the inbox and its unread count in one statement",
}


def _unscoped_manager_use(node: ast.AST, owned: set[str]) -> bool:
    """`Model.objects.<anything but owned_by>` on a per-person model."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)):
        return False
    manager = node.value
    per_person = manager.attr == "objects" and getattr(manager.value, "id", "") in owned
    return per_person and node.attr != "owned_by"


def _called(node: ast.AST) -> str:
    func = getattr(node, "func", None)
    return getattr(func, "id", getattr(func, "attr", "")) if isinstance(node, ast.Call) else ""


def _reads(tree: ast.Module, owned: set[str]) -> Iterator[tuple[str, str]]:
    """(function, "unscoped" | "hand-written") for each top-level function's suspect reads;
    a queryset handed to owned_or_not_found is scoped by it."""
    for function in tree.body:
        if not isinstance(function, ast.FunctionDef):
            continue
        scoped = {
            id(inner)
            for node in ast.walk(function)
            if _called(node) == "owned_or_not_found"
            for inner in ast.walk(node.args[0])
        }
        for node in ast.walk(function):
            if id(node) not in scoped and _unscoped_manager_use(node, owned):
                yield function.name, "unscoped"
            if _called(node) in ("prepared_cursor", "cursor"):
                yield function.name, "hand-written"
            if _called(node) == "read_one":
                yield function.name, "unscoped"


def test_selectors_read_a_persons_rows_only_through_the_owned_manager():
    owned = {model.__name__ for model in _owned_models()}
    found: dict[str, set[tuple[str, str]]] = {"unscoped": set(), "hand-written": set()}
    # An app's selectors are a module, or a package of them (goals/selectors/).
    modules = [*ROOT.glob("*/selectors.py"), *ROOT.glob("*/selectors/*.py")]
    for module in sorted(modules):
        app = module.relative_to(ROOT).parts[0]
        for function, kind in _reads(ast.parse(module.read_text()), owned):
            found[kind].add((app, function))

    assert found["unscoped"] == set(UNSCOPED)
    assert found["hand-written"] == set(HAND_WRITTEN)
