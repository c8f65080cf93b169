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
    assert b"Welcome back, Nadia" in home.content

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
    assert response.url == reverse("password_change_done")
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
