"""Staff pages for turns: timeline with durations, conversations, replay, crisis review."""

from __future__ import annotations

import pytest
from django.urls import reverse

from companion.models import CrisisEvent, Turn
from delight.models import AgentState
from goals.models import Goal
from tests.companion.factories import say
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(make_user("stella", is_staff=True, is_superuser=True))
    return client


def test_the_agent_state_timeline_shows_each_nodes_duration_and_output(staff_client, owner):
    say(owner, "My name is Ana")
    state = AgentState.objects.get(user=owner)

    page = staff_client.get(reverse("admin:delight_agentstate_change", args=[state.pk]))

    assert page.status_code == 200
    html = page.content.decode().lower()
    assert "recall_context" in html
    assert "what changed" in html
    assert "memories, tiers" in html  # recall_context's output keys


def test_a_replay_shows_what_the_current_code_would_say_and_writes_nothing(staff_client, owner):
    session = say(owner, "I want to set a goal to run a marathon by May because I love it")
    say(owner, "health", session)
    say(owner, "yes", session)
    turn = Turn.objects.get(text="yes")
    goals = Goal.objects.count()

    url = reverse("admin:companion_turn_replay", args=[turn.pk])
    page = staff_client.get(url, {"from": "reason"})

    assert page.status_code == 200
    assert "sandbox: not run" in page.content.decode()
    assert Goal.objects.count() == goals
    assert "did not run" in staff_client.get(url, {"from": "crisis"}).content.decode()
    assert (
        staff_client.get(reverse("admin:companion_turn_change", args=[turn.pk])).status_code == 200
    )


def test_staff_review_crisis_events(staff_client, owner):
    say(owner, "I want to end my life")
    event = CrisisEvent.objects.get()

    listing = staff_client.get(reverse("admin:companion_crisisevent_changelist"))
    assert "end my life" not in listing.content.decode()  # the list shows the reason only
    staff_client.post(
        reverse("admin:companion_crisisevent_changelist"),
        {"action": "mark_reviewed", "_selected_action": [event.pk]},
    )
    event.refresh_from_db()
    assert event.reviewed_at is not None
    assert event.reviewed_by.username == "stella"
    detail = staff_client.get(reverse("admin:companion_crisisevent_change", args=[event.pk]))
    assert "end my life" in detail.content.decode()


def test_conversation_admin_shows_the_session_figures(staff_client, owner):
    session = say(owner, "Hello")
    page = staff_client.get(
        reverse("admin:companion_conversation_change", args=[session["session_id"]])
    )
    assert page.status_code == 200
    assert "Hello" in page.content.decode()


def test_the_turn_page_shows_its_timeline_as_a_table_with_durations(staff_client, owner):
    say(owner, "My name is Ana")
    turn = Turn.objects.get()
    trace = turn.result["trace"]

    page = staff_client.get(reverse("admin:companion_turn_change", args=[turn.pk]))

    html = page.content.decode()
    assert '<table class="trace-table">' in html
    assert "Starts at (ms)" in html
    assert "Duration (ms)" in html
    assert f"{len(trace)} nodes in" in html
    for entry in trace:
        assert f"<code>{entry['node']}</code>" in html
    assert 'class="trace-bar"' in html
    # The whole answer is readable JSON, folded per top-level key, not one raw line.
    assert '<details class="json-section"' in html
    assert '<span class="json-key">trace</span>' in html


def test_the_agent_state_shows_its_state_as_readable_json(staff_client, owner):
    say(owner, "My name is Ana")
    state = AgentState.objects.get(user=owner)

    html = staff_client.get(
        reverse("admin:delight_agentstate_change", args=[state.pk])
    ).content.decode()

    assert 'class="json-view"' in html
    assert '<pre class="json-pre" tabindex="0">' in html
    assert 'name="state_data"' not in html  # shown, never an editable box


def test_the_replay_shows_both_timelines(staff_client, owner):
    say(owner, "Hello")
    turn = Turn.objects.get()

    html = staff_client.get(reverse("admin:companion_turn_replay", args=[turn.pk])).content.decode()

    assert html.count('<table class="trace-table">') == 2


def test_a_person_who_is_not_staff_gets_the_login_page(client, owner):
    say(owner, "Hello")
    turn = Turn.objects.get()
    client.force_login(owner)
    for url in (
        reverse("admin:companion_turn_change", args=[turn.pk]),
        reverse("admin:companion_turn_replay", args=[turn.pk]),
        reverse("admin:delight_agentstate_changelist"),
    ):
        answer = client.get(url)
        assert answer.status_code == 302
        assert answer["Location"].startswith(reverse("admin:login"))


def test_agent_states_show_and_filter_the_conversation_state_in_words(staff_client, owner):
    say(owner, "I want to learn the guitar")
    changelist = reverse("admin:delight_agentstate_changelist")

    listed = staff_client.get(changelist).content.decode()
    waiting = staff_client.get(changelist, {"conversation_state": "waiting_for_slot"})
    idle = staff_client.get(changelist, {"conversation_state": "idle"})

    assert "Waiting for slot" in listed
    assert "waiting_for_slot</td>" not in listed
    assert waiting.context["cl"].result_count == 1
    assert idle.context["cl"].result_count == 0
