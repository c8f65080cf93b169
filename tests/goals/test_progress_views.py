"""The progress page: a person's streaks, their last 13 weeks, and how it is counted."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from goals import services
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


def _finish_on_days(user, days_ago: list[int]) -> None:
    goal = make_goal(user, category="growth")
    for ago in days_ago:
        mission = make_mission(goal)
        at = timezone.now() - dt.timedelta(days=ago)
        services.mission_complete(user=user, mission_id=mission.pk, now=at)


def test_the_page_shows_the_streak_the_freeze_it_used_and_the_calendar(client, owner):
    _finish_on_days(owner, [9, 8, 7, 6, 5, 4, 3, 1, 0])
    client.force_login(owner)

    page = client.get(reverse("progress")).content.decode()

    assert "9 days in a row" in page  # the frozen day does not break it nor count in it
    assert "was covered by a freeze" in page
    assert page.count('class="day-active"') == 9
    assert page.count('class="day-frozen"') == 1
    assert "Growth" in page
    assert "Show as a table" in page  # the calendar's data, readable without the picture


def test_the_calendar_names_its_weekdays_and_months(client, owner):
    client.force_login(owner)

    page = client.get(reverse("progress")).content.decode()

    labels = re.findall(r'<text [^>]*class="calendar-label">([^<]+)</text>', page)
    assert labels[-4:] == ["Mon", "Wed", "Fri", "Sun"]
    months = labels[:-4]
    this_month = timezone.localdate(timezone=owner.zone).strftime("%b")
    assert 3 <= len(months) <= 4, months
    assert this_month in months, months


def test_a_newcomer_sees_how_a_streak_begins(client, owner):
    client.force_login(owner)

    page = client.get(reverse("progress")).content.decode()

    assert "No streak yet" in page
    assert 'class="day-active"' not in page


def test_the_page_needs_a_signed_in_person(client, db):
    response = client.get(reverse("progress"))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_page_shows_the_consistency_its_parts_and_what_is_left_out(client, owner, outsider):
    owner.date_joined = timezone.now() - dt.timedelta(days=5)
    owner.save(update_fields=["date_joined"])
    _finish_on_days(owner, [4, 3, 2, 1])
    services.consistency_snapshots_write()
    client.force_login(owner)

    page = client.get(reverse("progress")).content.decode()

    assert "Your consistency" in page
    for label in ("Streak strength", "Missions done", "Depth"):
        assert label in page
    assert "Not counted: Eliza has not needed to nudge you." in page
    assert 'class="series"' in page  # the 90-day line has at least two points
    assert "Consistency of each day" in page  # its table
    client.force_login(outsider)
    assert "Your consistency appears tomorrow" in client.get(reverse("progress")).content.decode()
