"""Which template a nudge uses: a sleeping, recovering bandit's choice (Duolingo, KDD 2020).

Templates are arms. An arm sleeps while its facts are unknown (templates.awake). An arm
used lately is recovering: its score is lowered, less and less as the days pass, so a
person does not read the same words twice in a row while another fits.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from nudges.words.facts import NudgeFacts
from nudges.words.templates import Template, awake, templates_of

# A template used just now keeps 10% of its score; the penalty halves every HALF_LIFE days,
# so after two weeks it is back to ~92%.
RECENCY_PENALTY = 0.9
HALF_LIFE_DAYS = 4.0
# Scores equal to this many places tie, and the seeded hash decides.
PLACES = 3


def recovery(days_since_use: float | None) -> float:
    """The share of its weight a template keeps `days_since_use` after it was last used
    (None: never used, all of it)."""
    if days_since_use is None:
        return 1.0
    return 1.0 - RECENCY_PENALTY * float(0.5 ** (max(days_since_use, 0.0) / HALF_LIFE_DAYS))


def _tie_break(seed: str, key: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}|{key}".encode()).digest()[:8], "big")


def template_choose(facts: NudgeFacts, *, used: Mapping[str, float], seed: str) -> Template:
    """The template a nudge uses.

    1. Keep the step's templates that are awake for these facts (at least the plain hello,
       which writes no fact, always is).
    2. Score each: weight x recovery(days since this person last read it; `used` maps a
       template's key to those days).
    3. The best score wins, rounded to PLACES so near-equal scores tie; a tie goes to the
       highest hash of `seed` (the person and their absence) with the key: the same send
       always reads the same, and different people get different words.
    """
    slots = facts.slots()
    candidates = [t for t in templates_of(facts.step) if awake(t, slots)]
    if not candidates:
        raise ValueError(f"no {facts.step} template is awake for {sorted(slots)}")
    return max(
        candidates,
        key=lambda t: (
            round(t.weight * recovery(used.get(t.key)), PLACES),
            _tie_break(seed, t.key),
        ),
    )
