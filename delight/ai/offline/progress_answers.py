"""Eliza's answer to a question about progress (act_replies' "progress" act): their goals,
how far one is, how many missions are done, how long is left to a goal's date, and the
streak after them."""

from __future__ import annotations

import re

from delight.ai.offline import act_words as words
from delight.ai.offline.act_input import ActInput
from delight.ai.offline.banks import named
from delight.ai.offline.context import ReplyContext
from delight.ai.offline.streak_answers import asks_about_streak, names_streak, streak_answer
from delight.ai.text import STOPWORDS, normalise_words, word_set

# Words of a question about progress that name no goal ("how far am i on the 5k thing").
GOAL_WORDS = word_set("goal goals far along thing progress much way done doing going")


def progress(given: ActInput) -> list[str]:
    """Their goals when asked what they are; how far a goal named in the question is (its
    plan's state when it has no count yet), or each goal when none is named and the
    question is not about the streak; then the streak."""
    if _WHICH_GOALS.search(given.text) and given.ctx.goals:
        each = [_goal_progress(goal, given.ctx) for goal in given.ctx.goals[:3]]
        return [" ".join(each)]
    if _HOW_MANY_DONE.search(given.text) and (counted := _missions_done(given.ctx)):
        return [counted]
    if _TIME_LEFT.search(given.text) and not asks_about_streak(given.text):
        # "how long until the weekend": she counts down only to their goals' dates
        return [_time_left(given) or words.TIME_LEFT_UNKNOWN]
    answer = streak_answer(given.text, given.ctx.streak, asked=True)
    if goal := _goal_asked(given.text, given.ctx):
        return [f"{_goal_progress(goal, given.ctx)} {answer}".strip()]
    if given.ctx.goals and _PROGRESS_ASKED.search(given.text) and not names_streak(given.text):
        # "how is my progress": their goals first, then the streak.
        each = [_goal_progress(goal, given.ctx) for goal in given.ctx.goals[:3]]
        return [" ".join([*each, answer]).strip()]
    return [answer or named(words.PROGRESS_NONE, given.ctx.name)]


# Asked how they are doing on the whole ("how is my progress"), not of the streak alone.
_PROGRESS_ASKED = re.compile(
    r"\b(?:progress|how am i doing|how(?:'?s| is) (?:it|everything) going|how far)\b", re.I
)
# Time enough for "plenty of small steps" (eight weeks).
ROOMY_DAYS = 56
# Asked how long is left ("how long till the 10k", "how many weeks do i have left").
_TIME_LEFT = re.compile(
    r"\bhow (?:long|much time|many (?:days|weeks|months))\b[^.?!]*\b(?:till|til|until|to go"
    r"|left|do i (?:have|get)|have i got|before|away)\b"
    r"|\bwhen(?:'?s| is) (?:it|my \w+(?: goal)?|the \w+) (?:due|happening)\b"
    r"|\bwhat(?:'?s| is) (?:my|the) (?:deadline|target date)\b",
    re.IGNORECASE,
)


def _time_left(given: ActInput) -> str:
    """The goal asked about (or the only one), its target date and how far away it is on
    the person's clock; "" when no goal with a date is meant."""
    # "how long till the weekend" names no goal; "whens it due" means the only one.
    only = given.ctx.goals[0] if len(given.ctx.goals) == 1 else ""
    title = _goal_asked(given.text, given.ctx) or (only if _POINTS_AT_IT.search(given.text) else "")
    note = next((g for g in given.ctx.goal_notes if g.title == title and g.due), None)
    if note is None or note.days_left is None:
        return ""
    if note.days_left < 0:
        return words.GOAL_DUE_PASSED.format(goal=note.title, due=note.due_said)
    said = words.GOAL_DUE.format(goal=note.title, due=note.due_said, left=_span(note.days_left))
    return f"{said} {words.GOAL_DUE_ROOMY}" if note.days_left >= ROOMY_DAYS else said


_POINTS_AT_IT = re.compile(
    r"\b(?:it|its|deadline|target|left|to go|have i got|do i have|i'?ve got)\b", re.IGNORECASE
)


def _span(days: int) -> str:
    """How far away `days` is, in the unit a person would use."""
    if days == 0:
        return "today"
    if days == 1:
        return "tomorrow"
    if days < 14:
        return f"{days} days from now"
    if days < 63:
        return f"about {round(days / 7)} weeks from now"
    return f"about {round(days / 30.44)} months from now"


_WHICH_GOALS = re.compile(
    r"\bwhat(?:'?s| is| are) my goals?\b|\bwhat goals?\b|\bremind me (?:of )?(?:what )?my goals?",
    re.IGNORECASE,
)


_HOW_MANY_DONE = re.compile(
    r"\bhow many (?:missions|tasks|things|steps)\b[^.?!]*\b(?:done|did|finished|completed|ticked)"
    r"\b",
    re.IGNORECASE,
)


def _missions_done(ctx: ReplyContext) -> str:
    """How many missions they have done, per goal whose missions were counted ("" when
    none was)."""
    counted = [note for note in ctx.goal_notes if note.done is not None and note.accepted]
    if not counted:
        return ""
    total = sum(note.done or 0 for note in counted)
    each = "; ".join(
        words.MISSIONS_DONE_OF.format(done=note.done, accepted=note.accepted, goal=note.title)
        for note in counted[:3]
    )
    lead = (
        words.MISSIONS_DONE_NONE
        if not total
        else words.MISSIONS_DONE.format(count=total, s="" if total == 1 else "s")
    )
    return f"{lead} {each}."


def _goal_asked(text: str, ctx: ReplyContext) -> str:
    """The goal a question names by a word of its title ("the 5k thing"), or the only goal
    when it asks about "my goal"."""
    said = set(normalise_words(text)) - STOPWORDS - GOAL_WORDS
    mentioned = [g for g in ctx.goals if said & (set(normalise_words(g)) - STOPWORDS)]
    if len(mentioned) == 1:
        return mentioned[0]
    return ctx.goals[0] if len(ctx.goals) == 1 and "goal" in text.lower() else ""


def _goal_progress(goal: str, ctx: ReplyContext) -> str:
    if goal in ctx.planning:
        return words.GOAL_PLANNING.format(goal=goal)
    if goal in ctx.reviewing:
        return words.GOAL_REVIEWING.format(goal=goal)
    percent = ctx.progress.get(goal, 0)
    if not percent:
        return words.GOAL_NOT_STARTED.format(goal=goal)
    return words.GOAL_PROGRESS.format(goal=goal, percent=percent)
