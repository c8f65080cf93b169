"""Presence: every meaningful activity (a message, a mission started or done, a session) marks
the person here; the drop-off scan finds who has been away 48 hours or more."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from goals import selectors as goals_selectors
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


# -- coming back ---------------------------------------------------------------------------


def test_only_an_activity_after_48_hours_away_is_a_return(owner):
    services.presence_seen(user=owner, at=NOW - dt.timedelta(hours=47 + 48))
    services.presence_seen(user=owner, at=NOW - dt.timedelta(hours=48))
    assert Presence.objects.get(user=owner).came_back_at is None  # 47 hours: no return

    services.presence_seen(user=owner, at=NOW)

    presence = Presence.objects.get(user=owner)
    assert presence.came_back_at == NOW
    assert presence.away_from == NOW - dt.timedelta(hours=48)


def test_a_return_waits_for_one_welcome_and_the_welcome_clears_it(owner):
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=3))
    services.presence_seen(user=owner, at=NOW)

    pending = selectors.welcome_pending(user=owner, now=NOW + dt.timedelta(minutes=5))
    assert pending is not None
    assert pending.came_back_at == NOW
    assert not pending.welcomed

    services.presence_welcomed(user=owner, at=NOW + dt.timedelta(minutes=5))
    assert selectors.welcome_pending(user=owner, now=NOW + dt.timedelta(minutes=6)) is None
    # Home still greets the return for the rest of that day.
    assert selectors.return_today(user=owner, now=NOW + dt.timedelta(minutes=6)).welcomed


def test_a_welcome_not_given_within_a_day_is_let_go(owner):
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=3))
    services.presence_seen(user=owner, at=NOW)

    assert selectors.welcome_pending(user=owner, now=NOW + dt.timedelta(hours=25)) is None
    assert selectors.return_today(user=owner, now=NOW + dt.timedelta(hours=25)) is None


def test_the_next_return_is_welcomed_again(owner):
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=10))
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=7))
    services.presence_welcomed(user=owner, at=NOW - dt.timedelta(days=7))

    services.presence_seen(user=owner, at=NOW)

    assert selectors.welcome_pending(user=owner, now=NOW).came_back_at == NOW


def test_welcoming_a_person_leaves_the_outsiders_return_untouched(owner, outsider):
    for person in (owner, outsider):
        services.presence_seen(user=person, at=NOW - dt.timedelta(days=3))
        services.presence_seen(user=person, at=NOW)

    services.presence_welcomed(user=owner, at=NOW)

    assert selectors.welcome_pending(user=owner, now=NOW) is None
    assert Presence.objects.get(user=outsider).welcomed_at is None
    assert selectors.welcome_pending(user=outsider, now=NOW) is not None


def test_a_person_who_never_came_back_has_no_welcome_waiting(owner):
    services.presence_seen(user=owner, at=NOW)
    services.presence_welcomed(user=owner, at=NOW)

    assert selectors.welcome_pending(user=owner, now=NOW) is None
    assert Presence.objects.get(user=owner).welcomed_at is None


def test_a_return_brings_the_mission_and_an_ordinary_day_does_not(owner, outsider):
    make_goal(owner, title="Learn Spanish", category="growth")
    make_goal(outsider, title="Paint", category="craft")
    services.presence_seen(user=owner, at=NOW - dt.timedelta(days=3))
    services.presence_seen(user=outsider, at=NOW - dt.timedelta(hours=3))

    services.presence_seen(user=owner, at=NOW)
    services.presence_seen(user=outsider, at=NOW)

    eased = goals_selectors.mission_ease_back(user=owner, on=owner.local_day(NOW))
    assert eased is not None
    assert eased.goal.title == "Learn Spanish"
    assert goals_selectors.mission_ease_back(user=outsider, on=outsider.local_day(NOW)) is None
