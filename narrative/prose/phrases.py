"""The words of a beat without a model: every slot's alternatives, as data (grammar.py
chooses and fills them).

A phrase writes facts by name in braces; a name with a capital first letter ("{Place}") is
the same fact with its first letter capitalised, for the start of a sentence. A phrase
sleeps while a fact it writes is unknown (no first name, no choice), so every slot keeps at
least one phrase that needs nothing but the scene. Facts every scene has: place, when,
light, act, chapter, hello (", Maya" or nothing). Move phrases add at (the move's place),
thing, who, to, item, giver, holder, by, by_poss ("your", "Mira's") and event.

Kind, never punishing: no phrase counts time away, mourns, hurries, or says "missed",
"failed", "lost", "broke"; nothing here uses the nudge tone check's banned framings
(tests/narrative/prose/test_grammar.py reads every phrase through it).
"""

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
        "the shadows have grown long and blue",
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

# -- the planned moves, one sentence each -----------------------------------------------------
# Keys: the op, then who does it ("hero" is you) or what kind of thing it is.

MOVES: dict[str, tuple[str, ...]] = {
    "discover": (
        "Around a bend in the path you come upon {thing}, a place new to your map.",
        "The path opens up, and there it is: {thing}, waiting to be found.",
        "You step into {thing} for the very first time, and your map grows a little.",
        "A new place opens before you: {thing}.",
    ),
    "introduce.person": (
        "{Thing} comes over to meet you with a warm smile.",
        "You meet {thing}, who greets you like an old friend.",
        "Someone new waves to you from across the way: {thing}.",
        "At {at} you meet {thing}, and it feels as if you have known each other for years.",
    ),
    "introduce.item": (
        "Something catches your eye at {at}: {thing}, resting where anyone might find it.",
        "Resting nearby, you notice {thing}.",
        "At {at} you spot {thing}, set down with care.",
    ),
    "introduce.item.hero": (
        "{Thing} is placed gently into your hands.",
        "You are given {thing} to carry with you.",
        "Someone presses {thing} into your hands with a smile.",
    ),
    "introduce.item.other": (
        "{Holder} brings out {thing} and keeps it close.",
        "{Thing} appears in the hands of {holder}.",
    ),
    "introduce.event": (
        "Something new appears at {at}: {thing}.",
        "Word spreads along the paths: {thing}, and people come to see.",
        "{Thing} appears at {at}, and the whole place brightens.",
    ),
    "move.hero": (
        "You set off toward {to}, the path easy under your feet.",
        "You walk on to {to}.",
        "Your steps carry you to {to}.",
    ),
    "move.other": (
        "{Who} sets off toward {to}.",
        "{Who} heads for {to} with an easy stride.",
        "{Who} walks on to {to}, humming.",
    ),
    "give.take.hero": (
        "You pick up {item} and keep it with you.",
        "You take {item} from where it rests.",
        "You lift {item} carefully and tuck it into your pack.",
    ),
    "give.take.other": (
        "{Item} passes into the care of {to}.",
        "{Item} now rests with {to}.",
    ),
    "give.from_you": (
        "You leave {item} in the care of {to}.",
        "You entrust {item} to {to}.",
        "You pass {item} along to {to}, glad to share it.",
    ),
    "give.to_you": (
        "{Giver} hands you {item}.",
        "{Giver} places {item} in your hands, smiling.",
        "{Giver} gives you {item} to keep.",
    ),
    "give.between": (
        "{Giver} passes {item} into the care of {to}.",
        "{Giver} hands {item} on to {to}.",
    ),
    "use.hero": (
        "You lift {item}, and it does just what you need.",
        "You put {item} to good use.",
        "You use {item}, and it answers you kindly.",
    ),
    "use.hero.spent": (
        "You use {item}, and it gives everything it had, its work complete.",
        "You put {item} to use one final time; its work is done, and done well.",
    ),
    "use.other": (
        "{Who} puts {item} to good use.",
        "{Who} uses {item} with practised hands.",
    ),
    "use.other.spent": (
        "{Who} uses {item} until its work is done.",
        "{Who} puts {item} to use one final time, and it gives everything it had.",
    ),
    "leave.hero": (
        "You take your leave of {at} with a wave.",
        "You say goodbye to {at} for now.",
    ),
    "leave.other": (
        "{Who} waves goodbye and goes on their way, with a promise to see you again.",
        "{Who} sets off on a road of their own for a while.",
        "{Who} says a warm goodbye for now.",
    ),
    # The event is a thing that appears ("a flower box for “Run 2 km”", "the ferry home").
    "cause": (
        "Because of {by_poss} steady work, something new is here at {at}: {event}.",
        "{By_poss} effort sets something lovely in motion: {event}.",
        "Thanks to {by}, the valley has something new at {at}: {event}.",
        "Where there was nothing before, there is now {event}, and {by} made it so.",
        "People stop on their way past {at} to look at what {by} made: {event}.",
        "{By_poss} work leaves its mark at {at}: {event}, for anyone to see.",
        "Everyone at {at} can see it now: {event}, thanks to {by}.",
        "A small wonder takes its place at {at}, {by_poss} doing: {event}.",
        "Look what {by} left at {at}: {event}.",
        "Nobody planned it, but {at} now has {event}, thanks to {by}.",
        "{At} gains {event}, and everyone knows it was {by}.",
        "A child at {at} is the first to spot what {by} made: {event}.",
        "There is {event} at {at} now, and it is {by_poss}.",
        "The valley keeps count of {by_poss} work in its own way: {event}, at {at}.",
    ),
    # A side chapter's event is the time spent ("an evening with Mira the Lamplighter").
    "cause.side": (
        "{Event}: a small chapter of its own, and one the valley will remember.",
        "And so {event} becomes part of your story, and part of {at}'s too.",
        "Long after, people at {at} still smile about it: {event}.",
    ),
}

# The same moves in a few words, for a scene with many of them.
MOVES_TERSE: dict[str, tuple[str, ...]] = {
    "discover": ("You find {thing}.", "You discover {thing}."),
    "introduce.person": ("You meet {thing}.", "{Thing} says hello."),
    "introduce.item": ("You notice {thing}.", "{Thing} rests nearby."),
    "introduce.item.hero": ("You receive {thing}.", "{Thing} is yours to carry."),
    "introduce.item.other": ("{Holder} holds {thing}.",),
    "introduce.event": ("{Thing} appears.", "{Thing} appears at {at}."),
    "move.hero": ("You go to {to}.", "You walk to {to}."),
    "move.other": ("{Who} goes to {to}.", "{Who} heads for {to}."),
    "give.take.hero": ("You take {item}.", "You pick up {item}."),
    "give.take.other": ("{Item} rests with {to}.",),
    "give.from_you": ("You give {item} to {to}.",),
    "give.to_you": ("{Giver} gives you {item}.",),
    "give.between": ("{Giver} gives {item} to {to}.",),
    "use.hero": ("You use {item}.",),
    "use.hero.spent": ("You use {item} to the end.",),
    "use.other": ("{Who} uses {item}.",),
    "use.other.spent": ("{Who} uses {item} to the end.",),
    "leave.hero": ("You leave {at}.",),
    "leave.other": ("{Who} goes on their way.", "{Who} waves goodbye."),
    "cause": ("{Event} is here now, thanks to {by}.",),
    "cause.side": ("{Event} is part of your story now.",),
}

# -- what things are: a scenario's description in a sentence ------------------------------
# The forms (grammar.description_form): "noun" (a description that is a noun phrase, "A warm
# square …"), "it" ("It glows …", the name takes its place), "verb" ("Keeps the lanterns …":
# the name is its subject), "other" (any other sentence, quoted as the valley's saying).

DESCRIBE: dict[str, tuple[str, ...]] = {
    "noun": ("{Name} is {description}", "You can tell at once that {name} is {description}"),
    "it": ("{Name}{rest}",),
    "verb": ("{Name} {description}",),
    "other": (
        "Of {name}, people here say: “{Description}”",
        "About {name}, the valley likes to say: “{Description}”",
    ),
}

# The words that tell the forms apart: a noun phrase's article, and the first words of a
# verb's object ("Keeps the …", "Plants a …").
ARTICLES = frozenset({"a", "an", "the"})
OBJECT_STARTS = frozenset(
    {"a", "an", "the", "your", "every", "each", "all", "its", "their", "his", "her", "one", "some"}
)

# How the place looks, when its description is not told by a discovery.
SETTING = (
    "{sentence} You stop for a moment to take it all in.",
    "{sentence} It is a good place to be.",
    "{sentence} The air here feels friendly and easy.",
)

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
    # {toward}: the goals those missions were for, quoted ("“Run a 5k” and “Read more”").
    "toward": (
        "All of it for {toward}, a little closer now.",
        "It was all a step toward {toward}.",
        "{Toward} is nearer for it.",
        "That brings {toward} a step closer.",
        "Bit by bit, {toward} comes within reach.",
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

# -- optional paragraphs: added when the beat is short ----------------------------------

PREVIOUS = (
    "The last page ended with “{previous}”, and this one picks up the thread.",
    "After “{previous}”, the story walks on.",
)
CHAPTER_NOW = (
    "This part of your story is {chapter}, in {act}.",
    "You are in {chapter} now, a chapter of {act}.",
)
QUEST_MESSAGE = (
    "Eliza's words when it opened: “{quest_message}”",
    "A note came with it, in Eliza's hand: “{quest_message}”",
)
COMPANY = (
    "With you at {place}: {people}.",
    "Good company is here too: {people}.",
)
PACK = (
    "In your pack you carry {items}.",
    "You have {items} with you.",
)
# What earlier days left at the place, seen again ({marks}: "the sapling for “Read”").
MARKS_HERE = (
    "Around {place}, your earlier marks are still here: {marks}.",
    "{Place} keeps what you left before: {marks}.",
    "On the way in you pass {marks}, all of it still here.",
    "Some things here are yours from other days: {marks}.",
)
# A gift given in a side chapter, remembered when its keeper is here again.
KEPT = (
    "{Person} still keeps {item} you gave them, where everyone can see it.",
    "{Item}, your gift, has a place of honour with {person} now.",
    "{Person} shows you {item} you gave them, kept safe and well loved.",
)

# Scene colour with no new fact in it: a few sentences each, kind in every case. No named
# person, place or item of the scenario (the story's world knows only what was introduced).
AMBIENT: dict[str, tuple[str, ...]] = {
    "morning": (
        "Somewhere a kettle sings. Neighbours open their shutters and call good morning "
        "across the lane, and a warm loaf cools on a windowsill, filling the whole street "
        "with its smell.",
        "Birds chatter cheerfully in the eaves. The paths are still cool underfoot, and the "
        "day ahead feels wide open, with room in it for whatever you choose.",
        "A lamplighter walks the lanes with a long pole, turning the lanterns down for the "
        "day, and nods to you the way people nod to someone who belongs here.",
    ),
    "afternoon": (
        "Children chase each other between the market stalls, and an old dog naps in a "
        "patch of sun. The valley goes about its afternoon at an easy pace.",
        "Bees drift between the flower boxes. Someone is mending a fence, someone else is "
        "reading on a bench, and the valley has the calm, busy feel of a good afternoon.",
        "A cart rolls by with baskets of apples, and the driver tosses you one with a wink. "
        "It is sweet and crisp, and it tastes like a good day.",
    ),
    "evening": (
        "The smell of supper drifts out of open doors. A lamplighter passes with a long "
        "pole, and each lantern she touches wakes with a small, golden glow.",
        "The day's work is done, and people gather on their steps to talk. Laughter "
        "carries across the square, easy and warm.",
        "Swallows loop above the rooftops in the soft light. Somewhere someone is playing a "
        "fiddle, slowly, and a few people stop to listen.",
    ),
    "night": (
        "Crickets sing in the long grass. High above, the stars keep their slow turning, "
        "and the lanterns answer them, one small light at a time.",
        "Most windows have gone to sleep, but the lanterns along the paths glow steady and "
        "kind, marking every way home.",
        "An owl calls softly from the trees. The air is cool and clean, and the whole "
        "valley breathes slowly, at peace.",
    ),
}
VALLEY = (
    "The valley is like that: it notices small things. A step taken, a promise kept, a few "
    "calm minutes given to something that matters. Each one adds a little more light.",
    "Eliza, who tells this story, likes this part best: the moment when something small "
    "turns out to matter. Here, it always does.",
    "There is no rush in the valley. Paths wait, doors stay open, and every lantern that "
    "was lit stays lit, glowing softly along the way.",
    "Every light here was lit by someone keeping a small promise to themselves. Some of "
    "those lights are yours, and they glow as brightly as any.",
    "If you listen, you can hear the valley growing: a new stone settling into the road, a "
    "seed stirring in the soil, a page turning somewhere.",
)

# Words that say a place is known from before: never for a place the hero comes to for the
# first time (grammar's openings; checks.familiarity_problem reads any draft with them).
FAMILIAR = re.compile(
    r"\b(?:again|as usual|the usual|as you remember|as you left|as ever|an old friend|"
    r"than before|coming home|the way you do|knows your (?:foot)?steps|worn smooth)\b",
    re.IGNORECASE,
)
