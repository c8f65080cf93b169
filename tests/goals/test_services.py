"""Writes on goals, missions and sessions: validation, state rules, scoping, events, memories."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from companion.models import Memory
from delight.errors import NotFound
from goals import selectors, services
from goals.models import ActivityEvent, Goal, Mission, MissionSession
from tests.goals.factories import make_goal, make_mission

pytestmark = pytest.mark.django_db


# -- goals --------------------------------------------------------------------------------


def test_goal_create_plans_the_goal_after_commit(owner, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        goal = services.goal_create(
            user=owner, title="  Run a half marathon ", category="health", description="Fitter"
        )
    goal.refresh_from_db()
    assert goal.title == "Run a half marathon"
    assert goal.decomposition_status == Goal.Decomposition.DONE
    assert goal.decomposition_source == "offline:running"
    assert goal.milestones.count() == 5
    assert set(goal.missions.values_list("status", flat=True)) == {Mission.Status.SUGGESTED}
    assert ActivityEvent.objects.filter(user=owner, kind="goal_created", goal=goal).exists()
    memory = Memory.objects.get(user=owner, tier="project")
    assert "Run a half marathon" in memory.content
    assert memory.goal_id == goal.pk


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"title": ""}, "title", "cannot be blank"),
        ({"title": "   "}, "title", "cannot be blank"),
        ({"title": "x" * 201}, "title", "at most 200 characters"),
        ({"category": "wealth"}, "category", "not a valid choice"),
        ({"target_date": dt.date(2000, 1, 1)}, "target_date", "in the past"),
        ({"importance": 9}, "importance", "less than or equal to 5"),
    ],
)
def test_goal_create_rejects_bad_input_and_changes_nothing(owner, fields, field, message):
    values = {"title": "Learn Spanish", "category": "growth", **fields}
    with pytest.raises(ValidationError) as caught:
        services.goal_create(user=owner, **values)
    assert message in " ".join(caught.value.message_dict[field])
    assert not Goal.objects.exists()
    assert not ActivityEvent.objects.exists()


def test_goal_update_scoped_and_validated(owner, outsider):
    goal = make_goal(owner)
    with pytest.raises(NotFound):
        services.goal_update(user=outsider, goal_id=goal.pk, title="Mine now")
    with pytest.raises(ValidationError):
        services.goal_update(user=owner, goal_id=goal.pk, target_date=dt.date(2001, 1, 1))
    with pytest.raises(ValidationError, match="cannot be changed"):
        services.goal_update(user=owner, goal_id=goal.pk, user_id=outsider.pk)
    mission = make_mission(goal)
    services.goal_update(user=owner, goal_id=goal.pk, title="Run a marathon", category="craft")
    goal.refresh_from_db()
    mission.refresh_from_db()
    assert (goal.title, goal.category, mission.category) == ("Run a marathon", "craft", "craft")


def test_goal_set_status(owner):
    goal = make_goal(owner)
    services.goal_set_status(user=owner, goal_id=goal.pk, status="paused")
    with pytest.raises(ValidationError, match="already paused"):
        services.goal_set_status(user=owner, goal_id=goal.pk, status="paused")
    with pytest.raises(ValidationError, match="Unknown goal status"):
        services.goal_set_status(user=owner, goal_id=goal.pk, status="deleted")
    services.goal_set_status(user=owner, goal_id=goal.pk, status="completed")
    assert ActivityEvent.objects.filter(kind="goal_completed", goal=goal).count() == 1


# -- missions -----------------------------------------------------------------------------


def test_review_approve_edit_reject(owner, outsider):
    goal = make_goal(owner)
    first = make_mission(goal, status=Mission.Status.SUGGESTED)
    second = make_mission(goal, status=Mission.Status.SUGGESTED)
    third = make_mission(goal, status=Mission.Status.SUGGESTED)
    with pytest.raises(NotFound):
        services.mission_approve(user=outsider, mission_id=first.pk)
    services.mission_edit(user=owner, mission_id=first.pk, title="Short run", estimated_minutes=15)
    assert services.mission_approve(user=owner, mission_id=first.pk).status == "pending"
    with pytest.raises(ValidationError, match="Only a suggested"):
        services.mission_approve(user=owner, mission_id=first.pk)
    services.mission_reject(user=owner, mission_id=second.pk)
    second.refresh_from_db()
    assert second.status == "rejected"  # set aside, so it can be undone
    assert second not in selectors.mission_list(user=owner, goal_id=goal.pk)
    assert services.mission_approve_all(user=owner, goal_id=goal.pk) == 1
    third.refresh_from_db()
    assert third.status == "pending"


def test_mission_edit_rejects_out_of_range_minutes(owner):
    mission = make_mission(make_goal(owner))
    with pytest.raises(ValidationError) as caught:
        services.mission_edit(user=owner, mission_id=mission.pk, estimated_minutes=45)
    assert "estimated_minutes" in caught.value.message_dict
    mission.refresh_from_db()
    assert mission.estimated_minutes == 20


def test_mission_create_by_hand_enters_the_pool(owner, outsider):
    goal = make_goal(owner)
    mission = services.mission_create(user=owner, goal_id=goal.pk, title="Buy shoes", energy="low")
    assert (mission.status, mission.category, mission.position) == ("pending", "health", 1)
    with pytest.raises(NotFound):
        services.mission_create(user=outsider, goal_id=goal.pk, title="Sneaky")
    with pytest.raises(ValidationError):
        services.mission_create(user=owner, goal_id=goal.pk, title="", estimated_minutes=5)


def test_suggested_missions_cannot_be_started(owner):
    mission = make_mission(make_goal(owner), status=Mission.Status.SUGGESTED)
    with pytest.raises(ValidationError, match="Approve this suggested mission"):
        services.mission_start(user=owner, mission_id=mission.pk)


def test_completing_twice_is_refused_and_changes_nothing(owner):
    mission = make_mission(make_goal(owner))
    services.mission_complete(user=owner, mission_id=mission.pk)
    mission.refresh_from_db()
    completed_at = mission.completed_at
    with pytest.raises(ValidationError, match="already completed"):
        services.mission_complete(user=owner, mission_id=mission.pk)
    mission.refresh_from_db()
    assert mission.completed_at == completed_at
    assert ActivityEvent.objects.filter(kind="mission_completed").count() == 1


def test_completion_is_recorded_on_the_persons_own_day(owner):
    # Olivia lives in Paris and her day starts at 04:00: 01:30 Paris time on 10 March
    # (00:30 UTC) still belongs to 9 March.
    owner.day_start_hour = 4
    owner.save()
    goal = make_goal(owner)
    mission = make_mission(goal)
    moment = dt.datetime(2026, 3, 10, 0, 30, tzinfo=dt.UTC)
    services.mission_complete(user=owner, mission_id=mission.pk, now=moment)
    event = ActivityEvent.objects.get(kind="mission_completed")
    assert event.occurred_at == moment
    assert event.local_date == dt.date(2026, 3, 9)
    assert (event.category, event.goal_id, event.mission_id) == ("health", goal.pk, mission.pk)
    goal.refresh_from_db()
    assert goal.last_worked_at == moment


def test_defer_hides_until_tomorrow(owner):
    mission = make_mission(make_goal(owner))
    now = dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC)
    services.mission_defer(user=owner, mission_id=mission.pk, now=now)
    mission.refresh_from_db()
    assert (mission.status, mission.deferred_until, mission.defer_count) == (
        "deferred",
        dt.date(2026, 3, 11),
        1,
    )


def test_paused_goal_missions_cannot_start(owner):
    goal = make_goal(owner, status=Goal.Status.PAUSED)
    mission = make_mission(goal)
    with pytest.raises(ValidationError, match="paused"):
        services.session_start(user=owner, mission_id=mission.pk)


# -- sessions -----------------------------------------------------------------------------


def test_session_lifecycle_stores_memories(owner, django_capture_on_commit_callbacks):
    goal = make_goal(owner)
    mission = make_mission(goal, estimated_minutes=25)
    started = timezone.now() - dt.timedelta(minutes=31)
    session = services.session_start(user=owner, mission_id=mission.pk, now=started)
    assert session.planned_minutes == 25
    mission.refresh_from_db()
    assert mission.status == "active"
    with pytest.raises(ValidationError, match="already running"):
        services.session_start(user=owner, mission_id=mission.pk)
    assert services.session_extend(user=owner, session_id=session.pk).planned_minutes == 35
    with django_capture_on_commit_callbacks(execute=True):
        services.session_complete(
            user=owner,
            session_id=session.pk,
            notes="Legs felt heavy after 2 km",
            reflection="I enjoy running more in the morning",
        )
    session.refresh_from_db()
    mission.refresh_from_db()
    assert (session.status, session.actual_minutes) == ("completed", 31)
    assert mission.status == "completed"
    kinds = set(ActivityEvent.objects.values_list("kind", flat=True))
    assert {"mission_started", "session_completed", "mission_completed"} <= kinds
    tiers = dict(Memory.objects.filter(user=owner).values_list("tier", "content"))
    assert "Legs felt heavy" in tiers["task"]
    assert "morning" in tiers["personal"]
    with pytest.raises(ValidationError, match="already ended"):
        services.session_complete(user=owner, session_id=session.pk)


def test_session_on_someone_elses_mission_is_refused(owner, outsider):
    mission = make_mission(make_goal(owner))
    with pytest.raises(NotFound):
        services.session_start(user=outsider, mission_id=mission.pk)
    assert not MissionSession.objects.exists()
    session = services.session_start(user=owner, mission_id=mission.pk)
    with pytest.raises(NotFound):
        services.session_complete(user=outsider, session_id=session.pk)
    with pytest.raises(NotFound):
        services.session_extend(user=outsider, session_id=session.pk)


def test_session_extend_is_bounded(owner):
    session = services.session_start(user=owner, mission_id=make_mission(make_goal(owner)).pk)
    with pytest.raises(ValidationError, match="at most 180"):
        services.session_extend(user=owner, session_id=session.pk, minutes=170)
    session.refresh_from_db()
    assert session.planned_minutes == 20


def test_completing_a_mission_ends_its_running_session(owner):
    mission = make_mission(make_goal(owner))
    session = services.session_start(user=owner, mission_id=mission.pk)
    services.mission_complete(user=owner, mission_id=mission.pk)
    session.refresh_from_db()
    assert session.status == "completed"
    assert session.actual_minutes == 1


def test_a_rejected_suggestion_can_be_restored_by_its_owner_only(owner, outsider):
    goal = make_goal(owner)
    mission = make_mission(goal, status=Mission.Status.SUGGESTED)
    with pytest.raises(ValidationError, match="Only a removed suggestion"):
        services.mission_restore(user=owner, mission_id=mission.pk)
    services.mission_reject(user=owner, mission_id=mission.pk)
    with pytest.raises(NotFound):
        services.mission_restore(user=outsider, mission_id=mission.pk)
    mission.refresh_from_db()
    assert mission.status == "rejected"
    assert services.mission_restore(user=owner, mission_id=mission.pk).status == "suggested"
    assert mission in selectors.mission_list(user=owner, goal_id=goal.pk)


def test_pauses_do_not_count_as_focus(owner, outsider):
    mission = make_mission(make_goal(owner), estimated_minutes=25)
    start = timezone.now() - dt.timedelta(minutes=40)
    session = services.session_start(user=owner, mission_id=mission.pk, now=start)
    with pytest.raises(NotFound):
        services.session_pause(user=outsider, session_id=session.pk)
    paused = services.session_pause(
        user=owner, session_id=session.pk, now=start + dt.timedelta(minutes=10)
    )
    assert paused.paused_at == start + dt.timedelta(minutes=10)
    # pausing twice keeps the first pause; the clock is stopped meanwhile
    services.session_pause(user=owner, session_id=session.pk, now=start + dt.timedelta(minutes=12))
    session.refresh_from_db()
    assert session.focused_seconds(start + dt.timedelta(minutes=30)) == 600
    resumed = services.session_resume(
        user=owner, session_id=session.pk, now=start + dt.timedelta(minutes=25)
    )
    assert (resumed.paused_at, resumed.paused_seconds) == (None, 900)
    done = services.session_complete(
        user=owner, session_id=session.pk, now=start + dt.timedelta(minutes=40)
    )
    assert done.actual_minutes == 25  # 40 minutes less the 15 of the pause


def test_finishing_a_paused_session_counts_until_the_pause(owner):
    mission = make_mission(make_goal(owner))
    start = timezone.now() - dt.timedelta(minutes=30)
    session = services.session_start(user=owner, mission_id=mission.pk, now=start)
    services.session_pause(user=owner, session_id=session.pk, now=start + dt.timedelta(minutes=8))
    done = services.session_complete(user=owner, session_id=session.pk)
    assert (done.actual_minutes, done.paused_at) == (8, None)


def test_an_activity_keeps_the_zone_the_person_was_in(owner):
    mission = make_mission(make_goal(owner))
    services.mission_complete(user=owner, mission_id=mission.pk)
    owner.timezone = "Pacific/Auckland"
    owner.save(update_fields=["timezone"])

    event = ActivityEvent.objects.get(user=owner, kind=ActivityEvent.Kind.MISSION_COMPLETED)

    assert event.zone == "Europe/Paris"  # where it happened, not where they are now


# -- taking a completion back --------------------------------------------------------------


def test_a_completion_taken_back_reopens_the_mission_and_removes_its_day(owner, outsider):
    mission = make_mission(make_goal(owner))
    services.mission_complete(user=owner, mission_id=mission.pk)

    reopened = services.mission_reopen(user=owner, mission_id=mission.pk)

    assert reopened.status == Mission.Status.PENDING
    assert reopened.completed_at is None
    assert reopened.reopened == 1
    assert not ActivityEvent.objects.filter(user=owner, kind="mission_completed").exists()
    with pytest.raises(NotFound):
        services.mission_reopen(user=outsider, mission_id=mission.pk)


def test_only_a_completed_mission_can_be_reopened(owner):
    mission = make_mission(make_goal(owner))
    with pytest.raises(ValidationError):
        services.mission_reopen(user=owner, mission_id=mission.pk)
    mission.refresh_from_db()
    assert (mission.status, mission.reopened) == (Mission.Status.PENDING, 0)
