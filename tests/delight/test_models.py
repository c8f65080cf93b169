"""OwnedManager: the one way to read a person's rows (`Model.objects.owned_by(user)`)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from goals.models import Goal, Milestone
from tests.goals.factories import make_goal

pytestmark = pytest.mark.django_db


def test_owned_by_keeps_only_the_persons_rows(owner, outsider):
    mine = make_goal(owner)
    make_goal(outsider)

    assert list(Goal.objects.owned_by(owner)) == [mine]


def test_owned_by_follows_the_models_owner_path(owner, outsider):
    mine = Milestone.objects.create(goal=make_goal(owner), position=1, title="Base")
    Milestone.objects.create(goal=make_goal(outsider), position=1, title="Base")

    assert Milestone.owner_field == "goal__user"
    assert list(Milestone.objects.owned_by(owner)) == [mine]


def test_owned_by_gives_someone_not_signed_in_nothing(owner):
    make_goal(owner)

    assert not Goal.objects.owned_by(AnonymousUser()).exists()


def test_owned_by_chains_with_other_filters_and_related_managers(owner):
    goal = make_goal(owner, status=Goal.Status.PAUSED)

    assert list(Goal.objects.filter(status=Goal.Status.PAUSED).owned_by(owner)) == [goal]
    assert not owner.goals.owned_by(owner).filter(status=Goal.Status.ACTIVE).exists()
