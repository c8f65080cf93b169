"""Every benchmark at a small scale, then one table of figures and targets:
`.venv/bin/python bench/all.py [--only turn,story] [--show-output]`.

1. Run each bench of BENCHES, one after another, as a process of its own with BENCH_FIGURES
   naming a scratch file: each adds the figures it measured there (common.figure). Its own
   printout goes to bench/.logs/<name>.log (or to the screen with --show-output).
2. Read the 1-minute load average before and after each bench: a figure taken on a busy
   machine says so in its row.
3. Print one table: the bench, the figure, what it measured, its target, and met or not.
   A bench that failed, or whose extras are not installed (vs_langgraph needs langgraph),
   is a row that says so. Scales are small, for a run of ~20 minutes once the data exist
   (the first run writes each bench's data and takes longer); each figure's name says its
   scale where the target was set at a larger one. Never fails on speed: it reports.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from common import FIGURES, ROOT  # bench/ is on sys.path

LOGS = ROOT / "bench" / ".logs"


@dataclass(frozen=True)
class Bench:
    name: str
    args: tuple[str, ...]
    needs: str = ""  # a module the bench needs beyond the app's own (an optional extra)


BENCHES = (
    Bench("turn", ("--turns", "200")),
    Bench("story", ("--beats", "500")),
    Bench("progress", ("--people", "2000")),
    Bench("triad", ("--calls", "300")),
    Bench("recall", ("--scale", "0.01", "--queries", "100")),
    Bench("nudges", ("--people", "50000")),
    Bench("broadcast", ("--clients", "300", "--users", "20000")),
    Bench("vs_langgraph", ("--sessions", "20"), needs="langgraph"),
    Bench("model_path", ("--scripted",)),
)


@dataclass(frozen=True)
class Run:
    bench: Bench
    figures: list[dict]
    problem: str  # "" when it ran to its end
    load: tuple[float, float]
    seconds: float


def run(bench: Bench, *, show_output: bool) -> Run:
    """One bench in a process of its own; its figures, or what stopped it."""
    if bench.needs and importlib.util.find_spec(bench.needs) is None:
        return Run(
            bench, [], f"not run: needs {bench.needs} (pip install -e '.[bench]')", (0, 0), 0
        )
    LOGS.mkdir(exist_ok=True)
    before, started = os.getloadavg()[0], time.monotonic()
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as figures:
        env = {**os.environ, FIGURES: figures.name}
        command = [sys.executable, str(ROOT / "bench" / f"{bench.name}.py"), *bench.args]
        with open(LOGS / f"{bench.name}.log", "w") as log:
            out = None if show_output else log
            done = subprocess.run(command, cwd=ROOT, env=env, stdout=out, stderr=out, check=False)
        rows = [json.loads(line) for line in figures.read().splitlines() if line.strip()]
    problem = "" if done.returncode == 0 else f"failed (exit {done.returncode}; see its log)"
    return Run(bench, rows, problem, (before, os.getloadavg()[0]), time.monotonic() - started)


def verdict(row: dict) -> str:
    if row["target"] is None:
        return ""
    met = row["value"] <= row["target"] if row["most"] else row["value"] >= row["target"]
    return "met" if met else "NOT MET"


def shown(value: float, unit: str) -> str:
    number = f"{value:,.0f}" if float(value).is_integer() else f"{value:,.2f}"
    return f"{number} {unit}".strip()


def table(runs: list[Run]) -> str:
    """The figures, one row each, with the load around its bench and a last line of totals."""
    lines = [f"{'bench':<13} {'figure':<48} {'measured':>12} {'target':>12}  {'':<8} load"]
    met = missed = 0
    for done in runs:
        load = f"{done.load[0]:.1f}→{done.load[1]:.1f}"
        if done.problem and not done.figures:
            lines.append(f"{done.bench.name:<13} {done.problem}")
            continue
        for row in done.figures:
            state = verdict(row)
            met, missed = met + (state == "met"), missed + (state == "NOT MET")
            sign = "≤" if row["most"] else "≥"
            target = "" if row["target"] is None else f"{sign} {shown(row['target'], row['unit'])}"
            lines.append(
                f"{done.bench.name:<13} {row['name']:<48} {shown(row['value'], row['unit']):>12}"
                f" {target:>12}  {state:<8} {load}"
            )
        if done.problem:
            lines.append(f"{done.bench.name:<13} {done.problem}")
    lines.append(f"\n{met} targets met, {missed} not met; {os.cpu_count()} cores")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="comma-separated bench names")
    parser.add_argument("--show-output", action="store_true", help="each bench's own printout")
    args = parser.parse_args()
    chosen = set(filter(None, args.only.split(",")))
    unknown = chosen - {bench.name for bench in BENCHES}
    if unknown:
        raise SystemExit(f"--only: no bench named {', '.join(sorted(unknown))}")
    runs = []
    for bench in BENCHES:
        if chosen and bench.name not in chosen:
            continue
        print(f"{bench.name} {' '.join(bench.args)} …", end=" ", flush=True)
        runs.append(run(bench, show_output=args.show_output))
        print(runs[-1].problem or f"{runs[-1].seconds:.0f} s")
    print()
    print(table(runs))


if __name__ == "__main__":
    main()
