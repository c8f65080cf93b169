"""Eliza in whole conversations nobody on the project wrote (bench/eliza_eval.py
`--sets conversations`).

The sets, in tests/delight/ai/data/blind/, were written by people who never saw Eliza's rules
or training examples: conversations of 12-16 messages as people type them, each with the
person's setup (name, timezone, what they told Eliza before, goals with today's missions, a
streak) and, per message, the reply acts a good coach might use, words the reply must
contain (one of) and must not contain, and what the database must show after the turn
(missions done or not, a goal created or not).
- conversations.jsonl: 72 by four writers (2026-11-28). Its even conversations are the
  tuned split, the odd ones untouched.
- conversations_writers56.jsonl: 60 by two more (2026-11-30), read before any tuning on
  them. Every fifth conversation is untouched, the rest tuned.
- conversations_writers78.jsonl, conversations_writers910.jsonl: 64 each by two more pairs
  (2026-12-01), each read before any tuning on it (writers 7-8: 63.9% | 66.7% acceptable
  acts; writers 9-10: 62.8% | 59.4%). Every fourth conversation is untouched, the rest tuned.
- conversations_writers1112.jsonl: 64 by two more (2026-12-01; the first 32 by writer 11),
  read before any tuning on it: 69.1% | 69.9% acceptable acts, effects 69.4% | 66.7%, 8 | 1
  must-nots broken. Every fourth conversation is untouched, the rest tuned.
- conversations_writers1314.jsonl: 64 by two more (2026-12-01; the first 32 by writer 13),
  read before any tuning on it: 72.3% | 70.8% acceptable acts, effects 71.9% | 65.3%, 1 | 0
  must-nots broken. Every fourth conversation is untouched, the rest tuned.
- conversations_writers1516.jsonl: 64 by two more (2026-12-01; the first 32 by writer 15),
  read before any tuning on it: 71.6% | 75.8% acceptable acts, effects 70.4% | 60.3%, 4 | 1
  must-nots broken. Every fourth conversation is untouched, the rest tuned.
- conversations_writers1718.jsonl: 64 by two more (2026-12-01; the first 32 by writer 17),
  read before any tuning on it: 75.4% | 74.0% acceptable acts, effects 75.3% | 74.2%, 0 | 0
  must-nots broken. Every fourth conversation is untouched, the rest tuned.
- conversations_writers1920.jsonl: 64 by two more (2026-12-04; the first 32 by writer 19),
  read before any tuning on it: 71.2% | 71.6% acceptable acts, effects 74.5% | 73.8%, 0 | 0
  must-nots broken. Every fourth conversation is untouched, the rest tuned.
Misses of a tuned split are printed with -v and may be studied (and trained on:
companion/turn/policy.py); of an untouched split only the figures are printed, never the
misses.

How:
1. A fresh person per conversation, set up as it says: facts kept as personal memories,
   goals with their missions in the pool, a streak of completed days before today.
2. Every message through the real turn (`companion.conversations.message_send`), one session.
3. Each reply judged: its act (the turn's `act`) among the acceptable ones, every must-not
   absent, one must-any present, the effects in the database.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# The writers' words for a goal's kind, as the product's categories.
CATEGORIES = {
    "health": "health", "fitness": "health", "creativity": "craft", "craft": "craft",
    "relationships": "connection", "connection": "connection",
}  # fmt: skip


@dataclass
class Score:
    turns: int = 0
    act_ok: int = 0
    must_not_broken: int = 0
    must_any_missed: int = 0
    effects_wrong: int = 0
    effects_checked: int = 0
    conversations: int = 0
    misses: list[str] = field(default_factory=list)
    got_acts: Counter = field(default_factory=Counter)


def set_up(user: Any, setup: dict[str, Any]) -> None:
    """The person as the conversation assumes them."""
    from django.utils import timezone

    from companion.services import memory_create
    from goals.models import ActivityEvent, Goal, Mission
    from goals.progress.days import lived_day

    user.first_name = setup.get("name", "")
    user.timezone = setup.get("timezone", "UTC")
    user.onboarding_step = user.Onboarding.DONE
    user.save()
    for fact in setup.get("facts", []):
        memory_create(user=user, content=fact, tier="personal", source="conversation")
    first = None
    for number, spec in enumerate(setup.get("goals", [])):
        category = CATEGORIES.get(spec.get("category", ""), "growth")
        goal = Goal.objects.create(
            user=user, title=spec["title"], category=category,
            decomposition_status="done",
        )  # fmt: skip
        first = first or goal
        for position, title in enumerate(spec.get("missions", [])):
            Mission.objects.create(
                user=user, goal=goal, title=title, category=category,
                position=position + 10 * number, estimated_minutes=20, status="pending",
            )  # fmt: skip
    now = timezone.now()
    for days in range(1, int(setup.get("streak_days", 0)) + 1):
        at = now - dt.timedelta(days=days)
        day = lived_day(at, zone=user.timezone, day_start_hour=user.day_start_hour).date
        ActivityEvent.objects.create(
            user=user, kind="mission_completed", occurred_at=at, zone=user.timezone,
            local_date=day, category=first.category if first else "growth", goal=first,
        )  # fmt: skip


def _effects_problems(user: Any, effects: dict[str, Any], goals_before: int) -> list[str]:
    from goals.models import Goal, Mission

    problems = []
    done = set(
        Mission.objects.filter(user=user, status="completed").values_list("title", flat=True)
    )
    problems += [f"not done: {t}" for t in effects.get("done", []) if t not in done]
    problems += [f"wrongly done: {t}" for t in effects.get("not_done", []) if t in done]
    if "goal_created" in effects:
        created = Goal.objects.filter(user=user).count() > goals_before
        if created != effects["goal_created"]:
            problems.append(f"goal created: {created}")
    return problems


def judge(turn: dict[str, Any], answer: dict[str, Any]) -> list[str]:
    """What is wrong with one reply (its act, its words)."""
    reply = answer["reply"].lower()
    problems = []
    act = answer.get("act", "")
    if act not in turn["acts"]:
        problems.append(f"act {act or '(none)'} not in {turn['acts']}")
    broken = [word for word in turn.get("must_not", []) if word.lower() in reply]
    if broken:
        problems.append(f"must not say {broken}")
    wanted = turn.get("must_any", [])
    if wanted and not any(word.lower() in reply for word in wanted):
        problems.append(f"must say one of {wanted}")
    return problems


def run_conversation(people: Any, row: dict[str, Any], score: Score) -> None:
    from companion.conversations import message_send
    from goals.models import Goal

    user = people.new()
    set_up(user, row.get("setup", {}))
    goals_before = Goal.objects.filter(user=user).count()
    session = None
    score.conversations += 1
    for number, turn in enumerate(row["turns"], start=1):
        answer = message_send(user=user, text=turn["user"], session_id=session)
        session = answer["session_id"]
        problems = judge(turn, answer)
        score.turns += 1
        score.got_acts[answer.get("act", "")] += 1
        score.act_ok += not any(p.startswith("act ") for p in problems)
        score.must_not_broken += any(p.startswith("must not") for p in problems)
        score.must_any_missed += any(p.startswith("must say") for p in problems)
        if "effects" in turn:
            score.effects_checked += 1
            wrong = _effects_problems(user, turn["effects"], goals_before)
            score.effects_wrong += bool(wrong)
            problems += wrong
        if problems:
            score.misses.append(
                f"{row['name']} #{number}: {turn['user'][:90]!r}\n"
                f"      -> {answer['reply'][:200]!r}\n      {'; '.join(problems)}"
            )


def score_sum(scores: Iterable[Score]) -> Score:
    """The figures of several splits together (their misses stay with each)."""
    total = Score()
    for score in scores:
        for name in ("turns", "act_ok", "must_not_broken", "must_any_missed", "effects_wrong",
                     "effects_checked", "conversations"):  # fmt: skip
            setattr(total, name, getattr(total, name) + getattr(score, name))
        total.got_acts += score.got_acts
    return total


def percent(hits: int, total: int) -> str:
    return f"{hits}/{total} = {100 * hits / total:.1f}%" if total else "0/0"


def eval_conversations(people: Any, limit: int, verbose: bool) -> None:
    from companion.turn.policy import SETS  # the policy's splits: it trains on the tuned ones

    scores: dict[tuple[str, bool], Score] = {}
    for blind in SETS:
        for index, row in enumerate(blind.rows()[: limit or None]):
            key = (blind.name, blind.untouched(index))
            run_conversation(people, row, scores.setdefault(key, Score()))
    print("conversations (blind; targets: >= 95% acceptable acts, 0 must-not broken)")
    for kept in (False, True):  # every set at once, the figure a closing note quotes
        scores[("all", kept)] = score_sum(s for (_, k), s in scores.items() if k == kept)
    columns = [(name, kept) for name in [b.name for b in SETS] + ["all"] for kept in (False, True)]
    heads = [f"{name}, {'untouched' if kept else 'tuned'}" for name, kept in columns]
    print(f"  {'':<18} " + " ".join(f"{head:<23}" for head in heads))
    lines = (
        ("conversations", lambda s: str(s.conversations)),
        ("acceptable act", lambda s: percent(s.act_ok, s.turns)),
        ("must-not broken", lambda s: str(s.must_not_broken)),
        ("must-say missed", lambda s: str(s.must_any_missed)),
        (
            "effects right",
            lambda s: percent(s.effects_checked - s.effects_wrong, s.effects_checked),
        ),
    )
    for label, show in lines:
        cells = [show(scores.get(column, Score())) for column in columns]
        print(f"  {label:<18} " + " ".join(f"{cell:<23}" for cell in cells))
    given = scores[("all", False)].got_acts + scores[("all", True)].got_acts
    print("  acts given: " + ", ".join(f"{a or '(none)'} {n}" for a, n in given.most_common()))
    if verbose:  # the tuned splits' misses only
        for (name, kept), score in scores.items():
            for miss in [] if kept or name == "all" else score.misses:
                print(f"    [{name}] {miss}")
