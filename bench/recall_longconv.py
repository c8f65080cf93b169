"""Recall in long, real conversations: `.venv/bin/python bench/recall_longconv.py [--rebuild]`.

A benchmark nobody on the project wrote: LoCoMo (snap-research/locomo, CC BY-NC 4.0; kept
outside the repository, in `$DELIGHT_CORPORA/data/multimodal_dialog/locomo10_v2/*.json`, see
bench/eval_public.py): 10 conversations between two people over months (5,882 turns), 1,986
questions each with the turns that hold its answer. All of it is *untouched*: no ranking
constant was ever chosen by looking at it, and none may be.

1. Create (or reuse) the database `bench_longconv` on the embedded PostgreSQL (or
   --database-url), migrate it, and keep each conversation as one person's memories: a turn
   is one personal memory "Speaker: text", embedded by the process's embedder.
2. Ask every question of its conversation's person through `memory_recall` (k = 10), once
   for each way of ranking below, and count a question found at k when any (or all) of its
   evidence turns are among the first k memories.
   - recall, words by BM25: the app as it runs for a person whose memories the process
     keeps a copy of (companion.sketches; every person here, for this run);
   - recall, words by ts_rank: the app with no copy (PostgreSQL ranks the words);
   - words alone (BM25) and meaning alone (MiniLM or the hashing embedder): the baselines.
3. Print R@5 and R@10 (any evidence, all evidence) per way and per category (single-hop,
   multi-hop, temporal, open-domain, adversarial: questions with no true answer), and
   p50/p95 of a recall. Not a test: it never fails.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from common import bench_database_url, django_setup, figure, p95  # bench/ is on sys.path
from eval_public import CORPORA

DATABASE = "bench_longconv"
FOLDER = CORPORA / "data" / "multimodal_dialog" / "locomo10_v2"
PREFIX = "longconv-"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
K = 10


@dataclass(frozen=True)
class Question:
    person: object
    text: str
    evidence: frozenset[int]  # memory ids
    category: str


def turns_of(conversation: dict) -> list[dict]:
    """Every turn of a conversation in order: {"speaker", "dia_id", "text"}."""
    sessions = sorted(
        (int(key.split("_")[1]), turns)
        for key, turns in conversation.items()
        if key.startswith("session_") and isinstance(turns, list)
    )
    return [turn for _, turns in sessions for turn in turns if turn.get("text")]


def person_for(name: str, turns: list[dict], rebuild: bool) -> tuple[object, dict[str, int]]:
    """The person holding a conversation's turns (made once) and each turn's memory id."""
    from companion.models import Memory
    from delight.ai.runtime import default_engine
    from delight.models import User

    username = f"{PREFIX}{name}"
    if rebuild:
        User.objects.filter(username=username).delete()
    person, made = User.objects.get_or_create(username=username, defaults={"password": "!"})
    contents = [f"{turn['speaker']}: {turn['text']}" for turn in turns]
    if made:
        embedder = default_engine().embedder
        Memory.objects.bulk_create(
            Memory(
                user=person,
                tier="personal",
                content=content,
                embedding=vector,
                embedder=embedder.name,
                source="conversation",
            )
            for content, vector in zip(contents, embedder.embed(contents), strict=True)
        )
    ids = list(Memory.objects.filter(user=person).order_by("pk").values_list("pk", flat=True))
    if len(ids) != len(turns):
        raise SystemExit(f"{username}: {len(ids)} memories for {len(turns)} turns; --rebuild")
    return person, {turn["dia_id"]: pk for turn, pk in zip(turns, ids, strict=True)}


def questions(rebuild: bool) -> list[Question]:
    files = sorted(FOLDER.glob("*.json"))
    if not files:
        raise SystemExit(f"no LoCoMo in {FOLDER} (see this file's docstring)")
    asked = []
    for path in files:
        conversation = json.loads(path.read_text())
        person, ids = person_for(path.stem, turns_of(conversation), rebuild)
        for qa in conversation["qa"]:
            evidence = frozenset(ids[dia] for dia in qa.get("evidence", []) if dia in ids)
            if evidence:
                category = CATEGORIES.get(qa.get("category"), "other")
                asked.append(Question(person, qa["question"], evidence, category))
    return asked


def ways() -> dict[str, Callable[[Question], list[int]]]:
    """Each way of ranking: the memory ids it returns for a question, best first."""
    from django.conf import settings

    from companion import selectors, sketches
    from delight.ai.runtime import default_engine

    embedder = default_engine().embedder

    def recall(question: Question) -> list[int]:
        found = selectors.memory_recall(user=question.person, query=question.text, k=K)
        return [item.memory.pk for item in found]

    def without_copy(question: Question) -> list[int]:
        kept = settings.RECALL_CACHE_MB
        settings.RECALL_CACHE_MB = 0
        try:
            return recall(question)
        finally:
            settings.RECALL_CACHE_MB = kept

    def words_alone(question: Question) -> list[int]:
        made = sketches.lists(
            user_id=question.person.pk, embedder=embedder.name,
            vector=embedder.embed_one(question.text), tiers=None, size=K,
            words=question.text, limit=K,
        )  # fmt: skip
        assert made is not None
        return [int(pk) for pk in made.worded.strip("{}").split(",") if pk]

    def meaning_alone(question: Question) -> list[int]:
        nearest = selectors.memory_nearest(
            user_id=question.person.pk, vector=embedder.embed_one(question.text),
            embedder=embedder.name, limit=K,
        )  # fmt: skip
        return [pk for pk, _ in nearest]

    return {
        "recall, words by BM25": recall,
        "recall, words by ts_rank": without_copy,
        "words alone (BM25)": words_alone,
        f"meaning alone ({embedder.name})": meaning_alone,
    }


def measure(chosen: dict[str, Callable[[Question], list[int]]], asked: list[Question]) -> dict:
    """Each way's hits (any@5, all@5, any@10, all@10) by category, and its time a recall. The
    question is embedded first, untimed (every way reads that vector from the cache)."""
    from delight.ai.runtime import default_engine

    embedder = default_engine().embedder
    hits: dict[str, dict[str, list[tuple[bool, ...]]]] = {n: defaultdict(list) for n in chosen}
    timings: dict[str, list[float]] = {name: [] for name in chosen}
    for question in asked:
        embedder.embed_one(question.text)
        for name, way in chosen.items():
            started = time.perf_counter()
            ranked = way(question)
            timings[name].append((time.perf_counter() - started) * 1000)
            found = [(question.evidence & set(ranked[:k]), question.evidence) for k in (5, 10)]
            row = tuple(part for got, wanted in found for part in (bool(got), got == wanted))
            hits[name][question.category].append(row)
            hits[name]["all"].append(row)
    return {
        name: {
            "rates": {c: np.mean(rows, axis=0) * 100 for c, rows in hits[name].items()},
            "counts": {c: len(rows) for c, rows in hits[name].items()},
            "ms": timings[name],
        }
        for name in chosen
    }


def report(results: dict[str, dict]) -> None:
    categories = ["all", *CATEGORIES.values()]
    print(f"\n{'way':<34} {'R@5 any':>8} {'R@5 all':>8} {'R@10 any':>9} {'p50 ms':>7} {'p95':>6}")
    for name, result in results.items():
        any5, all5, any10, _ = result["rates"]["all"]
        ms = result["ms"]
        print(
            f"{name:<34} {any5:7.1f}% {all5:7.1f}% {any10:8.1f}% "
            f"{statistics.median(ms):7.1f} {p95(ms):6.1f}"
        )
    print(f"\nR@5 any by category (questions): {', '.join(categories[1:])}")
    for name, result in results.items():
        cells = [
            f"{result['rates'][c][0]:5.1f} ({result['counts'][c]})"
            for c in categories[1:]
            if c in result["rates"]
        ]
        print(f"{name:<34} {'  '.join(cells)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="", help="default: embedded, bench_longconv")
    parser.add_argument("--rebuild", action="store_true", help="load the turns again")
    args = parser.parse_args()
    django_setup(bench_database_url(DATABASE, args.database_url))
    from django.conf import settings

    settings.RECALL_CACHE_MIN_MEMORIES = 1  # every person here has a copy (a few hundred turns)
    started = time.perf_counter()
    asked = questions(args.rebuild)
    print(f"{len(asked):,} questions with evidence, ready in {time.perf_counter() - started:.0f} s")
    results = measure(ways(), asked)
    report(results)
    for name, result in results.items():
        any5 = result["rates"]["all"][0]
        figure(f"LoCoMo (untouched), {name}: R@5 any", any5, target=None, unit="%")


if __name__ == "__main__":
    main()
