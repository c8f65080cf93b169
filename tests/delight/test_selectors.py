"""One object by its id: owned_or_not_found (a person's) and one_or_not_found (anyone's)."""

from __future__ import annotations

import pytest

from delight.errors import NotFound
from delight.selectors import one_or_not_found, owned_or_not_found
from goals.models import Goal
from tests.goals.factories import make_goal
from world.models import Zone

pytestmark = pytest.mark.django_db


def test_owned_or_not_found_gives_the_persons_own_object(owner):
    goal = make_goal(owner)

    assert owned_or_not_found(Goal, user=owner, pk=goal.pk) == goal
    assert owned_or_not_found(Goal.objects.only("id"), user=owner, pk=goal.pk) == goal


@pytest.mark.parametrize("lookup", ["someone_elses", "unknown", "malformed"])
def test_someone_elses_an_unknown_and_a_malformed_id_are_the_same_not_found(
    lookup, owner, outsider
):
    ids = {"someone_elses": make_goal(outsider).pk, "unknown": 10**12, "malformed": "seven"}

    with pytest.raises(NotFound) as missing:
        owned_or_not_found(Goal, user=owner, pk=ids[lookup])

    assert missing.value.message == "There is no such goal."
    assert missing.value.code == "not_found"


def test_a_not_found_may_say_what_was_missing_in_its_own_words(owner):
    with pytest.raises(NotFound, match=r"There is no such plan\."):
        owned_or_not_found(Goal, user=owner, message="There is no such plan.", pk=1)


def test_one_or_not_found_reads_shared_rows_by_any_lookup():
    Zone.objects.create(slug="zz-test", name="Test zone")

    assert one_or_not_found(Zone.objects.all(), slug="zz-test").name == "Test zone"
    with pytest.raises(NotFound, match=r"There is no such zone\."):
        one_or_not_found(Zone.objects.all(), slug="nowhere")
