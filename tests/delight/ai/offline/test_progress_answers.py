"""Eliza's answer to a question about progress (delight/ai/offline/progress_answers.py)."""

from __future__ import annotations

from delight.ai.offline import GoalNote, ReplyContext, StreakNote
from delight.ai.offline.act_input import ActInput
from delight.ai.offline.progress_answers import progress

CONTEXT = ReplyContext(
    name="Lena",
    goal_notes=(GoalNote("Finish one painting", percent=25),),
    streak=StreakNote(3, 5, 20, 0),
)


def test_a_question_about_progress_as_a_whole_tells_each_goal_then_the_streak():
    said = progress(ActInput("hows my progress", CONTEXT, 0, False, False))[0]

    assert said.startswith("You're 25% of the way to “Finish one painting”.")
    assert "3-day streak" in said


def test_a_word_about_the_streak_alone_gets_the_streak_alone():
    said = progress(ActInput("streak", CONTEXT, 0, False, False))[0]

    assert said.startswith("You're on a 3-day streak")
