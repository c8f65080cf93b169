"""Eliza on words nobody on the project wrote: public conversation corpora (bench/eliza_eval.py
`--sets public`).

The corpora stay outside the repository (their licences do not allow shipping them). Put
them in `$DELIGHT_CORPORA` (default: `corpora/` beside the project folder):

- `dailydialog_test.txt`: DailyDialog, everyday chit-chat (2,624 dialogues; CC BY-NC-SA 4.0),
  from the GitHub repository OnlyAoiKunie/Sentences-Classifier, `test/dialogues_test.txt`;
- `data/multimodal_dialog/locomo10_v2/*.json`: LoCoMo, long friendly multi-session chats
  (CC BY-NC 4.0), from snap-research/locomo, `data/locomo10.zip` unzipped in the folder;
- `esconv_dev.tsv`, `esconv_test.tsv`: ESConv, emotional-support chats (the help-seekers'
  turns; CC BY-NC 4.0), from thu-coai/Emotional-Support-Conversation,
  `codes/dataset/devWithStrategy_short.tsv` and `testWithStrategy_short.tsv`.

Splits: half of DailyDialog (the even dialogues) and ESConv's dev part are the *tuned*
splits, the ones looked at while changing rules and thresholds; the odd DailyDialog
dialogues, all of LoCoMo and ESConv's test part are *untouched*: never read while tuning,
only printed beside the tuned figures.

How a message is read: the engine's safety screen, then the turn's own choice of answer for
that result (`companion.turn.safety.safety_answer`: the crisis response, a check-in, or
none), and the engine's reading of what the message does (its act). Every message flagged
is then sent, as a fresh person's first message, through the real turn
(`companion.conversations.message_send`), so the crisis share printed is what people get.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from common import ROOT

CORPORA = Path(os.environ.get("DELIGHT_CORPORA", ROOT.parent / "corpora"))
EVERYDAY, SUPPORT = "everyday", "emotional support"


@dataclass
class Split:
    corpus: str
    kind: str  # EVERYDAY or SUPPORT
    tuned: bool
    messages: list[str]


@dataclass
class Reading:
    """What the turn makes of one split's messages."""

    total: int = 0
    crisis: int = 0
    checkin: int = 0
    acts: Counter = field(default_factory=Counter)
    flagged: list[tuple[str, str]] = field(default_factory=list)  # (answer, message)


def _dailydialog_text(text: str) -> str:
    """DailyDialog spaces its punctuation ("I ' m fine , thanks ."): as a person typed it."""
    text = re.sub(r"\s*[\u2019']\s*", "'", text)
    return re.sub(r"\s+([,.!?;:])", r"\1", text).strip()


def dailydialog() -> Iterator[Split]:
    path = CORPORA / "dailydialog_test.txt"
    if not path.exists():
        return
    halves: dict[bool, list[str]] = {True: [], False: []}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        for turn in line.split("__eou__"):
            if turn.strip():
                halves[number % 2 == 0].append(_dailydialog_text(turn))
    for tuned, messages in halves.items():
        yield Split("DailyDialog", EVERYDAY, tuned, messages)


def locomo() -> Iterator[Split]:
    folder = CORPORA / "data" / "multimodal_dialog" / "locomo10_v2"
    messages = []
    for path in sorted(folder.glob("*.json")):
        conversation = json.loads(path.read_text(encoding="utf-8"))
        for key, turns in conversation.items():
            if re.fullmatch(r"session_\d+", key):
                messages += [turn["text"] for turn in turns if turn.get("text")]
    if messages:
        yield Split("LoCoMo", EVERYDAY, False, messages)


def _esconv_seeker(path: Path) -> list[str]:
    """The help-seeker's turns (speaker 0) of ESConv's context windows, each once."""
    seen: dict[str, None] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        for segment in line.split(" EOS "):
            parts = segment.strip().split(" ", 3)
            if len(parts) == 4 and parts[1] == "0":
                seen.setdefault(parts[3].strip(), None)
    return [text for text in seen if text]


def esconv() -> Iterator[Split]:
    for name, tuned in (("esconv_dev.tsv", True), ("esconv_test.tsv", False)):
        path = CORPORA / name
        if path.exists():
            yield Split("ESConv", SUPPORT, tuned, _esconv_seeker(path))


def splits(limit: int) -> list[Split]:
    """Every corpus found, each split at most `limit` messages spread through it."""
    found = [*dailydialog(), *locomo(), *esconv()]
    for split in found:
        if limit and len(split.messages) > limit:
            step = len(split.messages) / limit
            split.messages = [split.messages[int(n * step)] for n in range(limit)]
    return found


def read_split(split: Split, engine: Any, answer_of: Callable[[Any], str]) -> Reading:
    """How the engine and the turn's safety choice read every message of a split."""
    reading = Reading()
    for text in split.messages:
        safety = engine.screen_safety(text)
        answer = answer_of(safety)
        reading.total += 1
        reading.crisis += answer == "crisis"
        reading.checkin += answer == "checkin"
        if answer:
            reading.flagged.append((answer, text))
        if not answer:
            intent = engine.classify_intent(text)
            reading.acts[getattr(intent, "act", "") or intent.label] += 1
    return reading


def through_turn(reading: Reading, first_turn: Callable[[str], dict[str, Any]]) -> int:
    """How many of the flagged messages got the crisis response from the real turn."""
    return sum(first_turn(text)["crisis"]["triggered"] for _, text in reading.flagged)


def share(count: int, total: int) -> str:
    return f"{count:>5} ({100 * count / total:5.2f}%)" if total else "    -"


def print_side_by_side(rows: list[tuple[Split, Reading, int]], verbose: bool) -> None:
    """One line per corpus and split: tuned and untouched figures side by side."""
    print(
        f"  {'corpus':<12} {'kind':<18} {'split':<10} {'messages':>8} "
        f"{'crisis (turn)':>16} {'check-in':>16}   top acts"
    )
    for split, reading, crisis_turn in sorted(rows, key=lambda r: (r[0].kind, r[0].corpus)):
        acts = reading.acts.most_common(5)
        top = ", ".join(f"{a} {100 * n / reading.total:.0f}%" for a, n in acts)
        name = "tuned" if split.tuned else "untouched"
        print(
            f"  {split.corpus:<12} {split.kind:<18} {name:<10} {reading.total:>8} "
            f"{share(crisis_turn, reading.total):>16} {share(reading.checkin, reading.total):>16}"
            f"   {top}"
        )
    for kind in (EVERYDAY, SUPPORT):
        for tuned in (True, False):
            chosen = [r for r in rows if r[0].kind == kind and r[0].tuned == tuned]
            total = sum(r[1].total for r in chosen)
            if total:
                crisis = sum(r[2] for r in chosen)
                checkin = sum(r[1].checkin for r in chosen)
                name = "tuned" if tuned else "untouched"
                print(
                    f"  {'all':<12} {kind:<18} {name:<10} {total:>8} "
                    f"{share(crisis, total):>16} {share(checkin, total):>16}"
                )
    if verbose:
        for split, reading, _ in rows:
            if split.tuned:  # never print the untouched splits' messages: nobody tunes on them
                for answer, text in reading.flagged[:40]:
                    print(f"    {split.corpus} {answer:<8} {text[:140]}")
