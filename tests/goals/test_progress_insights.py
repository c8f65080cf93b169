"""What Eliza notices: each detector from hand-built activity, nothing without the evidence,
the kept insights read per person, and the card that shows them."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from django.template.loader import render_to_string
from django.utils import timezone

from goals.insight_words import InsightFacts
from goals.models import ActivityEvent, HabitCheckIn, ProgressInsight
from goals.progress.insights import insight_facts, progress_insights, progress_insights_current
from tests.goals.factories import make_event, make_goal, make_habit, make_mission

pytestmark = pytest.mark.django_db

Kind = ActivityEvent.Kind
PARIS = ZoneInfo("Europe/Paris")  # the owner's zone
NEW_YORK = ZoneInfo("America/New_York")
NOW = dt.datetime(2026, 3, 12, 21, 0, tzinfo=PARIS)  # a Thursday evening
TODAY = NOW.date()
ISO_WEEK = "2026-W11"


def local(days_ago: int, hour: int = 12, minute: int = 0, zone: ZoneInfo = PARIS) -> dt.datetime:
    """A wall-clock time `days_ago` days before TODAY, in `zone`."""
    return dt.datetime.combine(TODAY - dt.timedelta(days=days_ago), dt.time(hour, minute), zone)


def done(user, *days_ago: int, category: str = "health", hour: int = 12) -> None:
    for ago in days_ago:
        make_event(user, Kind.MISSION_COMPLETED, local(ago, hour), category=category)


def found(user, kind: str) -> list[InsightFacts]:
    return [facts for facts in insight_facts(user=user, now=NOW) if facts.kind == kind]


# -- best week of a category ---------------------------------------------------------------


def test_a_categorys_best_week_quotes_missions_done_of_those_offered(owner):
    done(owner, 8, 9, 15, 16, 22, 23)  # two a week in the three weeks before
    done(owner, 0, 1, 3)
    goal = make_goal(owner)
    skipped, put_off, finished = (make_mission(goal) for _ in range(3))
    make_event(owner, Kind.MISSION_SKIPPED, local(1), mission=skipped)
    for ago in (2, 1):  # put off twice: still one mission offered
        make_event(owner, Kind.MISSION_DEFERRED, local(ago), mission=put_off)
    make_event(owner, Kind.MISSION_DEFERRED, local(3), mission=finished)
    make_event(owner, Kind.MISSION_COMPLETED, local(2), mission=finished)
    make_event(owner, Kind.MISSION_SKIPPED, local(1), category="craft", mission=make_mission(goal))

    assert found(owner, "best_category") == [
        InsightFacts(
            "best_category",
            f"best_category:health:{ISO_WEEK}",
            {"category": "health", "done": 4, "offered": 6},
        )
    ]


def test_a_best_week_with_nothing_else_offered_quotes_the_count_done(owner):
    done(owner, 10, 20, category="craft")
    done(owner, 0, 1, 2, category="craft")

    (facts,) = found(owner, "best_category")

    assert facts.numbers == {"category": "craft", "done": 3}


def test_a_better_week_before_means_no_best_week(owner):
    done(owner, 14, 15, 16, 17, 18)  # five, two weeks ago
    done(owner, 0, 1, 2, 3)

    assert found(owner, "best_category") == []


def test_a_best_week_yet_needs_two_weeks_of_history(owner):
    done(owner, 0, 1, 2, 3, 4)

    assert found(owner, "best_category") == []


# -- best time of day ----------------------------------------------------------------------


def test_the_best_time_is_read_in_the_zone_each_event_happened_in(owner):
    # Evenings in New York, past midnight on the owner's clock in Paris.
    for ago in (1, 2, 3, 4, 5):
        at = local(ago, 19, 30, zone=NEW_YORK)
        make_event(owner, Kind.MISSION_COMPLETED, at, zone="America/New_York")
    make_event(owner, Kind.MISSION_COMPLETED, local(6, 8, zone=NEW_YORK), zone="America/New_York")

    assert found(owner, "best_time") == [
        InsightFacts(
            "best_time",
            "best_time:19:2026-03",
            {"start": "19:00", "end": "21:00", "count": 5, "total": 6},
        )
    ]


def test_a_session_counts_once_at_its_middle(owner):
    for ago in (1, 2, 3, 4):
        done(owner, ago, hour=20)
    goal = make_goal(owner)
    mission = make_mission(goal)
    end = local(5, 22, 30)  # two hours of focus: its middle is 21:30
    make_event(
        owner, Kind.SESSION_COMPLETED, end, mission=mission, metadata={"actual_minutes": 120}
    )
    make_event(owner, Kind.MISSION_COMPLETED, end, mission=mission)

    (facts,) = found(owner, "best_time")

    assert facts.numbers == {"start": "20:00", "end": "22:00", "count": 5, "total": 5}


def test_a_best_time_needs_five_missions_or_sessions(owner):
    done(owner, 1, 2, 3, 4, hour=7)

    assert found(owner, "best_time") == []


def test_one_busy_evening_is_no_best_time(owner):
    for minute in range(0, 60, 10):  # six missions between 19:00 and 20:00, one evening
        make_event(owner, Kind.MISSION_COMPLETED, local(0, 19, minute), category="health")

    assert found(owner, "best_time") == []


def test_days_imported_from_loop_carry_no_time_of_day(owner):
    for ago in (1, 2, 3, 4, 5, 6):
        make_event(
            owner,
            Kind.MISSION_COMPLETED,
            local(ago, 16),
            metadata={"source": "loop", "title": "Running"},
        )

    assert found(owner, "best_time") == []


def test_work_spread_over_the_day_has_no_best_time(owner):
    for ago, hour in enumerate((7, 10, 13, 16, 19, 22)):
        done(owner, ago, hour=hour)

    assert found(owner, "best_time") == []


# -- strongest weekday ---------------------------------------------------------------------


def test_the_strongest_weekday_over_the_last_eight_weeks(owner):
    tuesdays = [2, 9, 16, 23, 30, 37]
    done(owner, *tuesdays, *tuesdays)  # two on each
    done(owner, 5, 20, 55)  # a Saturday, a Friday and the first, eight weeks back

    assert found(owner, "weekday") == [
        InsightFacts(
            "weekday",
            "weekday:tuesday:2026-03",
            {"weekday": "Tuesday", "count": 12, "weeks": 8},
        )
    ]


def test_a_weekday_needs_four_weeks_of_history(owner):
    done(owner, 2, 2, 9, 9, 16, 16, 20)

    assert found(owner, "weekday") == []


def test_two_days_as_strong_as_each_other_have_no_strongest(owner):
    done(owner, 2, 9, 16, 23, 3, 10, 17, 24, 30)

    assert found(owner, "weekday") == []


# -- trend ---------------------------------------------------------------------------------


def test_a_week_up_on_the_week_before(owner):
    done(owner, 7, 9, 12)
    done(owner, 0, 1, 2, 4, 6)

    assert found(owner, "trend") == [
        InsightFacts("trend", f"trend:{ISO_WEEK}", {"this_week": 5, "last_week": 3})
    ]


def test_a_quieter_week_is_never_news(owner):
    done(owner, 7, 8, 9, 10, 12)
    done(owner, 0, 1, 2)

    assert found(owner, "trend") == []


def test_a_trend_needs_three_missions(owner):
    done(owner, 8)
    done(owner, 0, 1)

    assert found(owner, "trend") == []


# -- comeback ------------------------------------------------------------------------------


def test_a_return_after_days_away_counts_the_missions_since(owner):
    done(owner, 14)
    make_event(owner, Kind.TALKED, local(12))
    done(owner, 2, 1, 0)

    assert found(owner, "comeback") == [
        InsightFacts(
            "comeback",
            f"comeback:{TODAY - dt.timedelta(days=2)}",
            {"missions": 3, "days_away": 9},
        )
    ]


def test_two_days_away_is_no_comeback(owner):
    done(owner, 5, 2, 1)

    assert found(owner, "comeback") == []


def test_a_return_without_a_mission_yet_is_no_comeback(owner):
    done(owner, 14)
    make_event(owner, Kind.TALKED, local(1))

    assert found(owner, "comeback") == []


def test_a_return_long_ago_is_no_longer_news(owner):
    done(owner, 30, *range(20, -1, -1))  # back on day 20, and every day since

    assert found(owner, "comeback") == []


# -- evidence and scope --------------------------------------------------------------------


def test_a_new_person_with_little_activity_gets_no_insight(owner):
    done(owner, 0, 0, 0, 0)

    assert insight_facts(user=owner, now=NOW) == []


def test_another_persons_activity_is_never_read(owner, outsider):
    done(owner, 14, 2, 1, 0)

    assert found(owner, "comeback")
    assert insight_facts(user=outsider, now=NOW) == []


def test_kept_insights_are_listed_newest_first_for_their_owner_only(owner, outsider):
    for key in ("trend:2026-W10", "trend:2026-W11"):
        ProgressInsight.objects.create(user=owner, kind="trend", key=key, text=key, source="t")
    ProgressInsight.objects.create(user=outsider, kind="trend", key="x", text="x", source="t")

    assert [i.key for i in progress_insights(user=owner)] == ["trend:2026-W11", "trend:2026-W10"]
    assert [i.key for i in progress_insights(user=owner, limit=1)] == ["trend:2026-W11"]


def test_what_holds_now_is_the_newest_of_each_kind_and_each_best_week(owner, outsider):
    kept = [
        ("best_time", "best_time:1:2026-10", {"start": "01:00"}),
        ("best_category", "best_category:health:2026-W10", {"category": "health"}),
        ("best_category", "best_category:growth:2026-W10", {"category": "growth"}),
        ("best_time", "best_time:4:2026-11", {"start": "04:00"}),
    ]
    for kind, key, facts in kept:
        ProgressInsight.objects.create(
            user=owner, kind=kind, key=key, text=key, facts=facts, source="t"
        )

    current = [i.key for i in progress_insights_current(user=owner)]

    assert current == [
        "best_time:4:2026-11",
        "best_category:growth:2026-W10",
        "best_category:health:2026-W10",
    ]
    assert progress_insights_current(user=outsider) == []


# -- the card ------------------------------------------------------------------------------


def test_the_card_shows_each_insight_with_its_date_in_the_persons_zone(owner):
    text = "This week you did 7 missions, up from 4."
    insight = ProgressInsight.objects.create(
        user=owner, kind="trend", key="k", text=text, source="t"
    )
    # 23:30 UTC on 3 March is already 4 March in Paris.
    ProgressInsight.objects.filter(pk=insight.pk).update(
        created_at=dt.datetime(2026, 3, 3, 23, 30, tzinfo=dt.UTC)
    )

    with timezone.override(PARIS):
        html = render_to_string("goals/_insights.html", {"insights": progress_insights(user=owner)})

    assert "What Eliza noticed" in html
    assert text in html
    assert "4 Mar" in html


def test_the_card_without_insights_says_what_will_come():
    html = render_to_string("goals/_insights.html", {"insights": []})

    assert "Nothing noticed yet" in html
    assert "After a few days of missions" in html
    assert 'href="/today/"' in html


# -- a habit's days -------------------------------------------------------------------------


def kept(habit, *, weekdays: bool, weekends: bool, weeks: int = 8) -> None:
    """Tick the habit on the days of the last `weeks` whole weeks it was kept."""
    for ago in range(1, weeks * 7 + 1):
        day = TODAY - dt.timedelta(days=ago)
        if (day.weekday() >= 5 and weekends) or (day.weekday() < 5 and weekdays):
            HabitCheckIn.objects.create(habit=habit, user=habit.user, day=day)


def test_a_daily_habit_kept_on_weekdays_and_not_at_weekends_is_noticed_once_a_month(owner):
    habit = make_habit(owner, title="Meditate", start_date=TODAY - dt.timedelta(days=60))
    kept(habit, weekdays=True, weekends=False)

    (facts,) = found(owner, "habit_days")

    assert facts.numbers == {
        "habit": "Meditate", "side": "weekday", "done": 40, "asked": 40,
        "other": "weekend", "other_done": 0, "other_asked": 16,
    }  # fmt: skip
    assert facts.key == f"habit_days:{habit.pk}:weekday:2026-03"


@pytest.mark.parametrize(
    ("start_days_ago", "weekdays", "weekends", "schedule"),
    [
        (60, True, True, "daily"),  # kept alike every day: no pattern
        (20, True, False, "daily"),  # under four whole weeks: too soon to tell
        (60, True, False, "weekly"),  # a weekly habit has no days of its own
    ],
)
def test_no_habit_pattern_without_the_evidence(owner, start_days_ago, weekdays, weekends, schedule):
    fields = {"times_per_week": 3} if schedule == "weekly" else {}
    habit = make_habit(
        owner, start_date=TODAY - dt.timedelta(days=start_days_ago), schedule=schedule, **fields
    )
    kept(habit, weekdays=weekdays, weekends=weekends, weeks=start_days_ago // 7)
    assert found(owner, "habit_days") == []
