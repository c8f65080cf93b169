"""Optional paragraphs a short beat may add: where the story stands, who and what is here,
what earlier days left, and the scene's stock colour."""

from __future__ import annotations

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
