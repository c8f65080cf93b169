"""How the turn answers the safety screen: the crisis response, a check-in, or neither, and
what a person's answer to a check-in means.

Graded, never by meaning alone: explicit words (the rules' high risk) get the crisis
response; a signal from the message's meaning, a model, indirect signs only, or a hyperbole
next to laughter get a check-in first, a short direct question in Eliza's voice. The next
message answers it: "yes" (or "i don't know") escalates to the crisis response, "no, just
stressed" closes it kindly and the conversation goes on; anything else is an ordinary
message again. A check-in flags nobody and leaves any flow where it was, and for half an hour
after one (or after the crisis response) a signal from meaning alone is not asked about
again; explicit words always are.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from delight.ai.classifiers import screen_safety
from delight.ai.types import SafetyResult

CRISIS_LEVEL = 2  # safety levels 2 (high risk) and 3 (imminent danger)
CRISIS, CHECKIN, CLOSED, SOMEONE_ELSE = "crisis", "checkin", "closed", "someone else"
ASK_AGAIN = "ask again"
# After a check-in or the crisis response, how long a signal from meaning alone is not asked
# about again (a heavy conversation would otherwise be a check-in every other message).
QUIET = dt.timedelta(minutes=30)
# What a high-risk reading rests on, when it is not explicit words (SafetyResult.basis).
ASKED_FIRST = frozenset({"hints", "joking", "meaning", "model"})

CRISIS_OPENING = (
    "I'm really glad you told me. What you're feeling matters, and you don't have to face it "
    "alone. If you are in danger right now, please call your local emergency number or go to "
    "the nearest emergency department."
)
CRISIS_CLOSING = "I'm here with you. Is there someone you trust who can be with you right now?"

CHECKIN_QUESTION = (
    "{heard}I want to make sure I understand you: do you mean you're stressed and worn out, "
    "or are you having thoughts of hurting yourself or ending your life? Whatever the answer, "
    "I'm here and I won't judge."
)
CHECKIN_LINES = "If you are ever in danger, you can reach: {lines}."
CHECKIN_CLOSED = (
    "Thank you for telling me, and I'm glad. {weight} If that ever changes, you can tell me "
    "straight away."
)
WEIGHT = {
    "joking": "Fair enough; I'd always rather ask than guess.",
    "kidding": "Fair enough; I'd always rather ask than guess.",
    "meant": "Thanks for clearing that up; I'd always rather ask than guess.",
    "stress": "Carrying that much stress is exhausting; it makes sense that it spills over.",
    "tired": "Being that worn out colours everything; go gently with yourself tonight.",
    "": "It sounds like a lot is weighing on you right now.",
}
# A "yeah" to the check-in's two-sided question, then words about something else ("yeah. i
# miss her a lot"): which side it meant is asked once more, plainly.
CHECKIN_AGAIN = (
    "I hear you. Just so I'm sure, and it's okay either way: are you having thoughts of "
    "hurting yourself or ending your life?"
)
# The words after a bare yes that tell something else, and words that point back at the
# question instead ("yeah, sometimes i think about it" is a yes).
SAID_MORE_WORDS = 3
_POINTS_BACK = re.compile(
    r"\b(?:it|that|this|them|sometimes|a bit|a little|kind of|kinda|sort of|think|thought"
    r"|thoughts|maybe|often|hurt\w*|end\w*|die|dying|myself)\b",
    re.IGNORECASE,
)
SOMEONE_ELSE_REPLY = (
    "That sounds frightening, and it matters that you're looking out for them. If they are in "
    "danger right now, call your local emergency number and stay with them if you can. "
    "{lines} You don't have to carry this on your own: would it help to talk through what "
    "to say to them?"
)

_BARE_YES = re.compile(r"^\W*(?:yes|yeah|yea|yep|ya|yh)\b\W*", re.IGNORECASE)
_YES = re.compile(
    r"^\W*(?:yes|yeah|yea|yep|ya|yh|kind of|kinda|sort of|sorta|a bit|a little|maybe|sometimes"
    r"|i (?:do not|dont|don't) know|idk|not sure|i think so|i have|i am|i do|the second"
    r"|both|honestly yes|truthfully yes)\b",
    re.IGNORECASE,
)
_RISK_SAID = re.compile(
    r"\b(?:thoughts of (?:hurting|killing|ending)|hurting myself|hurt myself|end(?:ing)? my life"
    r"|kill(?:ing)? myself|want to die|do not want to be here|don't want to be here)\b",
    re.IGNORECASE,
)
_SAFE = re.compile(
    r"^\W*(?:no+|nope|nah|na|not (?:really|that|like that|at all)|i(?: am|'m|m)? (?:fine|ok"
    r"|okay|safe|alright|good)|the first|stressed|tired|i meant|figure of speech"
    r"|joking|kidding|jk|god no|definitely not|of course not)\b"
    r"|\b(?:just (?:stressed|tired|exhausted|overwhelmed|venting|a bad day|a figure of speech"
    r"|joking|kidding)|(?:i am|i'm|im) (?:safe|fine|ok|okay)|not (?:suicidal|in danger"
    r"|going to hurt myself)|(?:was|were) joking|figure of speech)\b",
    re.IGNORECASE,
)


def recently_asked(asked_at: str | None, now: dt.datetime) -> bool:
    """Whether a check-in or the crisis response came within QUIET of `now`: a signal from
    meaning alone is not asked about again so soon (explicit words always are)."""
    if not asked_at:
        return False
    return now - dt.datetime.fromisoformat(asked_at) < QUIET


def sign_after_asking(safety: SafetyResult, session: dict[str, Any]) -> str:
    """How to answer a warning sign that comes soon after a check-in: a signal from meaning
    alone is not asked about again (""); a sign in words (the rules' indirect signs) after a
    check-in nobody answered "i'm safe" is a second sign, the crisis response ("i gave ffion
    my good boots and all my books. i wont need them" after "i stopped taking my meds"); after
    "i'm safe", it is asked about again; after the crisis response its lines stand ("")."""
    if safety.basis != "hints" or session.get("after_crisis") is not None:
        return ""
    closed, asked_at = session.get("safety_closed"), session.get("safety_asked")
    return CHECKIN if closed and asked_at and closed > asked_at else CRISIS


# Safety said in the message itself ("i'm not but i'm not in danger or anything dont worry"):
# nothing to ask about; never enough to lower explicit words.
_SAID_SAFE = re.compile(
    r"\bnot (?:suicidal|in (?:any )?danger|going to (?:hurt myself|do anything))\b"
    r"|\b(?:i am|i'm|im) (?:safe|not going anywhere)\b",
    re.IGNORECASE,
)


def safety_answer(safety: SafetyResult, text: str = "") -> str:
    """How the turn answers a safety screen's result: CRISIS (the crisis response), CHECKIN
    (a question first, unless `text` already says they are safe), SOMEONE_ELSE (help for
    helping another person) or "" (an ordinary turn)."""
    if safety.level < CRISIS_LEVEL:
        return ""
    if safety.basis in ASKED_FIRST:
        return "" if _SAID_SAFE.search(text) else CHECKIN
    return SOMEONE_ELSE if safety.basis == SOMEONE_ELSE else CRISIS


def checkin_answer(text: str, *, asked_again: bool = False) -> str:
    """What a message says to a check-in: "at risk" (yes, or not sure), "safe", "unclear"
    (a bare "yeah" to the two-sided question, then words about something else: asked once
    more unless `asked_again`), or "" when it does not answer it. A denial wins over a stray
    "i am": "no, i am fine"; a risk named only to be denied is none ("no not like that!! im
    not going to hurt myself")."""
    # The rules' own negation decides whether a risk named is meant or denied.
    named = _RISK_SAID.search(text) is not None
    if named and screen_safety(text).level >= CRISIS_LEVEL:
        return "at risk"
    safe = _SAFE.search(text) or named
    if safe and not re.search(r"\b(?:yes|yeah|yep)\b", text, re.IGNORECASE):
        return "safe"
    if not _YES.search(text):
        return ""
    bare = _BARE_YES.match(text)
    rest = text[bare.end() :] if bare else ""
    elsewhere = len(rest.split()) >= SAID_MORE_WORDS and not _POINTS_BACK.search(rest)
    return "unclear" if elsewhere and not asked_again else "at risk"


def checkin_text(heard: str, lines: list[str]) -> str:
    """The check-in question, quoting a short part of what the person said."""
    quote = heard.strip().rstrip(".!?")
    lead = f"When you say “{quote}”, " if quote and len(quote) <= 60 else ""
    question = CHECKIN_QUESTION.format(heard=lead)
    if not lead:
        question = question[0].upper() + question[1:]
    return " ".join([question, CHECKIN_LINES.format(lines="; ".join(lines))])


def checkin_closed_text(text: str) -> str:
    lowered = text.lower()
    weight = next((words for key, words in WEIGHT.items() if key and key in lowered), WEIGHT[""])
    return CHECKIN_CLOSED.format(weight=weight)


def crisis_text(lines: list[str]) -> str:
    return " ".join([CRISIS_OPENING, *(f"{line}." for line in lines), CRISIS_CLOSING])


def someone_else_text(lines: list[str]) -> str:
    return SOMEONE_ELSE_REPLY.format(lines=" ".join(f"{line}." for line in lines))
