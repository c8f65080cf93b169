"""The person's own material in a beat (phrases/material.py): real numbers and their own
past, told instead of the valley's strangers when a passage wants words.

Fact lines join the progress paragraph: how far a goal has come ("count"), a habit's days
this month ("month"), and a round number of missions since the story began ("ever").
Optional lines follow it: a past passage recalled and the reason written for a goal, each
told once in a story (the story keeps "recall:<id>" and "why:<goal>" as told); and a moment
of the hero's own with the next mission in mind ("next:<title>", once for each); and
someone here the hero met speaking of the day's work.
"""

from __future__ import annotations

from collections.abc import Sequence

from delight.ai.text import number_words, ordinal_words, quotes_nested
from narrative.prose import parts
from narrative.prose.chooser import Chooser
from narrative.prose.facts import BeatFacts
from narrative.prose.phrases import material as phrases
from narrative.prose.text import name_mid, quoted, title_quoted

FACTS = ("count", "month", "ever")
MONTH_FROM = 3  # a habit's days this month are told from this many
ROUND = (10, 25, 50, 75, 100)  # missions since the story began worth saying; then each 50
ROUND_AFTER = 50
WEEKDAY_DAYS = 8  # a past day is named by its weekday up to this many days ago


def ago_words(days: int, weekday: str = "") -> str:
    """When a past passage was, as a person says it: "last Thursday" within a week or so
    (its weekday known), "two weeks ago", "a month ago", else "nine days ago"."""
    if weekday and 1 < days <= WEEKDAY_DAYS:
        return f"last {weekday}"
    if days == 14:
        return "two weeks ago"
    if 28 <= days <= 31:
        return "a month ago"
    return f"{number_words(days)} days ago"


def _round_reached(facts: BeatFacts) -> int:
    """The round number of missions since the story began that this beat's missions
    reached (ROUND, then every ROUND_AFTER), or 0."""
    ever, count = facts.missions_ever, max(facts.missions_count, len(facts.missions))
    if not count:
        return 0
    rounds = [*ROUND, *range(ROUND[-1] + ROUND_AFTER, ever + 1, ROUND_AFTER)]
    return next((mark for mark in rounds if ever - count < mark <= ever), 0)


def counts_name_goal(facts: BeatFacts) -> bool:
    """Whether the count line names the only goal the missions were for (the line that
    says which goal they count toward then says nothing more)."""
    return len(facts.goals_towards) == 1 and bool(facts.goal_counts)


def fact_line(fact: str, facts: BeatFacts, choose: Chooser) -> str:
    """The line of one of FACTS for this beat, or "" when it has nothing to tell."""
    if fact == "count" and facts.goal_counts:
        return _count_line(facts, choose)
    if fact == "month":
        return _month_line(facts, choose)
    if fact == "ever" and (reached := _round_reached(facts)):
        return choose.pick("fact.ever", phrases.EVER, ever=number_words(reached))
    return ""


def _count_line(facts: BeatFacts, choose: Chooser) -> str:
    title, done, total = facts.goal_counts[0]
    goal = title_quoted(title)
    if done >= total:
        return choose.pick("fact.count", phrases.GOAL_ALL, goal_one=goal)
    if done < 1:
        return ""
    words = {
        "done": number_words(done),
        "total": number_words(total),
        "done_is": "is" if done == 1 else "are",
        "left_is": "is" if total - done == 1 else "are",
    }
    return choose.pick(
        "fact.count", phrases.GOAL_COUNT, goal_one=goal, left=number_words(total - done), **words
    )


def _month_kept(facts: BeatFacts) -> tuple[str, int]:
    """The first habit kept on MONTH_FROM days or more this month, more days than the beat
    tells it was kept on since the last one (else the month says nothing new), and its
    days; ("", 0) when none was (or the month is unknown)."""
    since = (*facts.habit_days, *[0] * len(facts.habits))
    kept = zip(facts.habits, since, facts.habits_month, strict=False)
    found = next(((t, d) for t, s, d in kept if d >= MONTH_FROM and d > s and t.strip()), ("", 0))
    return found if facts.month else ("", 0)


def month_names_habit(facts: BeatFacts) -> bool:
    """Whether the month's line names the only habit, kept today alone (the line that says
    it was kept then says nothing more)."""
    return len(facts.habits) == 1 and facts.habit_days[:1] == (1,) and _month_kept(facts)[1] > 0


def _month_line(facts: BeatFacts, choose: Chooser) -> str:
    title, days = _month_kept(facts)
    if not days:
        return ""
    return choose.pick(
        "fact.month",
        phrases.HABIT_MONTH,
        habit_one=title_quoted(title),
        month_days=f"{number_words(days)} days",
        nth=ordinal_words(days),
        month=facts.month,
    )


def recall_line(facts: BeatFacts, choose: Chooser) -> str:
    """A past passage recalled (its place, its mission, how long ago), once in a story."""
    key = facts.recall_key
    if not key or not facts.recall_mission.strip() or choose.times_told(key):
        return ""
    here = facts.recall_place == facts.place.name
    line = choose.pick(
        "recall",
        phrases.RECALL_HERE if here else phrases.RECALL,
        ago=ago_words(facts.recall_days, facts.recall_weekday),
        recall_place=name_mid(facts.recall_place),
        recall_mission=title_quoted(facts.recall_mission),
    )
    choose.said[key] = line
    return line


def why_line(facts: BeatFacts, choose: Chooser) -> str:
    """The reason the person wrote for a goal, in their words, once for each goal."""
    key = f"why:{facts.why_goal}"
    if not facts.why.strip() or not facts.why_goal.strip() or choose.times_told(key):
        return ""
    line = choose.pick(
        "why", phrases.WHY, why_goal=title_quoted(facts.why_goal), why=quoted(facts.why)
    )
    choose.said[key] = line
    return line


def next_line(facts: BeatFacts, choose: Chooser) -> str:
    """The hero pausing somewhere with the goal's next mission in mind, composed of parts
    ("You sit a while by the old well, already thinking of “Fix the legs”."), once for each
    next mission."""
    key = f"next:{facts.goal_next}"
    if not facts.goal_next.strip() or choose.times_told(key):
        return ""
    pause = choose.pick("next-pause", parts.PAUSE)
    where = choose.pick_after("next-where", parts.WHERE, before=f"{pause} ")
    think = choose.pick_after("next-think", parts.THINK, before=f"{where}, ")
    line = f"{pause} {where}, {think} {title_quoted(facts.goal_next)}."
    choose.said[key] = line
    return line


def remark_line(facts: BeatFacts, choose: Chooser, *, people: Sequence[str]) -> str:
    """One of the `people` here the hero met (first names) speaking of the day's real work:
    the goal's next mission once the hero has had it in mind (asked of once), else today's
    first mission; "" with no one here or no mission."""
    if not people or not facts.missions:
        return ""
    asked = f"asked:{facts.goal_next}"
    ask = bool(facts.goal_next.strip()) and bool(choose.times_told(f"next:{facts.goal_next}"))
    ask = ask and not choose.times_told(asked)
    words = {
        "name": choose.pick("remark-who", people),
        "mission_one": title_quoted(facts.missions[0]),
        "next": title_quoted(facts.goal_next) if ask else "",
    }
    action = choose.pick("remark-action", phrases.REMARK_ACTION, **words)
    said = choose.pick("remark", phrases.REMARK["next" if ask else "mission"], **words)
    line = quotes_nested(f"{action} {said}")
    if ask:
        choose.said[asked] = line
    return line
