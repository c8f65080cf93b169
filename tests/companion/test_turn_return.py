"""Coming back: the first conversation after days away opens with Eliza's warm welcome,
once, on either engine, never in a crisis turn and never about the absence."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from companion.turn.context import WELCOME_BACK
from delight.ai.engine import build_engine
from delight.ai.runtime import record_usage
from nudges import selectors, services
from tests.companion.factories import say
from tests.goals.factories import make_goal

pytestmark = pytest.mark.django_db
GUILT = ("you were gone", "you missed", "days away", "where have you been")


@pytest.fixture
def came_back(owner):
    """The owner, back after three days away (a moment ago), with a goal in growth."""
    make_goal(owner, title="Learn Spanish", category="growth")
    now = timezone.now()
    services.presence_seen(user=owner, at=now - dt.timedelta(days=3))
    services.presence_seen(user=owner, at=now - dt.timedelta(minutes=1))
    return owner


def test_the_first_conversation_after_a_return_opens_with_the_welcome_once(came_back):
    first = say(came_back, "hi Eliza, I'm not sure where to start")
    second = say(came_back, "ok, what could I do today?", session=first)

    assert first["reply"].startswith(
        "Welcome back! It's good to see you. I put one easy ten-minute mission for "
        "“Learn Spanish” in today's three, if you'd like a gentle start."
    )
    assert WELCOME_BACK not in second["reply"]
    assert not any(words in first["reply"].lower() for words in GUILT)
    assert selectors.welcome_pending(user=came_back) is None


@pytest.mark.django_db(transaction=True)  # the talk is announced once its commit is real
def test_the_message_that_ends_the_absence_is_itself_welcomed(owner):
    make_goal(owner, title="Learn Spanish", category="growth")
    services.presence_seen(user=owner, at=timezone.now() - dt.timedelta(days=4))

    result = say(owner, "Hi Eliza, I'm back.")

    assert result["reply"].startswith(WELCOME_BACK)
    assert "“Learn Spanish”" in result["reply"]
    assert selectors.welcome_pending(user=owner) is None


def test_without_a_goal_the_welcome_offers_no_mission(owner):
    now = timezone.now()
    services.presence_seen(user=owner, at=now - dt.timedelta(days=5))
    services.presence_seen(user=owner, at=now - dt.timedelta(minutes=1))

    result = say(owner, "hello again")

    assert result["reply"].startswith(f"{WELCOME_BACK} We can start wherever feels right")
    assert "mission" not in result["reply"].split(".")[1]


def test_a_crisis_turn_keeps_the_welcome_for_later(came_back):
    crisis = say(came_back, "I want to kill myself, I have pills saved up")

    assert crisis["crisis"]["triggered"]
    assert WELCOME_BACK not in crisis["reply"]
    assert selectors.welcome_pending(user=came_back) is not None


def test_a_flows_reply_gets_the_welcome_in_front(came_back):
    result = say(came_back, "I want to set a new goal")

    assert result["reply"].startswith(WELCOME_BACK)
    assert result["conversation_state"] != "idle"


def test_a_person_who_never_left_gets_no_welcome(owner):
    services.presence_seen(user=owner, at=timezone.now() - dt.timedelta(hours=5))

    assert WELCOME_BACK not in say(owner, "hi Eliza")["reply"]


def test_the_model_is_told_to_welcome_them_back(came_back, ai_config, openai_server):
    engine = build_engine(ai_config, on_usage=record_usage)
    openai_server.plan_reading()
    openai_server.plan_stream(["Welcome back! ", "Good to see you."])

    result = say(came_back, "hello, I'm back", engine=engine)

    prompt = openai_server.requests_to("/v1/chat/completions")[1].body["messages"][0]["content"]
    assert "- Welcome: Welcome back! It's good to see you." in prompt
    assert "Never mention how long they were away" in prompt
    assert result["reply"] == "Welcome back! Good to see you."
    assert selectors.welcome_pending(user=came_back) is None
