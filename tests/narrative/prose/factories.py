"""Builders for the story's words: a small valley of places, people and items (like the
scenario's), a beat's facts with every kind of fact, and the facts' shapes as hypothesis
strategies."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import strategies as st

from narrative.prose import BEAT_KINDS, HERO, PARTS_OF_DAY, BeatFacts, Change, Thing

COMMONS = Thing("commons", "The Commons", "A warm square with long tables, where people meet.")
ARENA = Thing("arena", "The Arena", "An open ring of sand and stone where bodies train.")
ORCHARD = Thing("orchard", "The Orchard", "Rows of young trees, each planted on a good day.")
MIRA = Thing("mira", "Mira the Lamplighter", "Keeps the valley's lanterns and tends every one.")
TOMAS = Thing("tomas", "Tomas the Trainer", "A patient coach who cheers the first lap.")
WREN = Thing("wren", "Wren the Gardener", "")
LANTERN = Thing("lantern", "A small lantern", "It glows a little brighter each day you show up.")
STAR_MAP = Thing("star-map", "The star map", "Shows the roads you have walked.")
SEEDS = Thing("seed-pouch", "A pouch of seeds", "Each seed grows into a tree.")
THINGS = (COMMONS, ARENA, ORCHARD, MIRA, TOMAS, WREN, LANTERN, STAR_MAP, SEEDS)
NAMES = {thing.key: thing.name for thing in THINGS} | {"feast": "The Feast of First Light"}
PEOPLE = (MIRA, TOMAS, WREN)
ITEMS = (LANTERN, STAR_MAP, SEEDS)
PLACES = (COMMONS, ARENA, ORCHARD)

LONG_TITLE = (
    "Write the quarterly report draft for the regional planning committee, with every "
    "appendix, the budget tables and a summary of the stakeholder interviews from spring"
)
REFLECTION = "It felt easier than I expected, and I want to do it again tomorrow."

# One change of each shape a beat tells, with the names it must say.
MOVES: dict[str, tuple[Change, tuple[str, ...]]] = {
    "discover": ({"op": "discover", "place": "arena", "key": "arena"}, ("the Arena",)),
    "introduce a person": (
        {"op": "introduce", "place": "arena", "kind": "person", "key": "tomas"},
        ("Tomas the Trainer",),
    ),
    "introduce an item lying there": (
        {"op": "introduce", "place": "arena", "kind": "item", "key": "star-map"},
        ("the star map",),
    ),
    "introduce an item to the hero": (
        {"op": "introduce", "place": "arena", "kind": "item", "key": "lantern", "holder": HERO},
        ("a small lantern",),
    ),
    "introduce an item to someone": (
        {
            "op": "introduce",
            "place": "arena",
            "kind": "item",
            "key": "seed-pouch",
            "holder": "mira",
        },
        ("a pouch of seeds", "Mira the Lamplighter"),
    ),
    "introduce an event": (
        {"op": "introduce", "place": "commons", "kind": "event", "key": "feast"},
        ("the Feast of First Light",),
    ),
    "the hero moves": (
        {"op": "move", "place": "commons", "who": HERO, "to": "orchard"},
        ("the Orchard",),
    ),
    "someone moves": (
        {"op": "move", "place": "commons", "who": "mira", "to": "arena"},
        ("Mira the Lamplighter", "the Arena"),
    ),
    "the hero takes an item": (
        {"op": "give", "place": "commons", "item": "lantern", "to": HERO},
        ("a small lantern",),
    ),
    "an item is left at a place": (
        {"op": "give", "place": "commons", "item": "lantern", "to": "commons", "giver": HERO},
        ("a small lantern", "the Commons"),
    ),
    "someone gives the hero an item": (
        {"op": "give", "place": "commons", "item": "star-map", "to": HERO, "giver": "mira"},
        ("the star map", "Mira the Lamplighter"),
    ),
    "someone gives someone an item": (
        {"op": "give", "place": "commons", "item": "seed-pouch", "to": "tomas", "giver": "mira"},
        ("a pouch of seeds", "Tomas the Trainer", "Mira the Lamplighter"),
    ),
    "the hero uses an item": (
        {"op": "use", "place": "commons", "who": HERO, "item": "lantern", "used_up": False},
        ("a small lantern",),
    ),
    "someone uses an item up": (
        {"op": "use", "place": "commons", "who": "tomas", "item": "seed-pouch", "used_up": True},
        ("Tomas the Trainer", "a pouch of seeds"),
    ),
    "someone leaves": ({"op": "leave", "place": "commons", "who": "tomas"}, ("Tomas the Trainer",)),
    "an event is caused": (
        {
            "op": "cause",
            "place": "commons",
            "key": "feast",
            "by": "mira",
            "name": "The Feast of First Light",
        },
        ("the Feast of First Light", "Mira the Lamplighter"),
    ),
}


def make_facts(*, kept: tuple[tuple[str, int, int], ...] | None = None, **fields: Any) -> BeatFacts:
    """A milestone beat at the Commons with every fact known, unless told otherwise; `kept`,
    the habits kept as (title, days since the last beat, days this month)."""
    if kept is not None:
        fields |= {
            "habits": tuple(title for title, _, _ in kept),
            "habit_days": tuple(days for _, days, _ in kept),
            "habits_month": tuple(month for _, _, month in kept),
        }
    base = BeatFacts(
        kind="milestone",
        seed=7,
        act_name="First Light",
        chapter_name="The First Spark",
        chapter_description="In the Arena, a small effort makes a small light.",
        place=COMMONS,
        first_name="Maya",
        part_of_day="evening",
        people=(MIRA,),
        items_held=(LANTERN,),
        moves=(MOVES["introduce a person"][0], MOVES["the hero takes an item"][0]),
        names=NAMES,
        missions=("Run 2 km before breakfast", "Stretch for ten minutes"),
        missions_count=2,
        minutes=45,
        streak_days=7,
        goal_title="Run a 5k by June",
        reflection=REFLECTION,
        quest_title="Twenty days unbroken",
    )
    return dataclasses.replace(base, **fields)


def make_bare_facts(**fields: Any) -> BeatFacts:
    """A beat that knows nothing but its scene: no progress, no moves, no one here."""
    return dataclasses.replace(
        make_facts(),
        **{
            "first_name": "",
            "people": (),
            "items_held": (),
            "moves": (),
            "missions": (),
            "missions_count": 0,
            "minutes": 0,
            "streak_days": 0,
            "goal_title": "",
            "reflection": "",
            "quest_title": "",
            **fields,
        },
    )


# -- the facts' shapes, for hypothesis --------------------------------------------------------

keys = st.sampled_from([HERO, *NAMES])
changes = st.one_of(
    st.sampled_from([change for change, _ in MOVES.values()]),
    st.fixed_dictionaries(
        {"op": st.just("move"), "place": st.just("commons"), "who": keys, "to": keys}
    ),
    st.fixed_dictionaries(
        {"op": st.just("give"), "place": st.just("commons"), "item": keys, "to": keys},
        optional={"giver": keys},
    ),
)
titles = st.sampled_from(["Run 2 km", "Call the bank", LONG_TITLE, "Read 20 pages"])
reflections = st.sampled_from(["", REFLECTION, " ".join(["Steady work, calm mind."] * 100)])
beat_facts = st.builds(
    make_facts,
    kind=st.sampled_from(BEAT_KINDS),
    seed=st.integers(min_value=0, max_value=2**31),
    place=st.sampled_from(PLACES),
    chapter_opens=st.booleans(),
    first_name=st.sampled_from(["", "Maya"]),
    part_of_day=st.sampled_from(PARTS_OF_DAY),
    people=st.lists(st.sampled_from(PEOPLE), max_size=3, unique=True).map(tuple),
    items_held=st.lists(st.sampled_from(ITEMS), max_size=3, unique=True).map(tuple),
    moves=st.lists(changes, max_size=10).map(tuple),
    missions=st.lists(titles, max_size=5).map(tuple),
    missions_count=st.integers(min_value=0, max_value=40),
    minutes=st.sampled_from([0, 1, 45, 600]),
    streak_days=st.sampled_from([0, 1, 7, 365]),
    streak_category=st.sampled_from(["", "health"]),
    goal_title=st.sampled_from(["", "Run a 5k by June", LONG_TITLE]),
    reflection=reflections,
    notes=st.sampled_from(["", "the dog stole a sock mid-stretch", REFLECTION * 4]),
    quest_title=st.sampled_from(["", "Twenty days unbroken"]),
    quest_message=st.sampled_from(["", "Five late evenings under the dome. The stars smile."]),
    choice_label=st.sampled_from(["", "A morning in the Orchard"]),
    previous_title=st.sampled_from(["", "The First Lantern", "A Restful Week"]),
    goals_towards=st.sampled_from([(), ("Read more books",), ("Read more books", LONG_TITLE)]),
    goal_counts=st.sampled_from([(), (("Read more books", 3, 9),), ((LONG_TITLE, 4, 4),)]),
    goal_next=st.sampled_from(["", "Read 20 pages", LONG_TITLE]),
    why_goal=st.sampled_from(["", "Read more books", LONG_TITLE]),
    why=st.sampled_from(["", "I want to feel like myself again", REFLECTION * 3]),
    kept=st.sampled_from([(), (("Meditate", 1, 9),), (("Meditate", 71, 31), ("Walk", 3, 2))]),
    month=st.sampled_from(["", "December"]),
    missions_ever=st.integers(min_value=0, max_value=400),
    recall_key=st.sampled_from(["", "recall:1"]),
    recall_days=st.sampled_from([5, 7, 30]),
    recall_place=st.sampled_from(["The Commons", "The Arena"]),
    recall_mission=st.sampled_from(["", "Run 2 km", LONG_TITLE]),
)


# -- a model's answers ------------------------------------------------------------------------

KIND_PARAGRAPH = (
    "Mira the Lamplighter smiles and pours you a cup of tea. The square is warm and calm, "
    "and the evening smells of fresh bread and woodsmoke."
)


def model_text(*, quote: str = "“Run 2 km before breakfast”", words: int = 240) -> str:
    """A kind passage of at least `words` words in paragraphs, its first quoting `quote`."""
    paragraphs = [f"The lanterns of the Commons glow as you arrive, Maya. You finished {quote}."]
    while sum(len(paragraph.split()) for paragraph in paragraphs) < words:
        paragraphs.append(KIND_PARAGRAPH)
    return "\n\n".join(paragraphs)


def model_change(op: str, **fields: Any) -> dict[str, Any]:
    """A change as a strict structured answer gives it: every field, null when unused."""
    every = ("place", "key", "kind", "name", "holder", "who", "to", "item", "giver", "by")
    return {"op": op, **dict.fromkeys(every), "used_up": None, **fields}


def model_answer(
    *, title: str = "Tea at the Commons", text: str = "", changes: tuple = ()
) -> dict[str, Any]:
    return {"title": title, "text": text or model_text(), "changes": list(changes)}
