"""Kindness: reassurance asked for, doubts and harsh words about oneself eased, something
missed met without blame, a plan of their own backed, effort seen; else something kind and
true from their own progress (act_replies answers the other acts)."""

from __future__ import annotations

import re
from itertools import cycle

from delight.ai.offline import kindness_words as words
from delight.ai.offline.act_input import ActInput, drawn
from delight.ai.offline.banks import named
from delight.ai.offline.reflection import uncapitalise
from delight.ai.text import INJURY

_REASSURANCE = re.compile(
    r"^\W*(?:(?:so|and|but|hmm+|ok)\W+)?(?:is|would) (?:that|it|this) (?:be )?(?:ok|okay"
    # "is that ok for a first one or too long" asks whether a plan fits, not to be reassured
    r"|alright|all right|fine|bad|terrible|awful)\b(?! to\b| for\b)(?!.*\bor too\b)"
    r"|\bis it (?:ok|okay|alright|bad) if\b"
    # "is it ok to skip today", not "is it ok to post photo of stranger" (advice asked)
    r"|\bis it (?:ok|okay|alright|bad) to (?:skip|miss|rest|take (?:a|the) (?:day|break|rest)"
    r"|cry|feel|stop|quit|give up|sleep in|slack|be)\b"
    r"|\bam i (?:allowed|a bad person|terrible|lazy)\b|\b(?:do ?n[o']?t|no) judg\w*",
    re.IGNORECASE,
)


_ASKING_KINDNESS = (
    _REASSURANCE,
    words.DOUBTING,
    words.TOO_MUCH,
    words.MANY_STEPS,  # "ok this is a lot of missions honestly": said for reassurance
    words.LEAVE_ASKED,
    words.APOLOGY,
    words.SELF_CRITICISM,
    words.FELT_SMALL,
    words.CAN_I,
)


def asks_leave(text: str) -> bool:
    """Whether they ask leave to skip or rest ("do you think i should skip my run saturday"):
    reassurance, not a tip about running."""
    return bool(words.LEAVE_ASKED.search(text))


def asks_reassurance(text: str) -> bool:
    """Asked whether something is all right, not to be judged, or whether they are normal;
    sorry for having shared so much; or harsh on themselves ("im rubbish at stretching")."""
    return any(pattern.search(text) for pattern in _ASKING_KINDNESS)


def hurt_told(text: str) -> bool:
    """An injury ("tweaked my back"), a doctor's news about their health ("my blood sugar
    is borderline") or the body running low ("forgot to eat, kind of dizzy"): met by kindness
    first, whatever the reply's act."""
    return bool(
        INJURY.search(text) or words.HEALTH_NEWS.search(text) or words.BODY_LOW.search(text)
    )


def doubts_they_can(text: str) -> bool:
    """Whether they ask if they can do it at all ("do you think i can actually do this")."""
    return bool(words.CAN_I.search(text))


def harsh_on_self(text: str) -> bool:
    """Whether the person is harsh on themselves ("im rubbish at stretching")."""
    return bool(words.SELF_CRITICISM.search(text))


def _kindness_for(text: str) -> tuple[str, tuple[str, ...]]:
    """What a message that asks for no kindness as such is met with: reassurance asked for,
    doubts eased, something missed met without blame, a decision mulled over, luck wished, a
    plan of their own backed (its time said or not), effort seen; ("", ()) when it is none of
    these."""
    if words.APOLOGY.search(text):
        return "apology", words.APOLOGY_EASED
    if words.CAN_I.search(text):
        return "can i", words.CAN_I_BACKED
    if words.TOO_MUCH.search(text):
        return "too much", words.TOO_MUCH_EASED
    if words.MANY_STEPS.search(text):
        return "many steps", words.MANY_STEPS_EASED
    if words.CHOICE_DOUBTED.search(text):
        return "choice", words.CHOICE_EASED
    if words.DOUBTING.search(text):
        return "doubt", words.DOUBT_EASED
    if words.FELT_SMALL.search(text):
        return "felt small", words.FELT_SMALL_EASED
    if harsh_on_self(text):
        return "harsh", words.SELF_CRITICISM_EASED
    if _REASSURANCE.search(text) or words.LEAVE_ASKED.search(text):
        # "is it bad that i havent started yet": nothing built yet to say is not lost
        unstarted = words.NOT_STARTED.search(text)
        return (
            ("not started", words.NOT_STARTED_EASED)
            if unstarted
            else ("reassured", words.REASSURED)
        )
    if words.KINDNESS_ASKED.search(text):
        return "", ()
    if words.BODY_LOW.search(text):
        return "body low", words.BODY_LOW_EASED
    if words.HEALTH_NEWS.search(text):
        return "health news", words.HEALTH_NEWS_EASED
    if INJURY.search(text):
        long_ago = words.INJURY_LONG_AGO.search(text)
        return "injury", words.INJURY_PAST if long_ago else words.INJURY_EASED
    found = next((key for key, pattern in _KINDNESS_CUES if pattern.search(text)), "")
    if found in ("part", "missed") and words.OWN_PLAN.search(text):
        found = "plan"  # "the tea i didnt drink yet, i will do it before sleep": backed
    if found == "effort" and words.NO_EFFORT.search(text):
        return "", ()
    if found == "plan":
        timed = words.PLAN_TIMED if words.TIME_SAID.search(text) else ()
        return found, (*timed, *words.PLAN_BACKED)
    return found, _KINDNESS_WORDS.get(found, ())


_KINDNESS_CUES = (
    ("underway", words.UNDERWAY),
    ("part", words.PART_DONE),
    ("missed", words.MISSED),
    ("mulled", words.MULLING),
    ("luck", words.LUCK),
    ("tired", words.TIRED),
    ("plan", words.OWN_PLAN),
    ("effort", words.EFFORT),
)
_KINDNESS_WORDS = {
    "underway": words.UNDERWAY_BACKED,
    "part": words.PART_SEEN,
    "missed": words.MISSED_EASED,
    "mulled": words.MULLED,
    "luck": words.LUCK_WISHED,
    "tired": words.TIRED_EASED,
    "effort": words.EFFORT_SEEN,
}


def tells_a_miss(text: str) -> bool:
    """Something of their own not done, or done only in part, is told ("i didnt do the
    screens one", "did one set. knee wasnae having it")."""
    return bool(words.MISSED.search(text) or words.PART_DONE.search(text))


def tells_tired(text: str) -> bool:
    """Only tired, or rest wished for ("yeah maybe. i just want to go home and sleep")."""
    return bool(words.TIRED.search(text))


def kindness_answers(text: str) -> bool:
    """Whether a message that asks for no kindness is one kindness answers (_kindness_for)."""
    return bool(_kindness_for(text)[0])


def kindness(given: ActInput) -> list[str]:
    """Kindness that fits what was said (_kindness_for); else something kind and true, from
    their own progress: the streak, a goal's progress; unasked (the reply policy's kindness
    for a setback no cue names: "boys woke up at 5.40"), eased before it (SETBACK_EASED)."""
    key, bank = _kindness_for(given.text)
    if key:
        return drawn(bank, given, key)
    truths = _progress_truths(given)
    if words.KINDNESS_ASKED.search(given.text):
        return truths or [named(words.KINDNESS_PLAIN[0], given.ctx.name)]
    eased = drawn(words.SETBACK_EASED, given, "setback")
    if not truths:
        return eased
    return [
        f"{opening} {_unnamed(truth, given.ctx.name)}"
        for opening, truth in zip(eased, cycle(truths))
    ]


def _unnamed(said: str, name: str) -> str:
    """`said` without the name it opens with (the opening before it said it)."""
    return said.replace(f", {name}:", ":", 1) if name else said


def _progress_truths(given: ActInput) -> list[str]:
    """Something kind and true from their own progress, said in more than one way (a second
    "tell me something nice" is not met by silence): the streak, a goal's progress, else a
    goal set; [] when there is none."""
    parts = []
    note = given.ctx.streak
    if note is not None and note.current:
        best = words.KINDNESS_BEST if note.current >= note.longest > 1 else ""
        if note.current == 1:
            parts.append(words.KINDNESS_TODAY)  # not "shown up a day in a row"
        else:
            parts.append(words.KINDNESS_STREAK.format(days=f"{note.current} days") + best)
    moving = [(goal, done) for goal, done in given.ctx.progress.items() if done > 0]
    if moving:
        goal, done = moving[0]
        parts.append(words.KINDNESS_GOAL.format(percent=done, goal=goal))
    if not parts and given.ctx.goals:
        # Nothing done yet, but a goal set: a wish made into a plan is true and kind.
        return [named(words.KINDNESS_PLANNED, given.ctx.name, goal=given.ctx.goals[0])]
    if not parts:
        return []
    said = ", and ".join([uncapitalise(parts[0]), *parts[1:]])
    return [
        named(opening, given.ctx.name) + said + ". " + close
        for opening, close in words.KINDNESS_TRUE
    ]


def coach(given: ActInput) -> list[str]:
    """A plan of their own backed (its time said or not); else the keyword rules coach."""
    key, bank = _kindness_for(given.text)
    return drawn(bank, given, key) if key == "plan" else []
