"""A loss told beside everything else: a deed told with it is marked without a cheer, and
what she remembers of someone gone is never said as now (blind conversations' must-nots)."""

from __future__ import annotations

import pytest

from goals.models import Mission
from tests.companion.factories import remember, say
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db

WALK = "Walk Bess round the park"


@pytest.fixture
def widower(owner):
    """Harold, retired joiner, whose wife Margaret died last year; his dog Bess needs walks."""
    goal = make_goal(owner, title="Keep my knees moving")
    for title in ("Do the 10 minute chair exercises", WALK):
        make_mission(goal, title=title)
    remember(owner, "My dog Bess is a 9 year old springer spaniel", key="pet:dog")
    return owner


def test_a_deed_told_with_someone_gone_remembered_is_marked_without_a_cheer(widower):
    answer = say(
        widower,
        "Good morning. I was up at six as always, made a pot of tea, and sat looking at "
        "Margaret's chair for longer than I should have. It would have been our 48th "
        "anniversary today. Then Bess started whining so I took her round the park, the long "
        "way past the pond, which did me good I suppose.",
    )

    assert set(Mission.objects.filter(user=widower, status="completed").values_list(
        "title", flat=True)) == {WALK}  # fmt: skip
    assert "Nice work" not in answer["reply"]
    assert answer["reply"].startswith("That sounds like a heavy day.")
    assert f"marked “{WALK}” as done" in answer["reply"]


def test_a_deed_told_with_a_pets_death_names_the_pet_with_sorrow(widower):
    answer = say(widower, "had to have bess put down this morning. did walk round the park "
                          "on my own after, felt wrong")  # fmt: skip

    assert "Nice work" not in answer["reply"]
    assert "sorry" in answer["reply"].lower()


@pytest.fixture
def teacher(owner):
    """Gareth, a PE teacher whose springer spaniel Bramble was old."""
    goal = make_goal(owner, title="Walk 10,000 steps a day")
    make_mission(goal, title="Take the stairs instead of the lift")
    remember(owner, "I have a springer spaniel called Bramble", key="pet:dog")
    remember(owner, "My wife is called Rhian", key="relation:wife")
    return owner


def test_a_pet_put_down_is_never_remembered_as_theirs_now(teacher):
    told = say(teacher, "had to have bramble put down this morning")
    assert told["act"] == "sympathy"

    answer = say(teacher, "what do you remember about me", told)

    assert answer["act"] == "memory_answer"
    assert "Rhian" in answer["reply"]
    assert "you have a springer spaniel" not in answer["reply"].lower()
    assert "you have a dog" not in answer["reply"].lower()
