"""The settings page: one form for how Eliza keeps in touch and how the person's day runs,
saved at once through the profile service; a bad value changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from delight.models import User

pytestmark = pytest.mark.django_db

GOOD = {
    "nudges_paused": "on",
    "email_opt_in": "on",
    "quiet_hours_start": "22:30",
    "quiet_hours_end": "06:45",
    "daily_nudge_max": "1",
    "timezone": "Asia/Tokyo",
    "day_start_hour": "5",
    "productive_start": "08:00",
    "productive_end": "12:00",
}
PREFERENCES = (
    "nudges_paused",
    "email_opt_in",
    "second_channel_opt_in",
    "quiet_hours_start",
    "quiet_hours_end",
    "daily_nudge_max",
    "timezone",
    "day_start_hour",
    "productive_start",
    "productive_end",
)


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def preferences(user: User) -> tuple:
    user.refresh_from_db()
    return tuple(getattr(user, name) for name in PREFERENCES)


def test_the_page_shows_both_sections_with_the_current_values(signed_in, owner):
    html = signed_in.get(reverse("settings")).content.decode()

    assert "Staying in touch" in html
    assert "Your day" in html
    assert "Pause all nudges" in html
    assert "data-push" in html  # this browser's notifications switch
    assert 'value="Europe/Paris" selected' in html


def test_the_owner_saves_every_preference_at_once(signed_in, owner):
    response = signed_in.post(reverse("settings"), GOOD, follow=True)

    assert response.redirect_chain == [(reverse("settings"), 302)]
    assert "Saved. Your settings apply from now on." in response.content.decode()
    owner.refresh_from_db()
    assert owner.nudges_paused
    assert owner.email_opt_in
    assert not owner.second_channel_opt_in
    assert (owner.quiet_hours_start, owner.quiet_hours_end) == (dt.time(22, 30), dt.time(6, 45))
    assert owner.daily_nudge_max == 1
    assert (owner.timezone, owner.day_start_hour) == ("Asia/Tokyo", 5)
    assert (owner.productive_start, owner.productive_end) == (dt.time(8), dt.time(12))


def test_unticking_the_pause_resumes_nudges(signed_in, owner):
    owner.nudges_paused = True
    owner.save(update_fields=["nudges_paused"])

    signed_in.post(reverse("settings"), {**GOOD, "nudges_paused": ""})

    owner.refresh_from_db()
    assert not owner.nudges_paused


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("timezone", "Nowhere/City", "is not a known IANA timezone"),
        ("quiet_hours_start", "25:99", "Enter a valid time."),
        ("daily_nudge_max", "50", "Select a valid choice."),
    ],
)
def test_a_bad_value_is_explained_and_changes_nothing(signed_in, owner, field, value, error):
    before = preferences(owner)

    response = signed_in.post(reverse("settings"), {**GOOD, field: value})

    assert response.status_code == 200
    html = response.content.decode()
    assert error in html
    assert "Nothing was saved yet" in html
    assert preferences(owner) == before


def test_a_logged_out_visitor_is_sent_to_sign_in(client):
    response = client.get(reverse("settings"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    assert client.post(reverse("settings"), GOOD).status_code == 302


def test_more_and_the_notifications_page_lead_to_settings(signed_in):
    href = f'href="{reverse("settings")}"'

    assert href in signed_in.get(reverse("more")).content.decode()
    assert href in signed_in.get(reverse("notifications")).content.decode()
