"""What a person owns (delight.ownership): every model that points at a person is exported
and removed with the account, or is listed here with why not; rows are read without the
vectors, and counted in the person's words."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.apps import apps
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from delight import ownership
from tests.factories import make_owned_world

# Models that point at a person and are not theirs to take away, each with why. A new model
# that points at a person fails the first test until it is personal (OwnedManager) or here.
NOT_PERSONAL = {
    "authtoken.token": "the API key itself: a credential, removed with the account by cascade",
    "authtoken.tokenproxy": "the admin's view of the same tokens",
    "admin.logentry": "what a staff member did in the admin, about others",
}


def _points_at_a_person(model: type[models.Model]) -> list[str]:
    user_model = apps.get_model(settings.AUTH_USER_MODEL)
    return [
        field.name
        for field in model._meta.concrete_fields
        if field.is_relation and field.related_model is user_model
    ]


def test_every_model_that_points_at_a_person_is_theirs_or_listed_with_why():
    personal = set(ownership.personal_models())
    forgotten = [
        model._meta.label
        for model in apps.get_models()
        if _points_at_a_person(model)
        and model not in personal
        and model._meta.label_lower not in NOT_PERSONAL
    ]
    assert forgotten == []


def test_the_owners_own_rows_go_with_the_account_by_cascade():
    """A personal model's owner link cascades, so deleting the user row removes its rows
    (a reviewer's or a mentioned person's link may be SET_NULL: it is not the owner)."""
    for model in ownership.personal_models():
        owner_path = getattr(model, "owner_field", "user").split("__")
        field = model._meta.get_field(owner_path[0])
        assert field.remote_field.on_delete is models.CASCADE, model._meta.label


@pytest.mark.django_db
def test_rows_are_the_persons_only_readable_and_without_vectors(owner, outsider):
    make_owned_world(owner, marker="mine-1")
    make_owned_world(outsider, marker="theirs-2")
    rows = ownership.owned_rows(owner)
    text = json.dumps(rows, cls=DjangoJSONEncoder)
    assert "mine-1" in text
    assert "theirs-2" not in text
    for kind in ("memories", "goals", "missions", "conversations", "turns", "beats"):
        assert rows[kind], kind
    memory = rows["memories"][0]
    assert memory["content"] == "mine-1 loves quiet mornings"
    assert not {
        "embedding",
        "sketch",
        "search_vector",
        "context_embedding",
        "context_vector",
    } & set(memory)


@pytest.mark.django_db
def test_counts_name_kinds_in_the_persons_words_one_and_many(owner):
    make_owned_world(owner, marker="mine-1")
    counts = ownership.owned_counts(owner)
    assert counts["goals"] == 1
    assert counts["memories"] == 1
    assert counts[ownership.WORKINGS[1]] >= 1  # the story's entities, the memory's revision
    kinds = Counter({"memories": 1, "goals": 2, "missions": 1200, ownership.WORKINGS[1]: 40})
    lines = ownership.counted(kinds)
    assert lines == ["1,200 missions", "2 goals", "1 memory", "40 " + ownership.WORKINGS[1]]


def test_the_person_fields_never_include_the_password():
    assert "password" not in ownership.USER_FIELDS
    assert "is_staff" not in ownership.USER_FIELDS
