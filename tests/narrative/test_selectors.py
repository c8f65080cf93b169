from __future__ import annotations

import pytest

from goals.models import Mission
from narrative import selectors
from tests.goals.factories import make_goal, make_mission
from tests.narrative.factories import START, make_beat

pytestmark = pytest.mark.django_db


def _cited(mission: Mission) -> dict:
    return {"kind": "mission", "event": 1, "mission": mission.pk, "title": mission.title}


def test_a_passage_no_longer_tells_of_a_mission_taken_back(story, owner):
    goal = make_goal(owner, title="Run a 5k")
    kept = make_mission(goal, title="Check your shoes", status=Mission.Status.COMPLETED)
    undone = make_mission(goal, title="Walk-run the loop", status=Mission.Status.PENDING)
    streak = {"kind": "streak", "days": 3, "category": ""}
    beat = make_beat(story, written_at=START, provenance=[_cited(kept), _cited(undone), streak])

    told = selectors.beat_latest_told(user=owner, beat=beat)

    assert told == [_cited(kept), streak]
