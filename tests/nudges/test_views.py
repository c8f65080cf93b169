"""The notification centre's page, the bell on every page and Home's panel."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from goals import services as goals_services
from goals.models import Mission
from nudges import services
from nudges.models import Notification
from tests.goals.factories import make_goal, make_mission
from tests.nudges.factories import make_notification

pytestmark = pytest.mark.django_db
State = Notification.State


@pytest.fixture
def signed_in(client, owner):
    client.force_login(owner)
    return client


def test_the_bell_shows_the_unread_count_on_every_page(signed_in, owner):
    make_notification(owner)
    make_notification(owner)

    for page in ("home", "today", "goals"):
        html = signed_in.get(reverse(page)).content.decode()
        assert 'aria-label="Notifications, 2 unread"' in html
        assert "<span data-unread-count>2</span>" in html


def test_opening_a_note_marks_it_read_and_follows_its_link(signed_in, owner):
    note = make_notification(owner, url="/progress/")

    response = signed_in.post(reverse("notification-action", args=[note.pk, "open"]))

    assert response.status_code == 302
    assert response["Location"] == "/progress/"
    assert Notification.objects.get(pk=note.pk).state == State.READ


def test_a_link_off_the_site_is_never_followed(signed_in, owner):
    note = make_notification(owner, url="https://elsewhere.example/")
    response = signed_in.post(reverse("notification-action", args=[note.pk, "open"]))
    assert response["Location"] == reverse("notifications")


def test_the_page_lists_notes_with_their_actions_and_snoozes(signed_in, owner):
    make_notification(owner, title="Your plan for “Run a 10k” is ready")

    html = signed_in.get(reverse("notifications")).content.decode()

    assert "Your plan for “Run a 10k” is ready" in html
    assert "1 new" in html
    for words in ("Mark read", "Until tonight", "Until tomorrow", "Archive", "Mark all read"):
        assert words in html


def test_snoozing_from_the_page_moves_the_note_to_snoozed(signed_in, owner):
    note = make_notification(owner)

    signed_in.post(reverse("notification-action", args=[note.pk, "tomorrow"]))

    assert Notification.objects.get(pk=note.pk).state == State.SNOOZED
    html = signed_in.get(reverse("notifications") + "?state=snoozed").content.decode()
    assert note.title in html


def test_an_outsider_cannot_act_on_anothers_note(client, owner, outsider):
    note = make_notification(owner)
    client.force_login(outsider)
    for action in ("open", "read", "archive", "hour"):
        response = client.post(reverse("notification-action", args=[note.pk, action]))
        assert response.status_code == 404
    assert Notification.objects.get(pk=note.pk).state == State.UNREAD


def test_home_shows_the_newest_unread_notes(signed_in, owner):
    make_notification(owner, title="Eliza noticed something")

    html = signed_in.get(reverse("home")).content.decode()

    assert "Eliza noticed something" in html
    assert "All notifications (1 new)" in html


def test_home_welcomes_a_person_back_on_the_day_they_return(signed_in, owner, outsider):
    make_goal(owner, title="Learn Spanish", category="growth")
    now = timezone.now()
    for person in (owner, outsider):
        services.presence_seen(user=person, at=now - dt.timedelta(days=4))
    services.presence_seen(user=owner, at=now - dt.timedelta(minutes=1))

    html = signed_in.get(reverse("home")).content.decode()

    assert "Welcome back" in html
    assert "Ease back in: ten easy minutes for “Learn Spanish”" in html
    signed_in.force_login(outsider)
    assert "Welcome back" not in signed_in.get(reverse("home")).content.decode()


def test_home_promises_no_mission_today_does_not_show(signed_in, owner):
    goal = make_goal(owner, title="Learn Spanish", category="growth")
    now = timezone.now()
    services.presence_seen(user=owner, at=now - dt.timedelta(days=4))
    services.presence_seen(user=owner, at=now - dt.timedelta(minutes=1))
    for _ in range(3):  # the day's three are done: Today says "All done"
        goals_services.mission_complete(user=owner, mission_id=make_mission(goal).pk)
    assert Mission.objects.filter(user=owner, ease_back_on__isnull=False).exists()

    html = signed_in.get(reverse("home")).content.decode()

    assert "Welcome back" in html
    assert "waiting in today's three" not in html
