"""The offline planner on goal titles nobody here wrote (bench/data/plans/blind_goals.txt):
which kind of plan each gets, every mission and the habit it proposes, to be read.

Prints, per title, the category the chat would infer, the template chosen (or the category's
general plan) and the missions; then how many got a plan of a kind, how many the general
one, and the mechanical checks: no mission longer than a title may be, and the goal's words
only ever inside quotes. Whether a plan fits its goal is judged by reading the output.

    .venv/bin/python bench/plans.py [--quiet]
"""

from __future__ import annotations

import argparse
import os
import re
from collections import Counter
from pathlib import Path

from common import ROOT  # bench/ is on sys.path

DATA = ROOT / "bench" / "data" / "plans"
# Tuned: read while the templates were written. Untouched: written after, never tuned on.
SETS = {"tuned": DATA / "blind_goals.txt", "untouched": DATA / "blind_goals_untouched.txt"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="only the figures")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "delight.settings")
    import django

    django.setup()
    for name, path in SETS.items():
        kinds, problems = _read(path, quiet=args.quiet)
        total = kinds["a plan of its kind"] + kinds["the general plan"]
        print(
            f"\n{name}: {total} blind goal titles: "
            + ", ".join(f"{n} {k}" for k, n in kinds.items())
        )
        print(f"{name}: mechanical problems: {len(problems)}")
        for problem in problems:
            print("   ", problem)


def _read(path: Path, *, quiet: bool) -> tuple[Counter[str], list[str]]:
    from companion.dialogue.parsing import infer_category
    from goals.models import TITLE_MAX
    from goals.planning.offline import choose_template, goal_phrase, plan_offline

    kinds: Counter[str] = Counter({"a plan of its kind": 0, "the general plan": 0})
    problems: list[str] = []
    for title in path.read_text().splitlines():
        category = infer_category(title) or "growth"
        template = choose_template(title=title, description="", category=category)
        plan = plan_offline(title=title, description="", category=category, target_date=None)
        kinds["a plan of its kind" if template else "the general plan"] += 1
        kinds["with a habit"] += bool(plan.habits)
        if not quiet:
            print(f"{title}  [{category}: {template.name if template else 'general'}]")
            for habit in plan.habits:
                target = f", {habit.target} {habit.unit}" if habit.target else ""
                print(f"    habit: {habit.title}{target}, {habit.times_per_week} times a week")
        phrase = goal_phrase(title)
        for milestone in plan.milestones:
            missions = [mission.title for mission in milestone.missions]
            if not quiet:
                print(f"    {milestone.title}: {'; '.join(missions)}")
            for mission in missions:
                if len(mission) > TITLE_MAX:
                    problems.append(f"too long: {mission}")
                unquoted = re.sub(r"“[^”]*”", "", mission)
                if len(phrase) > 12 and phrase.lower() in unquoted.lower():
                    problems.append(f"the goal spliced in: {mission}")
    return kinds, problems


if __name__ == "__main__":
    main()
