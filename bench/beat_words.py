"""A story beat's words without a model: how long the grammar and the checks take per beat.

    .venv/bin/python bench/beat_words.py               # 5,000 beats
    .venv/bin/python bench/beat_words.py --beats 500   # a quick look

Target (issue 21): a beat written and validated at p95 <= 50 ms; the grammar alone is meant
to stay well under 5 ms. No database: the beats are random facts over a small valley (every
kind and part of day, 0-8 planned moves, 0-5 mission titles, short and long reflections),
and each is checked as the model's words would be (length, tone, quoted facts).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import common  # noqa: F401 (puts the project on sys.path)

from delight.ai.story import (
    BEAT_KINDS,
    HERO,
    PARTS_OF_DAY,
    BeatFacts,
    Thing,
    beat_text_offline,
    length_problem,
    quoted_facts,
    tone_problem,
)

PLACES = (
    Thing("commons", "The Commons", "A warm square with long tables, where people meet."),
    Thing("arena", "The Arena", "An open ring of sand and stone where bodies train."),
    Thing("orchard", "The Orchard", "Rows of young trees, each planted on a good day."),
)
PEOPLE = (
    Thing("mira", "Mira the Lamplighter", "Keeps the valley's lanterns and tends every one."),
    Thing("tomas", "Tomas the Trainer", "A patient coach who cheers the first lap."),
)
ITEMS = (
    Thing("lantern", "A small lantern", "It glows a little brighter each day you show up."),
    Thing("star-map", "The star map", "Shows the roads you have walked."),
)
NAMES = {thing.key: thing.name for thing in (*PLACES, *PEOPLE, *ITEMS)}
TITLES = ("Run 2 km", "Call the bank about the mortgage", "Read 20 pages of the novel " * 4)


def random_facts(rng: random.Random, seed: int) -> BeatFacts:
    keys = [HERO, *NAMES]
    moves = tuple(
        {"op": "move", "place": "commons", "who": rng.choice(keys), "to": rng.choice(keys)}
        for _ in range(rng.randint(0, 8))
    )
    return BeatFacts(
        kind=rng.choice(BEAT_KINDS),
        seed=seed,
        act_name="First Light",
        chapter_name="The First Spark",
        chapter_description="In the Arena, a small effort makes a small light.",
        place=rng.choice(PLACES),
        chapter_opens=rng.random() < 0.2,
        first_name=rng.choice(("", "Maya")),
        part_of_day=rng.choice(PARTS_OF_DAY),
        people=PEOPLE[: rng.randint(0, 2)],
        items_held=ITEMS[: rng.randint(0, 2)],
        moves=moves,
        names=NAMES,
        missions=tuple(rng.choice(TITLES) for _ in range(rng.randint(0, 5))),
        missions_count=rng.randint(0, 9),
        minutes=rng.choice((0, 25, 90)),
        streak_days=rng.choice((0, 1, 7, 30)),
        goal_title=rng.choice(("", "Run a 5k by June")),
        reflection=rng.choice(("", "It felt easier than I expected.", "Calm and steady. " * 60)),
    )


def percentiles(timings: list[float]) -> str:
    timings = sorted(timings)
    p95 = timings[int(len(timings) * 0.95) - 1]
    return f"p50 {statistics.median(timings):.2f} ms, p95 {p95:.2f} ms, max {timings[-1]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beats", type=int, default=5000)
    beats = parser.parse_args().beats
    rng = random.Random(21)
    all_facts = [random_facts(rng, seed) for seed in range(beats)]
    beat_text_offline(all_facts[0])  # warm: imports, the lexicon, caches
    tone_problem(all_facts[0], "warm")
    written, validated, lengths = [], [], []
    for facts in all_facts:
        started = time.perf_counter()
        beat = beat_text_offline(facts)
        done = time.perf_counter()
        problems = [
            length_problem(beat.text),
            tone_problem(facts, beat.text),
            "" if quoted_facts(facts, beat.text) or not facts.cited() else "uncited",
        ]
        checked = time.perf_counter()
        assert not any(problems), problems
        written.append((done - started) * 1000)
        validated.append((checked - started) * 1000)
        lengths.append(len(beat.text.split()))
    median = statistics.median(lengths)
    print(f"{beats} beats, {min(lengths)}-{max(lengths)} words (median {median})")
    print(f"written:               {percentiles(written)}")
    print(f"written and validated: {percentiles(validated)}")


if __name__ == "__main__":
    main()
