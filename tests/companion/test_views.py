from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.admin.sites import site
from django.urls import reverse

from companion.models import CompanionProfile, Memory
from tests.companion.factories import remember

pytestmark = pytest.mark.django_db

GROUPS = ("About you", "Your goals and plans", "Missions and tasks")


@pytest.fixture
def owner_client(client, owner):
    client.force_login(owner)
    return client


@pytest.fixture
def outsider_client(client, outsider):
    client.force_login(outsider)
    return client


def test_page_lists_memories_by_tier_with_source(owner_client, owner):
    remember(owner, "Afraid of deep water")
    remember(owner, "Run 5 km on Sunday", tier="task", source="mission")
    page = owner_client.get(reverse("memories")).content.decode()
    assert "What Eliza remembers" in page
    personal, project, task = (page.index(f'>{group} <small class="count">') for group in GROUPS)
    assert personal < page.index("Afraid of deep water") < project < task
    assert task < page.index("Run 5 km on Sunday")
    assert "from a mission" in page
    assert reverse("memories") in page  # the nav link


def test_page_says_when_what_a_memory_tells_happened(owner_client, owner):
    remember(owner, "Went hiking with Maya yesterday", metadata={"date": "14 March, 2026"})
    remember(owner, "Loves rainy walks")

    page = owner_client.get(reverse("memories")).content.decode()

    assert page.count("happened ") == 1
    assert "happened 13 March 2026" in page


def test_every_memory_is_said_to_its_person_and_no_internal_tag_shows(owner_client, owner):
    remember(owner, "Their sister is called Ana", key="person:sister", tags=["family"])
    remember(owner, "My best friend is Tom")
    remember(owner, "You focus best between 7:00 and 9:00", tags=["insight", "best_time"])
    remember(owner, "Loves rainy walks", source="user", tags=["walks"])

    page = owner_client.get(reverse("memories")).content.decode()

    assert "Your sister is called Ana" in page
    assert "Your best friend is Tom" in page
    assert "You focus best between 7:00 and 9:00" in page
    for internal in ("Their sister", "My best friend", "best_time", "insight", "family"):
        assert internal not in page, internal
    assert "walks</span>" in page  # a tag the person gave their own note stays


def test_login_is_required(client):
    response = client.get(reverse("memories"))
    assert response.status_code == 302
    assert reverse("login") in response.url


def test_create_from_the_page(owner_client, owner):
    response = owner_client.post(
        reverse("memories"), {"content": "Loves rainy walks", "tier": "personal", "tags": "mood"}
    )
    assert response.status_code == 302
    memory = Memory.objects.get(user=owner)
    assert (memory.content, memory.source, memory.tags) == ("Loves rainy walks", "user", ["mood"])
    assert memory.changes.get().actor == "user"


def test_bad_input_shows_a_clear_error_and_keeps_the_text(owner_client, owner):
    long_text = "A long story about my week. " * 80
    response = owner_client.post(
        reverse("memories"), {"content": long_text, "tier": "project", "tags": "week, notes"}
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "at most 2,000 characters long" in page
    assert long_text.strip()[:200] in page
    assert 'value="week, notes"' in page
    assert not Memory.objects.filter(user=owner).exists()


def test_invisible_only_content_is_a_clear_error_and_saves_nothing(owner_client, owner):
    form = {"content": "\u200b \u200d", "tier": "personal", "tags": "\u200b"}
    page = owner_client.post(reverse("memories"), form).content.decode()
    assert "A memory needs at least one visible character" in page
    assert not Memory.objects.filter(user=owner).exists()


def test_search_box_shows_best_matches(owner_client, owner):
    remember(owner, "Trains early in the morning before work")
    remember(owner, "Allergic to cats")
    page = owner_client.get(reverse("memories"), {"q": "when does she train"}).content.decode()
    assert "Best matches" in page
    assert page.index("Trains early") < page.index("Allergic to cats")
    assert "matches “train”" in page or "close in meaning" in page  # reasons in plain words
    for internal in ("rank", "meaning 0", "words:", "Personal"):
        assert internal not in page


def test_edit_and_delete_with_confirmation(owner_client, owner):
    memory = remember(owner, "Trains on Tuesdays").memory
    edit_url = reverse("memory-edit", args=[memory.pk])
    assert "Trains on Tuesdays" in owner_client.get(edit_url).content.decode()
    owner_client.post(edit_url, {"content": "Trains on Thursdays", "tier": "personal", "tags": ""})
    memory.refresh_from_db()
    assert memory.content == "Trains on Thursdays"

    bad = owner_client.post(edit_url, {"content": "", "tier": "personal", "tags": ""})
    assert "A memory cannot be empty." in bad.content.decode()

    delete_url = reverse("memory-delete", args=[memory.pk])
    confirm = owner_client.get(delete_url).content.decode()
    assert "Delete this memory?" in confirm
    assert "csrfmiddlewaretoken" in confirm
    assert Memory.objects.filter(pk=memory.pk).exists()
    assert owner_client.post(delete_url).status_code == 302
    assert not Memory.objects.filter(pk=memory.pk).exists()


def test_outsider_gets_404_and_sees_nothing(outsider_client, owner):
    memory = remember(owner, "Owner's private fear of flying").memory
    for name in ("memory-edit", "memory-delete"):
        url = reverse(name, args=[memory.pk])
        assert outsider_client.get(url).status_code == 404
        assert outsider_client.post(url, {"content": "x", "tier": "task"}).status_code == 404
    page = outsider_client.get(reverse("memories"), {"q": "fear of flying"}).content.decode()
    assert "private fear" not in page
    export = outsider_client.get(reverse("memory-export")).json()
    assert export["memories"] == []
    memory.refresh_from_db()
    assert memory.content == "Owner's private fear of flying"


def test_admin_shows_history_and_no_vectors(client, owner, admin_user):
    old = remember(owner, "Works as a nurse", key="occupation").memory
    remember(owner, "Works as a midwife", key="occupation", actor="user")
    client.force_login(admin_user)
    page = client.get(reverse("admin:companion_memory_change", args=[old.pk])).content.decode()
    assert "Works as a midwife" in page  # the superseded change row
    assert "hashing-v1" in page
    assert "embedding" not in page.lower()
    assert "search_vector" not in page
    listing = client.get(reverse("admin:companion_memory_changelist"), {"tier__exact": "personal"})
    assert listing.status_code == 200
    assert site.is_registered(Memory)


def test_admin_delete_is_recorded_as_staff(client, owner, admin_user):
    memory = remember(owner, "Works as a nurse").memory
    client.force_login(admin_user)
    client.post(reverse("admin:companion_memory_delete", args=[memory.pk]), {"post": "yes"})
    assert not Memory.objects.filter(pk=memory.pk).exists()
    assert owner.memory_changes.get(kind="deleted").actor == "staff"


# -- About you ---------------------------------------------------------------------------------


def test_about_you_shows_what_eliza_knows_in_plain_words(owner_client, known_profile):
    page = owner_client.get(reverse("about-you")).content.decode()
    assert "What Eliza knows about you" in page
    for words in ("Liv", "Leeds", "You have a sister called Maya", "Loves hiking", "Biscuit"):
        assert words in page
    assert "In short messages" in page
    # No slot key, score or tier reaches the person.
    for internal in ("person:sister", "likes:hike", "pet:dog", "confidence", "Personal"):
        assert internal not in page
    assert page.count("Forget</summary>") == 6  # five things and the style


def test_about_you_is_in_the_nav_and_linked_from_the_chat(owner_client):
    page = owner_client.get(reverse("memories")).content.decode()
    assert re.search(rf'href="{reverse("about-you")}">.*?About you</a>', page, re.S)
    chat = owner_client.get(reverse("chat")).content.decode()
    assert "What Eliza knows about you" in chat


def test_about_you_needs_a_signed_in_person(client):
    response = client.get(reverse("about-you"))
    assert response.status_code == 302
    assert reverse("login") in response.url


def test_about_you_shows_times_in_the_persons_timezone(owner_client, known_profile):
    # 23:30 in UTC is 00:30 the next day in Paris, where Olivia lives.
    noted = dt.datetime(2026, 1, 5, 23, 30, tzinfo=dt.UTC)
    Memory.objects.filter(pk=known_profile["sister"].pk).update(created_at=noted)
    page = owner_client.get(reverse("about-you")).content.decode()
    assert "Noted 6 Jan 2026, 00:30" in page


def test_a_field_is_corrected_without_javascript(owner_client, owner, known_profile):
    form = {"field": "location", "value": "York"}
    response = owner_client.post(reverse("about-you"), form, follow=True)
    assert "Saved." in response.content.decode()
    assert CompanionProfile.objects.get(user=owner).location == "York"
    assert Memory.objects.get(pk=known_profile["home"].pk).content == "Lives in York"


def test_a_field_is_forgotten_without_javascript(owner_client, owner, known_profile):
    form = {"field": "name", "value": "Liv", "forget": "1"}
    response = owner_client.post(reverse("about-you"), form, follow=True)
    assert "Eliza has forgotten it" in response.content.decode()
    assert CompanionProfile.objects.get(user=owner).name == ""
    assert not Memory.objects.filter(pk=known_profile["name"].pk).exists()


def test_an_item_is_corrected_and_forgotten_without_javascript(owner_client, owner, known_profile):
    sister, dog = known_profile["sister"], known_profile["dog"]
    edit = reverse("about-you-item", args=[sister.pk])
    assert owner_client.post(edit, {"content": "Has a sister, Maya, in Lyon"}).status_code == 302
    assert Memory.objects.get(pk=sister.pk).content == "Has a sister, Maya, in Lyon"
    assert owner_client.post(reverse("about-you-forget", args=[dog.pk])).status_code == 302
    assert not Memory.objects.filter(pk=dog.pk).exists()


def test_a_refused_correction_says_why_keeps_the_text_and_changes_nothing(
    owner_client, owner, known_profile
):
    sister = known_profile["sister"]
    response = owner_client.post(reverse("about-you-item", args=[sister.pk]), {"content": " "})
    page = response.content.decode()
    assert response.status_code == 400
    assert "A memory cannot be empty." in page
    too_long = "Leeds " * 40
    response = owner_client.post(reverse("about-you"), {"field": "location", "value": too_long})
    assert response.status_code == 400
    assert "at most 200 characters" in response.content.decode()
    assert too_long.strip()[:100] in response.content.decode()
    assert Memory.objects.get(pk=sister.pk).content == "Has a sister called Maya"
    assert CompanionProfile.objects.get(user=owner).location == "Leeds"


def test_another_persons_item_is_a_404_on_the_page_too(outsider_client, known_profile):
    sister = known_profile["sister"]
    edit = reverse("about-you-item", args=[sister.pk])
    assert outsider_client.post(edit, {"content": "Mine now"}).status_code == 404
    assert outsider_client.post(reverse("about-you-forget", args=[sister.pk])).status_code == 404
    assert Memory.objects.get(pk=sister.pk).content == "Has a sister called Maya"


def test_an_unknown_field_is_told_to_eliza_without_javascript(owner_client, owner, known_profile):
    page = owner_client.get(reverse("about-you")).content.decode()
    assert "Eliza does not know what you do." in page
    form = {"field": "occupation", "value": "an architect"}
    assert owner_client.post(reverse("about-you"), form).status_code == 302
    assert CompanionProfile.objects.get(user=owner).occupation == "architect"
    assert Memory.objects.get(user=owner, key="occupation").content == "Works as an architect"


def test_an_interest_kept_without_a_memory_can_be_forgotten(owner_client, owner, known_profile):
    CompanionProfile.objects.filter(user=owner).update(interests=["hiking", "chess"])
    assert "Likes chess" in owner_client.get(reverse("about-you")).content.decode()
    form = {"field": "interest", "value": "chess", "forget": "1"}
    assert owner_client.post(reverse("about-you"), form).status_code == 302
    assert CompanionProfile.objects.get(user=owner).interests == ["hiking"]
    assert Memory.objects.filter(pk=known_profile["hiking"].pk).exists()


def test_a_name_too_long_is_refused_not_cut(owner_client, owner, known_profile):
    response = owner_client.post(reverse("about-you"), {"field": "name", "value": "L" * 150})
    assert response.status_code == 400
    assert "at most 100 characters" in response.content.decode()
    assert CompanionProfile.objects.get(user=owner).name == "Liv"
    assert Memory.objects.get(pk=known_profile["name"].pk).content == "Name is Liv"
