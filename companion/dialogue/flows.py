"""The flows Eliza can walk a person through, as data: create a goal, complete a mission,
adjust a goal.

A flow is its slots (each with a parser and a validator), a confirmation template, the
name of the action to run, and an extractor that cuts an opening message into raw slot
texts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.dialogue.adjustments import adjustment_read
from companion.dialogue.categories import CATEGORY_PHRASE
from companion.dialogue.choices import Choice, best_choice, named_by_the_rest, top_choices
from companion.dialogue.cues import LEAD_UP, OPENING_SO, fix_typos, wished_aim
from companion.dialogue.dates import display_date, find_date, narrowed
from companion.dialogue.deed_phrases import DONE
from companion.dialogue.parsing import (
    Parser,
    SlotEnv,
    SlotError,
    Validator,
    display_choice,
    infer_category,
    is_bare_yes_or_no,
    is_skip,
    minutes_in_range,
    minutes_match,
    not_in_past,
    parse_category,
    parse_date_slot,
    parse_minutes,
    parse_title,
    parse_why,
    reference_parser,
    strip_lead_in,
)
from companion.dialogue.phrases import (
    DATE_CLAUSE,
    FIELD_WORDS,
    GOAL_REQUEST,
    NOT_A_TITLE,
    URGENT_WHEN,
    WHY_CLAUSE,
    WHY_STATEMENT,
)
from delight.ai.offline.reflection import reflect


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
    `guess` reads the value from the slots already filled, when they make it plain: it is
    taken instead of asking (the summary shows it, and a correction changes it).
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
    guess: Callable[[Mapping[str, Any]], str] | None = None
    # A bare value said at the summary ("april 26th", "craft i think") corrects this slot.
    said_bare: bool = False
    # Skipped, the summary leaves its sentence out ("Why it matters: …").
    unsaid_when_skipped: bool = False

    def read(self, text: str, env: SlotEnv) -> Any:
        """Parse and validate `text` (`SlotError` with the reason when it does not fit)."""
        if is_skip(text):
            if not self.required:
                return None
            # Free text would take "skip" as an answer; structured parsers refuse it themselves.
            if self.free_text:
                raise SlotError(f"I need the {self.label or self.name} to go on")
        if self.free_text and is_bare_yes_or_no(text):
            raise SlotError(f"I still need the {self.label or self.name}")
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
    """`direct`: an opening message that fills every required slot is acted on at once
    (a mission reported done, a goal's date moved), the reply saying what was done."""

    name: str
    slots: Sequence[Slot]
    confirm_template: str
    action_name: str
    extract: Extractor = _nothing_extracted
    direct: bool = False
    # Whether optional slots are asked for: a mission's minutes are taken when said, never
    # asked (marking it done is what the person wanted).
    asks_optional: bool = True
    # The slot a "no" to the summary asks again ("" asks which part to change): a goal's
    # change has one thing to say again, the new value.
    asked_again: str = ""

    def has_slot(self, name: str) -> bool:
        return any(slot.name == name for slot in self.slots)

    def slot(self, name: str) -> Slot:
        for slot in self.slots:
            if slot.name == name:
                return slot
        raise KeyError(name)

    def slot_names(self) -> tuple[str, ...]:
        return tuple(slot.name for slot in self.slots)

    def required_in(self, slots: Mapping[str, Any]) -> bool:
        return all(slot.name in slots for slot in self.slots if slot.required)

    def next_missing(self, slots: Mapping[str, Any]) -> Slot | None:
        return next((slot for slot in self.slots if slot.name not in slots), None)

    def summary(self, slots: Mapping[str, Any]) -> str:
        """The confirmation, without the sentence of a skipped slot that is left unsaid."""
        template, shown = self.confirm_template, {}
        for slot in self.slots:
            if slot.unsaid_when_skipped and slots.get(slot.name) is None:
                template = re.sub(rf"\s*[^.?!\s][^.?!]*{{{slot.name}}}[^.?!]*[.?!]", "", template)
            else:
                shown[slot.name] = slot.display(slots[slot.name])
        return template.format(**shown).strip()

    def field_list(self) -> str:
        labels = [slot.label or slot.name for slot in self.slots]
        return ", ".join(labels[:-1]) + " or " + labels[-1]


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
# A sentence that tells what the person wants from a goal: said back as its reason when the
# answer has several ("im 34 and can only doggy paddle. i want to swim with my son").
_PURPOSE = re.compile(
    r"\b(?:i|we) (?:really )?(?:want|wanna|need|would love|hope)\b|\bso (?:that )?(?:i|we)"
    r" (?:can|could)\b|\bbecause\b|\bto be able to\b",
    re.IGNORECASE,
)


# "so i see my grandkids grow up": a purpose said without its "can", said back with it.
_SO_I = re.compile(
    r"^\s*so\s+(?:that\s+)?(i|we)\s+(?!(?:can|could|will|would|won'?t|don'?t|do|am|are|have"
    r"|had|was|were|need|feel|get|got|think|guess|want|wanna|just)\b)(?=[a-z]+\b)",
    re.IGNORECASE,
)


def reason_shown(why: str) -> str:
    """The reason said back, in the person's words turned to "you": of several sentences,
    the first that tells what they want (the whole reason is kept); a purpose with its
    "can" ("so i see…" -> "you can see…")."""
    sentences = [s for s in _SENTENCE_END.split(why) if s.strip()]
    telling = [s for s in sentences if _PURPOSE.search(s)]
    shown = telling[0] if len(sentences) > 1 and telling else why
    shown = re.sub(r"^\s*(?:and|also|plus|but)\s+", "", shown, flags=re.IGNORECASE)
    # Said without its "i" ("want the kids to grow up eating veg"): theirs all the same.
    if re.match(r"\s*(?:want|wanna|need|hope|would love|love)\b", shown, re.IGNORECASE):
        shown = f"i {shown.strip()[:1].lower()}{shown.strip()[1:]}"
    return reflect(_SO_I.sub(r"\1 can ", shown))


WHY = Slot(
    "why",
    "Why does this goal matter to you?",
    parse_why,
    # Asked, never insisted on: "idk, just set it up" saves the goal without one.
    required=False,
    label="reason",
    reask="why does it matter to you?",
    aliases=("why", "reason", "motivation", "purpose"),
    free_text=True,
    display=reason_shown,  # said back: "I can talk with Ana" -> "you can talk…"
    unsaid_when_skipped=True,
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
    said_bare=True,
)
VALUE_CATEGORY = Slot(
    "value_category",
    "Which part of your life does it serve: health, craft, growth or connection?",
    parse_category,
    label="category",
    reask="is it health, craft, growth or connection?",
    aliases=("value category", "category", "area"),
    # "Learn to swim properly" serves health: asking would be a question with a plain answer.
    guess=lambda slots: infer_category(str(slots.get("title") or "")),
    said_bare=True,
)


def extract_goal(text: str, env: SlotEnv) -> Extracted:
    """Cut a goal statement into its slots.

    1. A date phrase ("by May", "in 3 months") is the target date, with a clause that only
       says when ("before the baby comes in April"); a season followed by a month ("in the
       spring, … in april") gives way to the month.
    2. "new health goal", "it's a craft thing", "for my health" is the value category.
    3. "because …" / "so I can …", or a statement after a comma (", i want to feel fit")
       is the why; only the part before it is searched further.
    4. What is left, without lead-ins like "help me set a goal to", is the title.
    5. A statement given whole (title, why and date) but no area gets one inferred from
       its words, for the person to confirm in the summary (asked otherwise, in turn).
    """
    values: dict[str, str] = {}
    head = _from_the_request(fix_typos(text))
    when = find_date(head)
    if when and when["season"] and (finer := narrowed(when)):
        # "in the spring, like the corrida in porto in april": the month says it closer;
        # "by the summer? like june": the season and the month said bare are the date.
        end = when.end() + finer.end()
        if finer["lead"].strip():
            head = _cut(head, when)
            when = find_date(head)
        else:
            values["target_date"] = head[when.start() : end]
            head, when = f"{head[: when.start()]} {head[end:]}", None
    if when:
        values["target_date"] = when.group()
        # "before the baby comes in April": the clause says when; "sleep before 11 by
        # March" keeps its "before 11", since "by March" says when already.
        clause = DATE_CLAUSE.search(head[: when.start()])
        plain_lead = when["lead"].split()[:1] in ([], ["in"], ["on"])
        head = _cut(head, when, clause.start() if clause and plain_lead else None)
    if category := CATEGORY_PHRASE.search(head):
        values["value_category"] = next(word for word in category.groups() if word)
        head = _cut(head, category)
    head = OPENING_SO.sub("", head)  # "so i've been meaning to…": a lead-in, not a why
    if why := WHY_CLAUSE.search(head) or WHY_STATEMENT.search(head):
        values["why"], head = why["why"], head[: why.start()]
    # "i wanna quit vaping. been doing it since uni": the aim is the first sentence that
    # says one ("i want to do a goal. ive been saying id get back into running": the second).
    head = _REQUEST_WORDS.sub("", _tidy(strip_lead_in(_tidy(head))))
    sentences = _SENTENCE_END.split(head)
    # Of several sentences, one that wishes for something says the aim ("but thats not why
    # im here lol. i want to start playing guitar again").
    wished = [sentence for sentence in sentences if wished_aim(sentence)]
    titles = (_title_in(_the_wish(sentence)) for sentence in (wished or sentences))
    rest = next((title for title in titles if title), "")
    if rest:
        values["title"] = rest
    whole = {"title", "why", "target_date"} <= values.keys()
    if whole and "value_category" not in values and (guess := _guess_category(values)):
        values["value_category"] = guess
    return Extracted(values, rest)


_SENTENCE_END = re.compile(r"(?<=\w)\s*[.!?]+\s+(?=\w)")  # " . " where a date was cut
# The most words before a request for a goal that only lead up to it ("qué bien!! ok, I
# want to make other goal"); a sentence before it that ends is cut whatever its length.
LEAD_UP_WORDS = 4
# The request's own words, before what the goal is about ("make other goal. for my
# english" -> "my english"; "start a new goal thing. about the grog" -> "the grog").
_REQUEST_WORDS = re.compile(
    r"^\W*(?:(?:(?:set|make|create|add|start|have)\s+(?:up\s+)?)?(?:(?:a|an|another|other"
    r"|my|new|some)\s+)*goal\s*(?:thing|idea)?|thing|idea)\s*[.:,!-]*\s*(?:for|about|on"
    r"|around)\s+",
    re.IGNORECASE,
)


def _the_wish(sentence: str) -> str:
    """The wish of a sentence that tells something first and joins it on ("we're going to
    seville in may and i really want to learn some spanish…") or leads up to it ("the big
    thing is i want to…"); else the sentence."""
    sentence = LEAD_UP.sub("", sentence, count=1)  # "the big thing is i want to…"
    before, joined, wish = sentence.rpartition(" and i ")
    return f"i {wish}" if joined and before and wished_aim(f"i {wish}") else sentence


def _title_in(sentence: str) -> str:
    """The goal's title in `sentence`, without lead-ins or a clause about themselves after a
    comma ("…guitar again, i havent touched it in years") ("" when none)."""
    rest = _tidy(strip_lead_in(_tidy(_ABOUT_THEM.sub("", sentence))))
    return rest if rest and not NOT_A_TITLE.match(rest) else ""


_ABOUT_THEM = re.compile(
    r"(?:,\s*|\s+but\s+)(?:i|im|i'm|ive|i've|i'd|we|we've|my)\b.*$"
    # ... or with its "I've" left out, or a why or an aside ("…12 books, been meaning to
    # for ages", "…, always wanted to", "…, cause my knees", "…, its been years", "…, lol")
    r"|,\s*(?:been|always|never|because|cause|cuz|coz|since|its|it's|it has|it's been"
    r"|havent|haven't|hopefully|finally|lol|haha|tbh|idk)\b.*$"
    # ... or a when that says why ("…my mother's recipes before i forget them"), or a trip
    # ("…some spanish before we go, like enough to order food")
    rf"|\s+(?:{URGENT_WHEN})\b.*$|\s+before\s+(?:we|i)\s+(?:go|leave|fly|travel)\b.*$"
    r"|,\s*like\b.*$",
    re.IGNORECASE,
)


def _from_the_request(text: str) -> str:
    """The goal statement from where it asks for a goal: what leads up to the request (a
    few words, or whole sentences) is no title."""
    request = GOAL_REQUEST.search(text)
    if not request or not request.start():
        return text
    before = text[: request.start()]
    if len(before.split()) <= LEAD_UP_WORDS or re.search(r"[.!?]\s*$", before):
        return text[request.start() :]
    return text


def _guess_category(values: Mapping[str, str]) -> str:
    return infer_category(values["title"]) or infer_category(values.get("why", ""))


def _tidy(text: str) -> str:
    """Commas and spaces left where a phrase was cut out."""
    text = re.sub(r"\s*,(?:\s*,)*\s*", ", ", text)
    return re.sub(r"\s+", " ", text).strip(" ,;:-")


def _cut(text: str, match: re.Match[str], start: int | None = None) -> str:
    start = match.start() if start is None else start
    return f"{text[:start]} {text[match.end() :]}".strip()


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
    """Find the minutes spent and the mission the words fit (the slot asks which if several)."""
    values: dict[str, str] = {}
    rest = text
    if minutes := minutes_match(rest):
        values["minutes"], rest = minutes.group(), _cut(rest, minutes)
    # A mission the words fit, even if several fit equally: the slot then asks which; or
    # the one the words point back at ("did that too").
    if env.context.missions and (top_choices(rest, env.context.missions) or env.context.referent):
        values["mission"] = _deed_clause(rest, env.context.missions) or rest
    return Extracted(values, rest)


def _deed_clause(text: str, missions: Sequence[Choice]) -> str:
    """The one clause that tells the deed and names a mission ("did the walk run in the
    park" of "…, legs are jelly but i feel amazing": not the legs of "Foam-roll and stretch
    your legs"); "" when the message has no single such clause."""
    clauses = [c.strip() for c in re.split(r"[.,;!?]+|\bbut\b", text) if c.strip()]
    told = [c for c in clauses if DONE.search(c) and top_choices(c, missions)]
    if len(clauses) < 2 or len(told) != 1:
        return ""
    # The clause fits several and the rest of the message says which of them ("did the
    # chords thing, G C and D"): that one, by its title.
    close = top_choices(told[0], missions)
    if best_choice(told[0], missions) is None and (
        named := named_by_the_rest(told[0], text, close)
    ):
        return named.title
    return told[0]


COMPLETE_MISSION = Flow(
    "complete_mission",
    (
        Slot(
            "mission",
            "Which mission did you complete?",
            reference_parser("mission", lambda context: context.missions),
            label="mission",
            reask="which mission was it?",
            aliases=("mission", "task"),
            display=display_choice,
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
    direct=True,
    asks_optional=False,
)

GOAL_FIELDS = {slot.name: slot for slot in CREATE_GOAL.slots}


def parse_field(text: str, env: SlotEnv) -> str:
    match = FIELD_WORDS.search(text)
    if match is None:
        raise SlotError("I can change the title, the reason, the target date or the category")
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
    """Cut a change request into its slots (adjustments.adjustment_read)."""
    return Extracted(*adjustment_read(text, env))


ADJUST_GOAL = Flow(
    "adjust_goal",
    (
        Slot(
            "goal",
            "Which goal would you like to adjust?",
            reference_parser("goal", lambda context: context.goals),
            label="goal",
            reask="which goal is it?",
            aliases=("goal",),
            display=display_choice,
        ),
        Slot(
            "field",
            "What should change: the title, the reason, the target date or the category?",
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
    direct=True,
    asked_again="new_value",
)

FLOWS: Mapping[str, Flow] = {
    flow.name: flow for flow in (CREATE_GOAL, COMPLETE_MISSION, ADJUST_GOAL)
}
