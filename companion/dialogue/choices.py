"""Which of their missions or goals a person means: a choice named by its words, its verb,
an ordinal, a quoted offer or a pointer, ranked by how well the words fit (word roots,
irregular forms, kilometres); the two best when it is unclear."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from companion.dialogue.cues import clauses, denies_done, plans_ahead, skips
from companion.dialogue.deed_phrases import NOT_DEEDS, OWN_DEED_LEAD, PAST_DONE
from companion.dialogue.phrases import (
    LIGHT_VERB_WORDS,
    ORDINAL,
    ORDINALS,
    STOP_WORDS,
)
from delight.ai.text import STOPWORDS


def plain(text: str) -> str:
    """`text` without surrounding space and the marks that end it."""
    return re.sub(r"[\s.!?]+$", "", text.strip())


@dataclass(frozen=True)
class Choice:
    """Something the person can refer to by name: an open mission, an active goal."""

    id: int | str
    title: str
    # The goal a mission serves (None for a goal, a habit, or one offered by title): not
    # part of what the choice is.
    goal: int | None = field(default=None, compare=False)


# Past forms that no suffix rule reaches ("laid out my kit" names "lay out your kit"), short
# forms of units, and a few things people call by another name.
_IRREGULAR = {
    "laid": "lay", "ran": "run", "wrote": "write",
    "written": "write", "made": "make", "took": "take", "taken": "take", "swam": "swim",
    "rode": "ride", "ate": "eat", "drank": "drink", "drew": "draw", "drawn": "draw",
    "sang": "sing", "rang": "ring", "bought": "buy", "built": "build", "spoke": "speak",
    "slept": "sleep", "sat": "sit", "met": "meet", "sent": "send", "spent": "spend",
    "read": "read", "blew": "blow", "blown": "blow", "threw": "throw", "found": "find",
    "told": "tell", "kept": "keep", "held": "hold", "stood": "stand", "wore": "wear",
    "fed": "feed", "paid": "pay", "gave": "give", "flew": "fly", "grew": "grow",
    "fell": "fall", "felt": "feel", "left": "leave", "caught": "catch", "taught": "teach",
    "brought": "bring", "chose": "choose", "broke": "break", "woke": "wake", "froze": "freeze",
    "hung": "hang", "shook": "shake", "dug": "dig", "swept": "sweep", "began": "begin",
    "drove": "drive", "fought": "fight", "won": "win", "sold": "sell", "heard": "hear",
    "floated": "float",
    # the same thing by another name ("got the trainers" names "running shoes")
    "trainers": "shoes", "trainer": "shoe", "sneakers": "shoes", "sneaker": "shoe",
    "min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour", "sec": "second",
    "secs": "second",
}  # fmt: skip


def _stem(word: str) -> str:
    word = _IRREGULAR.get(word, word)
    if word.endswith(("ied", "ies")) and len(word) > 4:
        return word[:-3] + "y"  # "replied", "replies": "reply"
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word[-1] == word[-2]:
        word = word[:-1]
    return word


_KILOMETRES = re.compile(r"\b(\d+)\s?(?:km|kms|kilometres|kilometers|k)\b")


def _tokens(text: str) -> set[str]:
    # "drawer's done": the drawer ("'s" is "is" or a possessive, never part of the word)
    plain = text.lower().replace("\u2019", "'")
    # "5k" is "5km" ("Go for an easy 5km run"), as runners say it
    plain = _KILOMETRES.sub(r"\1k", plain)
    # "push-ups" is also "pushups", as people type it
    joined = re.findall(r"[a-z]+(?:-[a-z]+)+", plain)
    plain += " " + " ".join(word.replace("-", "") for word in joined)
    said = (w.removesuffix("'s") for w in re.findall(r"[a-z0-9']+", plain))
    return {_stem(w) for w in said if w and w not in STOP_WORDS}


# When a mission happens, said after what it is ("Walk 30 minutes before shift", "Chew gum
# when craving"): the circumstance alone names no mission ("just finished shift").
_CIRCUMSTANCE = re.compile(r"\s(?:before|after|during|while|when|until|by)\s.*$", re.IGNORECASE)


def _ranked(
    text: str, choices: Sequence[Choice], ignore: frozenset[str] = frozenset()
) -> list[tuple[tuple[float, float], Choice]]:
    """Choices by (weight of the words in common, share of the title's weight), best first;
    words in `ignore` are not heard.

    A word's weight is one over the number of titles that have it: "shoes" in one title
    says which mission was meant, "run" in three says little; a number shared alone says
    nothing, nor do the words of the title's circumstance alone (_CIRCUMSTANCE).
    """
    said = _tokens(text) - ignore
    titles = [(_tokens(choice.title) or {choice.title.lower()}, choice) for choice in choices]
    cores = {choice.id: _tokens(_CIRCUMSTANCE.sub("", choice.title)) for choice in choices}
    spread: dict[str, int] = {}
    for words, _ in titles:
        for word in words:
            spread[word] = spread.get(word, 0) + 1
    scored = []
    for words, choice in titles:
        heard = _heard(said, words)
        if all(word.isdigit() for word in heard):
            continue  # a number alone names nothing ("did 2 exercises" is no "Drink 2 litres")
        if cores[choice.id] and not heard & cores[choice.id]:
            continue  # "just finished shift" is no "Walk 30 minutes before shift"
        common = sum(1 / spread[word] for word in heard)
        if common:
            whole = sum(1 / spread[word] for word in words)
            scored.append(((round(common, 3), round(common / whole, 3)), choice))
    return sorted(scored, key=lambda item: item[0], reverse=True)


# A word said that ends a longer word of a title names it ("the cards" for "flashcards"),
# when it is at least this long.
TAIL_LETTERS = 4
# Words (of at least ROOT_WORD letters) that share their first ROOT_LETTERS are one word in
# other forms ("summary" and "summarise", "meditation" and "meditate"): no suffix rule
# reaches every form.
ROOT_LETTERS = 6
ROOT_WORD = 7


def _heard(said: set[str], words: set[str]) -> set[str]:
    """The title's words that were said: whole, as their tail, or by their root."""
    tails = [word for word in said if len(word) >= TAIL_LETTERS]
    roots = {word[:ROOT_LETTERS] for word in said if len(word) >= ROOT_WORD}
    return (
        (said & words)
        | {w for w in words if any(w.endswith(t) for t in tails)}
        | {w for w in words if len(w) >= ROOT_WORD and w[:ROOT_LETTERS] in roots}
    )


# The best fit must weigh this many times the runner-up's to be taken as meant; closer than
# that, Eliza asks which ("did the shoes thing and mapped a loop" fits two missions).
CLEAR_LEAD = 1.5


T = TypeVar("T")

# The titles in a question that offers a choice: "Do you mean “A” or “B”?".
_OFFERED = re.compile(r"“([^”]+)”")


def offered_titles(question: str) -> tuple[str, ...]:
    return tuple(_OFFERED.findall(question))


def offered_title(text: str, offered: Sequence[str]) -> str:
    """The title an ordinal answer ("the first one", "2") picks among those just offered;
    "" when it is no ordinal or nothing was offered."""
    return _by_ordinal(text, offered) or ""


def _by_ordinal(text: str, items: Sequence[T]) -> T | None:
    """The item an ordinal answer ("the first one", "2", "last") names; None otherwise."""
    ordinal = ORDINAL.match(plain(text))
    if not ordinal:
        return None
    index = ORDINALS.get(ordinal["n"].lower())
    index = int(ordinal["n"]) - 1 if index is None else index
    return items[index] if -len(items) <= index < len(items) else None


# One pointed at only to be set aside: "the drawing one not the study one", "the one about
# screens not the reading".
_NOT_THAT_ONE = re.compile(
    r"\bnot\s+(?:the\s+)?(?:[\w'-]+\s+){1,3}?(?:one|thing|bit)\b"
    r"|\bnot\s+the\s+(?:[\w'-]+\s+){0,2}?[\w'-]+\W*$",
    re.I,
)


def best_choice(
    text: str, choices: Sequence[Choice], ignore: frozenset[str] = frozenset()
) -> Choice | None:
    """The one choice `text` refers to, or None when nothing fits or no fit clearly leads
    (a choice set aside, "not the study one", is not heard)."""
    text = _NOT_THAT_ONE.sub(" ", text)
    if ORDINAL.match(plain(text)):
        return _by_ordinal(text, choices)
    if exact := next((c for c in choices if c.title.lower() == plain(text).lower()), None):
        return exact  # a title said whole (or picked from those offered) is that one
    ranked = _ranked(text, choices, ignore)
    # "the walk one" beside “Walk-run your loop” and “Take a walk”: the walk
    ranked = [fit for fit in ranked if not half_a_compound(text, fit[1].title)] or ranked
    if not ranked:
        return None
    if len(ranked) > 1 and ranked[0][0][0] < CLEAR_LEAD * ranked[1][0][0]:
        return None
    return ranked[0][1]


def fits_better(text: str, these: Sequence[Choice], others: Sequence[Choice]) -> Choice | None:
    """The one of `these` that `text` fits strictly better than any of `others` (words
    weighed over all of them together); None when one of `others` fits as well."""
    ranked = _ranked(text, (*these, *others))
    if not ranked or ranked[0][1] not in these:
        return None
    rival = next((fit for fit, choice in ranked if choice in others), None)
    return ranked[0][1] if rival is None or ranked[0][0][0] > rival[0] else None


def fits_one(
    text: str, choices: Sequence[Choice], share: float, ignore: frozenset[str] = frozenset()
) -> Choice | None:
    """The one choice `text` clearly points at, when it names at least `share` of its words'
    weight (words in `ignore` unheard); None otherwise."""
    best = best_choice(text, choices, ignore)
    if best is None:
        return None
    ranked = dict((choice.id, fit) for fit, choice in _ranked(text, choices, ignore))
    return best if ranked.get(best.id, (0, 0))[1] >= share else None


# Words of when, which name no mission ("today not yet").
WHEN_WORDS = frozenset(
    _stem(word) for word in ("today", "tonight", "tomorrow", "yesterday", "week", "day", "time")
)
LIGHT_VERBS = frozenset(_stem(verb) for verb in LIGHT_VERB_WORDS)


def by_leading_verb(text: str, choices: Sequence[Choice]) -> Choice | None:
    """The one choice whose title's first word, an uncommon verb, `text` says in any form
    ("texted shu fen today" for "Text one old friend just to say hi", "replied with a
    thumbs up" for "Reply to the school moms group chat"); None when none or several do."""
    said = _stems(text)
    led = [
        choice
        for choice in choices
        if (first := re.findall(r"[a-z']+", choice.title.lower())[:1])
        and _stem(first[0]) not in LIGHT_VERBS
        # a title that opens with no verb ("On a night out, have…") has none to say
        and first[0] not in STOPWORDS
        and _compound_said(choice.title, said)
    ]
    return led[0] if len(led) == 1 else None


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-z']+", text.lower())}


def half_a_compound(text: str, title: str) -> bool:
    """Whether `text` says only part of a title's compound leading verb ("i walked for 15
    mins" of "Walk-run your loop"): a different deed, by words or by meaning."""
    first = re.findall(r"[a-z']+(?:-[a-z']+)*", title.lower())[:1]
    parts = first[0].split("-") if first else []
    said = _stems(text)
    return (
        len(parts) > 1 and any(_stem(p) in said for p in parts) and not _compound_said(title, said)
    )


def _compound_said(title: str, said: set[str]) -> bool:
    """Whether a title's leading verb is among the stems `said`, a compound one whole:
    "walked for 15 mins" is no "Walk-run your loop"."""
    first = re.findall(r"[a-z']+(?:-[a-z']+)*", title.lower())[:1]
    return bool(first) and all(_stem(part) in said for part in first[0].split("-"))


# Words that may follow a clause's last word ("meal prepped too", "hair cut finally").
_TRAILING = frozenset({
    "too", "also", "again", "today", "tonight", "finally", "already", "now", "lol", "haha",
    "yay", "tho", "though",
})  # fmt: skip


def _bare_pasts(text: str) -> list[tuple[str, list[str]]]:
    """The past forms told with no subject, each with the words before it in its clause:
    first in a clause after the person's own words ("ok cancelled disney+"), or last in it
    ("tyre pressure checked")."""
    told = []
    for clause in clauses(text.lower()):
        words = re.findall(r"[a-z']+", clause)
        for at, word in enumerate(words):
            past = PAST_DONE.fullmatch(word) or word in NOT_DEEDS
            last = all(w in _TRAILING for w in words[at + 1 :])  # "meal prepped too"
            if past and (last or all(w in OWN_DEED_LEAD for w in words[:at])):
                told.append((word, words[:at]))
    return told


def tells_a_bare_past(text: str) -> bool:
    """A past form with no subject ("foam rolled"): a deed only of the mission it names in
    its own verb (told_in_its_verb); the missions need not be read otherwise."""
    return bool(_bare_pasts(text))


def told_in_its_verb(text: str, choices: Sequence[Choice]) -> Choice | None:
    """The one choice whose words (beyond a common verb) `text` names best, when a clause
    tells its title's own verb in the past with nothing before it but the title's words or
    the person's ("cancelled disney+ finally" for "Cancel one unused subscription", "foam
    rolled" for "Foam roll calves", "tyre pressure checked" for "Check tyre pressure"; not
    "gary called…" for "Call the realtor back", nor "salma sent me…"); None otherwise."""
    told = _bare_pasts(text)
    best = best_choice(text, choices, LIGHT_VERBS) if told else None
    if best is None:
        return None
    if "-" in best.title.split()[0] and not _compound_said(best.title, _stems(text)):
        return None  # "i walked for 15 mins" is no "Walk-run your loop"
    title = re.findall(r"[a-z']+", best.title.lower())
    verbs, named = {_stem(w) for w in title[:2]}, {_stem(w) for w in title}
    for word, before in told:
        if _stem(word) in verbs and all(w in OWN_DEED_LEAD or _stem(w) in named for w in before):
            return best
    return None


# The share of a mission's words the rest of a message must name to say which of the
# missions its deed fits was meant ("G C and D": three of five; a "feeling" beside "felt",
# one of seven, says nothing).
SAYS_WHICH = 0.25


def named_by_the_rest(part: str, whole: str, choices: Sequence[Choice]) -> Choice | None:
    """The one of `choices` that the words of `whole` beyond `part` clearly name ("did the
    chords thing, G C and D": the one with G, C and D); None when they name none."""
    said = set(re.findall(r"[a-z0-9']+", part.lower()))
    rest = " ".join(w for w in re.findall(r"[a-z0-9']+", whole.lower()) if w not in said)
    return fits_one(rest, choices, SAYS_WHICH) if rest else None


def names_its_topic_only(text: str, choice: Choice, topic: str) -> bool:
    """Whether `text` tells a deed by "did" or "done" alone and names `choice` only by words
    of `topic` (the title of the goal it serves), never by the verb its title starts with:
    "did my spanish" names the Spanish goal, not "Listen to a Spanish podcast episode" over
    "Do one Duolingo lesson"."""
    title = re.findall(r"[a-z0-9']+", choice.title.lower())
    first = _stem(title[0]) if title and title[0].isalpha() else ""
    if not _DID_IT.search(text) or not first or first in LIGHT_VERBS:
        return False  # "drew the cup" says its own verb; "Do 4 sets…" has none to say
    words = _tokens(choice.title)
    heard = _heard(_tokens(text) - LIGHT_VERBS, words)
    return bool(heard) and first not in heard and heard <= _heard(_tokens(topic), words)


# A title this long is not named by its goal's word alone ("slept 6.5 hrs" is no "Review your
# sleep notes for the week" of a sleep goal; "ran 5k" is "Easy run" of a running one).
TOPIC_TITLE_WORDS = 3


def named_by_topic_alone(text: str, choice: Choice, topic: str) -> bool:
    """Whether the one word of `choice` that `text` says is one of `topic` (its goal's title),
    and its title is long enough to be named by more ("read my 10 pages" names two words of
    "Read ten pages of your current book": that one)."""
    words = _tokens(choice.title)
    heard = _heard(_tokens(text) - LIGHT_VERBS, words)
    long_enough = len(words) >= TOPIC_TITLE_WORDS
    return long_enough and len(heard) == 1 and heard <= _heard(_tokens(topic), words)


# A deed told by a verb that says only that it was done ("did my spanish").
_DID_IT = re.compile(r"\b(?:did|done|finished|got through)\b", re.IGNORECASE)


def fitting(text: str, choices: Sequence[Choice], weight: float) -> list[Choice]:
    """The choices `text` shares words of at least `weight` with, best first (a word in two
    titles weighs 0.5: "a reading one" fits both reading missions)."""
    return [choice for (common, _), choice in _ranked(text, choices) if common >= weight]


def names_a_choice(text: str, choices: Sequence[Choice]) -> bool:
    """Whether `text` points at one of `choices` at all: a word of one, or a position."""
    return bool(ORDINAL.match(plain(text)) or _ranked(text, choices))


def top_choices(text: str, choices: Sequence[Choice], n: int = 2) -> list[Choice]:
    """The `n` choices `text` fits best; on equal fit the later one (the more recent) first."""
    ranked = _ranked(text, list(reversed(choices)))
    return [choice for _, choice in ranked[:n]]


# A thing got, told with a common verb ("got the trainers yesterday").
_ACQUIRED = re.compile(r"\b(?:got|bought|picked up|ordered|grabbed)\b", re.IGNORECASE)
_BUYING = re.compile(r"^\W*(?:buy|get|order|pick up)\b", re.IGNORECASE)


def bought_one(deed: str, missions: Sequence[Choice]) -> Choice | None:
    """The one mission of buying a thing the deed says was got by a word of it ("got the
    trainers" for "Buy a pair of proper running shoes"); "got home late" names none."""
    buying = [m for m in missions if _BUYING.match(m.title)]
    return best_choice(deed, buying, LIGHT_VERBS) if buying and _ACQUIRED.search(deed) else None


# Missions that ask for a number: counting, checking, weighing, logging, measuring.
_MEASURING = re.compile(
    r"^\W*(?:count|check|weigh|measure|log|track|take (?:your |my )?"
    r"(?:blood|bp|pressure|sugar|reading|weight))\b",
    re.IGNORECASE,
)
_MEASURE_WORDS = ("count", "check", "weigh", "measure", "log", "track")
_MEASURE_VERBS = frozenset(_stem(verb) for verb in _MEASURE_WORDS)
# "I cannot lift the back of a hive": a number beside a "not" measures nothing.
_NOT = re.compile(r"\b(?:not|cannot|can'?t|couldn'?t|won'?t|didn'?t|haven'?t|never)\b", re.I)


def measured_one(text: str, missions: Sequence[Choice]) -> Choice | None:
    """The one mission that asks for a number, named by a word of its own beside the number
    told ("oh my phone does that already, 4200 today so far" for "Count your steps on an
    ordinary day (phone or watch)"; "my sugar was 6.8" for "Check blood sugar"); None when
    no such mission shares a word, or the message says "not")."""
    measuring = [m for m in missions if _MEASURING.match(m.title)]
    if not measuring or _NOT.search(text):
        return None
    return best_choice(text, measuring, LIGHT_VERBS | _MEASURE_VERBS)


# A mission pointed at by a few of its words: "the setting up one", "the shoes thing".
_POINTER = re.compile(r"\bthe ((?:[a-z']+ ){0,3}[a-z']+) (?:one|thing|bit|mission)\b", re.I)


_ORDINAL_WORDS = re.compile(
    r"^(?:first|second|third|fourth|fifth|last|next|other|same|\d+(?:st|nd|rd|th)?)$", re.I
)


def pointed_one(text: str, missions: Sequence[Choice]) -> Choice | None:
    """The one mission a pointer in `text` names (its verb counts, light or not), in a
    sentence that plans or denies nothing ("i would try the stretch thing later" points at
    no deed)."""
    for sentence in re.split(r"[.!?;]+", text):
        pointer = _POINTER.search(sentence)
        if pointer and _ORDINAL_WORDS.match(pointer.group(1)):
            continue  # "the first one i chewed the gum": an order, not a name
        if pointer and not (plans_ahead(sentence) or denies_done(sentence) or skips(sentence)):
            return best_choice(pointer.group(1), missions)
    return None
