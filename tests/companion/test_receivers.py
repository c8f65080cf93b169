"""What Eliza remembers of the other apps' news (companion.receivers)."""

from __future__ import annotations

import datetime as dt

import pytest

from companion.models import CompanionProfile, Memory
from delight.events import announce
from delight.services import onboarding_complete_step
from goals import signals as goals_signals
from goals.models import Goal, MissionSession
from tests.goals.factories import make_goal, make_mission
from world import signals as world_signals

# Transactional: news is announced, and remembered, once a change has committed.
pytestmark = pytest.mark.django_db(transaction=True)


def test_a_saved_plan_becomes_a_project_memory_of_the_goal(owner):
    goal = make_goal(owner, title="Learn Spanish", category="growth")

    announce(goals_signals.plan_saved, sender=Goal, goal=goal, description="Plan: 3 steps.")

    memory = Memory.objects.get(user=owner, key=f"goal:{goal.pk}:plan")
    assert (memory.tier, memory.source, memory.content) == ("project", "mission", "Plan: 3 steps.")
    assert memory.goal_id == goal.pk


def test_a_sessions_notes_and_reflection_become_task_and_personal_memories(owner):
    mission = make_mission(make_goal(owner), title="Easy run")
    session = MissionSession.objects.create(
        user=owner, mission=mission, planned_minutes=20, started_at=dt.datetime.now(dt.UTC)
    )

    announce(
        goals_signals.session_ended,
        sender=MissionSession,
        session=session,
        notes="Legs felt heavy",
        reflection="I like mornings",
    )

    memories = dict(Memory.objects.filter(user=owner).values_list("tier", "content"))
    assert memories["task"] == "Notes on the mission “Easy run”: Legs felt heavy"
    assert memories["personal"] == "Reflection after “Easy run”: I like mornings"


def test_an_off_hours_streak_becomes_one_personal_memory(owner):
    announce(world_signals.off_hours_streak, sender=type(owner), user=owner, days=3)

    memory = Memory.objects.get(user=owner, key="activity:off-hours", active=True)
    assert (memory.tier, memory.source) == ("personal", "analytics")
    assert "09:00-17:00" in memory.content
    assert "3 days in a row" in memory.content


def test_a_memory_that_cannot_be_written_is_logged_and_changes_nothing_else(owner, caplog):
    goal = make_goal(owner)

    announce(goals_signals.plan_saved, sender=Goal, goal=goal, description="   ")  # blank

    assert not Memory.objects.exists()
    assert "could not remember a mission project memory" in caplog.text
    assert Goal.objects.filter(pk=goal.pk).exists()


def test_the_name_given_at_onboarding_is_the_one_eliza_keeps(
    owner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        onboarding_complete_step(user=owner, step=owner.onboarding_step, first_name="Liv")

    assert CompanionProfile.objects.get(user=owner).name == "Liv"
