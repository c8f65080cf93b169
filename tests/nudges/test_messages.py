"""What a nudge says, from the person's own goals, missions and the context the companion
added: personal when the facts allow, never another person's, the last one always warm."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import ModelEngine, build_engine
from delight.models import User
from goals import services as goal_services
from goals.models import Goal, HabitCheckIn
from nudges.messages import nudge_facts, nudge_message
from nudges.models import ScheduledSend
from nudges.words import CLOSING
from tests.goals.factories import make_goal, make_habit, make_mission
from tests.nudges.factories import make_scheduled_send

pytestmark = pytest.mark.django_db
Step = ScheduledSend.Step


def _finish(goal: Goal, title: str, *, days_ago: float) -> None:
    mission = make_mission(goal, title=title)
    goal_services.mission_complete(
        user=goal.user,
        mission_id=mission.pk,
        now=timezone.now() - dt.timedelta(days=days_ago),
    )


@pytest.fixture
def spanish(owner: User) -> Goal:
    """The owner learns Spanish (growth) and finished two missions of it before going away."""
    owner.first_name = "Maya"
    owner.save(update_fields=["first_name"])
    goal = make_goal(owner, title="Learn Spanish", category="growth")
    _finish(goal, "Learn ten words", days_ago=6)
    _finish(goal, "Order a coffee in Spanish", days_ago=3)
    return goal


@pytest.fixture
def outsiders_goal(outsider: User) -> Goal:
    """Another person's goal, worked on more recently than anything of the owner's."""
    goal = make_goal(outsider, title="Outsider's secret novel", category="craft")
    _finish(goal, "Outsider's first chapter", days_ago=1)
    return goal


def test_the_facts_are_the_persons_own_goal_missions_and_context(spanish, outsiders_goal):
    send = make_scheduled_send(spanish.user, context={"detail": "your sister Ana"})

    facts = nudge_facts(send=send, now=timezone.now())

    assert facts.first_name == "Maya"
    assert facts.goal_title == "Learn Spanish"
    assert facts.category == "growth"
    assert facts.mission_title == "Order a coffee in Spanish"
    assert facts.detail == "your sister Ana"
    assert facts.days_away == 2


def test_another_persons_goal_never_appears(owner, outsiders_goal):
    send = make_scheduled_send(owner)

    facts = nudge_facts(send=send, now=timezone.now())
    message = nudge_message(send=send, now=timezone.now())

    assert (facts.goal_title, facts.mission_title, facts.category) == ("", "", "")
    assert "Outsider" not in message.title + message.body
    assert message.url == reverse("chat")


def test_a_goal_and_a_dear_one_make_the_nudge_personal(spanish):
    send = make_scheduled_send(spanish.user, context={"detail": "your sister Ana"})

    message = nudge_message(send=send, now=timezone.now())

    assert message.title == "Eliza has been thinking about “Learn Spanish”"
    assert message.body.startswith("Your sister Ana will love hearing how it's going.")
    assert message.template == "day_2.detail_goal"
    assert message.url == reverse("goal-detail", args=[spanish.pk])
    assert message.source == "offline"


@pytest.mark.parametrize("context", [{}, {"detail": "your sister Ana"}])
def test_the_last_nudge_always_ends_the_series_warmly(spanish, context):
    send = make_scheduled_send(spanish.user, step=Step.DAY_7, days_away=7.5, context=context)

    message = nudge_message(send=send, now=timezone.now())

    assert message.body.endswith(CLOSING)
    assert message.template.startswith("day_7.")


def test_the_last_nudge_of_a_person_known_by_name_alone_is_still_warm(owner):
    send = make_scheduled_send(owner, step=Step.DAY_7, days_away=7.5)

    message = nudge_message(send=send, now=timezone.now())

    assert message.body.endswith(CLOSING)
    assert message.template in {"day_7.name", "day_7.hello"}  # equal weights: the seed picks


def test_a_template_read_lately_is_not_chosen_again(spanish):
    earlier = make_scheduled_send(
        spanish.user,
        days_away=12,
        due_at=timezone.now() - dt.timedelta(days=8),
        local_date=dt.date(2000, 1, 1),
        template="day_2.detail_goal",
        state=ScheduledSend.State.SENT,
        sent_at=timezone.now() - dt.timedelta(days=1),
    )
    send = make_scheduled_send(spanish.user, context={"detail": "your sister Ana"})

    message = nudge_message(send=send, now=timezone.now())

    assert earlier.template == "day_2.detail_goal"
    assert message.template != "day_2.detail_goal"
    assert message.template in {"day_2.goal_step", "day_2.mission"}


def test_a_goal_title_no_nudge_may_say_leaves_the_plain_hello(owner):
    make_goal(owner, title="Stop being so lazy")
    send = make_scheduled_send(owner)

    message = nudge_message(send=send, now=timezone.now())

    assert message.template == "day_2.hello"
    assert "lazy" not in message.title + message.body
    assert message.source.startswith("offline (facts refused: banned framing")


def test_the_models_words_are_sent_and_named_as_its(spanish, ai_config, openai_server):
    engine = build_engine(ai_config, embedder=HashingEmbedder())
    assert isinstance(engine, ModelEngine)
    openai_server.plan_json(
        {"title": "Hola, Maya!", "body": "Ana will love hearing your new Spanish words."}
    )
    send = make_scheduled_send(spanish.user, context={"detail": "your sister Ana"})

    message = nudge_message(send=send, now=timezone.now(), engine=engine)

    assert (message.title, message.body) == (
        "Hola, Maya!",
        "Ana will love hearing your new Spanish words.",
    )
    assert message.template == "model:day_2.detail_goal"
    assert message.source == "model:gpt-4o-mini"


def test_the_habit_kept_best_is_a_fact_and_one_never_kept_is_not(owner, outsider):
    today = owner.local_day(timezone.now())
    walk = make_habit(owner, title="Morning walk", start_date=today - dt.timedelta(days=9))
    make_habit(owner, title="Read", start_date=walk.start_date)  # never ticked
    make_habit(outsider, title="Theirs", start_date=walk.start_date)
    for ago in range(1, 6):
        HabitCheckIn.objects.create(habit=walk, user=owner, day=today - dt.timedelta(days=ago))

    facts = nudge_facts(send=make_scheduled_send(owner), now=timezone.now())

    assert facts.habit_title == "Morning walk"
    assert nudge_facts(send=make_scheduled_send(outsider), now=timezone.now()).habit_title == ""
