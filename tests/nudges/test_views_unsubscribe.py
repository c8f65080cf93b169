"""The unsubscribe page: reached from an email without logging in, signed, and a GET that
never changes anything (mail scanners follow links)."""

from __future__ import annotations

import re

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse

from delight.models import User
from nudges.channels.email import email_send
from nudges.tokens import unsubscribe_token
from tests.nudges.factories import make_notification
from tests.support.smtp import SITE_URL, Inbox

ONE_CLICK = "List-Unsubscribe=One-Click"


@pytest.fixture
def anonymous() -> Client:
    """A browser or mail client with no session, and CSRF checks on as in production."""
    return Client(enforce_csrf_checks=True)


def unsubscribe_path(user: User) -> str:
    return reverse("nudges-unsubscribe", kwargs={"token": unsubscribe_token(user)})


def emails_on(user: User) -> bool:
    user.refresh_from_db()
    return user.email_opt_in


def test_the_link_in_an_arrived_email_asks_on_get_and_unsubscribes_on_post(
    smtp_inbox: Inbox, subscriber: User, anonymous: Client
) -> None:
    email_send(notification=make_notification(subscriber))
    [message] = smtp_inbox.wait_for(1)
    link = re.fullmatch(r"<(\S+)>", message["List-Unsubscribe"].strip()).group(1)
    path = link.removeprefix(SITE_URL)

    asked = anonymous.get(path)
    assert asked.status_code == 200
    assert "Stop emails from Eliza?" in asked.text
    assert emails_on(subscriber)

    done = anonymous.post(path)
    assert done.status_code == 200
    assert "Done — Eliza won&#x27;t email you." in done.text
    assert "You can turn emails back on in your settings." in done.text
    assert not emails_on(subscriber)


def test_a_get_or_head_changes_nothing(subscriber: User, anonymous: Client) -> None:
    for _ in range(3):
        assert anonymous.get(unsubscribe_path(subscriber)).status_code == 200
        assert anonymous.head(unsubscribe_path(subscriber)).status_code == 200

    assert emails_on(subscriber)


def test_the_mail_clients_one_click_post_unsubscribes(subscriber: User, anonymous: Client) -> None:
    response = anonymous.post(
        unsubscribe_path(subscriber), ONE_CLICK, content_type="application/x-www-form-urlencoded"
    )

    assert response.status_code == 200
    assert not emails_on(subscriber)


def test_unsubscribing_twice_is_done_twice(subscriber: User, anonymous: Client) -> None:
    first = anonymous.post(unsubscribe_path(subscriber))
    again = anonymous.post(unsubscribe_path(subscriber))

    assert (first.status_code, again.status_code) == (200, 200)
    assert "Done" in again.text
    assert not emails_on(subscriber)


def test_a_token_unsubscribes_its_owner_and_nobody_else(
    subscriber: User, outsider: User, anonymous: Client
) -> None:
    User.objects.filter(pk=outsider.pk).update(email="oscar@example.com", email_opt_in=True)

    anonymous.post(unsubscribe_path(subscriber))

    assert not emails_on(subscriber)
    assert emails_on(outsider)


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_tampered_token_is_refused_kindly_and_changes_nothing(
    subscriber: User, outsider: User, anonymous: Client, method: str
) -> None:
    """The owner's token with the outsider's id in place of theirs."""
    User.objects.filter(pk=outsider.pk).update(email_opt_in=True)
    token = unsubscribe_token(subscriber)
    forged = f"{outsider.pk}:{token.split(':', 1)[1]}"

    response = getattr(anonymous, method)(reverse("nudges-unsubscribe", args=[forged]))

    assert response.status_code == 400
    assert "This link doesn&#x27;t work" in response.text
    assert "400" not in response.text
    assert emails_on(subscriber)
    assert emails_on(outsider)


def test_a_value_signed_for_another_purpose_is_refused(subscriber: User, anonymous: Client) -> None:
    other_purpose = signing.Signer().sign(str(subscriber.pk))  # the default salt, not ours

    response = anonymous.post(reverse("nudges-unsubscribe", args=[other_purpose]))

    assert response.status_code == 400
    assert emails_on(subscriber)


def test_other_methods_are_not_allowed(subscriber: User, anonymous: Client) -> None:
    response = anonymous.put(unsubscribe_path(subscriber))

    assert response.status_code == 405
    assert emails_on(subscriber)
