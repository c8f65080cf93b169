"""The person's own material around a beat's news (narrative.prose.material fills them): how
far a goal has come, a habit's days this month, the missions done since the story began, a
past passage recalled, and the reason they wrote for a goal.

Quoted facts come quoted ({goal_one}, {habit_one}, {recall_mission}, {why}); numbers come as
words ({done}, {total}, {left}, {month_days}, {ever}, {ago}). Kind as every phrase: nothing
counts what was not done.
"""

from __future__ import annotations

# How far the goal the missions were for has come: {done} of {total}, {left} to go; {done_is}
# and {left_is}: "is" for one, "are" for more.
GOAL_COUNT = (
    "That makes {done} of {total} missions done for {goal_one}.",
    "{Goal_one} stands at {done} of {total} now.",
    "Of the {total} missions for {goal_one}, {done} {done_is} done.",
    "For {goal_one}: {done} done, {left} to go.",
    "Count them up: {done} of the {total} missions for {goal_one}.",
    "Now {left} of {total} {left_is} left before {goal_one} is reached.",
    "{Done} of {total} steps toward {goal_one} {done_is} taken.",
)
# Every mission of the goal is done, though the goal is not marked reached yet.
GOAL_ALL = (
    "Every mission for {goal_one} is done now.",
    "That was the last of the missions for {goal_one}.",
    "Nothing is left on the list for {goal_one}.",
)
# A habit's days this month so far ({month_days}: "nine days"; {nth}: "ninth"); each line
# names the habit, and stands in for the line that says it was kept.
HABIT_MONTH = (
    "{Habit_one} has been kept on {month_days} this {month}.",
    "{Habit_one} got its {nth} day this {month}.",
    "So far this {month}: {habit_one} on {month_days}.",
    "{Month} has seen {habit_one} on {month_days} already.",
    "You kept {habit_one} for the {nth} time this {month}.",
    "And {habit_one}, for the {nth} day this {month}.",
)
# A round number of missions reached since the story began.
EVER = (
    "That makes {ever} missions since your story began.",
    "Counting from the very first page, {ever} missions are done.",
    "Since the first page: {ever} missions, every one of them real.",
    "Somewhere in there was mission number {ever} since the story began.",
)
# A past passage recalled ({ago}: "last Thursday", "two weeks ago", "a month ago"). Between
# two facts no run of words is long: eight words in a row repeat only where the facts do.
RECALL = (
    "{Ago} you were at {recall_place}, with {recall_mission} just done.",
    "{Ago}, at {recall_place}, it was {recall_mission}.",
    "Think back to {ago}: {recall_place}, and {recall_mission}.",
    "{Ago} the story found you at {recall_place}, fresh from {recall_mission}.",
    "{Recall_mission} was {ago}, at {recall_place}.",
    "Remember {recall_place} {ago}? There was {recall_mission}.",
    "{Ago} had you at {recall_place}, and {recall_mission} was done.",
)
# The same, when the place recalled is the place of this scene.
RECALL_HERE = (
    "{Ago} you stood right here, fresh from {recall_mission}.",
    "You were here {ago} too, the day of {recall_mission}.",
    "{Recall_mission} was {ago}, in this very place.",
    "Here, {ago}, it was {recall_mission}.",
    "This spot remembers {ago}: {recall_mission}.",
)
# The reason the person wrote for a goal, told once for each goal.
WHY = (
    "When you set out on {why_goal}, you wrote why: {why}",
    "Why {why_goal}? In your own words: {why}",
    "{Why_goal} has a reason, and it is yours: {why}",
    "It helps to remember why {why_goal} matters. You wrote: {why}",
    "You gave {why_goal} a reason when it began: {why}",
)
# Someone here the hero met before, speaking of the day's real work ({name}: their first
# name; {mission_one}: today's first mission; {next}: the goal's next mission).
REMARK_ACTION = (
    "{Name} catches your eye.",
    "{Name} looks up as you pass.",
    "{Name} waves you over.",
    "{Name} falls into step beside you.",
    "{Name} leans on a gate to talk.",
    "{Name} stops you with a smile.",
    "{Name} calls across to you.",
)
REMARK: dict[str, tuple[str, ...]] = {
    "mission": (
        "“{Mission_one}, was it? I could tell.”",
        "“I heard about {mission_one}. Well done.”",
        "“So {mission_one} is done. Sit a minute.”",
        "“{Mission_one}! Tell me how it went.”",
        "“Was that {mission_one} today? Good for you.”",
    ),
    "next": (
        "“And next it's {next}, I hear?”",
        "“After this, {next}. I'll be watching.”",
        "“{Next} next, is it? One thing at a time.”",
        "“Is {next} tomorrow's, then?”",
    ),
}
