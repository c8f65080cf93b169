"""Explicit conversation state and slot filling for Eliza's multi-turn flows (seed 001).

A flow (create a goal, complete a mission, adjust a goal) is data: its slots, each with a
parser and a validator, a confirmation template and the name of the action to run. The
`DialogueManager` is a pure function of (dialogue state, message): while a slot is pending the
reply maps straight to it, unless the person cancels, corrects an earlier answer or asks for
something else. It never performs the action: it hands `(action_name, slots)` to the caller.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date, timedelta
from enum import StrEnum
from typing import Any

from companion.runner import IllegalTransition

# Mirrors goals.models limits; this module stays free of Django.
TITLE_MAX = 200
TEXT_MAX = 2000
MAX_MINUTES = 12 * 60


class ConversationState(StrEnum):
    IDLE = "idle"
    UNDERSTANDING = "understanding"
    WAITING_FOR_SLOT = "waiting_for_slot"
    VALIDATING_SLOT = "validating_slot"
    EXECUTING_ACTION = "executing_action"
    CONFIRMING = "confirming"
    COMPLETED = "completed"
    ERROR = "error"


S = ConversationState

# Seed 001's transition matrix; any state may also fall into ERROR.
TRANSITIONS: Mapping[ConversationState, frozenset[ConversationState]] = {
    state: frozenset(targets) | ({S.ERROR} if state is not S.ERROR else set())
    for state, targets in {
        S.IDLE: {S.UNDERSTANDING},
        S.UNDERSTANDING: {S.WAITING_FOR_SLOT, S.EXECUTING_ACTION, S.IDLE},
        S.WAITING_FOR_SLOT: {S.VALIDATING_SLOT, S.UNDERSTANDING},
        S.VALIDATING_SLOT: {S.WAITING_FOR_SLOT, S.UNDERSTANDING, S.EXECUTING_ACTION},
        S.EXECUTING_ACTION: {S.COMPLETED, S.WAITING_FOR_SLOT, S.CONFIRMING},
        S.CONFIRMING: {S.EXECUTING_ACTION, S.COMPLETED, S.UNDERSTANDING},
        S.COMPLETED: {S.IDLE},
        S.ERROR: {S.UNDERSTANDING, S.IDLE},
    }.items()
}


def transition(current: ConversationState, target: ConversationState) -> ConversationState:
    """Return `target` if the matrix allows `current -> target`, else raise."""
    if target not in TRANSITIONS[current]:
        raise IllegalTransition(f"conversation cannot go from {current} to {target}")
    return target


# --- slots and flows --------------------------------------------------------------------------


class SlotError(ValueError):
    """A value that cannot fill a slot; `reason` is said to the person."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Choice:
    """Something the person can refer to by name: an open mission, an active goal."""

    id: int | str
    title: str


@dataclass(frozen=True)
class DialogueContext:
    missions: tuple[Choice, ...] = ()
    goals: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class SlotEnv:
    """What a parser may look at besides the text: the day, the context, the slots so far."""

    today: date
    context: DialogueContext = field(default_factory=DialogueContext)
    slots: Mapping[str, Any] = field(default_factory=dict)


Parser = Callable[[str, SlotEnv], Any]
Validator = Callable[[Any, SlotEnv], None]


@dataclass(frozen=True)
class Extracted:
    """Raw slot texts found in a free message, and what is left once they are cut out."""

    values: dict[str, str]
    rest: str


Extractor = Callable[[str, SlotEnv], Extracted]


@dataclass(frozen=True)
class Slot:
    """One piece of information a flow needs.

    `required=False` lets the person skip it ("no deadline", "skip"): the value is then None.
    `free_text` slots take whatever is left of a message once the other slots are cut out.
    `aliases` are the words that name the slot in a correction ("change the date to …").
    """

    name: str
    prompt: str
    parser: Parser
    validator: Validator | None = None
    required: bool = True
    label: str = ""
    reask: str = ""
    aliases: tuple[str, ...] = ()
    free_text: bool = False
    display: Callable[[Any], str] = str

    def read(self, text: str, env: SlotEnv) -> Any:
        """Parse and validate `text` (`SlotError` with the reason when it does not fit)."""
        if is_skip(text):
            if not self.required:
                return None
            # Free text would take "skip" as an answer; structured parsers refuse it themselves.
            if self.free_text:
                raise SlotError(f"I need the {self.label or self.name} to go on")
        value = self.parser(text, env)
        if self.validator is not None:
            self.validator(value, env)
        return value

    def accepts(self, text: str, env: SlotEnv) -> bool:
        try:
            self.read(text, env)
        except SlotError:
            return False
        return True


def _nothing_extracted(text: str, env: SlotEnv) -> Extracted:
    return Extracted({}, text)


@dataclass(frozen=True)
class Flow:
    name: str
    slots: Sequence[Slot]
    confirm_template: str
    action_name: str
    extract: Extractor = _nothing_extracted

    def slot(self, name: str) -> Slot:
        for slot in self.slots:
            if slot.name == name:
                return slot
        raise KeyError(name)

    def next_missing(self, slots: Mapping[str, Any]) -> Slot | None:
        return next((slot for slot in self.slots if slot.name not in slots), None)

    def summary(self, slots: Mapping[str, Any]) -> str:
        return self.confirm_template.format(
            **{slot.name: slot.display(slots[slot.name]) for slot in self.slots}
        )

    def field_list(self) -> str:
        labels = [slot.label or slot.name for slot in self.slots]
        return ", ".join(labels[:-1]) + " or " + labels[-1]


# --- phrases ----------------------------------------------------------------------------------


def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE | re.VERBOSE)


_SKIP = _regex(r"""
    (?:no|nope|nah|none|skip|skip\s+it|pass|n/?a|not\s+sure|not\s+really|no\s+idea|dunno
      |i\s+don'?t\s+know|whenever|no\s+rush|no\s+(?:deadline|date|target|time\s+limit)
      |(?:there'?s\s+|i\s+have\s+)?no\s+(?:deadline|date)
      |i\s+don'?t\s+have\s+(?:one|a\s+(?:deadline|date))|not\s+now|leave\s+it\s+(?:open|blank))
""")
_CANCEL = _regex(r"""
    (?:(?:oh|ok|okay|please|actually|no)[\s,]+)*
    (?:cancel|stop|abort|quit|drop\s+it|let'?s\s+not|never\s*mind|forget\s+(?:about\s+)?it)
    (?:[\s,]+(?:it|that|this|please|then|for\s+now|the\s+goal|the\s+whole\s+thing|thanks))*
""")
_CANCEL_LEAD = _regex(r"^(?:never\s*mind|forget\s+(?:about\s+)?it|scratch\s+that)\b")
_HANDOFF = _regex(r"""
    ^(?:(?:hey|ok|okay|um|wait|actually|sorry|eliza)[\s,]+)*
    (?:what\s+should\s+i\s+(?:do|work\s+on)|what\s+do\s+i\s+do\s+(?:today|now|next)
      |how\s+am\s+i\s+doing|how(?:'s|\s+is)\s+my\s+progress|what(?:'s|\s+is)\s+my\s+(?:progress|streak)
      |show\s+(?:me\s+)?my\s+(?:goals|missions|progress|streak)
      |what\s+are\s+my\s+(?:goals|missions)|what(?:'s|\s+is)\s+next\s+for\s+me
      |what(?:'s|\s+is)\s+on\s+(?:my\s+plate|for\s+today))\b
""")
_YES = _regex(r"""
    ^(?:yes|yeah|yep|yup|sure|ok|okay|sounds\s+good|looks\s+good|that'?s\s+(?:right|correct)
      |correct|perfect|great|do\s+it|go\s+ahead|go\s+for\s+it|please\s+do|absolutely|confirm
      |let'?s\s+do\s+it|it'?s\s+(?:fine|good)|all\s+good)\b
""")
_BUT = _regex(r"\b(?:but|change|instead|except|wait)\b")
_NO = _regex(
    r"(?:no|nope|nah|not\s+quite|not\s+really|not\s+yet|wrong|that'?s\s+wrong)(?:\s+thanks)?"
)
_RETRY = _regex(r"^(?:yes|yeah|sure|ok|okay|try\s+again|retry|again|please\s+do)\b")
_CUE = _regex(r"""
    ^(?:(?:actually|no|nope|wait|sorry|oops|oh|hold\s+on|i\s+mean|i\s+meant|correction)
      \b[\s,.!:;-]*)+
""")
_BACKREF = _regex(r"""
    ^(?:(?:please\s+)?(?:make|change|set|switch)\s+(?:it|that)(?:\s+to)?|it\s+should\s+be
      |let'?s\s+(?:say|make\s+it)|i\s+meant|instead|rather)\b[\s,:]*
""")
_VERB = r"(?:please\s+)?(?:change|set|make|update|switch|move|fix|correct|edit|put)\s+"
_CONNECTOR = r"should\s+(?:be|say|read)|needs\s+to\s+be|to\s+be|to|is|as|into|=|:|-"


def _plain(text: str) -> str:
    return re.sub(r"[\s.!?]+$", "", text.strip())


def is_skip(text: str) -> bool:
    return bool(_SKIP.fullmatch(_plain(text)))


def is_cancel(text: str) -> bool:
    plain = _plain(text)
    return bool(_CANCEL.fullmatch(plain) or _CANCEL_LEAD.match(plain))


def is_handoff(text: str) -> bool:
    return bool(_HANDOFF.match(text.strip()))


def is_yes(text: str) -> bool:
    return bool(_YES.match(text.strip())) and not _BUT.search(text)


def is_no(text: str) -> bool:
    return bool(_NO.fullmatch(_plain(text)))


_QUOTES = "\"'\u201c\u201d\u2018\u2019"


def _clean_value(text: str) -> str:
    text = _BACKREF.sub("", text.strip(" \t,.:;-"))
    return text.strip().strip(_QUOTES).strip().rstrip(".!")


# --- dates ------------------------------------------------------------------------------------

MONTHS = {
    name: number
    for number, names in enumerate(
        [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"),
         ("may",), ("june", "jun"), ("july", "jul"), ("august", "aug"),
         ("september", "sept", "sep"), ("october", "oct"), ("november", "nov"),
         ("december", "dec")],
        start=1,
    )
    for name in names
}  # fmt: skip
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15,
    "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45, "fifty": 50, "sixty": 60,
}  # fmt: skip

_MONTH = r"(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_NUM = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + ")"
_DATE = _regex(rf"""
    \b(?P<lead>(?:by|before|until|till|on|in|around)\s+(?:the\s+end\s+of\s+)?
               |(?:the\s+)?end\s+of\s+)?
    (?:(?P<iso>\d{{4}}-\d{{1,2}}-\d{{1,2}})
      |(?:in|within)\s+(?P<rel_n>{_NUM})\s+(?P<rel_unit>day|week|month|year)s?(?:'?\s*time)?
      |(?P<ago_n>{_NUM})\s+(?P<ago_unit>day|week|month|year)s?\s+from\s+(?:now|today)
      |(?P<md_month>{_MONTH})\s+(?P<md_day>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(?P<md_year>\d{{4}}))?
      |(?P<dm_day>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<dm_month>{_MONTH})
         (?:,?\s+(?P<dm_year>\d{{4}}))?
      |(?P<month>{_MONTH})(?:\s+(?P<m_year>\d{{4}}))?
      |(?:(?:next|this|coming)\s+)?(?P<weekday>{"|".join(WEEKDAYS)})
      |(?P<kw>today|tomorrow|yesterday|next\s+(?:week|month|year)
         |(?:the\s+)?end\s+of\s+(?:the\s+|this\s+)?(?:week|month|year)|this\s+year))
    \b
""")


def add_months(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year += day.year
    return date(year, month + 1, min(day.day, calendar.monthrange(year, month + 1)[1]))


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _number(token: str) -> int:
    return int(token) if token.isdigit() else NUMBER_WORDS[token.lower()]


def find_date(text: str, *, bare_month: bool = False) -> re.Match[str] | None:
    """The first date phrase in `text`.

    A month named alone ("May") needs a lead ("by May") or a year, because "may" is also a
    verb; `bare_month` lifts that for short direct answers.
    """
    for match in _DATE.finditer(text):
        if match["month"] and not (match["lead"] or match["m_year"] or bare_month):
            continue
        return match
    return None


def parse_target_date(text: str, today: date) -> date:
    """Read a date from natural text, relative to `today`.

    Months named without a day mean the end of that month (the generous reading of a
    deadline) and the next such month that has not ended; weekdays mean the first one after
    `today`; month-day dates without a year mean the next such day.
    """
    match = find_date(text, bare_month=len(text.split()) <= 3)
    if match is None:
        raise SlotError("I couldn't read that as a date")
    try:
        return _resolve_date(match, today)
    except ValueError:
        raise SlotError("That isn't a real date") from None


def _resolve_date(match: re.Match[str], today: date) -> date:
    groups = {key: value for key, value in match.groupdict().items() if value}
    if "iso" in groups:
        return date.fromisoformat("-".join(f"{int(p):02d}" for p in groups["iso"].split("-")))
    if "rel_n" in groups or "ago_n" in groups:
        amount = _number(groups.get("rel_n") or groups["ago_n"])
        return _shift(today, amount, groups.get("rel_unit") or groups["ago_unit"])
    if "md_month" in groups or "dm_month" in groups:
        month = MONTHS[(groups.get("md_month") or groups["dm_month"]).lower().rstrip(".")]
        day = int(groups.get("md_day") or groups["dm_day"])
        return _next_day_of_year(today, month, day, groups.get("md_year") or groups.get("dm_year"))
    if "month" in groups:
        month = MONTHS[groups["month"].lower().rstrip(".")]
        year = int(groups["m_year"]) if "m_year" in groups else None
        year = year or (today.year if month >= today.month else today.year + 1)
        return _month_end(year, month)
    if "weekday" in groups:
        ahead = (WEEKDAYS.index(groups["weekday"].lower()) - today.weekday()) % 7
        return today + timedelta(days=ahead or 7)
    return _keyword_date(re.sub(r"\s+", " ", groups["kw"].lower()), today)


def _shift(today: date, amount: int, unit: str) -> date:
    unit = unit.lower()
    if unit == "day":
        return today + timedelta(days=amount)
    if unit == "week":
        return today + timedelta(weeks=amount)
    return add_months(today, amount * (12 if unit == "year" else 1))


def _next_day_of_year(today: date, month: int, day: int, year: str | None) -> date:
    if year:
        return date(int(year), month, day)
    candidate = date(today.year, month, day)
    return candidate if candidate >= today else date(today.year + 1, month, day)


def _keyword_date(keyword: str, today: date) -> date:
    fixed = {
        "today": today,
        "tomorrow": today + timedelta(days=1),
        "yesterday": today - timedelta(days=1),
        "next week": today + timedelta(weeks=1),
        "next month": add_months(today, 1),
        "next year": add_months(today, 12),
        "this year": date(today.year, 12, 31),
    }
    if keyword in fixed:
        return fixed[keyword]
    if keyword.endswith("week"):
        return today + timedelta(days=6 - today.weekday())
    if keyword.endswith("month"):
        return _month_end(today.year, today.month)
    return date(today.year, 12, 31)


def display_date(value: str | None) -> str:
    if value is None:
        return "no deadline"
    day = date.fromisoformat(value)
    return f"{day.day} {day:%B %Y}"


# --- value parsers ----------------------------------------------------------------------------

CATEGORY_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "health": (
        "health", "healthy", "fitness", "fit", "exercise", "workout", "sport", "sports",
        "running", "body", "sleep", "diet", "nutrition", "wellbeing", "well-being",
        "wellness", "physical", "mental health", "strength", "energy",
    ),
    "craft": (
        "craft", "crafts", "creative", "creativity", "art", "arts", "music", "writing",
        "drawing", "painting", "making things", "building", "skill", "skills", "hobby",
        "cooking", "woodwork",
    ),
    "growth": (
        "growth", "grow", "learning", "learn", "study", "studying", "education", "career",
        "knowledge", "personal growth", "self-improvement", "languages", "reading", "work",
        "mind",
    ),
    "connection": (
        "connection", "connect", "friends", "friendship", "family", "relationships",
        "relationship", "social", "community", "love", "partner", "people",
    ),
}  # fmt: skip
_SYNONYM = {word: category for category, words in CATEGORY_SYNONYMS.items() for word in words}
_SYNONYM_RE = re.compile(
    r"\b(?:" + "|".join(map(re.escape, sorted(_SYNONYM, key=len, reverse=True))) + r")\b",
    re.IGNORECASE,
)
_CATEGORY_PHRASE = _regex(rf"""
    \b(?:for\s+(?:my\s+|the\s+sake\s+of\s+(?:my\s+)?)?|category\s*(?:is|:)?\s*)
    (?P<word>{_SYNONYM_RE.pattern})(?:\s+category)?
""")

_LEAD_IN = _regex(r"""
    ^\s*(?:(?:hey|hi|ok|okay|so|please|eliza)[,!.\s]+)*
    (?:(?:can|could|would)\s+you\s+)?(?:please\s+)?
    (?:help\s+me\s+(?:to\s+)?|i\s+(?:want|need|would\s+like|'d\s+like)\s+(?:you\s+)?to\s+
      |i'd\s+like\s+to\s+|let'?s\s+)?
    (?:(?:(?:set|create|make|add|start|write\s+down)\s+(?:up\s+)?)?
       (?:(?:a|my|another)\s+)?(?:new\s+)?goal\b(?:\s*(?:to|of|:|-))?\s*)?
    (?:i\s+(?:want|need|would\s+like|'d\s+like|wanna|hope|plan)\s+(?:to\s+)?
      |my\s+goal\s+is\s+(?:to\s+)?|(?:i'?m\s+)?going\s+to\s+)?
""")
_WHY_CLAUSE = _regex(r"\b(?:because|since|so\s+that|so\s+i\s+can)\b\s*(?P<why>.+)$")


def _strip_lead_in(text: str) -> str:
    return _LEAD_IN.sub("", text, count=1).strip(" \t,.;:-!" + _QUOTES)


def parse_title(text: str, env: SlotEnv) -> str:
    title = _clean_value(_strip_lead_in(text))
    if len(re.sub(r"\W", "", title)) < 2:
        raise SlotError("I didn't catch the goal itself")
    if len(title) > TITLE_MAX:
        raise SlotError(f"That's a bit long for a title (at most {TITLE_MAX} characters)")
    return title[0].upper() + title[1:]


def parse_why(text: str, env: SlotEnv) -> str:
    why = _clean_value(re.sub(r"^\s*(?:because|since|so\s+that)\s+", "", text, flags=re.I))
    if len(re.sub(r"\W", "", why)) < 3:
        raise SlotError("I'd love a few words about it")
    if len(why) > TEXT_MAX:
        raise SlotError(f"That's a lot to keep (at most {TEXT_MAX} characters)")
    return why[0].upper() + why[1:]


def parse_date_slot(text: str, env: SlotEnv) -> str:
    return parse_target_date(text, env.today).isoformat()


def not_in_past(value: str | None, env: SlotEnv) -> None:
    if value is not None and date.fromisoformat(value) < env.today:
        raise SlotError("That date is in the past")


def parse_category(text: str, env: SlotEnv) -> str:
    found = sorted({_SYNONYM[m.group().lower()] for m in _SYNONYM_RE.finditer(text)})
    if not found:
        raise SlotError("I didn't recognise that area of life")
    if len(found) > 1:
        raise SlotError(f"That could be {' or '.join(found)}")
    return found[0]


# Number words need a space before the unit: "am" and "ah" are not one minute or one hour.
_MINUTES = _regex(rf"""
    \b(?:(?P<half>half\s+an\s+hour)
    |(?:(?P<hours>\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)|(?P<hour_words>an?|one|two|three)\s+hours?)
      \b(?P<and_half>\s+and\s+a\s+half)?
    |(?:(?P<minutes>\d+)\s*(?:m|mins?|minutes?)|(?P<minute_words>{_NUM})\s+(?:mins?|minutes?))\b)
""")


def parse_minutes(text: str, env: SlotEnv) -> int:
    match = _MINUTES.search(text)
    if match is None:
        bare = _plain(text).lower()
        if bare.isdigit() or bare in NUMBER_WORDS:
            return _number(bare)
        raise SlotError("I couldn't read that as a number of minutes")
    if match["half"]:
        return 30
    if hours := match["hours"] or match["hour_words"]:
        amount = float(hours) if hours[0].isdigit() else _number(hours)
        return round(amount * 60) + (30 if match["and_half"] else 0)
    return _number(match["minutes"] or match["minute_words"])


def minutes_in_range(value: int | None, env: SlotEnv) -> None:
    if value is not None and not 1 <= value <= MAX_MINUTES:
        raise SlotError(f"That should be between 1 and {MAX_MINUTES} minutes")


# --- references to missions and goals ---------------------------------------------------------

# Words that say nothing about which mission or goal is meant.
_STOP = frozenset({
    "a", "an", "the", "my", "i", "me", "it", "one", "did", "do", "done", "finish", "finished",
    "complete", "completed", "mission", "goal", "for", "to", "of", "and", "with", "on", "in",
    "just", "today", "minute", "minutes", "min", "mins", "took", "about", "that", "this", "is",
    "was", "adjust", "change",
})  # fmt: skip
_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4, "last": -1}
_ORDINAL = _regex(r"^(?:the\s+)?(?:\#|number\s+)?(?P<n>\d+|first|second|third|fourth|fifth|last)"
                  r"(?:\s+one)?$")  # fmt: skip


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


def _tokens(text: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-z0-9']+", text.lower()) if w not in _STOP}


def _ranked(text: str, choices: Sequence[Choice]) -> list[tuple[tuple[int, float], Choice]]:
    """Choices by (words in common, share of the title matched), best first."""
    said = _tokens(text)
    scored = []
    for choice in choices:
        title = _tokens(choice.title) or {choice.title.lower()}
        common = len(said & title)
        if common:
            scored.append(((common, common / len(title)), choice))
    return sorted(scored, key=lambda item: item[0], reverse=True)


def best_choice(text: str, choices: Sequence[Choice]) -> Choice | None:
    """The one choice `text` refers to, or None when nothing or several fit equally."""
    ordinal = _ORDINAL.match(_plain(text))
    if ordinal:
        index = _ORDINALS.get(ordinal["n"].lower())
        index = int(ordinal["n"]) - 1 if index is None else index
        return choices[index] if -len(choices) <= index < len(choices) else None
    ranked = _ranked(text, choices)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def _reference_parser(kind: str, pick: Callable[[DialogueContext], Sequence[Choice]]) -> Parser:
    def parse(text: str, env: SlotEnv) -> dict[str, Any]:
        choices = pick(env.context)
        if not choices:
            raise SlotError(f"I don't see any open {kind}s right now")
        choice = best_choice(text, choices)
        if choice is None:
            ranked = _ranked(text, choices)
            tied = [c.title for score, c in ranked if score == ranked[0][0]] if ranked else []
            options = tied if len(tied) > 1 else [c.title for c in choices[:5]]
            raise SlotError(f"I'm not sure which {kind} you mean ({' / '.join(options)})")
        return {"id": choice.id, "title": choice.title}

    return parse


def _display_choice(value: Mapping[str, Any]) -> str:
    return value["title"]


# --- the three flows --------------------------------------------------------------------------

TITLE = Slot(
    "title",
    "What's the goal? A few words are enough.",
    parse_title,
    label="title",
    reask="what would you like to call the goal?",
    aliases=("title", "name", "goal name"),
    free_text=True,
)
WHY = Slot(
    "why",
    "Why does this goal matter to you?",
    parse_why,
    label="why",
    reask="why does it matter to you?",
    aliases=("why", "reason", "motivation", "purpose"),
    free_text=True,
)
TARGET_DATE = Slot(
    "target_date",
    "Is there a date you'd like to reach it by? (You can say 'no deadline'.)",
    parse_date_slot,
    not_in_past,
    required=False,
    label="target date",
    reask="when would you like to reach it?",
    aliases=("target date", "due date", "end date", "date", "deadline", "target"),
    display=display_date,
)
VALUE_CATEGORY = Slot(
    "value_category",
    "Which part of your life does it serve: health, craft, growth or connection?",
    parse_category,
    label="category",
    reask="is it health, craft, growth or connection?",
    aliases=("value category", "category", "area"),
)


def extract_goal(text: str, env: SlotEnv) -> Extracted:
    """Cut a goal statement into its slots.

    1. "because …" / "so that …" is the why; only the part before it is searched further.
    2. A date phrase ("by May", "in 3 months") is the target date.
    3. "for my health" / "category: growth" is the value category.
    4. What is left, without lead-ins like "help me set a goal to", is the title.
    """
    values: dict[str, str] = {}
    head = text
    if why := _WHY_CLAUSE.search(head):
        values["why"], head = why["why"], head[: why.start()]
    if when := find_date(head):
        values["target_date"], head = when.group(), _cut(head, when)
    if category := _CATEGORY_PHRASE.search(head):
        values["value_category"], head = category["word"], _cut(head, category)
    rest = _strip_lead_in(re.sub(r"\s+(?:and|,)\s*$", "", head.strip()))
    if rest:
        values["title"] = rest
    return Extracted(values, rest)


def _cut(text: str, match: re.Match[str]) -> str:
    return f"{text[: match.start()]} {text[match.end() :]}".strip()


CREATE_GOAL = Flow(
    "create_goal",
    (TITLE, WHY, TARGET_DATE, VALUE_CATEGORY),
    "Here's the goal: “{title}” ({value_category}), target: {target_date}. "
    "Why it matters: {why}. Shall I set it up?",
    "create_goal",
    extract_goal,
)


def _display_minutes(value: int | None) -> str:
    return "time not recorded" if value is None else f"{value} minutes"


def extract_mission(text: str, env: SlotEnv) -> Extracted:
    """Find the minutes spent and, if it clearly names one, the mission."""
    values: dict[str, str] = {}
    rest = text
    if minutes := _MINUTES.search(rest):
        values["minutes"], rest = minutes.group(), _cut(rest, minutes)
    if env.context.missions and best_choice(rest, env.context.missions) is not None:
        values["mission"] = rest
    return Extracted(values, rest)


COMPLETE_MISSION = Flow(
    "complete_mission",
    (
        Slot(
            "mission",
            "Which mission did you complete?",
            _reference_parser("mission", lambda context: context.missions),
            label="mission",
            reask="which mission was it?",
            aliases=("mission", "task"),
            display=_display_choice,
        ),
        Slot(
            "minutes",
            "Well done! About how many minutes did it take? (Or say 'skip'.)",
            parse_minutes,
            minutes_in_range,
            required=False,
            label="time spent",
            reask="how many minutes did it take?",
            aliases=("actual minutes", "minutes", "duration", "time"),
            display=_display_minutes,
        ),
    ),
    "Mark “{mission}” as done ({minutes})?",
    "complete_mission",
    extract_mission,
)

GOAL_FIELDS = {slot.name: slot for slot in CREATE_GOAL.slots}
_FIELD_WORDS = _regex(r"""
    \b(?P<title>title|name|rename|call\s+it)\b
    |\b(?P<why>why|reason|motivation|purpose|description)\b
    |\b(?P<target_date>target\s+date|due\s+date|date|deadline|when|move|push|postpone|delay|extend)\b
    |\b(?P<value_category>category|area)\b
""")


def parse_field(text: str, env: SlotEnv) -> str:
    match = _FIELD_WORDS.search(text)
    if match is None:
        raise SlotError("I can change the title, the why, the target date or the category")
    return match.lastgroup or ""


def parse_new_value(text: str, env: SlotEnv) -> Any:
    """Read the new value with the parser of the field being changed."""
    field_name = env.slots.get("field")
    if field_name is None:
        raise SlotError("Tell me first which part of the goal should change")
    return GOAL_FIELDS[field_name].read(text, env)


def _display_field(value: str) -> str:
    return GOAL_FIELDS[value].label


def _display_new_value(value: Any) -> str:
    if value is None or re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
        return display_date(value)
    return str(value)


def extract_adjustment(text: str, env: SlotEnv) -> Extracted:
    """Find the field (by name or verb: "rename", "move"), the new value after the last "to"
    following it, and the goal if the rest clearly names one."""
    values: dict[str, str] = {}
    head = text
    if found := _FIELD_WORDS.search(text):
        values["field"] = found.group()
        after = text[found.end() :]
        if to := list(re.finditer(rf"\b(?:{_CONNECTOR})\s+", after, re.IGNORECASE)):
            values["new_value"] = after[to[-1].end() :]
            head = text[: found.end() + to[-1].start()]
    if env.context.goals and best_choice(head, env.context.goals) is not None:
        values["goal"] = head
    return Extracted(values, head)


ADJUST_GOAL = Flow(
    "adjust_goal",
    (
        Slot(
            "goal",
            "Which goal would you like to adjust?",
            _reference_parser("goal", lambda context: context.goals),
            label="goal",
            reask="which goal is it?",
            aliases=("goal",),
            display=_display_choice,
        ),
        Slot(
            "field",
            "What should change: the title, the why, the target date or the category?",
            parse_field,
            label="part to change",
            reask="which part should change?",
            aliases=("field", "part"),
            display=_display_field,
        ),
        Slot(
            "new_value",
            "What should it be now?",
            parse_new_value,
            label="new value",
            reask="what should it be instead?",
            aliases=("new value", "value"),
            display=_display_new_value,
        ),
    ),
    "Change the {field} of “{goal}” to {new_value}?",
    "adjust_goal",
    extract_adjustment,
)

FLOWS: Mapping[str, Flow] = {
    flow.name: flow for flow in (CREATE_GOAL, COMPLETE_MISSION, ADJUST_GOAL)
}

# The pending "slot" after a plain "no" at confirmation: which slot to change.
CHOOSE_FIELD = "_which"


# --- state and steps --------------------------------------------------------------------------


@dataclass(frozen=True)
class DialogueState:
    """Where the conversation is; JSON-serialisable so it can be persisted with the turn.

    `filled` is the order slots were filled in (the last one is what an unnamed correction
    refers to); `paused` keeps a flow set aside by a new request, to resume later.
    """

    state: ConversationState = ConversationState.IDLE
    flow: str | None = None
    slots: dict[str, Any] = field(default_factory=dict)
    filled: tuple[str, ...] = ()
    pending_slot: str | None = None
    paused: dict[str, Any] | None = None
    error: str | None = None

    def complete(self) -> DialogueState:
        """The caller performed the action it was handed: the flow is completed."""
        if self.state is not S.EXECUTING_ACTION:
            raise IllegalTransition(f"nothing to complete while {self.state}")
        return replace(self, state=transition(self.state, S.COMPLETED), pending_slot=None)

    def fail(self, reason: str) -> DialogueState:
        """The action (or anything else) failed: keep the flow so the person can retry."""
        return replace(self, state=transition(self.state, S.ERROR), error=reason)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["state"] = self.state.value
        data["filled"] = list(self.filled)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DialogueState:
        return cls(
            state=ConversationState(data["state"]),
            flow=data.get("flow"),
            slots=dict(data.get("slots") or {}),
            filled=tuple(data.get("filled") or ()),
            pending_slot=data.get("pending_slot"),
            paused=data.get("paused"),
            error=data.get("error"),
        )

    @classmethod
    def from_json(cls, text: str) -> DialogueState:
        return cls.from_dict(json.loads(text))


class Outcome(StrEnum):
    ASK = "ask"  # a slot question (or a re-ask after a correction)
    INVALID = "invalid"  # a value was refused; the reply says why and asks again
    CONFIRM = "confirm"  # all slots are in; the reply is the summary
    EXECUTE = "execute"  # confirmed: the caller performs `action`, then `complete()`
    CANCELLED = "cancelled"
    HANDOFF = "handoff"  # not for the flow: the turn handles the message normally


@dataclass(frozen=True)
class DialogueStep:
    dialogue: DialogueState
    outcome: Outcome
    reply: str = ""
    action: tuple[str, dict[str, Any]] | None = None
    changed: tuple[str, ...] = ()  # the slots this message set
    error: str | None = None
    path: tuple[ConversationState, ...] = ()

    @property
    def handoff(self) -> bool:
        return self.outcome is Outcome.HANDOFF


@dataclass(frozen=True)
class Correction:
    slot: str | None
    value: str
    refers_back: bool = False


@dataclass
class _Draft:
    """The dialogue being worked on during one message; every move goes through the matrix."""

    flow: Flow
    state: ConversationState
    env: SlotEnv
    slots: dict[str, Any]
    filled: list[str]
    pending: str | None = None
    path: list[ConversationState] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    def go(self, *targets: ConversationState) -> None:
        for target in targets:
            self.state = transition(self.state, target)
            self.path.append(target)

    def put(self, name: str, value: Any) -> None:
        self.slots[name] = value
        self.filled = [*(n for n in self.filled if n != name), name]
        self.changed.append(name)

    def slot_env(self) -> SlotEnv:
        return replace(self.env, slots=dict(self.slots))

    def step(self, outcome: Outcome, reply: str = "", **extra: Any) -> DialogueStep:
        dialogue = DialogueState(
            state=self.state,
            flow=self.flow.name,
            slots=self.slots,
            filled=tuple(self.filled),
            pending_slot=self.pending,
        )
        return DialogueStep(
            dialogue, outcome, reply, changed=tuple(self.changed), path=tuple(self.path), **extra
        )


# --- the manager ------------------------------------------------------------------------------


class DialogueManager:
    def __init__(self, flows: Mapping[str, Flow] = FLOWS) -> None:
        self.flows = flows

    def start(
        self,
        flow_name: str,
        text: str,
        *,
        today: date,
        context: DialogueContext | None = None,
        dialogue: DialogueState | None = None,
    ) -> DialogueStep:
        """Start `flow_name`, pre-filling every slot the opening message already answers.

        1. Move to `understanding` (from idle, a finished flow, an error or an abandoned one).
        2. Extract slot values from the opening message and validate them.
        3. Ask for the first missing slot, or confirm when nothing is missing.
        """
        flow = self.flows[flow_name]
        current = dialogue or DialogueState()
        draft = _Draft(flow, current.state, SlotEnv(today, context or DialogueContext()), {}, [])
        if draft.state is S.COMPLETED:
            draft.go(S.IDLE)
        draft.go(S.UNDERSTANDING)
        return self._fill(draft, flow.extract(text, draft.env).values)

    def handle(
        self,
        dialogue: DialogueState,
        text: str,
        *,
        today: date,
        context: DialogueContext | None = None,
    ) -> DialogueStep:
        """Take one message within the active flow; a pure function of (state, text).

        1. Nothing active (idle, completed): hand off to the normal turn.
        2. Waiting for a slot: cancel, hand off, correct an earlier slot, or map the reply
           straight to the pending slot (plus any other slot it clearly fills).
        3. Confirming: cancel, hand off, correct, yes → execute, no → ask what to change.
        4. Error: retry the action, cancel, or hand off.
        """
        if dialogue.state in (S.IDLE, S.COMPLETED):
            return self._nothing_active(dialogue)
        if dialogue.flow is None:
            raise IllegalTransition(f"{dialogue.state} without a flow")
        draft = _Draft(
            self.flows[dialogue.flow],
            dialogue.state,
            SlotEnv(today, context or DialogueContext()),
            dict(dialogue.slots),
            list(dialogue.filled),
            dialogue.pending_slot,
        )
        if draft.state is S.WAITING_FOR_SLOT:
            return self._on_slot_reply(draft, text)
        if draft.state is S.CONFIRMING:
            return self._on_confirmation(draft, text)
        if draft.state is S.ERROR:
            return self._on_error(draft, text)
        raise IllegalTransition(f"no message can be handled while {dialogue.state}")

    def resume(
        self, dialogue: DialogueState, *, today: date, context: DialogueContext | None = None
    ) -> DialogueStep:
        """Pick a paused flow back up where it was set aside."""
        if not dialogue.paused:
            raise IllegalTransition("there is no paused flow to resume")
        paused = dialogue.paused
        draft = _Draft(
            self.flows[paused["flow"]],
            dialogue.state,
            SlotEnv(today, context or DialogueContext()),
            dict(paused["slots"]),
            list(paused["filled"]),
        )
        if draft.state is S.COMPLETED:
            draft.go(S.IDLE)
        draft.go(S.UNDERSTANDING)
        return self._advance(draft)

    # -- per state --

    def _nothing_active(self, dialogue: DialogueState) -> DialogueStep:
        if dialogue.state is S.COMPLETED:
            idle = DialogueState(paused=dialogue.paused)
            return DialogueStep(idle, Outcome.HANDOFF, path=(S.IDLE,))
        return DialogueStep(dialogue, Outcome.HANDOFF)

    def _on_slot_reply(self, draft: _Draft, text: str) -> DialogueStep:
        if interruption := self._interruption(draft, text):
            return interruption
        if draft.pending == CHOOSE_FIELD:
            return self._on_field_choice(draft, text)
        # A skip ("no deadline") is an answer, even though it may look like a correction.
        if not is_skip(text) and (correction := self._correction(draft, text)):
            return self._correct(draft, *correction)
        draft.go(S.VALIDATING_SLOT)
        return self._fill(draft, self._gather(draft, text))

    def _on_confirmation(self, draft: _Draft, text: str) -> DialogueStep:
        if interruption := self._interruption(draft, text):
            return interruption
        if correction := self._correction(draft, text):
            return self._correct(draft, *correction)
        if is_yes(text):
            return self._execute(draft)
        if is_no(text):
            draft.go(S.UNDERSTANDING, S.WAITING_FOR_SLOT)
            draft.pending = CHOOSE_FIELD
            return draft.step(Outcome.ASK, f"What should I change: {draft.flow.field_list()}?")
        reply = f"{draft.flow.summary(draft.slots)} (Say yes, or tell me what to change.)"
        return draft.step(Outcome.CONFIRM, reply)

    def _on_field_choice(self, draft: _Draft, text: str) -> DialogueStep:
        if is_yes(text):
            draft.go(S.UNDERSTANDING)
            return self._execute(draft)
        correction = parse_correction(text, draft.flow, need_cue=False)
        if correction is None or correction.slot is None:
            return draft.step(Outcome.ASK, f"Which one: {draft.flow.field_list()}?")
        return self._correct(draft, correction.slot, correction.value)

    def _on_error(self, draft: _Draft, text: str) -> DialogueStep:
        if is_cancel(text):
            return self._cancel(draft)
        if _RETRY.match(text.strip()):
            draft.go(S.UNDERSTANDING)
            return self._execute(draft)
        return self._handoff(draft)

    # -- moves --

    def _interruption(self, draft: _Draft, text: str) -> DialogueStep | None:
        if is_cancel(text):
            return self._cancel(draft)
        if is_handoff(text):
            return self._handoff(draft)
        return None

    def _cancel(self, draft: _Draft) -> DialogueStep:
        route = {
            S.WAITING_FOR_SLOT: (S.UNDERSTANDING, S.IDLE),
            S.CONFIRMING: (S.COMPLETED, S.IDLE),
            S.ERROR: (S.IDLE,),
        }
        draft.go(*route[draft.state])
        reply = "Okay, I've let that go."
        return DialogueStep(DialogueState(), Outcome.CANCELLED, reply, path=tuple(draft.path))

    def _handoff(self, draft: _Draft) -> DialogueStep:
        draft.go(*((S.IDLE,) if draft.state is S.ERROR else (S.UNDERSTANDING, S.IDLE)))
        paused = {"flow": draft.flow.name, "slots": draft.slots, "filled": draft.filled}
        return DialogueStep(DialogueState(paused=paused), Outcome.HANDOFF, path=tuple(draft.path))

    def _execute(self, draft: _Draft) -> DialogueStep:
        draft.go(S.EXECUTING_ACTION)
        draft.pending = None
        action = (draft.flow.action_name, dict(draft.slots))
        return draft.step(Outcome.EXECUTE, action=action)

    def _gather(self, draft: _Draft, text: str) -> dict[str, str]:
        """The raw texts this reply gives: the pending slot, and any still-empty slot the
        message clearly fills too ("run a marathon by May" while the title is asked)."""
        pending = draft.flow.slot(draft.pending or "")
        found = draft.flow.extract(text, draft.env)
        raw = {
            name: value
            for name, value in found.values.items()
            if name != pending.name and name not in draft.slots
        }
        if pending.name in found.values:
            raw[pending.name] = found.values[pending.name]
        elif pending.free_text and raw:
            raw[pending.name] = found.rest
        else:
            raw[pending.name] = text
        return raw

    def _fill(self, draft: _Draft, raw: Mapping[str, str]) -> DialogueStep:
        """Validate raw slot texts in flow order, keeping every valid one; re-ask the first
        refused one with its reason, otherwise move on to the next missing slot or confirm."""
        refusals: list[tuple[Slot, SlotError]] = []
        for slot in draft.flow.slots:
            if slot.name not in raw:
                continue
            try:
                draft.put(slot.name, slot.read(raw[slot.name], draft.slot_env()))
            except SlotError as refused:
                refusals.append((slot, refused))
        if not refusals:
            return self._advance(draft)
        slot, refused = refusals[0]
        draft.go(S.WAITING_FOR_SLOT)
        draft.pending = slot.name
        reply = f"{refused.reason} — {slot.reask}"
        return draft.step(Outcome.INVALID, reply, error=refused.reason)

    def _advance(self, draft: _Draft) -> DialogueStep:
        missing = draft.flow.next_missing(draft.slots)
        if missing is None:
            draft.go(S.EXECUTING_ACTION, S.CONFIRMING)
            draft.pending = None
            return draft.step(Outcome.CONFIRM, draft.flow.summary(draft.slots))
        if draft.state is S.VALIDATING_SLOT:
            draft.go(S.UNDERSTANDING)
        draft.go(S.WAITING_FOR_SLOT)
        draft.pending = missing.name
        return draft.step(Outcome.ASK, missing.prompt)

    def _correction(self, draft: _Draft, text: str) -> tuple[str, str] | None:
        """The slot a correction changes and its new raw value, if `text` is one."""
        correction = parse_correction(text, draft.flow)
        if correction is None:
            return None
        target = correction.slot or self._correction_target(draft, correction)
        return (target, correction.value) if target else None

    def _correct(self, draft: _Draft, name: str, value: str) -> DialogueStep:
        """Apply a correction through `understanding`.

        1. A named slot without a value ("change the date"): ask that slot again.
        2. Otherwise validate the value for that slot and carry on; the reply says what
           changed before asking the next question or confirming again.
        """
        draft.go(S.UNDERSTANDING)
        slot = draft.flow.slot(name)
        if not value:
            draft.go(S.WAITING_FOR_SLOT)
            draft.pending = name
            return draft.step(Outcome.ASK, slot.prompt)
        step = self._fill(draft, {name: value})
        if step.outcome is Outcome.INVALID:
            return step
        note = f"Got it — the {slot.label or slot.name} is now {slot.display(draft.slots[name])}."
        return replace(step, reply=_join(note, step.reply))

    def _correction_target(self, draft: _Draft, correction: Correction) -> str | None:
        """Where an unnamed correction ("actually, make it May") goes.

        1. The pending slot or a filled one, latest first, that is structured (a date, a
           category…) and accepts the value.
        2. Else the last filled slot if the message refers back to it ("make it …").
        3. Else the pending slot: the person is answering after all. At confirmation
           there is none, and the message is not taken as a correction.
        """
        env = draft.slot_env()
        pending = draft.pending if draft.pending != CHOOSE_FIELD else None
        for name in (pending, *reversed(draft.filled)):
            if name is None:
                continue
            slot = draft.flow.slot(name)
            if not slot.free_text and slot.accepts(correction.value, env):
                return name
        if correction.refers_back and draft.filled:
            return draft.filled[-1]
        return pending


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _alias_table(flow: Flow) -> Iterator[tuple[str, str]]:
    for slot in flow.slots:
        for alias in slot.aliases:
            yield alias, slot.name


def parse_correction(text: str, flow: Flow, *, need_cue: bool = True) -> Correction | None:
    """Recognise a change of an earlier answer.

    1. Strip a leading cue ("actually", "no", "wait", "sorry", "I meant").
    2. A slot named near the start ("the title should be …", "change the category to …")
       counts when there was a cue, a verb or a connector ("should be", "to", "is").
    3. Otherwise, after a cue or a back-reference ("make it …"), the rest is a value for a
       slot to be guessed by the caller.
    """
    cue = _CUE.match(text.strip())
    rest = text.strip()[cue.end() :] if cue else text.strip()
    aliases = dict(_alias_table(flow))
    names = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in sorted(aliases, key=len)[::-1])
    named = re.match(
        rf"^(?P<verb>{_VERB})?(?:the\s+|my\s+|its\s+)?(?P<alias>{names})\b"
        rf"(?:\s*(?P<conn>{_CONNECTOR})\s+|\s*,\s*|\s*$)(?P<value>.*)$",
        rest,
        re.IGNORECASE | re.DOTALL,
    )
    if named and (cue or named["verb"] or named["conn"] or not need_cue):
        slot = aliases[re.sub(r"\s+", " ", named["alias"].lower())]
        return Correction(slot, _clean_value(named["value"]))
    back = _BACKREF.match(rest)
    if not (cue or back):
        return None
    value = _clean_value(rest)
    return Correction(None, value, refers_back=bool(back)) if value else None
