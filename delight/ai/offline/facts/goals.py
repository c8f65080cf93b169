"""What the person wants to reach (goals) and means to do soon (plans, things done)."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import TIMED, fact, slug, thing, third_person
from delight.ai.offline.grammar_words import VERBS
from delight.ai.text import BODY_PART, INJURY
from delight.ai.types import ExtractedFact

_TRIVIAL_GOALS = re.compile(
    r"^(?:(?:know|ask|say|talk|tell|see|check|mention|vent|thank|share|chat|try|cry|scream)\b|"
    r"(?:be honest|sleep|go to bed|go home|eat|rest)(?: now)?$|"
    r"(?:be like|do|be|have|get) (?:that|this|it|him|her|them)$|"
    # An aim whose object is only a pronoun says nothing kept alone ("keep it that way",
    # "learn it properly this time").
    r"\w+ (?:it|that|this|them)\b(?! (?:up|out|off|down|on)\b)|"
    # Asking for a goal is no aim: "i want to do a goal".
    r"(?:do|set|make|have|start|get|add|create) (?:up )?(?:(?:a|an|another|other|new|my) )*"
    r"goals?(?: thing| idea)?\W*$)",
    re.IGNORECASE,
)
# A request of the moment, in a shop, a restaurant, a bank or on the phone ("i'd like to
# buy a skirt", "i want to speak to kate"): said, done, and nothing to remember it by.
_PASSING = re.compile(
    r"^(?:buy|purchase|order|book|reserve|rent|hire|pay|send|withdraw|deposit|exchange|cancel"
    r"|return|activate|renew|borrow|check (?:in|out)|speak (?:to|with)|talk to|leave a message"
    r"|make (?:an? )?(?:appointment|reservation|booking|call|phone call|complaint)"
    r"|sit\b|come (?:in|back|over|by|and)|drop by|pick \w+ up|pick up|introduce|present|give"
    r"|try (?:on|some|a|the)\b|(?:have|take) a look|look at|see (?:the|a|an|some|mr|mrs|ms|dr)\b"
    r"|have (?:a|an|the|some|one|two|three|\d+)\b|get (?:a|an|the|some|one|two|\d+)\b"
    r"|go to (?:a|an|the) [\w' ]*(?:restaurant|hotel|bar|cafe|station|airport|bank|shop|store"
    r"|mall|street|cinema|movies?)\b)",
    re.IGNORECASE,
)
# What a life is made of is no errand, however it is asked for ("buy a house").
_LIFE_SIZED = re.compile(
    r"\b(?:house|home|flat|apartment|car|baby|babies|kids?|children|family|dog|cat|puppy"
    r"|job|degree|promotion|business|wedding|tattoo|bike)\b",
    re.IGNORECASE,
)
# A shrug after an aim: "walk more i guess".
_HEDGE_END = re.compile(
    r"(?:[\s,]+(?:i guess|i suppose|i think|maybe|probably|tbh|lol|idk))+$", re.I
)
_DONE_THING = re.compile(r"^(?:my|the|a|an|all|some|our|every|both|\d+\w*|two|three|five|ten)$")
_NO_DEED = frozenset(
    {"wrong", "right", "something", "anything", "nothing", "everything", "for", "so", "well",
     "too", "good", "badly", "fine", "great", "what", "as", "more", "less", "enough"}
)  # fmt: skip
# Words between "I did" and a verb ("I did actually go"): the deed is the verb's, not a thing.
_ADVERBS = frozenset({"actually", "really", "just", "finally", "not"})


def goals(clause: str) -> list[ExtractedFact]:
    patterns = (
        (r"\bmy (?:main |big |biggest |new |next )?goal is (?:to )?(.+)", "Wants to {}", 0.85),
        (
            r"\bI (?:really )?(?:want|would like|would love|hope|plan|intend|aim) to (.+)",
            "Wants to {}",
            0.75,
        ),
        (r"\bI am (?:trying|planning|hoping|aiming) to (.+)", "Is trying to {}", 0.75),
        (r"\bI am working (?:on|toward|towards) (.+)", "Is working on {}", 0.7),
        (r"\bI (?:dream of|dream about) (.+)", "Dreams of {}", 0.65),
    )
    for pattern, content, confidence in patterns:
        found = re.search(pattern, clause, re.I)
        if not found:
            continue
        aim = _HEDGE_END.sub("", thing(found.group(1), 10))
        if not aim or _TRIVIAL_GOALS.match(aim) or TIMED.search(aim) or _errand(aim):
            return []
        return [
            fact(
                content.format(third_person(aim)),
                "project",
                f"goal:{slug(aim)}",
                confidence,
                "goal",
                value=aim,
            )
        ]
    return []


def _errand(aim: str) -> bool:
    return bool(_PASSING.match(aim)) and not _LIFE_SIZED.search(aim)


# Something coming up ("got a job interview on friday", "i have a dentist appointment
# tomorrow"): kept as a task-tier memory, so "what did i say my interview was" finds it.
_EVENTS = (
    r"job interview|interview|exam|driving test|test|dentist appointment|doctors? appointment"
    r"|hospital appointment|appointment|operation|scan|audition|presentation|wedding"
    r"|first date|date|flight|race|gig|match"
)
_EVENT = re.compile(
    r"(?:\bI (?:have|have got|got|am having)\b|^got\b)\s*(?:a |an |my |the )?"
    rf"(?P<what>{_EVENTS})\b"
    r"(?!\s+(?:back|results?|marked|went|was|is|in the\s+past)\b)(?P<rest>[^,.!?]*)",
    re.IGNORECASE,
)
# … or told by when it is: "my dentist appointment is next tuesday, dreading it".
_EVENT_IS = re.compile(
    rf"\bmy (?P<what>{_EVENTS})(?P<where> (?:to|in|at|with|for) [\w' ]{{1,30}}?)? is "
    r"(?P<rest>(?:on|next|this|tomorrow|today|tonight|in|at)\b[^,.!?]*)",
    re.IGNORECASE,
)


def events(clause: str) -> list[ExtractedFact]:
    found = _EVENT.search(clause) or _EVENT_IS.search(clause)
    if not found or not found["rest"].strip():
        return []  # "an interview" with no when or what: nothing to hold on to yet
    what = found["what"].lower()
    where = found.groupdict().get("where") or ""
    said = thing(f"{what}{where} {found['rest'].strip()}", 10)
    article = "an" if what[0] in "aeiou" else "a"
    return [fact(f"Has {article} {said}", "task", f"event:{slug(what)}", 0.7, "plan")]


_INJURY_WHEN = re.compile(
    r"\b(?:last (?:year|month|week|summer|winter|spring|autumn)|yesterday|today|this week"
    r"|(?:a|two|three|\d+) (?:weeks?|months?|years?) ago)\b",
    re.IGNORECASE,
)


def tasks(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (?:need|have|have got|got|am going|will|plan) to (.+?) (today|tonight|tomorrow|"
        r"this (?:morning|afternoon|evening|week|weekend)|later)\b",
        clause,
        re.I,
    )
    if found:
        action, when = thing(found.group(1)), found.group(2).lower()
        return [
            fact(
                f"Plans to {third_person(action)} {when}",
                "task",
                f"task:{slug(action)}",
                0.7,
                "plan",
            )
        ]
    if hurt := INJURY.search(clause):
        # "i did my ankle last year": hurt, not finished (kept as the injury it is).
        said = hurt.group()
        body = BODY_PART.search(said)
        part = (body.group() if body else said.split()[-1]).strip().lower()
        when = _INJURY_WHEN.search(clause[hurt.end() :])
        # "my knees hurt carrying this weight": sore now, not hurt once
        sore = "Has sore" if part.endswith("s") and not part.endswith("ss") else "Has a sore"
        done = sore if said.lower().startswith("my ") else "Hurt their"
        told = f"{done} {part}{f' {when.group().lower()}' if when else ''}"
        return [fact(told, "personal", f"injury:{slug(part)}", 0.7, "health")]
    found = re.search(
        r"\bI (?:just |finally )?(finished|completed|did) (.+?)(?: today| this morning| "
        r"yesterday| tonight)?$",
        clause,
        re.I,
    )
    if found:
        # "the walk not the stretching thing": what was done, not what it was mistaken for.
        done = re.split(r",? (?:not|but not|instead of|rather than) ", thing(found.group(2)))[0]
        # "I did actually go for…", "I did bring it up once": a verb follows, not a thing done.
        first = done.split()[0].lower() if done else ""
        # "I did" names a thing done with its article ("i did my taxes", "did a 5k") or in a
        # word or two ("i did yoga"): "i did type in the description", "i did wrong" none.
        did = found.group(1).lower() == "did"
        named = _DONE_THING.match(first) or (len(done.split()) <= 2 and first not in _NO_DEED)
        verb_next = first in _ADVERBS or (did and (first in VERBS or not named))
        # "the shoes one", "the money thing": a pointer at a mission, nothing to remember.
        pointer = re.search(
            r"\b(?:one|thing|stuff|bit)(?: (?:already|too|as well|again|now|today|yesterday"
            r"|actually|earlier|then|tbh|lol))*$",
            done,
            re.I,
        )
        if (
            done
            and done.lower() not in ("it", "that", "this", "nothing")
            and not (verb_next or pointer)
        ):
            return [
                fact(f"Finished {third_person(done)}", "task", f"done:{slug(done)}", 0.75, "done")
            ]
    return []
