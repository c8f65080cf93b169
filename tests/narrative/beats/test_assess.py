"""What really happened since the last beat, as the story reads it (narrative.beats.assess):
here, the person's own material around the news."""

from __future__ import annotations

import datetime as dt

import pytest

from goals.models import ActivityEvent, Goal, Mission, MissionSession
from narrative.beats.assess import progress_assess, recall_id
from narrative.models import Beat
from narrative.prose import phrase_id
from narrative.services import story_start
from tests.goals.factories import make_event, make_goal, make_habit, make_mission
from tests.narrative.factories import make_beat

NOW = dt.datetime(2026, 12, 10, 18, tzinfo=dt.UTC)  # a Thursday, 19:00 in Paris
DONE = ActivityEvent.Kind.MISSION_COMPLETED
RUN = {"kind": "mission", "event": 1, "mission": 1, "title": "Run 2 km", "goal": "Run a 5k"}


@pytest.fixture
def pending(story) -> Beat:
    return Beat.objects.create(user=story.user, story=story, requested_at=NOW)


def assess(owner, pending):
    return progress_assess(user=owner, beat=pending, now=NOW)


def test_the_goal_a_mission_was_for_comes_with_its_count_and_the_reason_written_for_it(
    owner, pending
):
    goal = make_goal(owner, title="Run a 5k", description="I want to feel strong again.")
    done = make_mission(goal, title="Run 2 km", status=Mission.Status.COMPLETED)
    make_mission(goal, title="Run 3 km")
    make_mission(goal, title="Run 4 km")
    make_event(owner, DONE, NOW - dt.timedelta(hours=1), mission=done)

    material = assess(owner, pending)

    assert material["goals"] == [
        {
            "title": "Run a 5k",
            "done": 1,
            "total": 3,
            "why": "I want to feel strong again.",
            "next": "Run 3 km",
        }
    ]
    assert material["missions_ever"] == 1


def session_done(goal: Goal, **words: str) -> MissionSession:
    """A mission of `goal` done an hour ago after a session with the person's `words`."""
    done = make_mission(goal, status=Mission.Status.COMPLETED)
    make_event(goal.user, DONE, NOW - dt.timedelta(hours=1), mission=done)
    return done.sessions.create(
        user=goal.user,
        status=MissionSession.Status.COMPLETED,
        started_at=NOW - dt.timedelta(hours=2),
        ended_at=NOW - dt.timedelta(hours=1),
        planned_minutes=25,
        actual_minutes=25,
        **words,
    )


def test_words_the_safety_screen_reads_as_a_concern_are_never_quoted(owner, pending):
    goal = make_goal(owner, title="Get through winter", description="i feel so hopeless lately")
    session_done(
        goal, reflection="honestly i want to die some days", notes="i keep thinking about ending it"
    )

    material = assess(owner, pending)

    assert material["goals"][0]["why"] == ""
    assert material["reflection"] is None
    assert material["notes"] is None


def test_what_they_jotted_during_the_latest_session_is_read_with_its_session(owner, pending):
    session = session_done(make_goal(owner), notes="the dog stole a sock mid-stretch")

    assert assess(owner, pending)["notes"] == {
        "session": session.pk,
        "words": "the dog stole a sock mid-stretch",
    }


def test_each_habit_kept_comes_with_its_days_this_month(owner, pending):
    walk = make_habit(owner, title="Morning walk")
    for day in (2, 5, 10):
        make_event(owner, ActivityEvent.Kind.HABIT_DONE, NOW.replace(day=day, hour=7), habit=walk)

    material = assess(owner, pending)

    assert [habit["title"] for habit in material["habits"]] == ["Morning walk"]
    assert material["habits_month"] == [3]
    assert material["month"] == "December"


def test_a_passage_of_about_a_week_ago_is_recalled_with_its_place_and_weekday(
    owner, outsider, story, pending
):
    week = make_beat(
        story, written_at=NOW - dt.timedelta(days=7), place="orchard", provenance=[RUN]
    )
    make_beat(story, written_at=NOW - dt.timedelta(days=3), place="arena", provenance=[RUN])
    make_beat(story, written_at=NOW - dt.timedelta(days=11), place="arena", provenance=[RUN])
    theirs = story_start(user=outsider)  # another person's passage, newer: never recalled
    make_beat(theirs, written_at=NOW - dt.timedelta(days=6), place="arena", provenance=[RUN])

    recall = assess(owner, pending)["recall"]

    assert recall == {
        "key": recall_id(week.pk),
        "days": 7,
        "weekday": "Thursday",
        "place": "orchard",
        "mission": "Run 2 km",
    }


def test_a_passage_is_recalled_once_and_never_in_two_passages_running(owner, story, pending):
    fortnight = make_beat(story, written_at=NOW - dt.timedelta(days=14), provenance=[RUN])
    week = make_beat(story, written_at=NOW - dt.timedelta(days=7), provenance=[RUN])
    yesterday = make_beat(story, written_at=NOW - dt.timedelta(days=1), provenance=[RUN])
    recalled = [phrase_id(recall_id(week.pk))]

    Beat.objects.filter(pk=yesterday.pk).update(told=recalled)
    assert assess(owner, pending)["recall"] is None  # yesterday's passage recalled one

    Beat.objects.filter(pk=yesterday.pk).update(told=[])
    Beat.objects.filter(pk=fortnight.pk).update(told=recalled)  # told long ago, not last
    recall = assess(owner, pending)["recall"]
    assert recall is not None
    assert recall["key"] == recall_id(fortnight.pk)  # the week's passage was recalled once


def test_a_mission_done_again_today_is_news_not_a_memory(owner, story, pending):
    goal = make_goal(owner, title="Run a 5k")
    again = make_mission(goal, title="Run 2 km", status=Mission.Status.COMPLETED)
    make_event(owner, DONE, NOW - dt.timedelta(hours=1), mission=again)
    make_beat(story, written_at=NOW - dt.timedelta(days=7), place="orchard", provenance=[RUN])

    assert assess(owner, pending)["recall"] is None


def test_the_narrators_sentences_of_the_latest_passages_are_read_for_a_model(owner, story, pending):
    for days in range(7, 0, -1):  # seven passages, the newest a day ago
        make_beat(
            story,
            written_at=NOW - dt.timedelta(days=days),
            text=f"On day {days} the lanterns of the valley were lit one by one. Yes.",
        )

    told = assess(owner, pending)["sentences_told"]

    assert told == [
        f"On day {d} the lanterns of the valley were lit one by one." for d in range(1, 6)
    ]
