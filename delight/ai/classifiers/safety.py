"""The safety screen: suicide and self-harm risk in one message, level 0 none .. 3 imminent.

It runs before any model in every mode: it must be fast, predictable and explainable to
staff. The rules are data in safety_rules.py.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from delight.ai.classifiers.lexicon import NEGATION_BREAKERS, normalize
from delight.ai.classifiers.safety_rules import (
    ACT,
    CLAUSE_BREAKS,
    CONCERN,
    EARNEST,
    ESCALATOR,
    EXASPERATED_FACE,
    FICTION,
    FIRST_PERSON,
    HINT,
    HYPERBOLE_RULES,
    IDEATION,
    INTENTION,
    KIDDING,
    MEANS,
    MEANT,
    NEGATORS,
    ONE_MORE,
    PAST,
    REAL_PERSON,
    RECOVERY,
    RELAPSE,
    SAFETY_EXCLUSIONS,
    SAFETY_RULES,
    SELF_HARM,
    SIGN,
    THIRD_NOUNS,
    THIRD_PRONOUNS,
    TIME,
    TOLD_ELIZA,
    WARNING,
    Rule,
)
from delight.ai.text import BOUNDARY_TOKENS, LAUGHTER
from delight.ai.types import SafetyResult

_NEGATION_WINDOW = 4
_PERSON_LOOKBACK = 6
# A sentence with no subject of its own ("won't need them") is the speaker's when they
# spoke of themselves just before ("my books, my camera. won't need them").
_SUBJECT_LOOKBACK = 12


@dataclass(frozen=True)
class _Signal:
    rule: Rule
    phrase: str
    person: str  # "first" | "third" | "none"
    past: bool


def _overlaps_exclusion(text: str, start: int, end: int) -> bool:
    for pattern in SAFETY_EXCLUSIONS:
        for m in pattern.finditer(text):
            if m.start() < end and start < m.end():
                return True
    return False


def _clause_before(tokens: list[str], index: int, limit: int) -> list[str]:
    """Up to `limit` tokens before `index`, stopping at a clause boundary."""
    out: list[str] = []
    for i in range(index - 1, max(-1, index - 1 - limit), -1):
        token = tokens[i]
        if token in BOUNDARY_TOKENS or token in CLAUSE_BREAKS:
            break
        out.append(token)
    return out  # nearest first


# Words that need a "not" to mean what the rule reads: "i don't think anyone would notice
# if i was gone" says nobody would; its "not" denies nothing.
_NEEDS_NOT = frozenset({"anyone", "anybody"})


def _is_negated(tokens: list[str], index: int) -> bool:
    if index < len(tokens) and tokens[index] in _NEEDS_NOT:
        return False
    before = _clause_before(tokens, index, _NEGATION_WINDOW)
    if before and before[0] == "no":
        return True
    for pos, token in enumerate(before):
        if token in NEGATORS:
            following = before[pos - 1] if pos > 0 else tokens[index]
            return following not in NEGATION_BREAKERS
    return False


def _person(tokens: list[str], index: int, phrase: str) -> str:
    """Who the signal is about: the pronouns inside the match, else the nearest subject."""
    words = set(phrase.split())
    if words & FIRST_PERSON:
        return "first"
    if words & THIRD_PRONOUNS:
        return "third"
    before = _clause_before(tokens, index, _PERSON_LOOKBACK)
    if "me" in before and {"told", "tells", "telling", "showed"} & set(before):
        return "third"  # "a child told me about self harm": the teller's, not the listener's
    for token in before:
        if token in FIRST_PERSON:
            return "first"
        if token in THIRD_PRONOUNS or token in THIRD_NOUNS:
            return "third"
    if FIRST_PERSON.intersection(tokens[max(0, index - _SUBJECT_LOOKBACK) : index]):
        return "first"
    return "none"


def _clause_text(tokens: list[str], index: int) -> str:
    """The clause around token `index` (split on punctuation and "but")."""
    lo = index
    while lo > 0 and tokens[lo - 1] not in BOUNDARY_TOKENS and tokens[lo - 1] != "but":
        lo -= 1
    hi = index
    while hi < len(tokens) and tokens[hi] not in BOUNDARY_TOKENS and tokens[hi] != "but":
        hi += 1
    return " ".join(tokens[lo:hi])


# A turn asks of one message (and its parts) more than once: what the screen reads, whether
# the rules hold it, whether the meaning layer may read it (~0.35 ms a reading).
@functools.lru_cache(maxsize=512)
def _find_signals(text: str) -> tuple[_Signal, ...]:
    tokens = text.split(" ")
    starts = _token_starts(text)
    recovered = bool(RECOVERY.search(text)) and not RELAPSE.search(text)
    signals = []
    for rule in SAFETY_RULES:
        for m in rule.pattern.finditer(text):
            if _overlaps_exclusion(text, m.start(), m.end()):
                continue
            index = _token_index(starts, m.start())
            if rule.negatable and _is_negated(tokens, index):
                continue
            clause = _clause_text(tokens, index)
            past = recovered or (bool(PAST.search(clause)) and not RELAPSE.search(text))
            person = "first" if rule.speaker else _person(tokens, index, m.group(0))
            signals.append(_Signal(rule, m.group(0), person, past))
    return tuple(signals)


def _token_index(starts: list[int], offset: int) -> int:
    index = 0
    for i, start in enumerate(starts):
        if start > offset:
            break
        index = i
    return index


def _token_starts(text: str) -> list[int]:
    """Character offset of each token of a normalised string."""
    starts, pos = [], 0
    for token in text.split(" "):
        starts.append(pos)
        pos += len(token) + 1
    return starts


_WEIGHTS = {IDEATION: 2, SELF_HARM: 2, WARNING: 2, HINT: 1}
# SafetyResult.basis of a high-risk reading that is not explicit: indirect signs only, a
# hyperbole next to laughter, someone else's danger.
HINTS, JOKING, OTHER = "hints", "joking", "someone else"


def screen_safety(text: str) -> SafetyResult:
    """Screen one message for suicide and self-harm risk. Level 0 none .. 3 imminent.

    1. Normalise (lower case, contractions, typos such as "kil"/"suicde", repeated letters).
    2. Run the weighted rules: ideation and self-harm (weight 2), indirect hints (weight 1),
       acts in progress and lethal means at hand (imminent alone), escalators (plan, means,
       place), supporting signs (a goodbye, gifts, affairs in order), and concern phrases
       (hopelessness, worthlessness, low mood, grief).
    3. Drop a match when an idiom exclusion overlaps the same span ("cut myself shaving",
       "career suicide", "jump rope"), or when a negator ("not", "never") sits up to four
       tokens before it in the same clause ("I would never hurt myself").
    4. Attribute each match to a person: pronouns inside it, else the nearest subject before
       it ("my friend said she ..." is third person); a sentence with no subject is the
       speaker's when they just spoke of themselves, and some rules are always the
       speaker's ("none of this is her fault"). Mark it past when its clause says
       "used to"/"years ago", or the message speaks of recovery ("2 years clean"), unless it
       also says "again" or "relapsed".
    5. Score first-person, present signals: an act or means at hand -> 3; weight >= 2 -> 2,
       and 3 if an escalator or a time with an intent ("going to ... tonight") is present;
       a single hint -> 1, 2 with an escalator, 3 with lethal means or a plan and a time.
       Next to a hint, supporting signs (a goodbye, giving things away, affairs in order)
       and distress (hopelessness) add one to the weight: a hint with a sign is high risk,
       while each alone is not ("thanks for everything, bye!" is 0). Finality phrases
       ("this is it", "I'm done") only count next to an escalator or distress.
    6. Everything else caps at 1: past signals (recovery), concern phrases, and other
       people. Third-person risk is level 1 (2 when it is imminent) with a reason that says
       it is about someone else, so the companion can help the person help their friend
       instead of treating them as the one in crisis. Third-person or impersonal mentions in
       a question about a book or film are ignored (level 0), unless the message names
       someone in the person's life ("my student wrote an essay about wanting to die").
    """
    norm = normalize(text)
    if not norm:
        return SafetyResult(0, "")
    signals = _find_signals(norm)
    if not signals:
        return SafetyResult(0, "")
    fiction = bool(FICTION.search(norm))
    # A story's character is not at risk; someone in the person's life ("my student") may be.
    real_other = bool(REAL_PERSON.search(norm))
    escalated = any(s.rule.kind == ESCALATOR for s in signals)
    timed = bool(TIME.search(norm) and INTENTION.search(norm))

    present = [s for s in signals if s.person != "third" and not s.past]
    if fiction:
        present = [s for s in present if s.person == "first"]
    third = [
        s for s in signals if s.person == "third" and not s.past and (real_other or not fiction)
    ]
    past = [
        s for s in signals if s.past and s.rule.kind in (IDEATION, SELF_HARM, WARNING, HINT, ACT)
    ]

    level, reason, matched = _score_first_person(present, escalated, timed)
    if level >= 2:
        return SafetyResult(level, reason, matched, basis=_basis(present, reason, text))

    third_risk = [s for s in third if s.rule.kind in _WEIGHTS or s.rule.kind in (ACT, MEANS)]
    if third_risk:
        imminent = any(s.rule.kind in (ACT, MEANS) for s in third_risk) or escalated or timed
        phrases = _phrases(third_risk)
        if imminent:
            return SafetyResult(
                2, "someone else may be in immediate danger (third person)", phrases, basis=OTHER
            )
        return SafetyResult(1, "concern about someone else's safety (third person)", phrases)
    if past:
        return SafetyResult(
            1, "past self-harm or suicidal thoughts, now in recovery", _phrases(past)
        )
    if level == 1:
        return SafetyResult(level, reason, matched)
    concern = [s for s in present if s.rule.kind == CONCERN]
    if concern:
        return SafetyResult(
            1, "signs of distress (hopelessness, low mood, grief)", _phrases(concern)
        )
    return SafetyResult(0, "")


def _basis(present: list[_Signal], reason: str, raw: str) -> str:
    """What a high-risk reading rests on: explicit words ("rules": the crisis response),
    indirect signs only ("hints"), or only a phrase people use as hyperbole next to laughter
    ("joking"); both of the latter are asked about first."""
    if reason.startswith("indirect signs of suicidal thinking") and "plan" not in reason:
        return HINTS
    risky = [s for s in present if s.rule.kind in (IDEATION, SELF_HARM, ACT, MEANS)]
    hyperbole = risky and all(s.rule.name in HYPERBOLE_RULES for s in risky)
    return JOKING if hyperbole and sounds_joking(raw) else "rules"


def sounds_joking(raw: str) -> bool:
    """Laughter, an eye-roll or "jk" next to the words, and nothing that says they are meant
    ("im so hungry im gonna die lol"; "gonna kms tonight lol" is meant), or a threat hung on
    one more of some everyday thing ("fr if i have to do one more group project i'm throwing
    myself off the roof"), unless a time or "not joking" says it is meant."""
    norm = normalize(raw)
    if KIDDING.search(norm) or (ONE_MORE.search(norm) and not MEANT.search(norm)):
        return True
    laughed = LAUGHTER.search(raw) or EXASPERATED_FACE.search(raw)
    return bool(laughed and not EARNEST.search(norm))


def _phrases(signals: Iterable[_Signal]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s.phrase for s in signals))


def _score_first_person(
    present: list[_Signal], escalated: bool, timed: bool
) -> tuple[int, str, tuple[str, ...]]:
    acts = [s for s in present if s.rule.kind == ACT]
    if acts:
        return 3, "imminent danger: self-harm may be under way", _phrases(acts)
    means = [s for s in present if s.rule.kind == MEANS]
    if means:
        return 3, "imminent danger: lethal means at hand", _phrases(means)
    extras = [s for s in present if s.rule.kind == ESCALATOR]
    distress = [s for s in present if s.rule.kind == CONCERN]
    # "this is it", "I'm done": only a warning sign next to a plan, means, place or distress.
    risky = [
        s
        for s in present
        if s.rule.kind in _WEIGHTS and (extras or distress or s.rule.name != "finality")
    ]
    weight = sum(_WEIGHTS[s.rule.kind] for s in risky)
    signs = [s for s in present if s.rule.kind == SIGN] + distress
    if signs and any(s.rule.kind in (HINT, WARNING) for s in risky):
        # A goodbye, a gift or hopelessness next to a warning sign: one more sign of risk.
        weight += 1
        risky += signs
    harm = any(s.rule.kind == SELF_HARM for s in risky)
    explicit = any(s.rule.kind in (IDEATION, SELF_HARM) for s in risky)
    if weight >= 2:
        if escalated or timed:
            what = "self-harm" if harm and not _has_ideation(risky) else "suicidal thoughts"
            return (
                3,
                f"imminent danger: {what} with a plan, means or time",
                _phrases([*risky, *extras]),
            )
        if not explicit:
            return 2, "indirect signs of suicidal thinking", _phrases(risky)
        if harm and not _has_ideation(risky):
            return 2, "self-harm", _phrases(risky)
        return 2, "suicidal ideation", _phrases(risky)
    if weight == 1:
        if any(s.rule.name == "has means" for s in extras) or (escalated and timed):
            return (
                3,
                "imminent danger: warning signs with a plan and a time",
                _phrases([*risky, *extras]),
            )
        if escalated:
            return (
                2,
                "indirect signs of suicidal thinking with a plan or means",
                _phrases([*risky, *extras]),
            )
        return 1, "a possible indirect warning sign", _phrases(risky)
    return 0, "", ()


def _has_ideation(signals: Iterable[_Signal]) -> bool:
    return any(s.rule.kind == IDEATION for s in signals)


_RISK_KINDS = (IDEATION, SELF_HARM, WARNING, HINT, ACT, MEANS)


@functools.lru_cache(maxsize=512)
def rules_hold(text: str) -> bool:
    """Whether the rules' reading of a message stands, whatever its meaning looks like.

    A sentence embedding reads what a message is about, not whose it is, when it was, nor
    a "not": the semantic screen (safety_semantic.py) may raise no message the rules read as
    1. a story, a film or a song (fiction words);
    2. an idiom the rules exclude ("career suicide", "cut myself shaving");
    3. risk that is all someone else's or all in the past ("my friend wants to die",
       "i used to cut, 2 years clean");
    4. risk the person denies ("i'm not suicidal", "i would never hurt myself");
    5. a question to Eliza about what they told her ("which pills did i say i take?").
    """
    norm = normalize(text)
    if not norm or FICTION.search(norm) or TOLD_ELIZA.search(norm):
        return True
    if any(pattern.search(norm) for pattern in SAFETY_EXCLUSIONS):
        return True
    risk = [s for s in _find_signals(norm) if s.rule.kind in _RISK_KINDS]
    if risk and all(s.person == "third" or s.past for s in risk):
        return True
    return _denied(norm)


def _denied(norm: str) -> bool:
    """Whether a negator stands before an explicit signal ("i am not suicidal")."""
    tokens = norm.split(" ")
    starts = _token_starts(norm)
    return any(
        rule.negatable and _is_negated(tokens, _token_index(starts, m.start()))
        for rule in SAFETY_RULES
        if rule.kind in (IDEATION, SELF_HARM)
        for m in rule.pattern.finditer(norm)
    )
