"""Insights kept: each once per key, announced once, remembered by Eliza, looked for after a
mission or a session, and worded by the model when one is configured."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from companion.models import Memory
from delight.ai.config import AIConfig
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import build_engine
from delight.models import User
from goals import services, signals, tasks
from goals.insight_words import InsightFacts, InsightText
from goals.models import ActivityEvent, ProgressInsight
from tests.goals.factories import make_event, make_goal, make_mission
from tests.support.openai_server import OpenAIServer

pytestmark = pytest.mark.django_db

DONE = ActivityEvent.Kind.MISSION_COMPLETED


@pytest.fixture
def heard() -> list[dict]:
    """Every insight_found announcement, as its facts."""
    facts: list[dict] = []

    def listen(**kwargs) -> None:
        facts.append({k: kwargs[k] for k in ("kind", "key", "text")})

    signals.insight_found.connect(listen, dispatch_uid="test-heard-insights")
    yield facts
    signals.insight_found.disconnect(dispatch_uid="test-heard-insights")


@pytest.fixture
def enqueued(monkeypatch) -> list[tuple]:
    """The background jobs the insight service asks for, instead of running them."""
    calls: list[tuple] = []
    monkeypatch.setattr("goals.services.insights.async_task", lambda *args: calls.append(args))
    return calls


def noon(user: User, days_ago: int) -> dt.datetime:
    """Noon on the person's own day `days_ago` days before today: whole days apart, whatever
    the hour now and whatever clock change lies between."""
    today = user.local_day(timezone.now())
    return dt.datetime.combine(today - dt.timedelta(days=days_ago), dt.time(12), user.zone)


def back_after_days_away(user: User) -> None:
    """A mission 12 days ago, then one yesterday: a comeback after 10 days away."""
    make_event(user, DONE, noon(user, 12))
    make_event(user, DONE, noon(user, 1))


def test_an_insight_is_kept_announced_and_remembered_once(
    owner, heard, django_capture_on_commit_callbacks
):
    back_after_days_away(owner)

    with django_capture_on_commit_callbacks(execute=True):
        kept = services.progress_insights_refresh(user=owner)
    with django_capture_on_commit_callbacks(execute=True):
        again = services.progress_insights_refresh(user=owner)

    (insight,) = kept
    assert again == []
    assert ProgressInsight.objects.filter(user=owner).count() == 1
    assert insight.kind == "comeback"
    assert insight.facts == {"missions": 1, "days_away": 10}
    assert "10 days away" in insight.text
    assert insight.source == "offline"
    assert heard == [{"kind": "comeback", "key": insight.key, "text": insight.text}]
    memory = Memory.objects.get(user=owner, key=f"insight:{insight.key}")
    assert memory.content == insight.text
    assert set(memory.tags) >= {"insight", "comeback"}
    assert memory.tier == "personal"


def test_nothing_is_kept_without_enough_evidence(owner, heard):
    make_event(owner, DONE, noon(owner, 0))

    assert services.progress_insights_refresh(user=owner) == []
    assert not ProgressInsight.objects.filter(user=owner).exists()


def test_another_run_keeping_the_same_insight_first_never_doubles_it(owner, heard, monkeypatch):
    back_after_days_away(owner)

    def kept_first_elsewhere(facts: InsightFacts, *, engine: object) -> InsightText:
        """Words an insight, while another run keeps it first (a race lost)."""
        ProgressInsight.objects.create(
            user=owner, kind=facts.kind, key=facts.key, text="theirs", source="offline"
        )
        return InsightText("mine", source="offline")

    monkeypatch.setattr("goals.services.insights.insight_text", kept_first_elsewhere)
    kept = services.progress_insights_refresh(user=owner)

    assert kept == []
    assert list(ProgressInsight.objects.filter(user=owner).values_list("text", flat=True)) == [
        "theirs"
    ]
    assert heard == []


def test_finishing_a_mission_finds_the_insights_it_makes(owner, django_capture_on_commit_callbacks):
    make_event(owner, DONE, noon(owner, 12))
    mission = make_mission(make_goal(owner))

    with django_capture_on_commit_callbacks(execute=True):
        services.mission_complete(user=owner, mission_id=mission.pk)

    insight = ProgressInsight.objects.get(user=owner)
    assert (insight.kind, insight.facts) == ("comeback", {"missions": 1, "days_away": 11})
    assert Memory.objects.filter(user=owner, key=f"insight:{insight.key}").exists()


def test_a_session_that_finishes_its_mission_looks_once(
    owner, enqueued, django_capture_on_commit_callbacks
):
    mission = make_mission(make_goal(owner))
    session = services.session_start(user=owner, mission_id=mission.pk)

    with django_capture_on_commit_callbacks(execute=True):
        services.session_complete(user=owner, session_id=session.pk, actual_minutes=20)

    assert enqueued == [(services.insights.REFRESH_TASK, owner.pk)]


def test_a_session_that_leaves_its_mission_open_looks_too(
    owner, enqueued, django_capture_on_commit_callbacks
):
    mission = make_mission(make_goal(owner))
    session = services.session_start(user=owner, mission_id=mission.pk)

    with django_capture_on_commit_callbacks(execute=True):
        services.session_complete(
            user=owner, session_id=session.pk, actual_minutes=20, complete_mission=False
        )

    assert enqueued == [(services.insights.REFRESH_TASK, owner.pk)]


def test_the_task_refreshes_one_person_and_skips_a_deleted_one(owner):
    back_after_days_away(owner)
    gone = owner.pk

    assert tasks.refresh_insights(owner.pk) == 1
    assert tasks.refresh_insights(owner.pk) == 0
    owner.delete()
    assert tasks.refresh_insights(gone) == 0


def test_a_configured_model_words_the_insight(owner, ai_config: AIConfig, openai_server):
    back_after_days_away(owner)
    openai_server.plan_json({"text": "Welcome back after 10 days! 1 mission done already."})
    engine = build_engine(ai_config, embedder=HashingEmbedder())

    (insight,) = services.progress_insights_refresh(user=owner, engine=engine)

    assert insight.text == "Welcome back after 10 days! 1 mission done already."
    assert insight.source == "model:gpt-4o-mini"


def test_a_models_shaming_words_are_replaced_by_the_offline_ones(
    owner, ai_config: AIConfig, openai_server: OpenAIServer
):
    back_after_days_away(owner)
    openai_server.plan_json({"text": "You missed 10 days, but 1 mission is a start."})
    engine = build_engine(ai_config, embedder=HashingEmbedder())

    (insight,) = services.progress_insights_refresh(user=owner, engine=engine)

    assert "missed" not in insight.text
    assert "10 days away" in insight.text
    assert insight.source == "offline (model failed: harsh tone)"
