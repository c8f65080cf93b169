"""Domain errors (delight.errors) are mapped once per way in: the DRF exception handler, the
middleware for Django views, the socket consumers' error frame."""

from __future__ import annotations

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.test import RequestFactory

from companion.conversations import SessionBusy
from delight.api_errors import domain_status, exception_handler
from delight.errors import Conflict, DomainError, NotFound
from delight.middleware import DomainErrorMiddleware
from delight.ws import UserConsumer

# -- the errors ---------------------------------------------------------------------------


def test_a_domain_error_carries_a_message_and_a_code_with_defaults():
    assert NotFound().code == "not_found"
    assert NotFound().message == str(NotFound()) == NotFound.default_message
    assert NotFound("There is no such goal.").message == "There is no such goal."
    assert Conflict("Busy.", code="goal_busy").code == "goal_busy"
    assert Conflict().code == "conflict"  # a code given to one error stays with it


def test_each_domain_error_has_its_status_and_a_subclass_inherits_it():
    assert domain_status(NotFound()) == 404
    assert domain_status(Conflict()) == 409
    assert domain_status(SessionBusy("Still answering.")) == 409
    assert domain_status(DomainError()) == 400


# -- the API (DRF exception handler) ------------------------------------------------------


@pytest.mark.parametrize(
    ("error", "status", "body"),
    [
        (
            NotFound("There is no such goal."),
            404,
            {"detail": "There is no such goal.", "code": "not_found"},
        ),
        (
            SessionBusy("Still answering."),
            409,
            {"detail": "Still answering.", "code": "session_busy"},
        ),
    ],
)
def test_the_api_answers_a_domain_error_in_the_one_error_body(error, status, body):
    response = exception_handler(error, {})

    assert response is not None
    assert response.status_code == status
    assert response.data == body


@pytest.mark.django_db
def test_an_api_read_of_an_unknown_object_answers_a_json_404_naming_it(owner_api):
    response = owner_api.get("/api/goals/999999/")

    assert response.status_code == 404
    assert response.json() == {"detail": "There is no such goal.", "code": "not_found"}


@pytest.mark.django_db
def test_an_api_write_to_an_unknown_object_answers_a_json_404(owner_api):
    response = owner_api.post("/api/sessions/999999/extend/", {"minutes": 5}, format="json")

    assert response.status_code == 404
    assert response.json() == {"detail": "There is no such session.", "code": "not_found"}


# -- Django views (the middleware) --------------------------------------------------------


def _page_error(path: str, error: DomainError) -> Any:
    request = RequestFactory().get(path)
    return DomainErrorMiddleware(lambda request: None).process_exception(request, error)


@pytest.mark.django_db
def test_a_page_whose_object_is_unknown_answers_the_404_page(client, owner):
    client.force_login(owner)
    response = client.get("/goals/999999/")

    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]


def test_not_found_in_a_page_is_the_404_page_as_an_http404_would_be():
    response = _page_error("/goals/1/", NotFound("There is no such goal."))

    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]


def test_a_conflict_in_a_page_is_a_409_page_with_its_message_escaped():
    response = _page_error("/chat/", Conflict("<b>Busy</b>, try again."))

    assert response.status_code == 409
    page = response.content.decode()
    assert "&lt;b&gt;Busy&lt;/b&gt;, try again." in page
    assert "<b>" not in page


def test_a_domain_error_in_a_plain_view_under_api_is_json():
    response = _page_error("/api/anything/", NotFound("There is no such thing."))

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.content == b'{"detail": "There is no such thing.", "code": "not_found"}'


def test_the_middleware_leaves_other_exceptions_to_django():
    request = RequestFactory().get("/goals/")
    middleware = DomainErrorMiddleware(lambda request: None)

    assert middleware.process_exception(request, ValueError("a bug")) is None


# -- sockets (delight.ws.UserConsumer) ----------------------------------------------------


class _Lookup(UserConsumer):
    """Asks for an object that is not the person's on every "find" frame."""

    async def on_message(self, content: dict[str, Any]) -> None:
        if content["type"] == "find":
            raise NotFound("There is no such goal.")
        await super().on_message(content)


@pytest.mark.django_db(transaction=True)
async def test_a_domain_error_on_a_socket_is_an_error_frame_and_the_socket_stays_open(owner):
    client = WebsocketCommunicator(_Lookup.as_asgi(), "/ws/test/")
    client.scope["user"] = owner
    assert (await client.connect(timeout=5))[0]

    await client.send_json_to({"type": "find", "id": 1})
    error = await client.receive_json_from(timeout=5)
    await client.send_json_to({"type": "ping"})
    pong = await client.receive_json_from(timeout=5)
    await client.disconnect()

    assert error == {"type": "error", "code": "not_found", "message": "There is no such goal."}
    assert pong == {"type": "pong"}


@pytest.mark.django_db
def test_the_404_page_is_a_kind_page_with_a_way_home(client, owner):
    client.force_login(owner)
    page = client.get("/goals/999999/").content.decode()

    assert "Nothing here" in page
    assert 'href="/"' in page
    assert 'class="tabbar"' in page  # still inside the app, not a dead end
