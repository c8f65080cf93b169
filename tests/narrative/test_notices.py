"""narrative.notices: a hidden quest unlocked reaches the person as Eliza's message in the
notification centre, and a passage written as its opening, each once."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.models import Goal
from narrative import notices, quests
from nudges.models import Notification
from tests.goals.factories import make_goal
from tests.narrative.factories import make_beat

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


def test_a_passage_is_told_once_with_its_opening(owner, outsider, story):
    beat = make_beat(story, written_at=NOW, title="The first lantern", text="Dusk falls. " * 40)

    notices.beat_tell(beat=beat)
    notices.beat_tell(beat=beat)

    notification = Notification.objects.get(kind=Notification.Kind.STORY)
    assert notification.user == owner
    assert notification.title == "A new passage of your story: The first lantern"
    assert notification.body.startswith("Dusk falls. Dusk falls.")
    assert notification.body.endswith("…")  # the opening, not the whole passage
    assert notification.url == "/story/#latest"
    assert not Notification.objects.filter(user=outsider).exists()
