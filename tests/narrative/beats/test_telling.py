"""What a beat tells: the real facts it cites and the event it adds to the world."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from narrative.beats.plan import Position, Scene
from narrative.beats.telling import (
    beat_facts,
    choice_named,
    event_name,
    goals_towards,
    mark_of,
    marks_at,
    part_of_day,
    provenance_of,
    streak_mark,
)
from narrative.invariants import AT, EVENT, HERO, EntityState, FactState, Move
from narrative.models import BeatKind
from narrative.prose.parts import MARKS
from narrative.scenario import scenario_default
from tests.narrative.factories import START, started_world

RUN = {"event": 1, "mission": 3, "title": "Run 2 km", "at": "2026-03-02T08:00:00+00:00"}


def assessed(*, triggers=(), missions=(), latest=None, streak=0, reflection=None):
    return {
        "triggers": list(triggers),
        "missions": list(missions),
        "latest_mission": latest,
        "streak": {"days": streak, "longest": streak},
        "reflection": reflection,
    }


def test_a_beat_cites_the_missions_done_and_their_own_words():
    words = {"session": 9, "words": "Harder than I thought"}
    cited = provenance_of(assessed(missions=[RUN], streak=3, reflection=words), "milestone")

    assert cited == [{"kind": "mission", **RUN}, {"kind": "reflection", **words}]


def test_a_streak_still_alive_is_cited_when_nothing_else_is_news():
    cited = provenance_of(assessed(latest=RUN, streak=3), BeatKind.MILESTONE)

    assert cited == [{"kind": "streak", "days": 3, "category": ""}]


def test_of_several_milestones_at_once_the_longest_is_told():
    triggers = [
        {"kind": "streak", "key": "a", "detail": {"days": 7, "category": ""}},
        {"kind": "streak", "key": "b", "detail": {"days": 14, "category": ""}},
    ]

    cited = provenance_of(assessed(triggers=triggers, streak=15), "streak")

    assert cited == [{"kind": "streak", "days": 14, "category": "", "key": "b"}]


@pytest.mark.parametrize("kind", [BeatKind.COMEBACK, BeatKind.QUIET_WEEK])
def test_a_return_with_nothing_new_recalls_the_latest_thing_they_did(kind):
    assert provenance_of(assessed(latest=RUN), kind) == [{"kind": "mission", **RUN}]


def test_the_same_days_in_a_row_reached_again_leave_another_mark_and_a_habits_its_name():
    first = {"days": 7, "key": "streak:overall:7:2026-03-09"}
    again = {"days": 7, "key": "streak:overall:7:2026-04-20"}
    habit = {"days": 7, "key": "habit:4:7:2026-03-02", "habit": "Meditate"}

    assert streak_mark(first) == "A fresh coat of paint for 7 days in a row"
    assert streak_mark(again) == "A bird house for 7 days in a row"
    assert streak_mark(habit).endswith(" for 7 days of “Meditate”")


def test_a_streak_milestone_is_cited_with_its_triggers_key():
    milestone = {"kind": "streak", "key": "streak:overall:7:2026-03-09", "detail": {"days": 7}}

    cited = provenance_of(assessed(triggers=[milestone]), BeatKind.STREAK)

    assert cited[0] == {"kind": "streak", "days": 7, "key": "streak:overall:7:2026-03-09"}


def test_missions_alone_with_nothing_new_cite_nothing():
    assert provenance_of(assessed(latest=RUN), BeatKind.MILESTONE) == []


@pytest.mark.parametrize(
    ("kind", "provenance", "choice", "name"),
    [
        (BeatKind.MILESTONE, [{"kind": "mission", **RUN}], "", "A flower box for “Run 2 km”"),
        (BeatKind.STREAK, [{"kind": "streak", "days": 7}], "", "A mended gate for 7 days in a row"),
        (BeatKind.SIDE, [], "A gift for Mira", "A gift for Mira"),
        (
            BeatKind.OPENING,
            [{"kind": "habit", "habit": 4, "title": "Meditate", "days": 284}],
            "",
            "A mended gate for “Meditate”",
        ),
        (BeatKind.QUIET_WEEK, [{"kind": "mission", **RUN}], "", "The valley's rest"),
        (
            BeatKind.QUEST,
            [{"kind": "quest", "key": "q", "title": "Twenty days unbroken"}],
            "",
            "A door to the quest “Twenty days unbroken”",
        ),
        (
            BeatKind.GOAL,
            [{"kind": "goal", "id": 1, "title": "Run a 5k"}],
            "",
            "A beacon for “Run a 5k”",
        ),
    ],
)
def test_the_event_a_beat_adds_is_named_after_what_it_tells(kind, provenance, choice, name):
    assert event_name(kind, provenance, choice) == name


def test_each_mission_done_leaves_a_mark_of_its_own_and_the_same_one_when_told_again():
    marks = [mark_of({**RUN, "event": event}) for event in range(1, len(MARKS) + 1)]

    assert sorted(marks) == sorted(MARKS)
    assert mark_of(RUN) == mark_of(dict(RUN))
    assert mark_of({"title": "Imported run"}) == mark_of({"title": "Imported run"})


def test_a_choice_is_named_by_what_it_bought_or_by_its_label_as_time_spent():
    assert choice_named({"label": "Give your lantern to Mira", "told": "A gift for Mira"}) == (
        "A gift for Mira"
    )
    assert choice_named({"label": "Spend an evening with Mira"}) == "An evening with Mira"


def test_the_marks_at_a_place_are_what_real_work_left_there_newest_first():
    world = started_world()
    for hour, (key, name, place) in enumerate([
        ("beat-1", "A sapling for “Read”", "commons"),
        ("beat-2", "The ferry home", "commons"),
        ("beat-3", "A wind chime for “Stretch”", "commons"),
        ("beat-4", "A kite on the hill for “Run”", "arena"),
        ("beat-5", "A bird house for “Call Sam”", "commons"),
    ]):  # fmt: skip
        at = START + dt.timedelta(hours=hour + 1)
        world.entities[key] = EntityState(key, EVENT, name, at)
        world.facts.append(FactState(key, AT, place, at))

    marks = marks_at(world, "commons", leave_out={"beat-5"})

    assert marks == ("A wind chime for “Stretch”", "A sapling for “Read”")


def _facts_at_commons(moves, **assessment):
    """The facts of a milestone at the Commons, where an earlier day left a sapling."""
    world = started_world()
    world.entities["beat-1"] = EntityState("beat-1", EVENT, "A sapling for “Read”", START)
    world.facts.append(FactState("beat-1", AT, "commons", START))
    scene = Scene("commons", tuple(moves), (), "beat-2", None)
    return beat_facts(
        assessment={**assessed(missions=[RUN]), "missions_count": 1, "minutes": 0, **assessment},
        provenance=[{"kind": "mission", **RUN, "goal": "Run a 5k"}],
        kind=BeatKind.MILESTONE,
        data=scenario_default(),
        position=Position(1, 1, opens=False),
        scene=scene,
        after=world,
        local=START,
        seed=2,
        first_name="Olivia",
        previous_title="",
    )


def goal(next_title: str) -> dict:
    return {
        "title": "Run a 5k",
        "done": 2,
        "total": 5,
        "why": "To feel strong.",
        "next": next_title,
    }


def test_the_goal_the_missions_were_for_comes_with_its_count_reason_and_next_mission():
    facts = _facts_at_commons([], goals=[goal("Run 3 km")])

    assert facts.goal_counts == (("Run a 5k", 2, 5),)
    assert (facts.why_goal, facts.why) == ("Run a 5k", "To feel strong.")
    assert facts.goal_next == "Run 3 km"


def test_a_next_mission_of_the_same_name_as_one_done_now_is_not_told_as_next():
    assert _facts_at_commons([], goals=[goal("Run 2 km")]).goal_next == ""


def test_the_marks_of_earlier_days_are_seen_on_coming_back_not_while_staying():
    back = _facts_at_commons([Move(place="commons", who=HERO, to="commons")])
    staying = _facts_at_commons([])

    assert back.marks_here == ("A sapling for “Read”",)
    assert staying.marks_here == ()


def test_the_goals_missions_were_for_are_told_but_not_one_reached_in_the_same_beat():
    provenance = [
        {"kind": "goal", "id": 1, "title": "Read more"},
        {"kind": "mission", **RUN, "goal": "Run a 5k"},
        {"kind": "mission", **RUN, "event": 2, "goal": "Read more"},
        {"kind": "mission", **RUN, "event": 3, "goal": "Run a 5k"},
        {"kind": "mission", **RUN, "event": 4},  # imported: no goal
    ]

    assert goals_towards(provenance) == ("Run a 5k",)


@pytest.mark.parametrize(
    ("zone", "local", "part"),
    [
        ("Europe/Lisbon", "2026-12-04 20:00", "night"),  # the sun set at 17:14
        ("Europe/Lisbon", "2026-06-21 20:00", "evening"),  # it sets at 21:05
        ("Europe/Stockholm", "2026-06-21 21:30", "evening"),  # light past the clock's night
        ("Europe/Lisbon", "2026-12-04 07:00", "night"),  # before a 07:40 sunrise
        ("UTC", "2026-12-04 20:00", "evening"),  # no place: the clock alone
    ],
)
def test_the_part_of_day_is_the_persons_sky_where_their_timezone_names_a_place(zone, local, part):
    moment = dt.datetime.fromisoformat(local).replace(tzinfo=ZoneInfo(zone))

    assert part_of_day(moment) == part
