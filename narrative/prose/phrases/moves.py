"""The planned world changes told, one sentence each, and what things are."""

from __future__ import annotations

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
        "To everyone's delight, {at} now has {event}, thanks to {by}.",
        "{At} gains {event}, and everyone knows it was {by}.",
        "A child at {at} is the first to spot what {by} made: {event}.",
        "There is {event} at {at} now, and {by} made it.",
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
