"""A hidden quest unlocked reaches the person as Eliza's message in the notification centre
(companion.receivers.tell_quest), once."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.models import Goal
from narrative import quests
from nudges.models import Notification
from tests.goals.factories import make_goal

pytestmark = pytest.mark.django_db

NOW = dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC)


def test_an_unlocked_quest_is_told_once_with_elizas_message(
    owner, django_capture_on_commit_callbacks
):
    make_goal(owner, status=Goal.Status.COMPLETED)
    quest = quests.QUESTS_BY_KEY["first-goal"]

    with django_capture_on_commit_callbacks(execute=True):
        quests.quests_check(user=owner, now=NOW)
        quests.quests_check(user=owner, now=NOW)
        quests.quest_unlock(user=owner, quest=quest, now=NOW)

    notification = Notification.objects.get(kind=Notification.Kind.QUEST)
    assert notification.user == owner
    assert notification.kind == Notification.Kind.QUEST
    assert notification.key == "quest:first-goal"
    assert notification.title == f"A hidden quest: {quest.title}"
    assert notification.body == quest.message
    assert notification.url == "/today/"
