"""Reading a slot's value from what the person wrote: cues, dates, titles, categories,
minutes, and a mission or goal named (its matching is companion.dialogue.choices).

A parser takes the text and a `SlotEnv` and returns the value, or raises `SlotError` with
the reason to say. The limits are goals' own (goals.models), so a value the dialogue takes
is one a goal can keep.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from companion.dialogue.categories import (
    CATEGORY_HINT_OF,
    CATEGORY_OF,
    CATEGORY_WORD,
    GENERIC_HINTS,
)
from companion.dialogue.choices import Choice, best_choice, plain, top_choices
from companion.dialogue.cues import not_put_off
from companion.dialogue.dates import DateError, number, parse_target_date
from companion.dialogue.phrases import (
    APPROX,
    BACKREF,
    BECAUSE,
    BUT,
    CANCEL,
    CANCEL_LEAD,
    CHOOSE_TWO,
    CUE,
    HANDOFF,
    LEAD_IN,
    MINUTES,
    NO,
    NOD,
    NUMBER_WORDS,
    QUOTES,
    REASON_LEAD,
    RETRY,
    SIGN_OFF,
    SKIP,
    TITLE_TAIL,
    UNDO,
    YES,
)
from goals.models import SESSION_MAX_MINUTES, TEXT_MAX, TITLE_MAX


class SlotError(ValueError):
    """A value that cannot fill a slot; `reason` is said to the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class DialogueContext:
    missions: tuple[Choice, ...] = ()
    goals: tuple[Choice, ...] = ()
    # What the message points back at ("k did that too"), named just before: the choice
    # taken when its own words name none.
    referent: Choice | None = None
    # The words name what these choices share (a deed named by its goal's words alone): the
    # person is asked which, whichever the words fit a little better.
    ask: bool = False


@dataclass(frozen=True)
class SlotEnv:
    """What a parser may look at besides the text: the day, the context, the slots so far."""

    today: date
    context: DialogueContext = field(default_factory=DialogueContext)
    slots: Mapping[str, Any] = field(default_factory=dict)


Parser = Callable[[str, SlotEnv], Any]
Validator = Callable[[Any, SlotEnv], None]


# --- cues -------------------------------------------------------------------------------------


def is_skip(text: str) -> bool:
    """A slot skipped, in a word or a few ("no rush, no date")."""
    parts = [plain(part) for part in re.split(r"[,;.]+|\band\b", text) if part.strip()]
    return bool(SKIP.fullmatch(plain(text))) or (
        bool(parts) and all(SKIP.fullmatch(part) for part in parts)
    )


def skip_led(text: str) -> str:
    """The skip a message opens with, the rest said in passing ("no date, just want to
    start" -> "no date"); "" when it opens with none, says nothing more, or opens with a bare
    "no" ("no, june" corrects). The caller checks that no date follows."""
    parts = re.split(r"[,;.]+", text, maxsplit=1)
    first = plain(parts[0])
    if len(parts) < 2 or not parts[1].strip() or _BARE_NO.fullmatch(first):
        return ""
    return parts[0] if SKIP.fullmatch(first) else ""


_BARE_NO = re.compile(r"no|nope|nah|none", re.IGNORECASE)


def is_cancel(text: str) -> bool:
    """Cancel said alone or as one clause of the message ("no, forget it. cancel", "hmm
    actually stop, i don't want to do this now")."""
    clauses = [plain(part) for part in re.split(r"[.,;!]+", text) if part.strip()]
    return any(CANCEL.fullmatch(c) or CANCEL_LEAD.match(c) for c in [plain(text), *clauses])


def is_undo(text: str) -> bool:
    return bool(UNDO.search(text))


def is_handoff(text: str) -> bool:
    return bool(HANDOFF.match(text.strip()))


SIGN_OFF_MAX_WORDS = 10


def signs_off(text: str) -> bool:
    """Leaving for now, in a few words ("ok sleep now. thanks eliza. oyasumi")."""
    return len(text.split()) <= SIGN_OFF_MAX_WORDS and bool(SIGN_OFF.search(text))


def is_yes(text: str) -> bool:
    return bool(YES.match(text.strip())) and not BUT.search(text)


def is_no(text: str) -> bool:
    return bool(NO.fullmatch(plain(text)))


def leads_with_no(text: str) -> bool:
    """A no, then why ("maybe not now. too much going on")."""
    first = re.split(r"[.,;!?]|\s+(?:too|because|cos|cause)\s", text, maxsplit=1)[0]
    return is_no(first)


# The most words of a yes with nothing else to it ("yep, go for it").
BARE_YES_WORDS = 3


def is_bare_yes(text: str) -> bool:
    """A yes with nothing else to it: not a goodnight that opens with "ok cool"."""
    return is_yes(text) and len(text.split()) <= BARE_YES_WORDS


def is_bare_yes_or_no(text: str) -> bool:
    """A yes, a no or a nod with nothing else to it ("yep, go for it", "nope", "fair
    enough"): never a title."""
    return is_no(text) or is_bare_yes(text) or is_nod(text)


def is_nod(text: str) -> bool:
    return bool(NOD.fullmatch(plain(text)))


def is_retry(text: str) -> bool:
    return bool(RETRY.match(text.strip()))


def clean_value(text: str) -> str:
    """A value as said, without its punctuation, quotes or a lead like "make it"."""
    text = BACKREF.sub("", text.strip(" \t,.:;-"))
    return text.strip().strip(QUOTES).strip().rstrip(".!")


# --- value parsers ----------------------------------------------------------------------------


def strip_lead_in(text: str) -> str:
    return LEAD_IN.sub("", text, count=1).strip(" \t,.;:-!" + QUOTES)


def parse_title(text: str, env: SlotEnv) -> str:
    """A goal's title as said, without a correction's cue ("actually"), a lead-in ("I want
    to") or a tail ("instead", "please")."""
    text = CUE.sub("", text.strip())
    title = _without_trailing_symbols(clean_value(TITLE_TAIL.sub("", strip_lead_in(text))))
    if len(re.sub(r"\W", "", title)) < 2 or _REACTION.match(text):
        raise SlotError("I didn't catch the goal itself")
    if len(title) > TITLE_MAX:
        raise SlotError(f"That's a bit long for a title (at most {TITLE_MAX} characters)")
    title = _PROPER.sub(lambda word: word[0].title(), title)
    return title[0].upper() + title[1:]


# A reaction to what she said ("ok wait thats not bad", "oh cool", "lol ok"): no goal's title.
_REACTION = re.compile(
    r"^\W*(?:(?:ok|okay|oh|ooh|wait|lol|haha+|hmm+|yeah|yes|cool|nice|wow|ah)\W+)*"
    r"(?:(?:that'?s|thats|it'?s|its)\s+(?:not\s+bad|cool|nice|fine|good|great|fair|true|funny)"
    r"|cool|nice|wow|ok|okay|lol|haha+|fair\s+enough|yes|yeah|yep|sure|sounds\s+good"
    r"|go\s+for\s+it|do\s+it)\W*$",
    re.IGNORECASE,
)


# Languages and the like, written with a capital as people forget to ("learn spanish").
_PROPER = re.compile(
    r"\b(?:english|spanish|french|german|italian|portuguese|dutch|polish|russian|greek|turkish"
    r"|arabic|hebrew|hindi|urdu|bengali|punjabi|tamil|japanese|chinese|mandarin|cantonese|korean"
    r"|vietnamese|thai|indonesian|swahili|irish|welsh|gaelic|scottish|latin|swedish|norwegian"
    r"|danish|finnish|ukrainian|czech|hungarian|romanian|catalan|basque|tagalog|persian|farsi"
    # ... and places a goal is often about ("save money for a trip to japan")
    r"|japan|spain|france|italy|mexico|china|korea|brazil|portugal|greece|iceland|peru|india"
    r"|thailand|vietnam|morocco|egypt|kenya|canada|australia|europe|africa|asia|paris|london"
    r"|tokyo|rome|new\s+york|i)\b"
)


def _without_trailing_symbols(title: str) -> str:
    """A title without the emoji and marks typed after it ("Practise Spanish ✔️")."""
    end = len(title)
    while end and (unicodedata.category(title[end - 1]) in ("So", "Sk", "Mn", "Cf", "Zs")):
        end -= 1
    return title[:end]


# The question said back before the answer, with its shrug ("why does it matter... idk.").
_WHY_ECHO = re.compile(
    r"^\W*(?:why\s+(?:does|do|would|is)\s+(?:it|this|that)\s+matter(?:\s+to\s+me)?|why|hmm+|um+)"
    r"(?:\W+(?:idk|i\s+dunno|dunno|i\s+don'?t\s+know|hmm+|um+|well|good\s+question))*\W*",
    re.IGNORECASE,
)


# Words that close a reason and say nothing of it: "…just mine you know".
_FILLER_END = re.compile(
    r"[\s,]+(?:you know|ya know|y'?know|tbh|lol|haha|i guess|basically|really|honestly"
    r"|mainly|mostly)\W*$",
    re.I,
)
# A purpose's "so" says nothing once "can" says it ("so i can pay…" keeps "I can pay…");
# without it the "so" stays ("so i see my grandkids grow up"), as the person said it.
_SO_CAN = r"so\s+(?:that\s+)?(?=(?:i|we|my|our|he|she|they)\s+(?:can|could|will|would)\b)"


# "i already told u lol. i used to run…": the reason is what follows.
_TOLD_BEFORE = re.compile(
    r"^\W*(?:(?:ugh|ok|well|lol|haha)\W+)*(?:i\s+)?(?:already\s+)?(?:told|said)"
    r"(?:\s+(?:you|u|ya|it|that|this|before|already|lol|haha|jaja))*\s*[.!,;:-]+\s*(?=\S)",
    re.IGNORECASE,
)


def parse_why(text: str, env: SlotEnv) -> str:
    text = _TOLD_BEFORE.sub("", text)
    said = _FILLER_END.sub("", _WHY_ECHO.sub("", text) or text) or text
    why = clean_value(
        re.sub(
            rf"{REASON_LEAD}(?:'?{BECAUSE}|since|{_SO_CAN})\b\s*",
            "",
            said,
            flags=re.I,
        )
    )
    if len(re.sub(r"\W", "", why)) < 3:
        raise SlotError("I'd love a few words about it")
    if len(why) > TEXT_MAX:
        raise SlotError(f"That's a lot to keep (at most {TEXT_MAX} characters)")
    return why[0].upper() + why[1:]


def parse_date_slot(text: str, env: SlotEnv) -> str:
    try:
        return parse_target_date(text, env.today).isoformat()
    except DateError as refused:
        raise SlotError(str(refused)) from None


def not_in_past(value: str | None, env: SlotEnv) -> None:
    if value is not None and date.fromisoformat(value) < env.today:
        raise SlotError("That date is in the past")


def parse_category(text: str, env: SlotEnv) -> str:
    found = sorted({CATEGORY_OF[m.group().lower()] for m in CATEGORY_WORD.finditer(text)})
    if not found:
        raise SlotError("I didn't recognise that area of life")
    if len(found) > 1:
        raise SlotError(f"That could be {' or '.join(found)}")
    return found[0]


def parse_minutes(text: str, env: SlotEnv) -> int:
    """Minutes said in digits or words, approximate or not ("about twenty", "an hour and a
    half", "half an hour", "20ish"). Of several, the first a session can take: "slept 6
    hours, walked with esi… 35 minutes" spent 35 on the walk."""
    text = re.sub(r"\s+", " ", APPROX.sub(" ", plain(text))).strip()
    match = minutes_match(text)
    if match is None:
        bare = text.lower()
        if bare.isdigit() or bare in NUMBER_WORDS:
            return number(bare)
        raise SlotError("I couldn't read that as a number of minutes")
    return _minutes_of(match)


def minutes_match(text: str) -> re.Match[str] | None:
    """Where `text` says a time spent: the first a session can take, else the first."""
    said = list(MINUTES.finditer(text))
    fits = (m for m in said if 1 <= _minutes_of(m) <= SESSION_MAX_MINUTES)
    return next(fits, said[0] if said else None)


def _minutes_of(match: re.Match[str]) -> int:
    if match["half"]:
        return 30
    if hours := match["hours"] or match["hour_words"]:
        amount = float(hours) if hours[0].isdigit() else number(hours)
        return round(amount * 60) + (30 if match["and_half"] else 0)
    return number(match["minutes"] or match["minute_words"])


def minutes_in_range(value: int | None, env: SlotEnv) -> None:
    """The time spent on a mission, within goals' rule for a session's actual minutes."""
    if value is not None and not 1 <= value <= SESSION_MAX_MINUTES:
        raise SlotError(f"That should be between 1 and {SESSION_MAX_MINUTES} minutes")


# --- references to missions and goals ---------------------------------------------------------


def reference_parser(kind: str, pick: Callable[[DialogueContext], Sequence[Choice]]) -> Parser:
    def parse(text: str, env: SlotEnv) -> dict[str, Any]:
        choices = pick(env.context)
        if not choices:
            raise SlotError(f"I don't see any open {kind}s right now")
        # "the workout lol, glazing is tmrw": the one done, not the one put off.
        choice = None if env.context.ask else best_choice(not_put_off(text), choices)
        if choice is None and env.context.referent in choices:
            choice = env.context.referent
        if choice is None:
            # The two best when the words fit several (latest first on a tie), else a list.
            close = [c.title for c in (choices if env.context.ask else top_choices(text, choices))]
            if len(close) == 2:
                raise SlotError(CHOOSE_TWO.format(*close))
            options = close or [c.title for c in choices[:5]]
            raise SlotError(f"I'm not sure which {kind} you mean ({' / '.join(options)})")
        return {"id": choice.id, "title": choice.title}

    return parse


def display_choice(value: Mapping[str, Any]) -> str:
    return value["title"]


def infer_category(text: str) -> str:
    """The area of life a goal's words hint at, the first telling hint winning ("learn to
    draw" is craft, "learn statistics" growth); "" when no word hints."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    hinted = [(word, CATEGORY_OF.get(word) or CATEGORY_HINT_OF.get(word)) for word in words]
    telling = [category for word, category in hinted if category and word not in GENERIC_HINTS]
    generic = [category for word, category in hinted if category and word in GENERIC_HINTS]
    return next(iter(telling + generic), "")
