"""Planning the nudges of an absence (nudges.services.nudges_plan) with a controllable clock:
day 2 in the app, day 4 by email, day 7 by push (or what the person can receive), three at
most, all over again after a return, at the person's hour."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from goals.models import ActivityEvent
from nudges import services
from nudges.models import Presence, ScheduledSend
from tests.factories import make_user
from tests.goals.factories import make_event
from tests.nudges.factories import make_absence, make_browser_subscribed

Step = ScheduledSend.Step
Channel = ScheduledSend.Channel
State = ScheduledSend.State
PARIS = ZoneInfo("Europe/Paris")
LEFT = dt.datetime(2026, 6, 1, 10, tzinfo=dt.UTC)  # noon in Paris, a Monday
DAY = dt.timedelta(days=1)


def sends(user) -> list[ScheduledSend]:
    return list(ScheduledSend.objects.owned_by(user).order_by("due_at"))


@pytest.fixture
def away(owner):
    """Olivia (Paris) was last here at LEFT; she takes emails and pushes."""
    owner.email, owner.email_opt_in, owner.second_channel_opt_in = "olivia@example.com", True, True
    owner.save()
    make_browser_subscribed(owner)
    make_absence(owner, LEFT)
    return owner


def test_nobody_away_two_days_yet_gets_nothing_planned(away):
    assert services.nudges_plan(now=LEFT + 2 * DAY - dt.timedelta(minutes=1)) == 0
    assert sends(away) == []


def test_a_person_away_two_days_gets_an_in_app_nudge_at_their_usual_evening(away):
    planned = services.nudges_plan(now=LEFT + 2 * DAY)

    (send,) = sends(away)
    local = send.due_at.astimezone(PARIS)
    assert planned == 1
    assert (send.step, send.channel, send.state) == (Step.DAY_2, Channel.IN_APP, State.PENDING)
    assert send.away_since == LEFT
    assert (local.date(), local.hour) == (dt.date(2026, 6, 3), 18)
    assert 3 <= local.minute <= 12
    assert send.local_date == dt.date(2026, 6, 3)


def test_day_four_goes_by_email_and_day_seven_by_push_then_nothing_more(away):
    for days in (2, 4, 7, 8, 30):
        services.nudges_plan(now=LEFT + days * DAY)

    assert [(s.step, s.channel) for s in sends(away)] == [
        (Step.DAY_2, Channel.IN_APP),
        (Step.DAY_4, Channel.EMAIL),
        (Step.DAY_7, Channel.PUSH),
    ]
    assert Presence.objects.owned_by(away).get().nudges_planned == 3


@pytest.mark.parametrize(
    ("email_opt_in", "pushes", "day_4", "day_7"),
    [
        (False, False, Channel.IN_APP, Channel.IN_APP),
        (True, False, Channel.EMAIL, Channel.EMAIL),
        (False, True, Channel.IN_APP, Channel.PUSH),
    ],
)
def test_each_nudge_falls_back_to_a_channel_the_person_receives(
    owner, email_opt_in, pushes, day_4, day_7
):
    owner.email, owner.email_opt_in, owner.second_channel_opt_in = (
        "o@example.com",
        email_opt_in,
        pushes,
    )
    owner.save()
    if pushes:
        make_browser_subscribed(owner)
    make_absence(owner, LEFT)

    for days in (2, 4, 7):
        services.nudges_plan(now=LEFT + days * DAY)

    assert [s.channel for s in sends(owner)] == [Channel.IN_APP, day_4, day_7]


def test_a_subscribed_browser_gets_no_nudge_while_the_second_channel_is_off(away):
    away.second_channel_opt_in = False
    away.save()

    for days in (2, 4, 7):
        services.nudges_plan(now=LEFT + days * DAY)

    assert [s.channel for s in sends(away)] == [Channel.IN_APP, Channel.EMAIL, Channel.EMAIL]


def test_a_person_found_long_away_gets_only_the_last_nudge_not_three_at_once(away):
    services.nudges_plan(now=LEFT + 9 * DAY)

    assert [s.step for s in sends(away)] == [Step.DAY_7]
    assert Presence.objects.owned_by(away).get().nudges_planned == 3


def test_coming_back_resets_and_a_new_absence_starts_at_the_first_nudge(away):
    services.nudges_plan(now=LEFT + 2 * DAY)
    services.nudges_plan(now=LEFT + 4 * DAY)
    back = LEFT + 5 * DAY
    services.presence_seen(user=away, at=back)

    assert services.nudges_plan(now=back + 1 * DAY) == 0
    services.nudges_plan(now=back + 2 * DAY)

    latest = sends(away)[-1]
    assert (latest.step, latest.away_since) == (Step.DAY_2, back)
    assert len(sends(away)) == 3


def test_planning_twice_at_the_same_moment_plans_once(away):
    assert services.nudges_plan(now=LEFT + 2 * DAY) == 1
    assert services.nudges_plan(now=LEFT + 2 * DAY) == 0
    assert len(sends(away)) == 1


def test_the_nudge_comes_at_the_hour_the_person_is_usually_active(away):
    for day in range(6):  # six mornings at 09:00 in Paris (07:00 UTC)
        moment = LEFT - (day + 1) * DAY - dt.timedelta(hours=3)
        make_event(away, ActivityEvent.Kind.TALKED, moment)

    services.nudges_plan(now=LEFT + 2 * DAY)

    (send,) = sends(away)
    assert send.due_at.astimezone(PARIS).hour == 9
    assert send.due_at.astimezone(PARIS).date() == dt.date(
        2026, 6, 4
    )  # 09:00 on the 3rd had passed


def test_a_paused_person_moves_along_the_cadence_with_nudges_skipped_and_why(away):
    away.nudges_paused = True
    away.save()

    services.nudges_plan(now=LEFT + 2 * DAY)

    (send,) = sends(away)
    assert send.state == State.SKIPPED
    assert send.reason == "They paused nudges."
    assert Presence.objects.owned_by(away).get().nudges_planned == 1


def test_a_daily_maximum_of_zero_means_no_nudges(away):
    away.daily_nudge_max = 0
    away.save()

    services.nudges_plan(now=LEFT + 2 * DAY)

    assert [s.state for s in sends(away)] == [State.SKIPPED]


def test_each_nudge_to_send_is_made_personal_once_planned(
    away, outsider, monkeypatch, django_capture_on_commit_callbacks
):
    asked: list[int] = []

    def finder(*, user):
        asked.append(user.pk)
        return "your dog Rex"

    monkeypatch.setattr("nudges.services.context.person_detail", finder)
    with django_capture_on_commit_callbacks(execute=True):
        services.nudges_plan(now=LEFT + 2 * DAY)

    assert asked == [away.pk]
    assert sends(away)[0].context == {"detail": "your dog Rex"}
    assert sends(outsider) == []


def test_a_detail_that_cannot_be_kept_leaves_the_nudge_planned(
    away, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(
        "nudges.services.context.person_detail", lambda *, user: "your sister\nAna " * 10
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.nudges_plan(now=LEFT + 2 * DAY)

    assert [send.context for send in sends(away)] == [{}]


def test_people_are_planned_across_batches(db):
    people = [make_user(f"p{n}", timezone="Asia/Kathmandu") for n in range(5)]
    for person in people:
        make_absence(person, LEFT)

    assert services.nudges_plan(now=LEFT + 2 * DAY, batch=2) == 5
    assert ScheduledSend.objects.filter(user__in=people, step=Step.DAY_2).count() == 5
