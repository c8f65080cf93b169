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
    "A weaver with ink-blue fingers",
    "A beekeeper in a veiled hat",
)

DOING: dict[str, tuple[str, ...]] = {
    "morning": (
        "sweeps a doorstep and hums to nobody",
        "sets out a table of jam jars",
        "yawns a cheerful good morning",
        "carries warm bread wrapped in cloth",
        "shakes a rug out of a window",
        "leads a stubborn goat down the lane",
        "counts eggs into a wicker basket",
        "waters the geraniums on a sill",
        "hurries past with a steaming mug",
        "props a gate open for the day",
        "feeds the hens in striped pyjamas",
        "ties a ribbon on a gatepost",
    ),
    "afternoon": (
        "dozes on a bench under a newspaper",
        "trades apples for a jar of honey",
        "whistles while mending a fence post",
        "tries to teach a puppy to sit",
        "paints a door the colour of sky",
        "reads aloud to a row of ducks",
        "argues cheerfully about the best pie",
        "hangs washing between two trees",
        "sells lemonade from a wobbly cart",
        "carries a ladder very carefully",
        "shells beans into a blue bowl",
        "flies a kite from a wall",
    ),
    "evening": (
        "lights a candle in a front window",
        "calls the children in for supper",
        "shells peas on a low step",
        "shares soup over the fence",
        "closes the shutters one by one",
        "plays a slow tune on a flute",
        "walks by with a loaf underarm",
        "sets a lantern on a garden wall",
        "waves goodnight from a doorway",
        "brings the washing in before the dew",
        "rakes the last leaves together",
        "counts fireflies out loud",
    ),
    "night": (
        "hums softly on the way home",
        "checks the lanterns along the lane",
        "watches the stars from a window",
        "carries a sleeping child up the path",
        "latches a gate as quietly as possible",
        "leaves a saucer out for the cat",
        "writes a long letter by candlelight",
        "pauses on the bridge to listen",
        "tucks a blanket over a sleeping dog",
        "banks the fire for the morning",
        "feeds a fire with pinecones",
        "whistles to a wandering dog",
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
    "across from the cobbler's",
    "out by the hay barn",
    "between two leaning cottages",
    "opposite the little school",
)

SENSE: dict[str, tuple[str, ...]] = {
    "morning": (
        "The air smells of warm toast",
        "Dew still beads on the grass",
        "A rooster crows, rather late",
        "Somewhere a kettle starts to whistle",
        "Chimney smoke rises straight up",
        "The light is thin and gold",
        "Shutters creak open up the street",
        "Mist lifts off the meadow",
        "Wet leaves shine on the hedges",
        "A cockerel argues with the sunrise",
        "Cold water gurgles in the gutters",
        "Smoke curls from the bakery chimney",
    ),
    "afternoon": (
        "Bees drift between the flower boxes",
        "The cobbles are warm underfoot",
        "Somewhere a dog barks at nothing",
        "Cut grass scents the breeze",
        "The weathervane turns lazily",
        "Clouds move slow as grazing sheep",
        "The market hums with small bargains",
        "Warm dust hangs in the sunbeams",
        "A cat stretches along a sill",
        "Laundry snaps gently on a line",
        "Far off, someone is hammering",
        "The scent of thyme wanders by",
    ),
    "evening": (
        "The smell of supper drifts past",
        "Swallows loop low over the rooftops",
        "The sky turns apricot and rose",
        "Pots clatter in a dozen kitchens",
        "Long shadows stretch across the square",
        "A fiddle starts up somewhere nearby",
        "First stars prick above the hills",
        "Bread ovens cool with small ticks",
        "Candles bloom in the windows",
        "The breeze smells of woodsmoke",
        "Moths gather around the lanterns",
        "Distant bells ring the hour",
    ),
    "night": (
        "Crickets sing in the long grass",
        "An owl calls from the trees",
        "Stars lie thick as spilled sugar",
        "A window glows, then goes dark",
        "The river murmurs to itself",
        "Cool air smells of pine",
        "The moon silvers every roof",
        "Frogs keep time by the water",
        "Dew settles on the fences",
        "A fox trots across the road",
        "Wind chimes stir on a porch",
        "Far stars wink over the hills",
    ),
}

FEEL = (
    "and nothing has to be quick",
    "and the world feels wide open",
    "and you breathe a little slower",
    "and somehow the valley settles",
    "and it is easy to smile",
    "and for a while that is enough",
    "and everything feels the right size",
    "and kindness hangs in the air",
    "and lingering feels allowed",
    "and your shoulders drop an inch",
    "and time loosens its grip",
    "and something in you unclenches",
    "and all is well enough",
    "and a smile finds you",
)

# How a stroll goes on from one scene of colour to the next (composed.stroll_composed).
FURTHER = (
    "Nearby,",
    "A little further on,",
    "Across the way,",
    "Close by,",
    "Just beyond,",
    "Further along,",
    "Not far off,",
    "Round the corner,",
)

# An opening of parts, for a passage whose kind's own openings were all told: "{arrive}
# {mood}." then "{Light}, {reaction}." (the beat's light). Arriving names the place and the
# part of day, never claiming the hero was there before nor that it is new; the mood and the
# reaction are true after any day of real work.
ARRIVE = (
    "You come to {place} {when}",
    "You reach {place} {when}",
    "{When}, your steps bring you to {place}",
    "You wander into {place} {when}",
    "You find your way to {place} {when}",
    "{When}, the path brings you to {place}",
    "You stop by {place} {when}",
    "You make your way to {place} {when}",
    "{When}, you turn toward {place}",
    "You arrive at {place} {when}",
    "You drift over to {place} {when}",
    "{When}, the lane leads you to {place}",
    "You head for {place} {when}",
    "{When}, you set off for {place}",
)
MOOD = (
    "with a spring in your step",
    "carrying the easy tiredness of good work",
    "with your sleeves still rolled up",
    "humming something under your breath",
    "taking the long way round",
    "with mud on your boots",
    "a little tired and very pleased",
    "still smiling about the day",
    "with the work all done",
    "glad of the walk",
    "swinging your arms as you go",
    "pleased with how it went",
    "light on your feet",
    "quietly proud of yourself",
    "whistling a tune you half remember",
    "at an easy, steady pace",
)
REACTION = (
    "and someone looks up and grins",
    "and the whole valley seems to listen",
    "and part of that glow is yours",
    "and people wave as you pass",
    "and a dog comes to greet you",
    "and laughter drifts out of a doorway",
    "and nobody minds the time",
    "and it suits your mood exactly",
    "and everything feels freshly washed",
    "and even the birds sound pleased",
    "and you feel you belong here",
    "and somewhere a kettle starts to sing",
    "and your shoulders finally relax",
    "and good smells drift from a kitchen",
    "and two friends wave from a bench",
    "and every doorway seems to say hello",
)

# The light of a part of day in two short clauses ("the sun sits high, bees hum"), for a
# passage once the stock lights of its part (phrases.LIGHT) were all told: any two of a part
# make sense together, and each is short enough that eight words repeat only where the same
# two meet again.
LIGHT_PARTS: dict[str, tuple[str, ...]] = {
    "morning": (
        "the light is soft and new",
        "the first sun warms the stones",
        "a cool breeze moves",
        "dew still shines",
        "birds are busy in the hedges",
        "mist lifts off the fields",
        "the valley wakes slowly",
        "somewhere bread is baking",
    ),
    "afternoon": (
        "the sun sits high",
        "warm light pours down",
        "bees hum in the flower boxes",
        "the sky is wide open",
        "a warm wind wanders",
        "the shade is cool",
        "washing flaps on the lines",
        "the day hums along",
    ),
    "evening": (
        "the lanterns come on",
        "the sky turns gold",
        "woodsmoke drifts from the chimneys",
        "the last sun lingers",
        "swallows loop over the square",
        "the shadows stretch long",
        "the first lamps glow",
        "the hills go soft and purple",
    ),
    "night": (
        "the stars are out",
        "the moon is up",
        "the lanterns burn low",
        "a soft wind stirs",
        "an owl calls",
        "the night is clear",
        "the river hums low",
        "the windows glow warm",
    ),
}

# A mark of the hero's work told in parts, once the stock lines that tell one were all told:
# "{lead} {core}{join} {event}{end}" ("Thanks to you, the Commons gains something new: a sapling for
# “Run 2 km”."). A lead ends in a comma; a core names the place ({at}, mid-sentence) in at
# most five words of its own, so eight words in a row repeat only where a lead and a core
# meet again; a join leads to the mark, and an end follows it.
CAUSE_LEAD = (
    "Because of your steady work,",
    "Thanks to you,",
    "To everyone's delight,",
    "Where there was nothing before,",
    "All of it your doing,",
    "For anyone passing to see,",
    "Before long,",
    "Quietly, and by your hand,",
    "Just like that,",
    "In plain sight,",
)
CAUSE_CORE = (
    "something new stands at {at}",
    "{at} gains something new",
    "a small wonder settles at {at}",
    "there is something fresh at {at}",
    "{at} has a new sight",
    "people at {at} gather round",
    "{at} has something to show",
    "paths at {at} lead somewhere new",
    "{at} looks a little different",
    "{at} wakes to a surprise",
)
# A join never says "it" (after "{at} looks a little different", "it" would be the place).
CAUSE_JOIN = (":", ". Look closer:", ". There it stands:", ". Right there:", ". Over there:")
CAUSE_END = (".", ", and it is yours.", ", yours to keep.")

# The hero pausing somewhere (parts.WHERE) with the next mission in mind: "{pause} {where},
# {think} {next}." ("You sit a while by the old well, already thinking of “Fix the legs”.")
PAUSE = (
    "You sit a while",
    "You lean on a fence",
    "You stop for a breath",
    "You rest your feet",
    "You linger a moment",
    "You take it easy",
    "You stand a minute",
    "You find a seat",
)
THINK = (
    "already thinking of",
    "and think of what comes next:",
    "with the next step in mind:",
    "and look ahead to",
    "turning over what is next:",
    "half planning",
)

# What a day of missions leaves in the valley, named after the mission it answers ("A
# lantern for “Run 2 km”"): each done mission's own, so a story of many is not all lanterns.
MARKS = (
    "A lantern",
    "A flower box",
    "A painted sign",
    "A wind chime",
    "A new bench",
    "A kite on the hill",
    "A mended gate",
    "A sapling",
    "A bird house",
    "A stone step",
    "A string of paper stars",
    "A fresh coat of paint",
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
