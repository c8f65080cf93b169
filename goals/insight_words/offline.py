"""Insights in words without a model: several phrasings per kind, as data.

A template names the facts it quotes in braces. `{n:mission|missions}` writes the word that
fits the number n (singular for 1), so "1 mission" and "3 missions" both read right.
"""

from __future__ import annotations

import hashlib
import string

from goals.insight_words.facts import InsightFacts

TEMPLATES: dict[str, tuple[str, ...]] = {
    "best_category": (
        "You finished {done} of {offered} {category} missions this week — your best week yet.",
        "{done} of {offered} {category} missions done this week: your best {category} week so far.",
        "This week you finished {done} of the {offered} {category} missions you had — more "
        "than in any week before.",
        "You finished {done} {category} {done:mission|missions} this week — your best week yet.",
        "{done} {category} {done:mission|missions} this week: more than in any week before.",
        "Your best {category} week so far: {done} {done:mission|missions} finished.",
    ),
    "best_time": (
        "You focus best between {start} and {end}: {count} of your last {total} missions and "
        "sessions happened then.",
        "Between {start} and {end} is your time — {count} of your last {total} missions and "
        "sessions were done then.",
        "Your focus peaks between {start} and {end}: that is when {count} of your last {total} "
        "missions and sessions happened.",
    ),
    "weekday": (
        "{weekday}s are your strongest day: {count} {count:mission|missions} over the last "
        "{weeks} {weeks:week|weeks}.",
        "You shine on {weekday}s — {count} {count:mission|missions} finished on them over the "
        "last {weeks} {weeks:week|weeks}.",
        "{weekday} is your day: {count} {count:mission|missions} done on {weekday}s in the last "
        "{weeks} {weeks:week|weeks}.",
    ),
    "trend": (
        "This week you did {this_week} {this_week:mission|missions}, up from {last_week}.",
        "{this_week} {this_week:mission|missions} this week, up from {last_week} the week "
        "before — nice momentum.",
        "You are picking up pace: {this_week} {this_week:mission|missions} this week, up from "
        "{last_week} the week before.",
    ),
    "habit_days": (
        "“{habit}” is a {side} habit for you: done on {done} of the last {asked} {side}s, "
        "and on {other_done} of {other_asked} {other}s.",
        "You keep “{habit}” best on {side}s: {done} of the last {asked}, and {other_done} of "
        "{other_asked} on {other}s.",
        "On {side}s “{habit}” comes easily: you kept it on {done} of the last {asked}, and "
        "on {other_done} of {other_asked} {other}s.",
    ),
    "comeback": (
        "Welcome back — {missions} {missions:mission|missions} since you returned after "
        "{days_away} {days_away:day|days} away.",
        "Good to see you again: {missions} {missions:mission|missions} done since you came "
        "back after {days_away} {days_away:day|days} away.",
        "Back in motion — {missions} {missions:mission|missions} since your return after "
        "{days_away} {days_away:day|days} away.",
    ),
}


class _Words(string.Formatter):
    """str.format, plus `{n:one|many}`: the word that fits the number n."""

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            one, many = format_spec.split("|", 1)
            return one if value == 1 else many
        return str(super().format_field(value, format_spec))


_WORDS = _Words()


def fields_of(template: str) -> frozenset[str]:
    """The facts a template quotes."""
    return frozenset(name for _, name, _, _ in _WORDS.parse(template) if name)


def render(template: str, numbers: dict[str, int | float | str]) -> str:
    """One template filled in with `numbers` (KeyError when one it quotes is missing)."""
    text = _WORDS.format(template, **numbers)
    return text[:1].upper() + text[1:]


def insight_text_offline(facts: InsightFacts) -> str:
    """The insight in words, the same every time for the same facts.

    1. Keep the kind's templates whose quoted facts are all known.
    2. Of those, keep the ones that quote the most of them ("9 of 12" says more than "9").
    3. Choose one by a hash of the key and the numbers: stable for one insight, and varied
       across people, whose numbers differ.
    """
    known = set(facts.numbers)
    usable = [t for t in TEMPLATES[facts.kind] if fields_of(t) <= known]
    if not usable:
        raise ValueError(f"no {facts.kind} template fits the facts {sorted(known)}")
    most = max(len(fields_of(t)) for t in usable)
    fullest = [t for t in usable if len(fields_of(t)) == most]
    seed = f"{facts.key}|{sorted(facts.numbers.items())}".encode()
    index = int.from_bytes(hashlib.sha256(seed).digest()[:8], "big") % len(fullest)
    return render(fullest[index], facts.numbers)
