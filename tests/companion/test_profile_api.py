"""What Eliza knows about you, over /api/companion/profile/: read, corrected, forgotten;
the profile and the memories behind it change together."""

from __future__ import annotations

import pytest

from companion import selectors, services
from companion.models import CompanionProfile, Memory
from companion.turn.context import person_name
from delight.ai.runtime import default_engine
from delight.models import User
from tests.companion.factories import remember, say

pytestmark = pytest.mark.django_db

PROFILE = "/api/companion/profile/"


def item_url(memory_id: int) -> str:
    return f"{PROFILE}memories/{memory_id}/"


def state_of(user: User) -> tuple:
    """Everything a correction could change, to show that a refused one changed nothing."""
    profile = CompanionProfile.objects.get(user=user)
    memories = Memory.objects.filter(user=user, active=True).order_by("id")
    return (
        (profile.name, profile.location, profile.occupation, profile.interests),
        (profile.communication_style, profile.style_chosen),
        [(m.id, m.key, m.content) for m in memories],
    )


def section(body: dict, slug: str) -> list[dict]:
    return next(s["items"] for s in body["sections"] if s["section"] == slug)


def test_the_profile_shows_what_eliza_learned_grouped_by_kind(owner_api, known_profile):
    body = owner_api.get(PROFILE).json()
    assert [(i["text"], i["id"]) for i in section(body, "name")] == [
        ("Liv", known_profile["name"].pk)
    ]
    assert [(i["text"], i["field"]) for i in section(body, "home")] == [("Leeds", "location")]
    assert [i["text"] for i in section(body, "people")] == ["You have a sister called Maya"]
    assert [i["text"] for i in section(body, "interests")] == ["You love hiking"]
    assert [i["text"] for i in section(body, "other")] == ["You have a dog called Biscuit"]
    assert body["communication_style"]["text"] == "In short messages"


def test_changing_where_you_live_rewrites_the_memory_behind_it(owner_api, owner, known_profile):
    response = owner_api.patch(PROFILE, {"location": "York"}, format="json")
    assert response.status_code == 200, response.json()
    assert section(response.json(), "home")[0]["text"] == "York"
    assert CompanionProfile.objects.get(user=owner).location == "York"
    home = Memory.objects.get(pk=known_profile["home"].pk)
    assert (home.content, home.active) == ("Lives in York", True)
    assert home.changes.last().actor == "user"


def test_a_field_eliza_did_not_know_is_kept_as_a_memory_too(owner_api, owner, known_profile):
    response = owner_api.patch(PROFILE, {"occupation": "nurse"}, format="json")
    assert response.status_code == 200, response.json()
    assert CompanionProfile.objects.get(user=owner).occupation == "nurse"
    memory = Memory.objects.get(user=owner, key="occupation", active=True)
    assert (memory.content, memory.source) == ("Works as a nurse", "user")


def test_clearing_a_field_forgets_its_memory(owner_api, owner, known_profile):
    assert owner_api.patch(PROFILE, {"name": ""}, format="json").status_code == 200
    assert CompanionProfile.objects.get(user=owner).name == ""
    assert not Memory.objects.filter(pk=known_profile["name"].pk).exists()
    assert section(owner_api.get(PROFILE).json(), "name") == []


def test_removing_an_interest_forgets_it_and_a_new_one_is_remembered(
    owner_api, owner, known_profile
):
    response = owner_api.patch(PROFILE, {"interests": ["climbing"]}, format="json")
    assert response.status_code == 200, response.json()
    assert CompanionProfile.objects.get(user=owner).interests == ["climbing"]
    assert not Memory.objects.filter(pk=known_profile["hiking"].pk).exists()
    assert Memory.objects.get(user=owner, key="likes:climbing").content == "Likes climbing"


def test_a_change_of_nothing_answers_the_profile_and_changes_nothing(
    owner_api, owner, known_profile
):
    before = state_of(owner)
    response = owner_api.patch(PROFILE, {}, format="json")
    assert response.status_code == 200
    assert section(response.json(), "home")
    assert state_of(owner) == before


def test_an_interest_of_one_long_word_is_remembered_under_a_key_within_its_limit(owner_api, owner):
    # Found by the schema fuzz: the key was "likes:" + the whole word, past 100 characters.
    word = "0" * 100
    response = owner_api.patch(PROFILE, {"interests": [word]}, format="json")
    assert response.status_code == 200, response.json()
    memory = Memory.objects.get(user=owner, content=f"Likes {word}")
    assert memory.key.startswith("likes:00")
    assert len(memory.key) == 100


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"name": "L" * 101}, "at most 100 characters"),
        ({"communication_style": "loud"}, '"loud" is not one of: brief'),
        ({"nickname": "Liv"}, "Not something Eliza keeps"),
        ({"location": "York", "name": "Li\x00v"}, "name"),
        ({"interests": [f"thing {n}" for n in range(21)]}, "20"),
    ],
)
def test_bad_input_answers_400_with_a_clear_message_and_changes_nothing(
    owner_api, owner, known_profile, body, says
):
    before = state_of(owner)
    response = owner_api.patch(PROFILE, body, format="json")
    assert response.status_code == 400
    assert says in response.json()["detail"]
    assert state_of(owner) == before


def test_a_style_the_person_sets_is_not_guessed_again(owner_api, owner, known_profile):
    owner_api.patch(PROFILE, {"communication_style": "detailed"}, format="json")
    person = User.objects.get(pk=owner.pk)
    services.profile_learn(user=person, facts=[], texts=["ok", "fine", "sure"])
    profile = CompanionProfile.objects.get(user=owner)
    assert (profile.communication_style, profile.style_chosen) == ("detailed", True)


def test_correcting_an_item_rewrites_the_memory_and_the_profile(owner_api, owner, known_profile):
    response = owner_api.patch(
        item_url(known_profile["home"].pk), {"text": "Manchester"}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["text"] == "Manchester"
    assert Memory.objects.get(pk=known_profile["home"].pk).content == "Lives in Manchester"
    assert CompanionProfile.objects.get(user=owner).location == "Manchester"


def test_correcting_an_interest_replaces_it_in_the_profile(owner_api, owner, known_profile):
    url = item_url(known_profile["hiking"].pk)
    assert owner_api.patch(url, {"text": "Loves sea swimming"}, format="json").status_code == 200
    assert CompanionProfile.objects.get(user=owner).interests == ["sea swimming"]


def test_an_empty_correction_answers_400_and_changes_nothing(owner_api, owner, known_profile):
    before = state_of(owner)
    response = owner_api.patch(item_url(known_profile["sister"].pk), {"text": "  "}, format="json")
    assert response.status_code == 400
    assert "cannot be empty" in response.json()["detail"]
    assert state_of(owner) == before


def test_forgetting_an_item_deletes_its_memory_and_what_it_filled(owner_api, owner, known_profile):
    assert owner_api.delete(item_url(known_profile["home"].pk)).status_code == 204
    assert not Memory.objects.filter(pk=known_profile["home"].pk).exists()
    assert CompanionProfile.objects.get(user=owner).location == ""
    recalled = selectors.memory_recall(user=owner, query="where does she live, Leeds", k=10)
    assert all(hit.memory.pk != known_profile["home"].pk for hit in recalled)
    assert section(owner_api.get(PROFILE).json(), "home") == []


def test_forgetting_a_liked_thing_takes_it_out_of_the_interests(owner_api, owner, known_profile):
    assert owner_api.delete(item_url(known_profile["hiking"].pk)).status_code == 204
    assert CompanionProfile.objects.get(user=owner).interests == []


def test_another_persons_item_answers_404_and_is_left_alone(outsider_api, owner, known_profile):
    before = state_of(owner)
    url = item_url(known_profile["home"].pk)
    assert outsider_api.patch(url, {"text": "Nowhere"}, format="json").status_code == 404
    assert outsider_api.delete(url).status_code == 404
    assert state_of(owner) == before
    body = outsider_api.get(PROFILE).json()
    assert all(s["items"] == [] for s in body["sections"])


def test_the_profile_needs_a_signed_in_person(client):
    assert client.get(PROFILE).status_code in (401, 403)


def test_the_next_turn_on_the_same_user_object_sees_a_correction(owner, known_profile):
    # A socket keeps one user object for all its turns.
    session = say(owner, "hello there")
    assert person_name(owner) == "Liv"
    services.profile_update(user=User.objects.get(pk=owner.pk), name="Olive")
    say(owner, "how are you?", session)
    assert person_name(owner) == "Olive"


def test_facts_of_any_kind_are_grouped_by_their_key(owner_api, owner):
    for content, key in [
        ("Lives in Lyon", "place:home"),
        ("Works as a baker", "work:job"),
        ("Is allergic to shellfish", "diet:shellfish"),
    ]:
        remember(owner, content, key=key, engine=default_engine())
    body = owner_api.get(PROFILE).json()
    assert [(i["text"], i["field"]) for i in section(body, "home")] == [("Lyon", "location")]
    assert [(i["text"], i["field"]) for i in section(body, "work")] == [("baker", "occupation")]
    assert [i["text"] for i in section(body, "other")] == ["You are allergic to shellfish"]
    assert body["communication_style"] is None
    owner_api.patch(PROFILE, {"location": "Paris"}, format="json")
    assert Memory.objects.get(user=owner, key="place:home", active=True).content == "Lives in Paris"


def test_goals_and_tasks_are_not_part_of_the_profile(owner_api, owner):
    remember(owner, "Wants to run a marathon", tier="project", key="goal:run_marathon")
    remember(owner, "Has a brother", key="relation:brother")
    body = owner_api.get(PROFILE).json()
    items = [i["text"] for s in body["sections"] if s["section"] != "name" for i in s["items"]]
    assert items == ["You have a brother"]


def test_a_memory_the_profile_does_not_show_answers_404(owner_api, owner):
    task = remember(owner, "Call the dentist", tier="task", key="task:call_dentist").memory
    assert (
        owner_api.patch(item_url(task.pk), {"text": "Call Sam"}, format="json").status_code == 404
    )
    assert owner_api.delete(item_url(task.pk)).status_code == 404
    assert Memory.objects.get(pk=task.pk).content == "Call the dentist"


def test_the_name_given_at_sign_up_is_what_to_call_you_though_eliza_kept_none(owner_api, owner):
    assert not CompanionProfile.objects.filter(user=owner).exists()
    body = owner_api.get(PROFILE).json()
    assert [item["value"] for item in section(body, "name")] == ["Olivia"]


def test_clearing_the_name_is_the_accounts_too_so_eliza_stops_using_it(owner_api, owner):
    owner_api.patch(PROFILE, {"name": "Liv"}, format="json")
    assert User.objects.get(pk=owner.pk).first_name == "Liv"
    owner_api.patch(PROFILE, {"name": ""}, format="json")
    owner.refresh_from_db()
    assert owner.first_name == ""
    assert person_name(User.objects.get(pk=owner.pk)) == ""
    assert section(owner_api.get(PROFILE).json(), "name") == []
