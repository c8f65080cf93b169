"""The account's writes: deleting an account with everything the person owns, and the
forgotten-password email (through a real SMTP server), limited and telling nobody whether
an address has an account."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.utils.encoding import force_str
from django.utils.http import urlsafe_base64_decode
from django_q.conf import Conf
from django_q.models import OrmQ
from rest_framework.authtoken.models import Token

from delight import ownership, services, tasks
from delight.models import User
from tests.factories import PASSWORD, make_owned_world, make_user
from tests.support.smtp import SITE_URL

pytestmark = pytest.mark.django_db

RESET_TASK = "delight.tasks.send_password_reset"


def everything_of(user: User) -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.owned_by(user).count()
        for model in ownership.personal_models()
    }


@pytest.fixture
def reset_jobs(monkeypatch) -> Callable[[], list[tuple]]:
    """The reset emails asked of the background workers (queued, not run at once)."""
    monkeypatch.setattr(Conf, "SYNC", False)
    return lambda: [job.args() for job in OrmQ.objects.all() if job.func() == RESET_TASK]


# -- deleting an account -------------------------------------------------------------------


def test_a_wrong_password_removes_nothing(owner):
    make_owned_world(owner, marker="mine")
    before = everything_of(owner)
    with pytest.raises(ValidationError) as refused:
        services.account_delete(user=owner, password="not-it")
    assert "password" in refused.value.message_dict
    assert User.objects.filter(pk=owner.pk).exists()
    assert everything_of(owner) == before


def test_deleting_removes_every_row_the_person_owns_and_nobody_elses(owner, outsider):
    make_owned_world(owner, marker="mine")
    make_owned_world(outsider, marker="theirs")
    Token.objects.create(user=owner)
    AccessAttempt.objects.create(
        username=owner.username, ip_address="10.0.0.1", user_agent="x", failures_since_start=1
    )
    theirs = everything_of(outsider)
    owned = {label for label, count in everything_of(owner).items() if count}
    # The world covers every kind a person reaches by an address, and their bookkeeping.
    assert {"companion.Memory", "goals.Mission", "narrative.Beat", "nudges.Notification"} <= owned
    owner_id = owner.pk

    removed = services.account_delete(user=owner, password=PASSWORD)

    assert removed["memories"] == removed["goals"] == removed["missions"] == 1
    assert not User.objects.filter(pk=owner_id).exists()
    gone = User(pk=owner_id)
    assert set(everything_of(gone).values()) == {0}
    assert not Token.objects.filter(user_id=owner_id).exists()
    assert not AccessAttempt.objects.filter(username="olivia").exists()
    assert everything_of(outsider) == theirs


# -- a forgotten password ------------------------------------------------------------------


def test_a_reset_request_asks_the_same_job_whether_or_not_an_account_exists(
    owner, reset_jobs, django_capture_on_commit_callbacks
):
    User.objects.filter(pk=owner.pk).update(email="olivia@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        services.password_reset_request(email="OLIVIA@example.org", address="10.0.0.1")
        services.password_reset_request(email="nobody@example.org", address="10.0.0.2")
    assert reset_jobs() == [("OLIVIA@example.org",), ("nobody@example.org",)]


def test_requests_beyond_the_hourly_limit_send_nothing(
    settings, reset_jobs, django_capture_on_commit_callbacks
):
    settings.PASSWORD_RESET_PER_HOUR = 2
    with django_capture_on_commit_callbacks(execute=True):
        for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):  # one email, three callers
            services.password_reset_request(email="pat@example.org", address=address)
        for number in range(3):  # one caller, three emails
            services.password_reset_request(email=f"p{number}@example.org", address="10.0.0.9")
    assert reset_jobs() == [
        ("pat@example.org",),
        ("pat@example.org",),
        ("p0@example.org",),
        ("p1@example.org",),
    ]


def test_the_email_carries_a_link_at_the_site_that_sets_a_new_password(owner, smtp_inbox):
    User.objects.filter(pk=owner.pk).update(email="olivia@example.org")
    no_password = make_user("no_password", email="olivia@example.org")
    no_password.set_unusable_password()  # signs in another way: no link to set one
    no_password.save()
    assert tasks.send_password_reset("Olivia@Example.org") == 1
    (message,) = smtp_inbox.wait_for(1)
    assert message["To"] == "olivia@example.org"
    body = message.get_content()
    assert "Hello Olivia" in body
    link = re.search(rf"{re.escape(SITE_URL)}/accounts/password/reset/(\S+)/(\S+)/", body)
    assert link, body
    uid, token = link.groups()
    person = User.objects.get(pk=force_str(urlsafe_base64_decode(uid)))
    assert person == owner
    assert default_token_generator.check_token(person, token)


def test_no_email_for_an_address_nobody_uses(smtp_inbox):
    assert tasks.send_password_reset("nobody@example.org") == 0
    assert smtp_inbox.messages == []
