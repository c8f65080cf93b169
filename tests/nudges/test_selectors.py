"""The inbox: its page and its unread count come from one statement."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from nudges import selectors
from nudges.models import Notification
from tests.nudges.factories import make_notification

pytestmark = pytest.mark.django_db
State = Notification.State


def test_the_page_and_the_count_are_one_query(owner, outsider):
    make_notification(owner)
    make_notification(owner, state=State.READ)
    make_notification(owner, state=State.ARCHIVED)
    make_notification(outsider)

    with CaptureQueriesContext(connection) as queries:
        inbox = selectors.notifications_inbox(user=owner)

    assert len(queries) == 1
    assert inbox.unread_count == 1
    assert [n.state for n in inbox.results] == [State.READ, State.UNREAD]


def test_an_empty_filter_still_carries_the_count(owner):
    make_notification(owner)
    inbox = selectors.notifications_inbox(user=owner, state="archived")
    assert (inbox.results, inbox.unread_count) == ([], 1)


def test_snoozed_ones_leave_the_inbox_until_their_time(owner):
    now = dt.datetime(2026, 11, 25, 12, tzinfo=dt.UTC)
    later = make_notification(owner, state=State.SNOOZED, snoozed_until=now + dt.timedelta(hours=2))
    ended = make_notification(owner, state=State.SNOOZED, snoozed_until=now - dt.timedelta(hours=1))

    inbox = selectors.notifications_inbox(user=owner, now=now)
    snoozed = selectors.notifications_inbox(user=owner, state="snoozed", now=now)

    assert [n.pk for n in inbox.results] == [ended.pk]
    assert inbox.unread_count == 1
    assert [n.pk for n in snoozed.results] == [later.pk]
    assert selectors.shown_state(ended, now=now) == State.UNREAD
