"""The types are checked: mypy with the Django and DRF plugins (pyproject's [tool.mypy]).

Strict where the work is (the kernel's AI layer, every services and selectors module): no
error at all there. Elsewhere each module is held at its count in types_baseline.json, which
may only go down: a module with more errors than its count fails, and one with fewer fails
too until the count is lowered, so the baseline never hides new errors behind fixed ones.
`UPDATE_TYPES_BASELINE=1 pytest tests/test_types.py` writes the counts as they are.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = Path(__file__).with_name("types_baseline.json")
ERROR = re.compile(r"^(?P<path>[\w/]+\.py):\d+: error: ")
# The strict modules (pyproject's override): never in the baseline.
STRICT = re.compile(
    r"^(delight/ai|goals/planning|goals/insight_words|nudges/words|narrative/prose)/"
    r"|^(delight/checkpoints|narrative/beats/narrator)\.py$"
    r"|(^|/)(services|selectors)(/|\.py$)"
)


def _errors_per_module() -> tuple[Counter[str], str]:
    # No cache: the Django plugin's cache misses a change of the settings' types.
    command = ["mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", os.devnull]
    run = subprocess.run(
        [sys.executable, "-m", *command],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode in (0, 1), run.stdout + run.stderr  # 2: mypy itself failed
    counts = Counter(m["path"] for line in run.stdout.splitlines() if (m := ERROR.match(line)))
    return counts, run.stdout


def test_the_types_hold_and_the_baseline_only_goes_down():
    counts, report = _errors_per_module()
    if os.environ.get("UPDATE_TYPES_BASELINE"):
        BASELINE.write_text(json.dumps(dict(sorted(counts.items())), indent=1) + "\n")
    baseline: dict[str, int] = json.loads(BASELINE.read_text())

    strict = {path: n for path, n in counts.items() if STRICT.search(path)}
    assert not strict, f"type errors in strict modules: {strict}\n{report}"
    worse = {path: n for path, n in counts.items() if n > baseline.get(path, 0)}
    better = {path: counts.get(path, 0) for path, n in baseline.items() if counts.get(path, 0) < n}

    assert not worse, f"new type errors (module: count now): {worse}\n{report}"
    assert not better, f"fewer type errors than the baseline: lower it to {better}"
