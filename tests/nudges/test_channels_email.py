"""The email channel against a real local SMTP server: what arrives, and how a send fails."""

from __future__ import annotations

import re

import pytest
from pytest_django.fixtures import Settings

from delight.models import User
from nudges.channels import ChannelError
from nudges.channels.email import absolute_url, email_send
from tests.factories import make_user
from tests.nudges.factories import make_notification
from tests.support.smtp import REFUSED_DOMAIN, SITE_URL, Inbox


def test_the_email_that_arrives_has_the_subject_both_parts_and_the_absolute_link(
    smtp_inbox: Inbox, subscriber: User
) -> None:
    email_send(notification=make_notification(subscriber))

    [message] = smtp_inbox.wait_for(1)
    assert message["To"] == "olivia@example.com"
    assert message["Subject"] == "Eliza has been thinking about your Spanish"
    assert "Eliza" in message["From"]
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    for part in (text, html):
        assert "Hi Olivia" in part
        assert "Ana will love hearing about it." in part
        assert f"{SITE_URL}/chat/" in part
    assert f'href="{SITE_URL}/chat/"' in html


def test_the_email_carries_the_one_click_unsubscribe_headers(
    smtp_inbox: Inbox, subscriber: User
) -> None:
    email_send(notification=make_notification(subscriber))

    [message] = smtp_inbox.wait_for(1)
    # The long header arrives folded onto a second line, as RFC 5322 allows.
    link = re.fullmatch(r"<(\S+)>", message["List-Unsubscribe"].strip()).group(1)
    assert link.startswith(f"{SITE_URL}/nudges/unsubscribe/")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link in message.get_body(("plain",)).get_content()
    assert link in message.get_body(("html",)).get_content()


def test_a_title_over_several_lines_becomes_a_one_line_subject(
    smtp_inbox: Inbox, subscriber: User
) -> None:
    email_send(notification=make_notification(subscriber, title="A small\nstep today"))

    [message] = smtp_inbox.wait_for(1)
    assert message["Subject"] == "A small step today"


def test_a_person_without_an_email_address_is_refused_for_good(smtp_inbox: Inbox, db: None) -> None:
    person = make_user("noemail", email="", email_opt_in=True)

    with pytest.raises(ChannelError) as failure:
        email_send(notification=make_notification(person))

    assert failure.value.retry is False
    assert smtp_inbox.messages == []


def test_a_person_who_turned_emails_off_gets_none(smtp_inbox: Inbox, subscriber: User) -> None:
    User.objects.filter(pk=subscriber.pk).update(email_opt_in=False)
    subscriber.refresh_from_db()

    with pytest.raises(ChannelError) as failure:
        email_send(notification=make_notification(subscriber))

    assert failure.value.retry is False
    assert smtp_inbox.messages == []


def test_an_address_the_server_refuses_is_not_retried(smtp_inbox: Inbox, db: None) -> None:
    person = make_user("lost", email=f"lost{REFUSED_DOMAIN}", email_opt_in=True)

    with pytest.raises(ChannelError) as failure:
        email_send(notification=make_notification(person))

    assert failure.value.retry is False
    assert "550" in str(failure.value)
    assert smtp_inbox.messages == []


def test_a_server_that_is_down_fails_for_a_retry(smtp_down: int, subscriber: User) -> None:
    with pytest.raises(ChannelError) as failure:
        email_send(notification=make_notification(subscriber))

    assert failure.value.retry is True
    assert "Connection refused" in str(failure.value)


def test_a_server_that_never_answers_times_out_for_a_retry(
    smtp_silent: int, subscriber: User
) -> None:
    with pytest.raises(ChannelError) as failure:
        email_send(notification=make_notification(subscriber))

    assert failure.value.retry is True
    assert "timed out" in str(failure.value).lower()


@pytest.mark.parametrize(
    ("link", "absolute"),
    [
        ("/goals/3/", f"{SITE_URL}/goals/3/"),
        ("goals/3/", f"{SITE_URL}/goals/3/"),
        ("", f"{SITE_URL}/"),
        ("https://help.example/eliza", "https://help.example/eliza"),
    ],
)
def test_links_in_emails_are_absolute(smtp_settings: Settings, link: str, absolute: str) -> None:
    assert absolute_url(link) == absolute
