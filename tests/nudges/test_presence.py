"""Presence: every meaningful activity (a message, a mission started or done, a session) marks
the person here; the drop-off scan finds who has been away 48 hours or more."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import services as goals_services
from goals.models import NudgeOutcome
from nudges import selectors, services
from nudges.models import Presence
from tests.companion.factories import say
from tests.factories import make_user
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)


def here(user) -> dt.datetime:
    return Presence.objects.get(user=user).last_active_at


def test_missions_and_sessions_mark_the_person_here(owner, django_capture_on_commit_callbacks):
    mission = make_mission(make_goal(owner))
    started = NOW - dt.timedelta(hours=3)
    with django_capture_on_commit_callbacks(execute=True):
        goals_services.session_start(user=owner, mission_id=mission.pk, now=started)
    assert here(owner) == started
    with django_capture_on_commit_callbacks(execute=True):
        goals_services.mission_complete(user=owner, mission_id=mission.pk, now=NOW)
    assert here(owner) == NOW


def test_each_message_to_eliza_marks_the_person_here(owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        say(owner, "hello Eliza")
    first = here(owner)
    with django_capture_on_commit_callbacks(execute=True):
        say(owner, "how are you today?")
    assert here(owner) > first  # the second talk of the day counts too


def test_a_late_report_of_an_earlier_activity_never_moves_presence_back(owner):
    services.presence_seen(user=owner, at=NOW)
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=2))
    assert here(owner) == NOW


def test_coming_back_answers_the_nudges_of_the_two_days_before(owner):
    goals_services.nudge_outcome_record(user=owner, sent_at=NOW - dt.timedelta(hours=30))
    goals_services.nudge_outcome_record(user=owner, sent_at=NOW - dt.timedelta(hours=60))

    services.presence_seen(user=owner, at=NOW)

    answered = NudgeOutcome.objects.filter(user=owner, answered_at=NOW).count()
    assert answered == 1


def test_the_scan_finds_who_has_been_away_48_hours_longest_first(owner, outsider):
    newcomer = make_user("nina")
    services.presence_seen(user=owner, at=NOW - dt.timedelta(hours=49))
    services.presence_seen(user=outsider, at=NOW - dt.timedelta(days=6))
    services.presence_seen(user=newcomer, at=NOW - dt.timedelta(hours=47))

    assert selectors.people_away(now=NOW) == [outsider.pk, owner.pk]
    assert selectors.people_away(now=NOW, limit=1) == [outsider.pk]
    assert selectors.people_away(now=timezone.now() - dt.timedelta(days=30)) == []


def test_activity_close_to_the_last_one_answers_nothing_new(owner):
    services.presence_seen(user=owner, at=NOW - dt.timedelta(hours=1))
    # A nudge recorded now could only follow 48 hours away: one hour later, none is waiting.
    goals_services.nudge_outcome_record(user=owner, sent_at=NOW - dt.timedelta(minutes=30))

    services.presence_seen(user=owner, at=NOW)

    assert not NudgeOutcome.objects.filter(user=owner, answered_at__isnull=False).exists()
    assert here(owner) == NOW
