"""The parts a paragraph of scene colour is composed of (narrative.prose.composed): someone of
the valley doing something somewhere, then what the air holds and how it feels.

A run of eight words repeats only where the same two parts meet again (composed.py never
lets them, while another meeting is left): a part that follows another begins with two words
no other part of its table begins with (a place, its first word), and a part is short enough
(seven words at most; six before a place, a sense or a feeling) that eight words reach them.
Every person is one, of no named sex (a part fits any other). No named person, place or item
of the scenario, nothing that claims the hero knows the place (the statement checks),
nothing unkind.
"""

from __future__ import annotations

WHO = (
    "A baker in a floury apron",
    "An old man with a cane",
    "A girl in a yellow scarf",
    "A boy with muddy knees",
    "A traveller with a heavy pack",
    "A neighbour in house slippers",
    "A child with a paper boat",
    "A stranger in a straw hat",
    "A grandmother with her knitting",
    "A potter with clay-grey hands",
    "The youngest of the miller's children",
    "A shepherd with a crooked staff",
    "A fisher with a dripping line",
    "Someone in a patched green coat",
)

DOING: dict[str, tuple[str, ...]] = {
    "morning": (
        "sweeps a doorstep, humming to nobody",
        "sets out a table of jam jars",
        "waves good morning, still half asleep",
        "carries warm bread wrapped in cloth",
        "shakes a rug out of a window",
        "leads a stubborn goat down the lane",
        "counts eggs into a wicker basket",
        "waters the geraniums on a sill",
        "hurries past with a steaming mug",
        "props a gate open for the day",
    ),
    "afternoon": (
        "dozes on a bench under a newspaper",
        "trades apples for a jar of honey",
        "mends a fence post, whistling",
        "teaches a puppy to sit, without luck",
        "paints a door the colour of sky",
        "reads aloud to a row of ducks",
        "argues cheerfully about the best pie",
        "hangs washing between two trees",
        "sells lemonade from a wobbly cart",
        "carries a ladder past, very carefully",
    ),
    "evening": (
        "lights a candle in a front window",
        "calls the children in for supper",
        "sits on a step, shelling peas",
        "shares soup over the fence",
        "closes the shutters one by one",
        "plays a slow tune on a flute",
        "walks by with a loaf underarm",
        "sets a lantern on a garden wall",
        "waves goodnight from a doorway",
        "brings the washing in before the dew",
    ),
    "night": (
        "walks softly, humming under their breath",
        "checks the lanterns along the lane",
        "stands at a window, watching the stars",
        "carries a sleeping child up the path",
        "latches a gate as quietly as possible",
        "leaves a saucer out for the cat",
        "sits up late, writing a long letter",
        "pauses on the bridge to listen",
        "tucks a blanket over a sleeping dog",
        "banks the fire for the morning",
    ),
}

WHERE = (
    "by the old well",
    "at the end of the lane",
    "outside the bakery",
    "near the little bridge",
    "under the big chestnut tree",
    "beside the village pump",
    "on the corner of the square",
    "in a patch of light",
    "past the duck pond",
    "along the low stone wall",
)

SENSE: dict[str, tuple[str, ...]] = {
    "morning": (
        "The air smells of fresh bread",
        "Dew still beads on the grass",
        "A rooster crows, rather late",
        "Somewhere a kettle starts to whistle",
        "Chimney smoke rises straight up",
        "The light is thin and gold",
        "Shutters creak open up the street",
    ),
    "afternoon": (
        "Bees drift between the flower boxes",
        "The cobbles are warm underfoot",
        "Somewhere a dog barks at nothing",
        "Cut grass scents the breeze",
        "The weathervane turns lazily",
        "Clouds move slow as grazing sheep",
        "The market hums with small bargains",
    ),
    "evening": (
        "The smell of supper drifts past",
        "Swallows loop low over the rooftops",
        "The sky turns apricot and rose",
        "Pots clatter in a dozen kitchens",
        "Long shadows stretch across the square",
        "A fiddle starts up somewhere nearby",
        "First stars prick above the hills",
    ),
    "night": (
        "Crickets sing in the long grass",
        "An owl calls from the trees",
        "Stars lie thick as spilled sugar",
        "A window glows, then goes dark",
        "The river murmurs to itself",
        "Cool air smells of pine",
        "The moon silvers every roof",
    ),
}

FEEL = (
    "and nobody is in a hurry",
    "and the world feels wide open",
    "and you breathe a little slower",
    "and somehow the valley settles",
    "and it is easy to smile",
    "and for a while that is enough",
    "and everything feels the right size",
    "and kindness hangs in the air",
    "and lingering feels allowed",
    "and your shoulders drop an inch",
)

# A title of two parts, for a kind whose own titles were all told: "Steady Embers",
# "Seeds and Lanterns" (words of the valley, true of any passage).
TITLE_ADJECTIVES = (
    "Small",
    "Quiet",
    "Steady",
    "Bright",
    "Patient",
    "Golden",
    "Gentle",
    "Honest",
    "Early",
    "Warm",
    "Kind",
    "Stubborn",
)
TITLE_NOUNS = (
    "Lanterns",
    "Footsteps",
    "Hours",
    "Promises",
    "Embers",
    "Mornings",
    "Sparks",
    "Stones",
    "Seeds",
    "Roads",
    "Candles",
    "Tides",
)
