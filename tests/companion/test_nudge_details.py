"""A planned nudge made personal from memory (companion.nudge_details, the detail finder
companion offers nudges): someone dear that the active goal connects to, never anyone whose
memories are sensitive."""

from __future__ import annotations

import pytest

from companion import services
from companion.models import Memory
from delight.models import User
from goals.models import Goal
from nudges import services as nudges_services
from nudges.models import ScheduledSend
from tests.goals.factories import make_goal
from tests.nudges.factories import make_scheduled_send

# Transactional: memories are kept as a conversation keeps them, jobs after commit included.
pytestmark = pytest.mark.django_db(transaction=True)


def _know(user: User, content: str, *, key: str = "", name: str = "") -> Memory:
    """A personal memory, as the conversation's extraction keeps it."""
    return services.memory_create(
        user=user,
        content=content,
        tier="personal",
        key=key,
        metadata={"value": name} if name else None,
        source="conversation",
    ).memory


def _planned(user: User) -> ScheduledSend:
    send = make_scheduled_send(user)
    nudges_services.scheduled_send_personalise(user=user, send_id=send.pk)
    send.refresh_from_db()
    return send


@pytest.fixture
def spanish(owner: User) -> Goal:
    """The owner learns Spanish to talk with their sister, and Eliza knows her and a
    colleague."""
    _know(owner, "Their sister is called Ana", key="relation:sister", name="Ana")
    _know(owner, "Their sister Ana lives in Seville", key="relation:sister:home", name="Seville")
    _know(owner, "Their colleague is called Bob", key="relation:colleague", name="Bob")
    return make_goal(
        owner,
        title="Learn Spanish",
        category="growth",
        description="To talk with my sister Ana when I visit Seville",
    )


def test_a_nudge_names_someone_dear_the_goal_connects_to(spanish):
    send = _planned(spanish.user)

    assert send.context == {"detail": "your sister Ana"}


def test_a_person_with_a_sensitive_memory_is_never_named(spanish):
    _know(spanish.user, "Their sister Ana is in hospital after a surgery")

    send = _planned(spanish.user)

    assert send.context == {"detail": "your colleague Bob"}


@pytest.mark.parametrize(
    ("content", "key"),
    [
        ("Ana was diagnosed with cancer last spring", ""),
        ("Ana is grieving since their mother passed away", ""),
        ("Ana's panic attacks worry them", "feeling:ana"),
        ("Ana has been thinking about ending it all", ""),
    ],
)
def test_no_sensitive_memory_ever_reaches_a_nudge(owner, content, key):
    _know(owner, "Their sister is called Ana", key="relation:sister", name="Ana")
    _know(owner, content, key=key)
    make_goal(owner, title="Learn Spanish", description="To talk with my sister Ana")

    send = _planned(owner)

    assert send.context == {}


def test_without_an_active_goal_the_nudge_stays_plain(owner):
    _know(owner, "Their sister is called Ana", key="relation:sister", name="Ana")

    send = _planned(owner)

    assert send.context == {}


def test_a_relative_without_a_name_is_not_named(owner):
    _know(owner, "Their sister lives in Seville", key="relation:sister:home", name="Seville")
    make_goal(owner, title="Learn Spanish", description="To visit my sister in Seville")

    send = _planned(owner)

    assert send.context == {}
