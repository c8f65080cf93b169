"""How the semantic crisis screen's two constants were chosen, and what they give:
`.venv/bin/python bench/safety_calibration.py [--limit N]`.

The screen (delight/ai/classifiers/safety_semantic.py) raises a message to a check-in when it
is close to the warning-sign examples (CLOSENESS_GATE) and its regression's risk reaches
RISK_THRESHOLD. Both were chosen on the tuned splits only:
- the share of DailyDialog's tuned half (bench/eval_public.py) raised, which must stay well
  under 1% (the issue's target for check-ins on everyday talk, rules included);
- the warning signs caught in the project's earlier blind sets (tests/delight/ai/data/blind/
  safety.jsonl and safety_holdout.jsonl, tuning sets since the new blind set was written).
The grid is printed for those; the untouched splits (DailyDialog's other half, LoCoMo, the
blind crisis set of 2026-11-29, a new person's first words held out) are printed only at the
constants in the code.

How:
1. Read every message's parts as the screen does (whole and sentence by sentence, the
   parts the rules hold dropped) and embed them in batches.
2. Per message: the rules' level, and the most risky part's closeness and risk.
3. For each (gate, threshold): the share raised, and the warning signs caught by the rules
   or the screen.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import eval_public as public
import numpy as np
from common import ROOT

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")

BLIND = ROOT / "tests" / "delight" / "ai" / "data" / "blind"
GATES = (0.5, 0.55, 0.58, 0.6, 0.65)
THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
# The second rule's (gate, threshold) pairs: very close to the warning signs, a little less
# risky ("i dont see the point in any of it": closeness 0.70, risk 0.46).
NEAR = ((1.0, 1.0), (0.66, 0.4), (0.68, 0.4), (0.68, 0.35), (0.7, 0.4), (0.7, 0.35), (0.72, 0.3))


@dataclass
class Read:
    rules: list[int]  # the rules' level per message
    closeness: np.ndarray  # per part
    risk: np.ndarray  # per part (the regression's, ungated)
    owner: np.ndarray  # per part: its message's index


def read(texts: list[str], engine, model) -> Read:
    from delight.ai.classifiers import safety_semantic
    from delight.ai.classifiers.safety import rules_hold, screen_safety

    rules = [screen_safety(text).level for text in texts]
    parts, owners = [], []
    for index, text in enumerate(texts):
        for part in safety_semantic.parts_to_read(text):
            if not rules_hold(part):
                parts.append(part)
                owners.append(index)
    said = [safety_semantic.unhedged(part) for part in parts]
    vectors = np.asarray(engine.embedder.embed(said), dtype=np.float32).reshape(-1, 384)
    risk = model.chances(vectors, said)[:, safety_semantic.HIGH_RISK :].sum(axis=1)
    return Read(rules, model.closeness(vectors), risk, np.asarray(owners, dtype=int))


def raised(
    reading: Read, gate: float, threshold: float, near: tuple[float, float] | None = None
) -> np.ndarray:
    """Per message: whether the screen raises it (any part close enough and risky enough;
    or, with `near` (gate, threshold), very close and a little less risky)."""
    hits = (reading.closeness >= gate) & (reading.risk >= threshold)
    if near is not None:
        hits |= (reading.closeness >= near[0]) & (reading.risk >= near[1])
    out = np.zeros(len(reading.rules), dtype=bool)
    out[reading.owner[hits]] = True
    return out


def blind_rows(names: Iterable[str]) -> list[dict]:
    rows = []
    for name in names:
        with (BLIND / name).open(encoding="utf-8") as file:
            rows += [json.loads(line) for line in file if line.strip()]
    return rows


def caught(
    rows: list[dict],
    reading: Read,
    gate: float,
    threshold: float,
    near: tuple[float, float] | None = None,
) -> str:
    """Warning signs caught (the rules' high risk, or raised), per kind."""
    up = raised(reading, gate, threshold, near)
    right, total = Counter(), Counter()
    for row, level, raise_it in zip(rows, reading.rules, up, strict=True):
        total[row["kind"]] += 1
        right[row["kind"]] += level >= 2 or bool(raise_it)
    return ", ".join(f"{k} {right[k]}/{total[k]}" for k in sorted(total))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=4000, help="messages per public split")
    args = parser.parse_args()
    import django

    django.setup()
    from delight.ai.classifiers import safety_semantic
    from delight.ai.runtime import default_engine

    engine = default_engine()
    model = safety_semantic.model_for(engine.embedder)
    found = {(s.corpus, s.tuned): s for s in public.splits(args.limit) if s.kind == public.EVERYDAY}
    tuned = read(found["DailyDialog", True].messages, engine, model)
    old = blind_rows(["safety.jsonl", "safety_holdout.jsonl"])
    old_read = read([row["text"] for row in old], engine, model)
    print(f"tuned: DailyDialog half ({len(tuned.rules)} messages), earlier blind sets")
    print(f"  {'gate':>5} {'threshold':>9} {'raised':>8}   warning signs caught")
    for gate in GATES:
        for threshold in THRESHOLDS:
            share = raised(tuned, gate, threshold).mean()
            signs = caught(old, old_read, gate, threshold)
            print(f"  {gate:>5} {threshold:>9} {share:>8.2%}   {signs}")
    gate, threshold = safety_semantic.CLOSENESS_GATE, safety_semantic.RISK_THRESHOLD
    print("tuned, the code's gate and threshold with a second rule for the very close:")
    print(f"  {'near gate':>9} {'threshold':>9} {'raised':>8}   warning signs caught")
    for pair in NEAR:
        share = raised(tuned, gate, threshold, pair).mean()
        signs = caught(old, old_read, gate, threshold, pair)
        print(f"  {pair[0]:>9} {pair[1]:>9} {share:>8.2%}   {signs}")
    near = (safety_semantic.NEAR_GATE, safety_semantic.NEAR_THRESHOLD)
    print(f"untouched, at the code's constants (gate {gate}, threshold {threshold}, near {near}):")
    for key in (("DailyDialog", False), ("LoCoMo", False)):
        if key in found:
            reading = read(found[key].messages, engine, model)
            print(f"  {key[0]:<12} raised {raised(reading, gate, threshold, near).mean():.2%}")
    new = blind_rows(["crisis_2026_11_29.jsonl"])
    new_read = read([row["text"] for row in new], engine, model)
    print(f"  blind crisis set: {caught(new, new_read, gate, threshold, near)}")
    # A new person's first words to the app, never trained on (2026-12-05; 220 more by the same
    # writer are in safety_training.jsonl).
    first = blind_rows(["first_turns_heldout.jsonl"])
    first_read = read([row["text"] for row in first], engine, model)
    share = raised(first_read, gate, threshold, near)
    print(f"  first turns held out: raised {int(share.sum())}/{len(first)}")


if __name__ == "__main__":
    main()
