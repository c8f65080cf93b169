"""The scene's words: titles, the part of day and its light, a chapter's start, the opening
paragraph and a side chapter's first lines; and the words that claim a place is known."""

from __future__ import annotations

import re

# -- titles (at most grammar.TITLE_MAX_CHARS once filled; longer ones sleep) -----------------

TITLES: dict[str, tuple[str, ...]] = {
    "opening": (
        "First Light at {place}",
        "The First Lantern",
        "A Valley Waking",
        "Where the Story Begins",
        "{act}",
    ),
    "milestone": (
        "For “{mission}”",
        "The Day of “{mission}”",
        "After “{mission}”",
        "Another Lantern Lit",
        "What Your Hands Made",
        "Small Lights, Steady Hands",
        "Footsteps at {place}",
        "A Brighter Lantern",
    ),
    "streak": (
        "{days_title} of Light",
        "A Road of {days_title}",
        "The Steady Flame",
        "Stone by Stone",
        "The Path Knows Your Steps",
    ),
    "goal": (
        "“{goal}”, Reached",
        "A Promise Kept",
        "The Beacon Answers",
        "The View from Up Here",
        "A Whole Thing, Finished",
    ),
    "comeback": (
        "Welcome Home",
        "The Lanterns Kept Their Light",
        "A Warm Return",
        "Tea at {place}",
        "The Ferry at the Shore",
    ),
    "quiet_week": (
        "A Restful Week",
        "The Valley Rested",
        "Soft Days",
        "The Lanterns Kept Their Light",
        "A Gentle Week at {place}",
    ),
    "quest": (
        "{Quest}",
        "A Hidden Door Opens",
        "A Secret of the Valley",
        "Something Waiting at {place}",
    ),
    "side": (
        "{Choice_told}",
        "A Side Path",
        "A Detour Worth Taking",
        "Off the Main Road",
    ),
}

# -- the scene: part of day, a chapter's start, the opening paragraph -----------------------

WHEN = {"morning": "this morning", "afternoon": "this afternoon", "evening": "this evening",
        "night": "tonight"}  # fmt: skip

# A clause that colours the scene with the part of day; used as "{Light}." or "and {light}".
LIGHT: dict[str, tuple[str, ...]] = {
    "morning": (
        "the morning light is soft and new",
        "the first sun is warming the stones",
        "a cool breeze carries the smell of fresh bread",
        "dew still shines on the grass",
        "birds are busy in the hedges",
        "the valley is waking up slowly",
        "mist is lifting off the fields",
    ),
    "afternoon": (
        "the afternoon sun sits high and warm",
        "the long afternoon hums with small, good work",
        "warm light pours across the paths",
        "the air is bright and the sky wide open",
        "bees hum over the warm flower boxes",
        "the shade under the trees is cool",
    ),
    "evening": (
        "the lanterns are coming on one by one",
        "the sky is turning gold and rose",
        "the evening air smells of woodsmoke and supper",
        "the last of the sunlight lingers on the rooftops",
        "swallows are cutting loops over the square",
        "the shadows stretch long and soft",
        "the first lamps glow in the windows",
        "the river shines the colour of honey",
        "the hills have gone soft and purple",
    ),
    "night": (
        "the stars are out over the valley",
        "the lanterns glow softly under a sky full of stars",
        "the night is calm and the moon is bright",
        "every lantern along the paths burns steady",
        "crickets sing in the long grass",
        "a silver moon hangs over the roofs",
        "the windows glow warm against the dark",
        "an owl calls from somewhere far off",
    ),
}

CHAPTER_BEGINS = (
    "A new chapter begins: {chapter}.",
    "The next page turns, and a chapter opens: {chapter}, in {act}.",
)
CHAPTER_OPENS = (
    "A new chapter begins: {chapter}. {chapter_description}",
    "Here begins {chapter}, a new chapter of {act}. {chapter_description}",
    "The next page turns, and a chapter opens: {chapter}. {chapter_description}",
)

OPENINGS: dict[str, tuple[str, ...]] = {
    "opening": (
        "Your story begins {when} at {place}, where {light}. This is {act}, and the valley "
        "is glad you came{hello}.",
        "{Light} as you arrive at {place}. Nobody here asks anything of you; they simply "
        "make room at the table and pour you a cup of tea.",
        "Welcome to the valley{hello}. {Light}, and {place} is the first place to greet "
        "you, warm and unhurried.",
        "Every story starts somewhere, and yours starts {when} at {place}. {Light}, and a "
        "map full of blank spaces waits to be filled in, one small step at a time.",
    ),
    "milestone": (
        "You come to {place} {when}, and {light}. You carry the easy tiredness of work "
        "well done, and people smile when they see you.",
        "{Light}. At {place}, someone looks up and grins: they can tell you have been busy "
        "in the best way.",
        "{When}, {place} feels a little brighter than before. {Light}, and you know why: "
        "some of that light is yours.",
        "You walk into {place} {when} with a lighter step. {Light}, and the valley seems "
        "to lean in to hear what you have done.",
    ),
    "streak": (
        "Day after day you keep coming, and {when} the road to {place} knows your "
        "footsteps. {Light}.",
        "{Place} greets you like an old friend {when}{hello}. {Light}, and the path under "
        "your feet is worn smooth by your own steady steps.",
        "The road out of the valley grows a stone for every day you show up, and {when} it "
        "stretches a little further toward {place}. {Light}.",
        "{Light} as you come to {place} again, the way you do, steady as the turning of the days.",
    ),
    "goal": (
        "{Light} as you reach {place}, and for a moment everything is still and bright.",
        "Something has changed {when} at {place}: {light}, and every face turns toward you "
        "with a smile.",
        "You arrive at {place} carrying something whole and finished{hello}. {Light}, and "
        "the valley seems to hold its breath in the best way.",
        "{When}, the path to {place} feels shorter than it ever has. {Light}, and you walk "
        "it with your head high.",
    ),
    "comeback": (
        "Welcome back{hello}. {Light}, and {place} opens its arms as if you had stepped "
        "out a moment ago.",
        "{Place} is just as warm as you remember. {Light}, and someone has already set out "
        "a cup of tea for you.",
        "You step into {place} {when}, and it feels like coming home. {Light}, and the "
        "lanterns are glowing just as you left them.",
        "The ferry bumps gently against the shore, and {place} is right there, bright and "
        "welcoming{hello}. {Light}.",
    ),
    "quiet_week": (
        "It was a gentle week in the valley. {Light}, and {place} is calm and welcoming, "
        "every lantern still glowing.",
        "The valley took a slow, restful week, and {when} {place} is as warm as ever"
        "{hello}. {Light}.",
        "{Light}. The valley rested this week, the way valleys do, and the lanterns kept "
        "their light the whole time.",
        "Some weeks are for resting, and the valley knows it. {When}, at {place}, {light}, "
        "and everything is right where it belongs.",
    ),
    "quest": (
        "{Light} at {place}, and something you have never seen before is waiting there.",
        "Not every part of the valley is on the map{hello}. {When}, at {place}, a hidden "
        "door swings gently open.",
        "{Light}. At {place}, a secret of the valley chooses this moment to show itself to you.",
        "You come to {place} {when} expecting the usual, and find something new: a door "
        "that was not there before. {Light}.",
    ),
    # With a choice, the side chapter opens with one that names it (SIDE_CHOSEN).
    "side": (
        "Off the main road, {when}, you wander toward {place}. {Light}, and there is no "
        "rush at all.",
        "You take the side path you picked{hello}. {Light}, and {place} is waiting at the "
        "end of it, curious to meet you.",
        "Not every road goes straight ahead. {When}, a little detour brings you to {place}, "
        "and {light}.",
    ),
}

# A side chapter's host acts and speaks: a small exchange, drawn from the hero's real
# progress when there is some ({progress}: a mission quoted, or days in a row). A scenario's
# person may bring lines of their own ("exchange"), told first.
SIDE_EXCHANGE = (
    "{Host} pours two cups of tea and asks about your day. You tell {host} about {progress}, "
    "and {host} listens to every word. “That is how the valley grows,” {host} says. “One "
    "real thing at a time.”",
    "{Host} walks beside you for a while. “I heard about {progress},” {host} says. “Tell me "
    "how it felt.” You tell the whole story, and {host} laughs in all the right places.",
    "“You look like someone who kept a promise today,” {host} says, and makes room for you "
    "on the bench. The two of you talk until the lanterns come on, about {progress} and "
    "about nothing at all.",
    "{Host} shows you a favourite corner of {place}, where the light falls just right. "
    "“Come back whenever you like,” {host} says. “There is always room for you here.”",
    "{Host} hands you something warm to hold and asks what you hope for next. You answer, "
    "and {host} nods slowly. “Then that is where we will go,” {host} says.",
)

SIDE_CHOSEN = (
    "You chose a side path: “{choice}”. {Light}, and {place} is where it begins.",
    "“{choice}”: that is the path you picked{hello}, and {when} it leads you to {place}. {Light}.",
    "Today the story takes the side path you chose, “{choice}”. {Light}, and {place} "
    "waits at its start.",
)

# Words that say a place is known from before: never for a place the hero comes to for the
# first time (grammar's openings; checks.familiarity_problem reads any draft with them).
FAMILIAR = re.compile(
    r"\b(?:again|as usual|the usual|as you remember|as you left|as ever|an old friend|"
    r"than before|coming home|the way you do|knows your (?:foot)?steps|worn smooth)\b",
    re.IGNORECASE,
)
