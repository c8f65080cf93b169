from __future__ import annotations

import pytest
from django.urls import reverse

from delight.models import User
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def signup(client, username="nadia"):
    return client.post(
        reverse("signup"),
        {"username": username, "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )


def test_signup_then_onboarding_then_home(client):
    response = signup(client)
    assert response.status_code == 302
    assert response.url == reverse("onboarding")
    assert client.get(reverse("onboarding")).url == reverse("onboarding-step", args=[1])

    client.post(reverse("onboarding-step", args=[1]), {"first_name": "Nadia"})
    client.post(
        reverse("onboarding-step", args=[2]),
        {
            "timezone": "Asia/Kathmandu",
            "productive_start": "07:30",
            "productive_end": "11:30",
            "day_start_hour": 5,
        },
    )
    response = client.post(
        reverse("onboarding-step", args=[3]),
        {
            "email_opt_in": "on",
            "quiet_hours_start": "21:00",
            "quiet_hours_end": "07:00",
            "daily_nudge_max": 1,
        },
    )
    assert response.status_code == 302
    home = client.get(response.url, follow=True)
    assert home.status_code == 200
    # The first Home welcomes and offers the first conversation and the first goal.
    html = home.content.decode()
    assert "Welcome, Nadia" in html
    assert "Say hello to Eliza" in html
    assert f'action="{reverse("chat")}"' in html
    assert f'href="{reverse("goal-create")}"' in html
    # Later visits greet by the hour of the person's day instead.
    again = client.get(reverse("home")).content.decode()
    assert "Welcome, Nadia" not in again
    assert "Say hello to Eliza" not in again
    assert ", Nadia</h1>" in again

    user = User.objects.get(username="nadia")
    assert user.onboarded
    assert (user.timezone, user.day_start_hour, user.email_opt_in) == ("Asia/Kathmandu", 5, True)
    assert str(user.productive_start) == "07:30:00"
    assert user.daily_nudge_max == 1


def test_half_finished_onboarding_resumes_at_the_unfinished_step(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {"first_name": "Nadia"})
    client.logout()

    client.post(reverse("login"), {"username": "nadia", "password": PASSWORD})
    response = client.get(reverse("home"))
    assert response.url == reverse("onboarding")
    assert client.get(reverse("onboarding")).url == reverse("onboarding-step", args=[2])
    # Skipping ahead is not possible either.
    assert client.get(reverse("onboarding-step", args=[3])).url == reverse(
        "onboarding-step", args=[2]
    )


def test_invalid_timezone_is_rejected_with_a_message_and_changes_nothing(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {"first_name": "Nadia"})
    response = client.post(
        reverse("onboarding-step", args=[2]),
        {
            "timezone": "Mars/Olympus_Mons",
            "productive_start": "09:00",
            "productive_end": "17:00",
            "day_start_hour": 4,
        },
    )
    assert response.status_code == 200
    assert "is not a known IANA timezone" in response.content.decode()
    user = User.objects.get(username="nadia")
    assert (user.timezone, user.onboarding_step) == ("UTC", User.Onboarding.CLOCK)


def test_equal_productive_hours_are_rejected(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {})
    response = client.post(
        reverse("onboarding-step", args=[2]),
        {
            "timezone": "Europe/Paris",
            "productive_start": "09:00",
            "productive_end": "09:00",
            "day_start_hour": 4,
        },
    )
    assert "must start and end at different times" in response.content.decode()
    assert User.objects.get(username="nadia").timezone == "UTC"


def test_duplicate_username_is_rejected(client):
    make_user("nadia")
    response = signup(client)
    assert response.status_code == 200
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="nadia").count() == 1


def test_a_visitor_sees_what_delight_is_with_sign_up_and_log_in(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Big goals, small steps" in html
    assert f'href="{reverse("signup")}"' in html
    assert f'href="{reverse("login")}"' in html
    assert 'class="tabbar"' not in html  # no app menu for a visitor


def test_login_logout_and_password_change(client, owner):
    response = client.post(reverse("login"), {"username": "olivia", "password": PASSWORD})
    assert response.url == reverse("home")
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "a-new-long-pass-9",
            "new_password2": "a-new-long-pass-9",
        },
    )
    assert response.url == reverse("settings")
    client.post(reverse("logout"))
    login = {"username": "olivia", "password": "a-new-long-pass-9"}
    assert client.post(reverse("login"), login).url == reverse("home")


def test_static_files_are_served(client):
    response = client.get("/static/delight/delight.css")
    assert response.status_code == 200


def test_admin_lists_users_for_staff(client):
    client.force_login(make_user("ada", is_staff=True, is_superuser=True))
    response = client.get("/admin/delight/user/")
    assert response.status_code == 200
    assert b"ada" in response.content


def test_the_clock_step_lists_every_zone_grouped_and_explains_each_field(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {"first_name": "Nadia"})
    html = client.get(reverse("onboarding-step", args=[2])).content.decode()
    assert '<select name="timezone"' in html
    assert '<optgroup label="Asia">' in html
    assert "Asia / Kathmandu (UTC+05:45)" in html
    assert "America / Argentina / Buenos Aires (UTC-03:00)" in html
    assert "4:00 (recommended)" in html
    assert "still counts for the day before if your day starts at 4" in html
    # Not chosen yet: the page offers the browser's zone (timezone.js), step 2 of 3.
    assert "data-detect" in html
    assert "Step 2 of 3" in html
    assert 'class="tabbar"' not in html  # no app menu until onboarding is done


def test_a_chosen_timezone_is_kept_not_replaced_by_the_browsers(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {"first_name": "Nadia"})
    User.objects.filter(username="nadia").update(timezone="Europe/Madrid")
    html = client.get(reverse("onboarding-step", args=[2])).content.decode()
    assert "data-detect" not in html
    assert '<option value="Europe/Madrid" selected>' in html


def test_the_last_step_explains_quiet_hours_and_reminders(client):
    signup(client)
    client.post(reverse("onboarding-step", args=[1]), {})
    client.post(
        reverse("onboarding-step", args=[2]),
        {
            "timezone": "Europe/Madrid",
            "productive_start": "09:00",
            "productive_end": "17:00",
            "day_start_hour": 4,
        },
    )
    html = client.get(reverse("onboarding-step", args=[3])).content.decode()
    assert "Eliza never sends anything between these times." in html
    assert "0 — never remind me" in html
    assert "At most this many reminders a day." in html
    assert 'class="field check"' in html  # checkboxes beside their labels
    # More than the list offers is refused, and nothing changes.
    response = client.post(
        reverse("onboarding-step", args=[3]),
        {"quiet_hours_start": "22:00", "quiet_hours_end": "08:00", "daily_nudge_max": 9},
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not User.objects.get(username="nadia").onboarded
