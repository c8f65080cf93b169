"""A nudge's words without a model: every template of every step passes the tone check,
templates sleep while their facts are unknown, and recent ones recover slowly."""

from __future__ import annotations

import dataclasses

import pytest

from nudges.words import (
    CLOSING,
    NUDGE_SCHEMA,
    STEPS,
    TEMPLATES,
    NudgeFacts,
    Template,
    awake,
    nudge_text_offline,
    nudge_tone_ok,
    nudge_tone_problem,
    recovery,
    slots_of,
    template_choose,
    templates_of,
)

# Facts that fill every slot a template may write.
FULL = NudgeFacts(
    step="day_2",
    first_name="Maya",
    goal_title="Learn Spanish",
    category="growth",
    mission_title="Order a coffee in Spanish",
    habit_title="Morning walk",
    detail="your sister Ana",
    days_away=4,
    streak_best=12,
)
NOTHING = NudgeFacts(step="day_2", days_away=2)


def _each(templates: list[Template]) -> list:
    return [pytest.param(t, id=t.key) for t in templates]


ALL = _each(list(TEMPLATES))
PLAIN = _each([t for t in TEMPLATES if not slots_of(t)])
LAST = _each([t for t in TEMPLATES if t.step == "day_7"])


def _full(template: Template) -> NudgeFacts:
    return dataclasses.replace(FULL, step=template.step)


def _limit(part: str) -> int:
    return NUDGE_SCHEMA["properties"][part]["maxLength"]


def test_every_step_has_at_least_four_templates_and_one_that_needs_nothing():
    for step in STEPS:
        assert len(templates_of(step)) >= 4
        assert any(not slots_of(t) for t in templates_of(step))


@pytest.mark.parametrize("template", ALL)
def test_every_template_filled_with_every_fact_is_kind_and_short(template):
    words = nudge_text_offline(_full(template), template)

    assert nudge_tone_problem(words.title) == ""
    assert nudge_tone_problem(words.body) == ""
    assert "{" not in words.title + words.body
    assert len(words.title) <= _limit("title")
    assert len(words.body) <= _limit("body")


@pytest.mark.parametrize("template", PLAIN)
def test_every_template_that_needs_no_fact_is_kind_with_nothing_known(template):
    words = nudge_text_offline(dataclasses.replace(NOTHING, step=template.step), template)

    assert nudge_tone_ok(f"{words.title}. {words.body}")


@pytest.mark.parametrize("template", LAST)
def test_every_last_nudge_ends_the_series_warmly(template):
    assert nudge_text_offline(_full(template), template).body.endswith(CLOSING)


def test_a_template_sleeps_while_a_fact_it_writes_is_unknown():
    slots = NOTHING.slots()
    sleeping = [t.key for t in templates_of("day_2") if not awake(t, slots)]

    assert "day_2.detail_goal" in sleeping
    assert "day_2.mission" in sleeping
    assert "day_2.hello" not in sleeping


def test_a_short_best_run_is_not_worth_saying():
    assert "streak_best" not in dataclasses.replace(FULL, streak_best=2).slots()
    assert FULL.slots()["streak_best"] == 12


# -- the choice ---------------------------------------------------------------------------


def test_the_most_personal_awake_template_wins():
    assert template_choose(FULL, used={}, seed="1|a").key == "day_2.detail_goal"
    assert template_choose(NOTHING, used={}, seed="1|a").key == "day_2.hello"


def test_a_template_just_used_is_not_chosen_again_while_another_is_awake():
    chosen = template_choose(FULL, used={"day_2.detail_goal": 0.5}, seed="1|a")

    assert chosen.key != "day_2.detail_goal"


def test_a_template_recovers_over_about_two_weeks():
    assert recovery(None) == 1.0
    assert recovery(0) == pytest.approx(0.1)
    assert recovery(0) < recovery(3) < recovery(7) < recovery(14)
    assert recovery(14) > 0.9
    used_long_ago = template_choose(FULL, used={"day_2.detail_goal": 30}, seed="1|a")
    assert used_long_ago.key == "day_2.detail_goal"


def test_the_same_send_reads_the_same_and_people_get_different_words():
    # A goal, a mission and a habit tie at day 2.
    facts = dataclasses.replace(FULL, detail="")
    seeds = [f"{person}|2026-03-01T18:00:00+00:00" for person in range(1, 41)]

    chosen = {template_choose(facts, used={}, seed=seed).key for seed in seeds}

    assert chosen == {"day_2.goal_step", "day_2.mission", "day_2.habit"}
    assert template_choose(facts, used={}, seed=seeds[0]) == template_choose(
        facts, used={}, seed=seeds[0]
    )


# -- the tone check -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "You missed 3 days, don't lose your streak!",
        "We miss you!",
        "It's been 5 days since we talked.",
        "You haven't opened Delight this week.",
        "Last chance to keep your streak alive.",
        "Don\u2019t give up now.",
        "You have been away 4 days.",
        "Your streak ends tonight.",
        "Hurry, before it's too late.",
        "Don't let yourself down.",
        "You forgot about your goal.",
        "You only did 2 missions.",
        "I feel so sad and lonely without you.",
        "I'm worried and scared for you.",
    ],
)
def test_shaming_threatening_or_sad_words_fail_the_tone_check(text):
    assert not nudge_tone_ok(text)


def test_the_example_voice_passes():
    assert nudge_tone_ok(
        "Eliza has been thinking about your Spanish — Ana will love hearing about it."
    )
