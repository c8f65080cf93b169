"""The person's real progress told: a lead, a line for each fact, kind words when there is
nothing to count, and the closing line."""

from __future__ import annotations

# -- the person's real progress ------------------------------------------------------------

LEADS: dict[str, tuple[str, ...]] = {
    "opening": (
        "And this story is made of real things.",
        "Here is where the valley's light comes from.",
    ),
    "milestone": (
        "Every light in this valley answers something real, and these are yours.",
        "This page is made of real work, your own.",
        "The valley grows when you do, and you did.",
    ),
    "streak": (
        "The stones in the road are real, and so are the days they stand for.",
        "This steadiness is yours, out in your own world too.",
    ),
    "goal": (
        "This is what the whole valley is celebrating.",
        "Here is what the beacon is answering.",
    ),
    "comeback": (
        "And the moment you arrived, you did something.",
        "You picked things up gently, and it counts.",
    ),
    "quiet_week": (
        "Rest is part of every road, and there was good in this week too.",
        "A gentle week still holds good things.",
    ),
    "quest": (
        "Doors like this one open for a reason, and here it is.",
        "The valley noticed something you did.",
    ),
    "side": (
        "Even on a side path, your real steps light the way.",
        "The detour is yours, and so is everything you did on the way.",
    ),
}

# One fact each; the quoted ones carry their own curly quotes where grammar.py builds them.
FACT_LINES: dict[str, tuple[str, ...]] = {
    "missions": (
        "You finished {missions}.",
        "Your own hands finished {missions}, one after another.",
        "Done and real: {missions}.",
        "Today's work, all of it real: {missions}.",
        "One by one you saw them through: {missions}.",
        "The list got shorter by your own hand: {missions}.",
        "{Missions}: each one begun, each one finished.",
    ),
    "mission": (
        "You finished “{mission}”, and a lantern brightened for it.",
        "“{mission}” is done, and the valley can tell.",
        "You saw “{mission}” through to the end.",
        "“{mission}”: started, worked at, finished.",
        "You did it, really did it: “{mission}”.",
        "“{mission}” is done now, and it went well.",
        "The day had “{mission}” in it, and you finished it.",
    ),
    "done": (
        "You finished {done}, and it all counts.",
        "You saw {done} through to the end, and the valley felt it.",
    ),
    # {habits}: "“Morning walk” on 5 days and “Read” on 2 days"
    "habits": (
        "You kept {habits}.",
        "You kept {habits}, and every one of those days counts.",
        "Quietly, steadily, you kept {habits}.",
    ),
    # {toward}: the goals those missions were for, quoted ("“Run a 5k” and “Read more”"): one
    # or several, so no verb agrees with it.
    "toward": (
        "All of it for {toward}, a little closer now.",
        "It was all a step toward {toward}.",
        "It brings you nearer to {toward}.",
        "That brings {toward} a step closer.",
        "Bit by bit, you come within reach of {toward}.",
        "It all counts toward {toward}.",
    ),
    # Each kept on one day: "“Morning walk” and “Read”".
    "habits_once": (
        "You kept up {habits} as well.",
        "You also made time for {habits}.",
        "{Habits} happened too, quietly and for real.",
        "And {habits}, the way you do it most days.",
        "There was time for {habits} too.",
    ),
    "minutes": (
        "You gave {minutes} of focus to the things that matter to you.",
        "{Minutes} of steady focus went into it.",
        "You sat down with it for {minutes}, and stayed.",
        "{Minutes} of your attention, given on purpose.",
        "For {minutes} the rest of the world could wait.",
        "You kept your mind on it for {minutes}.",
    ),
    "streak": (
        "You have shown up {days} in a row{category}, and the road has a stone for each.",
        "That makes {days} in a row{category}, every one of them a stone in the road.",
        "{Days} in a row{category}: the path remembers every one.",
    ),
    # A streak of one day: the first stone (still its count in digits).
    "streak_one": (
        "Day 1 of a new run{category}: the first stone is set in the road.",
        "That was day 1{category}, and the road already has its first stone.",
    ),
    "goal": (
        "You reached your goal, “{goal}”.",
        "“{goal}” is complete: a whole goal, carried all the way.",
        "Your goal “{goal}” is reached, from the first step to the last.",
    ),
    # Jotted during a session ({notes}, quoted).
    "notes": (
        "Along the way you noted: {notes}",
        "Mid-session you made a note: {notes}",
        "Your notes from the work say: {notes}",
        "In the middle of it, you wrote: {notes}",
    ),
    "reflection": (
        "Afterwards you wrote: {reflection}",
        "Your own words after the work: {reflection}",
        "You put it this way yourself: {reflection}",
    ),
    "quest": (
        "A hidden quest opened for you: “{quest}”.",
        "The valley opened a hidden quest in your name: “{quest}”.",
    ),
}

# When the beat has no progress to tell: kind words, never a count of what did not happen.
NOTHING_TO_COUNT: dict[str, tuple[str, ...]] = {
    "rest": (
        "Nothing needs counting on this page. Rest belongs to the road too, and the "
        "lanterns kept their light.",
        "This page asks nothing of you. The valley rested, the lanterns kept their light, "
        "and everything you have built is still here.",
    ),
    "any": (
        "Nothing needs counting on this page; the valley is simply glad you are here.",
        "This page is for arriving, and arriving is enough.",
    ),
}

CLOSINGS: dict[str, tuple[str, ...]] = {
    "opening": (
        "The map still has many blank spaces, and every one of them is yours to fill.",
        "Your story has begun, and the first lantern is already glowing.",
        "Welcome to the valley{hello}. The rest of the story is yours to write.",
    ),
    "milestone": (
        "A lantern burns a little brighter now, and it is yours.",
        "The valley is a little brighter for your work{hello}.",
        "Step by step, the lights keep coming back.",
    ),
    "streak": (
        "The road stretches on, one stone for each day, and the next one is yours whenever "
        "you come.",
        "Steady as a lantern's flame, you keep going{hello}.",
        "Day by day, the road grows, and so do you.",
    ),
    "goal": (
        "From up here you can see how far you have come, and the land ahead is wide open.",
        "The beacon on the hill answers with a glow of its own. Well done{hello}.",
        "A whole goal, reached. The valley will tell this one for a long time.",
    ),
    "comeback": (
        "Welcome home{hello}. The lanterns kept their light for you.",
        "Nothing here needs anything from you but your company, and it is good to have it.",
        "The valley is glad you are here, exactly as you are.",
    ),
    "quiet_week": (
        "The valley rested with you, and the lanterns kept their light.",
        "Everything you have built is still here, glowing softly, ready whenever you are.",
        "Rest well{hello}. The road will be here, and so will the light.",
    ),
    "quest": (
        "Some doors open for those who keep walking, and this one opened for you.",
        "The valley keeps a few secrets, and today it shared one with you{hello}.",
        "Whatever waits past the door, you have already earned the first step.",
    ),
    "side": (
        "The side path curls back to the main road whenever you like.",
        "Detours make the best stories{hello}.",
        "You can wander back to the main road whenever you please; this path was worth it.",
    ),
}
