"""Recall in long, real conversations: `.venv/bin/python bench/recall_longconv.py [--rebuild]`.

Two sets of the same shape, neither written by anyone who saw the recall code: conversations
between two people over months, each turn numbered, and questions about them, each with the
turns that hold its answer (categories single-hop, multi-hop, temporal, open-domain and
adversarial: questions that mix people up or ask about what was never said).
- Ours: `bench/data/longconv/writer*.json`, written by helpers who never saw the rules
  (their brief: BRIEF.md there). Each writer's first conversation is the *tuned* part (what
  may be looked at while changing recall), the second *untouched*.
- LoCoMo (snap-research/locomo, CC BY-NC 4.0; kept outside the repository, in
  `$DELIGHT_CORPORA/data/multimodal_dialog/locomo10_v2/*.json`, see bench/eval_public.py):
  10 conversations, 5,882 turns, 1,986 questions, all of it *untouched*, and kept so: no
  ranking constant may be chosen by looking at it. Skipped when absent.

1. Create (or reuse) the database `bench_longconv` on the embedded PostgreSQL (or
   --database-url), migrate it, and keep each conversation as one person's memories: a turn
   is one personal memory "Speaker: text", embedded by the process's embedder.
2. Ask every question of its conversation's person through `memory_recall` (k = 10), once
   for each way of ranking below, and count a question found at k when any (or all) of its
   evidence turns are among the first k memories.
   - recall as it runs for a person whose memories the process keeps a copy of
     (companion.sketches ranks the words, and adds the rare words' list: three lists), and
     as it runs with no copy (PostgreSQL ranks the words: two lists);
   - recall's words list alone, plain BM25 alone (built here, over PostgreSQL's lexemes:
     the baseline a lexical stage must beat) and the meaning list alone.
3. Print, for each part (tuned, untouched, LoCoMo), R@5 and R@10 (any evidence, all
   evidence) per way, R@5 per category, and p50/p95 of a recall. Not a test: it never fails.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from common import ROOT, bench_database_url, django_setup, figure, p95  # bench/ is on sys.path
from eval_public import CORPORA

DATABASE = "bench_longconv"
LOCOMO = CORPORA / "data" / "multimodal_dialog" / "locomo10_v2"
OURS = ROOT / "bench" / "data" / "longconv"
PREFIX = "longconv-"
CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
K = 10


@dataclass(frozen=True)
class Question:
    person: object
    text: str
    evidence: frozenset[int]  # memory ids
    category: str
    part: str  # "ours, tuned", "ours, untouched" or "LoCoMo, untouched"


def turns_of(conversation: dict) -> list[dict]:
    """Every turn of a conversation in order: {"speaker", "dia_id", "text", "date"}."""
    sessions = sorted(
        (int(key.split("_")[1]), turns)
        for key, turns in conversation.items()
        if key.startswith("session_") and isinstance(turns, list)
    )
    return [
        {**turn, "date": conversation.get(f"session_{number}_date_time", str(number))}
        for number, turns in sessions
        for turn in turns
        if turn.get("text")
    ]


def person_for(name: str, turns: list[dict], rebuild: bool) -> tuple[object, dict[str, int]]:
    """The person holding a conversation's turns (made once) and each turn's memory id."""
    from companion.models import Memory
    from delight.models import User

    username = f"{PREFIX}{name}"
    if rebuild:
        User.objects.filter(username=username).delete()
    person, made = User.objects.get_or_create(username=username, defaults={"password": "!"})
    if made:
        Memory.objects.bulk_create(memories_of(person, turns))
    ids = list(Memory.objects.filter(user=person).order_by("pk").values_list("pk", flat=True))
    if len(ids) != len(turns):
        raise SystemExit(f"{username}: {len(ids)} memories for {len(turns)} turns; --rebuild")
    return person, {turn["dia_id"]: pk for turn, pk in zip(turns, ids, strict=True)}


def memories_of(person: object, turns: list[dict]) -> list:
    """Each turn as the memory the app would keep of it: "Speaker: text", its session's date
    in metadata, and as context the previous turns of its session, as
    companion.services.threads gives a memory the thread it continues (all of a session's
    turns are saved within minutes of each other, from one source)."""
    from companion.models import Memory
    from companion.services.threads import CONTEXT_MEMORIES, memory_context_of
    from delight.ai.runtime import default_engine

    embedder = default_engine().embedder
    contents = [f"{turn['speaker']}: {turn['text']}" for turn in turns]
    made: list = []
    for turn, content, vector in zip(turns, contents, embedder.embed(contents), strict=True):
        memory = Memory(
            user=person,
            tier="personal",
            content=content,
            embedding=vector,
            embedder=embedder.name,
            source="conversation",
            metadata={"date": turn["date"]},
        )
        thread = [m for m in made[-CONTEXT_MEMORIES:] if m.metadata == memory.metadata]
        memory.context, memory.context_embedding = memory_context_of(
            previous=thread, embedding=vector
        )
        made.append(memory)
    return made


def conversations() -> list[tuple[str, str, dict]]:
    """(name, part, conversation) of every conversation of both sets."""
    found = []
    for path in sorted(OURS.glob("writer*.json")):
        for number, conversation in enumerate(json.loads(path.read_text())):
            part = "ours, tuned" if number == 0 else "ours, untouched"
            found.append((f"{path.stem}-{number}", part, conversation))
    for path in sorted(LOCOMO.glob("*.json")):
        found.append((f"locomo-{path.stem}", "LoCoMo, untouched", json.loads(path.read_text())))
    return found


def questions(rebuild: bool) -> list[Question]:
    found = conversations()
    if not found:
        raise SystemExit(f"no conversations in {OURS} or {LOCOMO} (see this file's docstring)")
    asked = []
    for name, part, conversation in found:
        person, ids = person_for(name, turns_of(conversation), rebuild)
        for qa in conversation["qa"]:
            evidence = frozenset(ids[dia] for dia in qa.get("evidence", []) if dia in ids)
            if evidence:
                category = CATEGORIES.get(qa.get("category"), "other")
                asked.append(Question(person, qa["question"], evidence, category, part))
    return asked


class Bm25:
    """The plain BM25 baseline (k1 1.2, b 0.75, as Robertson and Zaragoza give them; not
    tuned) over each person's memories, on PostgreSQL's lexemes (english): built here, not
    by the app, so it is a baseline and nothing more."""

    K1, B = 1.2, 0.75

    def __init__(self) -> None:
        self.people: dict[int, tuple[dict[str, list[tuple[int, int]]], dict[int, int]]] = {}

    def ranked(self, person: object, text: str, k: int) -> list[int]:
        postings, lengths = self._index(person)
        average = sum(lengths.values()) / max(len(lengths), 1)
        scores: dict[int, float] = defaultdict(float)
        for word in set(self._lexemes(text)):
            found = postings.get(word, [])
            idf = math.log(1 + (len(lengths) - len(found) + 0.5) / (len(found) + 0.5))
            for pk, count in found:
                norm = self.K1 * (1 - self.B + self.B * lengths[pk] / average)
                scores[pk] += idf * count * (self.K1 + 1) / (count + norm)
        return sorted(scores, key=lambda pk: (-scores[pk], -pk))[:k]

    def _index(self, person) -> tuple[dict[str, list[tuple[int, int]]], dict[int, int]]:
        from django.db import connection

        if person.pk not in self.people:
            postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
            lengths: dict[int, int] = defaultdict(int)
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT m.id, w.lexeme, coalesce(array_length(w.positions, 1), 1)"
                    " FROM companion_memory m, unnest(m.search_vector) AS w"
                    " WHERE m.user_id = %s AND m.active AND left(w.lexeme, 1) <> '@'",
                    [person.pk],
                )
                for pk, lexeme, count in cursor.fetchall():
                    postings[lexeme].append((pk, count))
                    lengths[pk] += count
            self.people[person.pk] = (postings, lengths)
        return self.people[person.pk]

    @staticmethod
    def _lexemes(text: str) -> list[str]:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT tsvector_to_array(to_tsvector('english', %s))", [text])
            return cursor.fetchone()[0]


def ways() -> dict[str, Callable[[Question], list[int]]]:
    """Each way of ranking: the memory ids it returns for a question, best first."""
    from django.conf import settings

    from companion import selectors, sketches
    from delight.ai.runtime import default_engine

    embedder = default_engine().embedder
    bm25 = Bm25()

    def recall(question: Question) -> list[int]:
        found = selectors.memory_recall(user=question.person, query=question.text, k=K)
        return [item.memory.pk for item in found]

    def first_stage(question: Question) -> list[int]:
        read = selectors.recall_candidates(user=question.person, query=question.text)
        assert read is not None
        return [candidate.memory_id for candidate in read[0][:K]]

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
        "recall (both stages)": recall,
        "recall's first stage (three lists)": first_stage,
        "recall without a copy (two lists)": without_copy,
        "recall's words list alone (ts_rank)": words_alone,
        "BM25 alone (baseline)": lambda question: bm25.ranked(question.person, question.text, K),
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
            for key in (question.part, f"{question.part}/{question.category}"):
                hits[name][key].append(row)
    return {
        name: {
            "rates": {c: np.mean(rows, axis=0) * 100 for c, rows in hits[name].items()},
            "counts": {c: len(rows) for c, rows in hits[name].items()},
            "ms": timings[name],
        }
        for name in chosen
    }


def report(results: dict[str, dict], parts: list[str]) -> None:
    for part in parts:
        print(f"\n{part}: {next(iter(results.values()))['counts'][part]:,} questions")
        print(f"{'way':<38} {'R@5 any':>8} {'R@5 all':>8} {'R@10 any':>9} {'p50 ms':>7} {'p95':>6}")
        for name, result in results.items():
            any5, all5, any10, _ = result["rates"][part]
            ms = result["ms"]
            print(
                f"{name:<38} {any5:7.1f}% {all5:7.1f}% {any10:8.1f}% "
                f"{statistics.median(ms):7.1f} {p95(ms):6.1f}"
            )
        print(f"R@5 any by category (questions): {', '.join(CATEGORIES.values())}")
        for name, result in results.items():
            cells = [
                f"{result['rates'][key][0]:5.1f} ({result['counts'][key]})"
                for category in CATEGORIES.values()
                if (key := f"{part}/{category}") in result["rates"]
            ]
            print(f"{name:<38} {'  '.join(cells)}")


def train(asked: list[Question]) -> None:
    """Learn the second stage's model (companion.rerank) on the tuned part's questions, from
    what recall's first stage gives the second for each, and write it where recall reads it."""
    from companion import rerank, selectors

    rows, found = [], []
    for question in asked:
        if question.part != "ours, tuned":
            continue
        read = selectors.recall_candidates(user=question.person, query=question.text)
        assert read is not None, "recall_candidates needs the process's copy"
        candidates, words = read
        rows.append(rerank.features(question.text, candidates, words))
        found.append([candidate.memory_id in question.evidence for candidate in candidates])
    model = rerank.model_fit(np.concatenate(rows), np.concatenate(found).astype(float))
    data = model.as_data() | {"learned_on": f"bench/recall_longconv.py, {len(rows)} questions"}
    rerank.WEIGHTS.write_text(json.dumps(data, indent=1) + "\n")
    rerank.model.cache_clear()
    print("learned:", dict(zip(rerank.FEATURES, np.round(model.weights, 2).tolist(), strict=True)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="", help="default: embedded, bench_longconv")
    parser.add_argument("--rebuild", action="store_true", help="load the turns again")
    parser.add_argument(
        "--train", action="store_true", help="learn recall's second stage on the tuned part first"
    )
    args = parser.parse_args()
    django_setup(bench_database_url(DATABASE, args.database_url))

    started = time.perf_counter()
    asked = questions(args.rebuild)
    print(f"{len(asked):,} questions with evidence, ready in {time.perf_counter() - started:.0f} s")
    if args.train:
        train(asked)
    results = measure(ways(), asked)
    parts = list(dict.fromkeys(question.part for question in asked))
    report(results, parts)
    for name, result in results.items():
        for part in parts:
            any5 = result["rates"][part][0]
            figure(f"{part}, {name}: R@5 any", any5, target=None, unit="%")


if __name__ == "__main__":
    main()
