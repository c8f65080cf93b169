"""The account's pages: changing a password in the app's own layout, a forgotten password
by email (a real SMTP server), logging out, downloading everything, deleting the account;
and the same export and deletion in the API."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from delight.models import User
from tests.factories import PASSWORD, make_owned_world
from tests.support.smtp import SITE_URL

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "a-new-long-pass-9"


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def page(response) -> str:
    return response.content.decode()


def can_log_in(client, password: str) -> bool:
    answer = client.post(reverse("login"), {"username": "olivia", "password": password})
    return answer.status_code == 302


# -- changing a password -------------------------------------------------------------------


def test_the_password_page_is_the_apps_own_with_a_way_back(signed_in):
    html = page(signed_in.get(reverse("password_change")))
    assert "Change your password" in html
    assert "Django site admin" not in html
    assert 'class="tabbar"' in html  # the app's navigation
    assert f'href="{reverse("settings")}"' in html


def test_a_wrong_old_password_says_so_and_changes_nothing(client, signed_in):
    answer = signed_in.post(
        reverse("password_change"),
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert answer.status_code == 200
    assert "Your old password was entered incorrectly" in page(answer)
    client.logout()
    assert can_log_in(client, PASSWORD)


def test_a_changed_password_returns_to_settings_and_is_the_one_that_works(client, signed_in):
    answer = signed_in.post(
        reverse("password_change"),
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert answer.redirect_chain[-1][0] == reverse("settings")
    assert "Your password is changed." in page(answer)
    client.logout()
    assert not can_log_in(client, PASSWORD)
    assert can_log_in(client, NEW_PASSWORD)


def test_logging_out_lands_on_a_page_that_says_so(signed_in):
    answer = signed_in.post(reverse("logout"), follow=True)
    assert answer.redirect_chain == [(reverse("logged-out"), 302)]
    html = page(answer)
    assert "You're logged out" in html
    assert "Django site admin" not in html
    assert f'href="{reverse("login")}"' in html


# -- a forgotten password ------------------------------------------------------------------


def test_the_login_page_offers_a_way_back_in(client):
    assert f'href="{reverse("password_reset")}"' in page(client.get(reverse("login")))


@pytest.mark.parametrize("email", ["olivia@example.org", "nobody@example.org"])
def test_asking_for_a_link_answers_alike_whether_or_not_an_account_exists(client, owner, email):
    User.objects.filter(pk=owner.pk).update(email="olivia@example.org")
    answer = client.post(reverse("password_reset"), {"email": email}, follow=True)
    assert answer.redirect_chain == [(reverse("password_reset_sent"), 302)]
    assert "If an account uses that address" in page(answer)


def test_a_malformed_address_is_refused_with_a_clear_error(client):
    answer = client.post(reverse("password_reset"), {"email": "not an address"})
    assert answer.status_code == 200
    assert "Enter a valid email address." in page(answer)


def test_the_emailed_link_sets_a_new_password_once(
    client, owner, smtp_inbox, django_capture_on_commit_callbacks
):
    User.objects.filter(pk=owner.pk).update(email="olivia@example.org")
    with django_capture_on_commit_callbacks(execute=True):  # the job runs at once
        client.post(reverse("password_reset"), {"email": "olivia@example.org"})
    (message,) = smtp_inbox.wait_for(1)
    sent = message.get_content()
    link = re.search(rf"{re.escape(SITE_URL)}(/accounts/password/reset/\S+/)", sent)
    form = client.get(link.group(1), follow=True)
    assert "Set a new password" in page(form)
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        follow=True,
    )
    assert done.redirect_chain[-1][0] == reverse("login")
    assert "Your new password is set" in page(done)
    assert can_log_in(client, NEW_PASSWORD)
    client.logout()
    assert "This link no longer works" in page(client.get(link.group(1), follow=True))


# -- the person's data: download and delete --------------------------------------------------


def test_settings_offers_the_password_the_download_and_leaving(signed_in):
    html = page(signed_in.get(reverse("settings")))
    for name in ("password_change", "account-export", "account-delete"):
        assert f'href="{reverse(name)}"' in html


def test_the_download_is_one_file_of_everything_the_person_owns(signed_in, owner, outsider):
    make_owned_world(owner, marker="mine-1")
    make_owned_world(outsider, marker="theirs-2")
    answer = signed_in.get(reverse("account-export"))
    assert answer["Content-Disposition"].startswith('attachment; filename="delight-olivia-')
    data = json.loads(answer.content)
    assert data["you"]["first_name"] == "Olivia"
    assert "password" not in data["you"]
    assert data["data"]["memories"][0]["content"] == "mine-1 loves quiet mornings"
    assert data["data"]["goals"][0]["title"] == "mine-1 goal"
    assert "theirs-2" not in answer.content.decode()


def test_the_delete_page_says_what_will_go_and_asks_for_the_password(signed_in, owner):
    make_owned_world(owner, marker="mine")
    html = page(signed_in.get(reverse("account-delete")))
    assert "1 memory" in html
    assert "1 goal" in html
    assert 'type="password"' in html


def test_a_wrong_password_keeps_the_account(signed_in, owner):
    answer = signed_in.post(reverse("account-delete"), {"password": "not-it"})
    assert answer.status_code == 200
    assert "That is not your password" in page(answer)
    assert User.objects.filter(pk=owner.pk).exists()


def test_deleting_signs_out_and_says_what_was_removed(signed_in, owner):
    make_owned_world(owner, marker="mine")
    answer = signed_in.post(reverse("account-delete"), {"password": PASSWORD}, follow=True)
    assert answer.redirect_chain == [(reverse("account-deleted"), 302)]
    html = page(answer)
    assert "Your account is deleted" in html
    assert "1 memory" in html
    assert not User.objects.filter(username="olivia").exists()
    assert signed_in.get(reverse("today")).status_code == 302  # signed out


def test_the_api_exports_the_persons_data_only(owner_api, owner, outsider):
    make_owned_world(owner, marker="mine-1")
    make_owned_world(outsider, marker="theirs-2")
    answer = owner_api.get("/api/me/export/")
    assert answer.status_code == 200
    assert answer.json()["data"]["memories"][0]["content"] == "mine-1 loves quiet mornings"
    assert "theirs-2" not in answer.content.decode()
    (pause,) = answer.json()["data"]["habits"][0]["pauses"]  # a range as its two ends
    assert pause.keys() == {"from", "to"}


def test_the_api_deletes_only_with_the_password(owner_api, owner):
    make_owned_world(owner, marker="mine")
    refused = owner_api.post("/api/me/delete/", {"password": "not-it"}, format="json")
    assert refused.status_code == 400
    assert "password" in refused.json()["errors"]
    assert User.objects.filter(pk=owner.pk).exists()
    done = owner_api.post("/api/me/delete/", {"password": PASSWORD}, format="json")
    assert done.status_code == 200
    assert done.json()["removed"]["memories"] == 1
    assert not User.objects.filter(pk=owner.pk).exists()
