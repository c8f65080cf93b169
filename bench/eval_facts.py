"""What Eliza keeps about a person, read from public text nobody here wrote
(bench/eliza_eval.py `--sets facts`).

The offline engine's fact extractor runs over the public corpora of bench/eval_public.py
(same splits: tuned ones may be studied, untouched ones never). Each note it makes ("Works as
a teacher", "Wants to emigrate to Canada") was judged by a helper who never saw the rules,
with only the message and the note in front of them (tests/delight/ai/data/blind/
FACTS_JUDGE_BRIEF.md): *right* when it is true of the writer from that message, worth
remembering past the moment and well worded; *wrong* otherwise, with a reason (not about
the writer, a passing request, not what was said, garbled, trivial). The verdicts are kept
in tests/delight/ai/data/blind/facts_judged.jsonl by a hash of the message and the note, so
no corpus text is in the repository.

What is missed: two more helpers who never saw the rules read 750 messages drawn from the
same splits and wrote the notes a friend would keep of each (FACTS_RECALL_BRIEF.md), with
their kind (job, home, person, pet, health, likes, goal, change, win, feeling, name, age);
their kinds are kept in tests/delight/ai/data/blind/facts_expected.jsonl by a hash of the
message. Recall: of the kinds a helper noted in a message, how many the extractor noted too
(its words are judged by precision, above).

Printed per split, tuned beside untouched: notes made, notes judged, right and wrong, and
precision (right / judged). A change that drops wrong notes must not drop right ones: the
count of right notes is printed too. Notes not judged yet (the extractor changed) are
counted and written for the judge to `$DELIGHT_CORPORA/facts_unjudged.jsonl` (outside the
repository: it holds corpus text).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from eval_public import Split

T = TypeVar("T")

BLIND = Path(__file__).resolve().parent.parent / "tests/delight/ai/data/blind"
JUDGED = BLIND / "facts_judged.jsonl"
EXPECTED = BLIND / "facts_expected.jsonl"
TODAY = dt.date(2026, 12, 1)  # wins are dated: one fixed day keeps the notes stable


def note_id(message: str, note: str) -> str:
    """The judged note's key: a hash of the message and the note (no corpus text kept)."""
    return hashlib.sha256(f"{message}\x1f{note}".encode()).hexdigest()[:20]


@dataclass
class Note:
    message: str
    key: str
    content: str

    @property
    def id(self) -> str:
        return note_id(self.message, self.content)


@dataclass
class FactReading:
    """The notes made of one split's messages, and the judge's verdicts on them."""

    messages: int = 0
    notes: list[Note] = field(default_factory=list)
    right: int = 0
    wrong: Counter = field(default_factory=Counter)  # by the judge's reason
    unjudged: list[Note] = field(default_factory=list)

    @property
    def judged(self) -> int:
        return self.right + sum(self.wrong.values())


def verdicts(path: Path = JUDGED) -> dict[str, dict[str, str]]:
    """The judge's verdicts by note id."""
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {row["id"]: row for row in rows}


def read_facts(split: Split, extract, judged: dict[str, dict[str, str]]) -> FactReading:
    """The notes the extractor makes of every message of a split, with their verdicts."""
    reading = FactReading(messages=len(split.messages))
    for text in split.messages:
        for fact in extract(text, today=TODAY):
            note = Note(text, fact.key, fact.content)
            reading.notes.append(note)
            verdict = judged.get(note.id)
            if verdict is None:
                reading.unjudged.append(note)
            elif verdict["verdict"] == "right":
                reading.right += 1
            else:
                reading.wrong[verdict.get("why", "wrong")] += 1
    return reading


def summed(parts: list[T], total: T) -> T:
    """The splits' figures added up, field by field, into `total` (counts, lists, counters)."""
    for part in parts:
        for name in (f.name for f in dataclasses.fields(part)):
            setattr(total, name, getattr(total, name) + getattr(part, name))
    return total


def precision(reading: FactReading) -> str:
    if not reading.judged:
        return "-"
    return f"{100 * reading.right / reading.judged:.1f}%"


def print_side_by_side(rows: list[tuple[Split, FactReading]], verbose: bool) -> None:
    print(
        f"  {'corpus':<12} {'split':<10} {'messages':>8} {'notes':>6} {'judged':>7} "
        f"{'right':>6} {'wrong':>6} {'precision':>10}   wrong, by reason"
    )
    for split, reading in sorted(rows, key=lambda r: (r[0].corpus, not r[0].tuned)):
        name = "tuned" if split.tuned else "untouched"
        reasons = ", ".join(f"{why} {n}" for why, n in reading.wrong.most_common())
        print(
            f"  {split.corpus:<12} {name:<10} {reading.messages:>8} {len(reading.notes):>6} "
            f"{reading.judged:>7} {reading.right:>6} {sum(reading.wrong.values()):>6} "
            f"{precision(reading):>10}   {reasons}"
        )
    for tuned in (True, False):
        total = summed([reading for split, reading in rows if split.tuned == tuned], FactReading())
        name = "tuned" if tuned else "untouched"
        print(
            f"  {'all':<12} {name:<10} {total.messages:>8} {len(total.notes):>6} "
            f"{total.judged:>7} {total.right:>6} {sum(total.wrong.values()):>6} "
            f"{precision(total):>10}   ({len(total.unjudged)} notes not judged yet)"
        )
    if verbose:
        judged = verdicts()
        for split, reading in rows:
            if split.tuned:  # never print the untouched splits' notes: nobody tunes on them
                for note in reading.notes:
                    verdict = judged.get(note.id, {})
                    if verdict.get("verdict") != "right":
                        why = verdict.get("why", "not judged")
                        print(f"    {why:<16} {note.content[:60]:<60} <- {note.message[:100]}")


def write_unjudged(rows: list[tuple[Split, FactReading]], path: Path) -> int:
    """The notes without a verdict, for the judge: one JSON line each."""
    seen: set[str] = set()
    with path.open("w", encoding="utf-8") as out:
        for _, reading in rows:
            for note in reading.unjudged:
                if note.id not in seen:
                    seen.add(note.id)
                    row = {"id": note.id, "message": note.message, "note": note.content}
                    out.write(json.dumps(row, ensure_ascii=False) + "\n")
    return len(seen)


# The helpers' kinds, from a note's key (the part before ":") and tags.
_KIND_OF_KEY = {
    "name": "name", "age": "age", "occupation": "job", "employer": "job", "studies": "job",
    "location": "home", "hometown": "home", "relation": "person", "": "person",
    "family": "person", "feels": "feeling", "work": "job",
    "pet": "pet", "food": "health", "health": "health", "diet": "health",
    "likes": "likes", "prefers": "likes", "hobby": "likes", "learning": "likes",
    "team": "likes", "goal": "goal", "task": "goal", "event": "goal", "win": "win",
    "done": "win", "feeling": "feeling", "fear": "feeling",
}  # fmt: skip
_CHANGE_TAGS = frozenset({"change", "loss", "birth"})


def kinds_of(fact) -> set[str]:
    """The kinds a note counts as (a new job is a job and a change; a loss is a change)."""
    found = set()
    if fact.key or not _CHANGE_TAGS & set(fact.tags):
        found.add(_KIND_OF_KEY.get(fact.key.split(":")[0], "other"))
    if _CHANGE_TAGS & set(fact.tags):
        found.add("change")
    return found


def message_id(message: str) -> str:
    return hashlib.sha256(message.encode()).hexdigest()[:20]


def expected_kinds(path: Path = EXPECTED) -> dict[str, list[str]]:
    """The kinds the helpers noted, by message id."""
    if not path.exists():
        return {}
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return {row["id"]: row["kinds"] for row in rows}


@dataclass
class Recall:
    messages: int = 0
    expected: Counter = field(default_factory=Counter)
    found: Counter = field(default_factory=Counter)
    extra: int = 0  # notes of a kind the helper did not note in that message
    missed: list[tuple[str, str]] = field(default_factory=list)  # (kind, message)


def read_recall(split: Split, extract, expected: dict[str, list[str]]) -> Recall:
    """Of the kinds noted by the helpers in a split's sampled messages, those found."""
    recall = Recall()
    for text in split.messages:
        wanted = expected.get(message_id(text))
        if wanted is None:
            continue
        recall.messages += 1
        noted: set[str] = set().union(*(kinds_of(f) for f in extract(text, today=TODAY)))
        for kind in wanted:
            recall.expected[kind] += 1
            recall.found[kind] += kind in noted
            if kind not in noted:
                recall.missed.append((kind, text))
        recall.extra += len(noted - set(wanted))
    return recall


def print_recall(rows: list[tuple[Split, Recall]], verbose: bool) -> None:
    kinds = sorted({k for _, r in rows for k in r.expected})
    print(f"  {'recall':<12} {'split':<10} {'messages':>8} {'noted':>6} {'found':>6} {'share':>7}"
          f" {'extra':>6}   by kind (found/noted)")  # fmt: skip
    for tuned in (True, False):
        total = summed([recall for split, recall in rows if split.tuned == tuned], Recall())
        noted, found = sum(total.expected.values()), sum(total.found.values())
        share = f"{100 * found / noted:.1f}%" if noted else "-"
        by_kind = ", ".join(
            f"{k} {total.found[k]}/{total.expected[k]}" for k in kinds if total.expected[k]
        )
        name = "tuned" if tuned else "untouched"
        print(f"  {'all':<12} {name:<10} {total.messages:>8} {noted:>6} {found:>6} {share:>7}"
              f" {total.extra:>6}   {by_kind}")  # fmt: skip
    if verbose:
        for split, recall in rows:
            if split.tuned:  # the untouched splits' messages are never printed
                for kind, text in recall.missed:
                    print(f"    missed {kind:<8} {text[:150]}")
