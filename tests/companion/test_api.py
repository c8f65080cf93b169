from __future__ import annotations

import json

import pytest

from companion.models import Memory, MemoryChange
from delight.ai.runtime import default_engine
from tests.companion.factories import remember

pytestmark = pytest.mark.django_db

BASE = "/api/companion/memories/"


@pytest.fixture
def memory(owner) -> Memory:
    # Written as the API writes, so the API's recall compares vectors of one space.
    return remember(
        owner, "Olivia swims every Monday at 7", tags=["health"], engine=default_engine()
    ).memory


def test_create_list_retrieve_patch_delete(owner_api, owner):
    created = owner_api.post(
        BASE, {"content": "Loves bouldering", "tier": "personal", "tags": ["sport"]}, format="json"
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    # Without a key, the offline default: all-MiniLM-L6-v2.
    assert (body["outcome"], body["source"], body["embedder"]) == (
        "created",
        "user",
        "minilm-l6-v2",
    )
    assert "embedding" not in body
    memory_id = body["id"]

    listed = owner_api.get(BASE).json()
    assert listed["count"] == 1
    assert listed["results"][0]["content"] == "Loves bouldering"
    assert owner_api.get(f"{BASE}{memory_id}/").json()["tags"] == ["sport"]

    patched = owner_api.patch(f"{BASE}{memory_id}/", {"content": "Loves climbing"}, format="json")
    assert patched.status_code == 200
    assert patched.json()["content"] == "Loves climbing"
    assert MemoryChange.objects.get(memory_ref=memory_id, kind="updated").actor == "user"

    assert owner_api.delete(f"{BASE}{memory_id}/").status_code == 204
    assert not Memory.objects.filter(user=owner).exists()
    assert owner_api.get(f"{BASE}{memory_id}/").status_code == 404


def test_posting_the_same_fact_again_reinforces(owner_api):
    owner_api.post(BASE, {"content": "Drinks black coffee"}, format="json")
    again = owner_api.post(BASE, {"content": "drinks black coffee."}, format="json")
    assert again.status_code == 200
    assert again.json()["outcome"] == "reinforced"
    assert owner_api.get(BASE).json()["count"] == 1


def test_list_filters_by_tier_and_source_and_paginates(owner_api, owner):
    remember(owner, "Afraid of heights")
    remember(owner, "Run 5 km on Sunday", tier="task", source="mission")
    for number in range(55):
        remember(owner, f"Project note {number} about item {number * 31}", tier="project")

    tasks = owner_api.get(BASE, {"tier": "task"}).json()
    assert [m["content"] for m in tasks["results"]] == ["Run 5 km on Sunday"]
    assert owner_api.get(BASE, {"source": "mission"}).json()["count"] == 1
    first = owner_api.get(BASE, {"tier": "project"}).json()
    assert (first["count"], len(first["results"])) == (55, 50)
    assert len(owner_api.get(first["next"]).json()["results"]) == 5


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"content": "x" * 2001}, "content: A memory can be at most 2,000 characters long"),
        ({"content": ""}, "content: A memory cannot be empty."),
        ({"content": "ok", "tags": [str(n) for n in range(21)]}, "tags: A memory can have at"),
        ({"content": "ok", "metadata": {"x": "y" * 5000}}, "metadata: Metadata can be at most"),
        ({"content": "ok", "tier": "forever"}, "tier:"),
    ],
)
def test_bad_input_is_a_json_400_and_changes_nothing(owner_api, owner, payload, message):
    response = owner_api.post(BASE, payload, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith(message)
    assert not Memory.objects.filter(user=owner).exists()


def test_patch_with_bad_input_changes_nothing(owner_api, memory):
    response = owner_api.patch(f"{BASE}{memory.pk}/", {"content": "y" * 3000}, format="json")
    assert response.status_code == 400
    assert "2,000 characters" in response.json()["detail"]
    memory.refresh_from_db()
    assert memory.content == "Olivia swims every Monday at 7"


def test_search_ranks_with_reasons_and_filters_tiers(owner_api, owner, memory):
    remember(
        owner, "Dentist appointment booked", tier="task", source="mission", engine=default_engine()
    )
    found = owner_api.get(f"{BASE}search/", {"q": "which day does she swim?"}).json()
    assert found[0]["memory"]["id"] == memory.pk
    assert found[0]["reasons"][0].startswith("meaning")
    assert found[0]["score"] > 0
    only_tasks = owner_api.get(f"{BASE}search/", {"q": "swim", "tier": "task"}).json()
    assert [hit["memory"]["tier"] for hit in only_tasks] == ["task"]
    assert owner_api.get(f"{BASE}search/").status_code == 400


def test_export_is_a_complete_json_download(owner_api, owner, memory):
    remember(owner, "Name is Liv", key="name")
    remember(owner, "Name is Olivia", key="name", actor="user")
    response = owner_api.get(f"{BASE}export/")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    exported = response.json()
    assert len(exported["memories"]) == 3
    assert "embedding" not in response.content.decode()


def test_outsider_gets_404_everywhere_and_sees_nothing(owner_api, outsider_api, memory):
    detail = f"{BASE}{memory.pk}/"
    assert outsider_api.get(detail).status_code == 404
    assert outsider_api.patch(detail, {"content": "hacked"}, format="json").status_code == 404
    assert outsider_api.delete(detail).status_code == 404
    assert outsider_api.get(BASE).json()["count"] == 0
    assert outsider_api.get(f"{BASE}search/", {"q": "swims Monday"}).json() == []
    assert outsider_api.get(f"{BASE}export/").json()["memories"] == []
    memory.refresh_from_db()
    assert memory.content == "Olivia swims every Monday at 7"
    assert owner_api.get(detail).status_code == 200


def test_anonymous_requests_are_refused(client, memory):
    for url in (BASE, f"{BASE}{memory.pk}/", f"{BASE}search/?q=swim", f"{BASE}export/"):
        assert client.get(url).status_code == 401


def post_raw(client, body: str):
    return client.post(BASE, body, content_type="application/json")


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"content": "ok", "metadata": {"note": "a\x00b"}}, "metadata: A metadata value cannot"),
        ({"content": "ok", "metadata": {"note": "\ud800"}}, "metadata: A metadata value cannot"),
        ({"content": "ok", "metadata": {"a\x00": 1}}, "metadata: A metadata key cannot"),
        ({"content": "ok", "metadata": {"a": [{"b": ["\udfff"]}]}}, "metadata: A metadata value"),
        ({"content": "ok", "metadata": {"a": [[[[[[1]]]]]]}}, "metadata: Metadata can be nested"),
        ({"content": "\u200b\u200d\ufeff"}, "content: A memory needs at least one visible"),
        ({"content": "ok\x00"}, "content: A memory cannot contain a control character"),
        ({"content": "ok", "key": "name\x00"}, "key: A key cannot contain a control character"),
        ({"content": "ok", "tags": ["fine", "bad\ud800"]}, "tags: 1: A tag cannot contain a lone"),
    ],
)
def test_bad_characters_anywhere_are_a_clear_400_not_a_500(owner_api, owner, payload, message):
    body = json.dumps(payload)  # escapes NUL and lone surrogates as \u0000 and \ud800
    response = post_raw(owner_api, body)
    assert response.status_code == 400, response.content
    assert response.json()["detail"].startswith(message)
    assert not Memory.objects.filter(user=owner).exists()


def test_an_invisible_only_tag_is_dropped_like_a_blank_one(owner_api, owner):
    response = owner_api.post(
        BASE, {"content": "Likes tea", "tags": ["drinks", "\u200b", " "]}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["tags"] == ["drinks"]


def test_patch_with_bad_characters_changes_nothing(owner_api, memory):
    for change in ({"content": "\u200b"}, {"content": "x\x00"}, {"tags": ["\x00"]}):
        response = owner_api.patch(f"{BASE}{memory.pk}/", change, format="json")
        assert response.status_code == 400, change
    memory.refresh_from_db()
    assert (memory.content, memory.tags) == ("Olivia swims every Monday at 7", ["health"])


def test_json_nested_5000_deep_is_a_400_not_a_recursion_error(owner_api, owner):
    response = post_raw(owner_api, '{"content": "ok", "metadata": {"a": ' + deep_list(5000) + "}}")
    assert response.status_code == 400
    assert response.json()["code"] == "json_too_deep"
    assert not Memory.objects.filter(user=owner).exists()


@pytest.mark.parametrize("query", [{"tier": "bogus"}, {"source": "nowhere"}, {"tier": "Task"}])
def test_unknown_filter_values_answer_400_naming_the_choices(owner_api, memory, query):
    response = owner_api.get(BASE, query)
    assert response.status_code == 400
    name = next(iter(query))
    assert response.json()["detail"].startswith(f"{name}: ")
    assert "personal" in response.json()["detail"] or "user" in response.json()["detail"]


def deep_list(depth: int) -> str:
    return "[" * depth + "]" * depth
