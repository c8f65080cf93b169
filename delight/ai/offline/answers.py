"""Answers from memory, in Eliza's own words: what she remembers when asked ("what's my
sister's name?", "do I have pets?"), honestly what she does not know yet, and what she has
just learned from a statement (acknowledged, never asked back)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from delight.ai.offline.answer_topics import (
    ABOUT_THEM,
    ASKS_NAME,
    FOUND_MANY,
    FOUND_ONE,
    LEARNED,
    NAMING_WORDS,
    PET_WORDS,
    PRONOUNS,
    RELATION_WORDS,
    SAME_RELATION,
    TOPICS,
    UNKNOWN,
    UNKNOWN_ANYTHING,
    UNKNOWN_THAT,
    Topic,
)
from delight.ai.offline.facts import extract_facts
from delight.ai.offline.quality import reply_problems
from delight.ai.offline.reflection import reflect
from delight.ai.text import STOPWORDS, clean_text, light_stem, normalise_words, word_set
from delight.ai.types import ExtractedFact

MAX_SAID = 5
# A message that asks for something gets that, not an acknowledgement of what it mentions.
_ASKING_INTENTS = ("question", "mission_request", "create_goal", "small_talk")
# What is worth saying back when it was just told: who, where, pets, food, health, wins, fears.
_LEARNED_KEYS = re.compile(
    r"^(?:relation|pet|food|health|win|fear|hobby|learning):"
    r"|^(?:location(?::moving)?|hometown|occupation|employer|name|reading)$"
)
_DATED = re.compile(r" on \d{1,2} [A-Z][a-z]+ \d{4}$")
_VERBS = {"Is": "are", "Has": "have", "Was": "were", "Does not": "don't", "Can not": "can't"}
_HOW_OFTEN = ("Always", "Often", "Usually", "Sometimes", "Never")
_THIRD = {"their": "your", "they": "you", "them": "you", "themselves": "yourself",
          "theirs": "yours", "our": "your", "ours": "yours"}  # fmt: skip

# Words of asking, not of what is asked about.
_ASKING = word_set(
    "remember recall know told tell say said mention mentioned share shared again still ever "
    "do did does have what where which who when how eliza"
)

Remembered = tuple[str, str]  # (key, content); key "" when the fact has none


def memory_answer(
    text: str, remembered: Sequence[Remembered], earlier: Sequence[str] = ()
) -> list[str]:
    """Ways to answer a question about what Eliza remembers, best first.

    1. Who it is about: a relative named in it ("my sister"), or for "she"/"he" the last
       relative the person named in their recent messages (`earlier`); or a kind of pet.
    2. Which topics it asks about (answer_topics.TOPICS), by its words.
    3. The memories that answer: about that relative or pet (for "where", their home; for
       a name, not their home); else those whose key fits a topic, or, without a key, whose
       words do; about the person as a whole ("what do you remember about me?"), everything
       remembered, keyed facts first; else the facts that share a word with the question.
    4. Say them in the second person, leaving out one another says already ("your sister is
       called Ana" next to "your sister Ana lives in Seville"), at most MAX_SAID, in a
       sentence fit to send; with none that makes one, say honestly what is not known yet.
    """
    # The story's beats and a goal's plan are hers, not facts about the person.
    remembered = [m for m in remembered if not _HERS.match(m[0])]
    topics = [topic for topic in TOPICS if topic.asks.search(text)]
    names = _names(remembered)
    who = _who(text, earlier, names)
    about = ""
    if who:
        by_name = who in names
        found = [m for m in remembered if _about(m, who, by_name=by_name)]
        home = [m for m in found if m[0].endswith(":home")]
        if any(t.name == "where" for t in topics):
            found = home or found
        elif ASKS_NAME.search(text):
            found = [m for m in found if m not in home] or found
        about = who.capitalize() if by_name else f"your {who}"
    elif topics:
        found = [m for m in remembered if any(_answers(topic, m) for topic in topics)]
        about = topics[0].about
    elif ABOUT_THEM.search(text):
        found = sorted(remembered, key=_told_first)
    else:
        found = [m for m in remembered if _shares_words(text, m[1])]
    said = [phrase for phrase in (for_person(content) for _, content in found) if phrase]
    said = _uncovered(list(dict.fromkeys(said)))[:MAX_SAID]
    # As many as make a sentence fit to send (told first, first kept); else one alone that
    # does ("ugh hahaha" in a memory is not said back); else what is not known yet.
    for count in range(len(said), 1, -1):
        answers = [t.format(_listed(said[:count])) for t in FOUND_MANY]
        if fit := [answer for answer in answers if not reply_problems(answer)]:
            return fit
    for phrase in said:
        if fit := [a for a in (t.format(phrase) for t in FOUND_ONE) if not reply_problems(a)]:
            return fit
    if about:
        return [t.format(about) for t in UNKNOWN]
    return list(UNKNOWN_ANYTHING if ABOUT_THEM.search(text) else UNKNOWN_THAT)


def _listed(said: Sequence[str]) -> str:
    return " and ".join(said) if len(said) == 2 else "; ".join(said[:-1]) + f"; and {said[-1]}"


_HERS = re.compile(r"^(?:story:|goal:\d+:plan\b)")
# "What do you remember about me?": who they are first (name, work, home, family, animals,
# what they cannot eat or live with), then other keyed facts, then moods and wishes, then
# the rest.
_FIRST_KEYS = ("name", "occupation", "employer", "location", "home", "relation:", "pet:",
               "food:", "health:", "diet", "fear:", "hometown", "studies")  # fmt: skip


def _told_first(memory: Remembered) -> int:
    key = memory[0]
    if not key:
        return 3
    if key.startswith(_FIRST_KEYS):
        return 0
    return 2 if key.startswith(("feeling:", "goal:")) else 1


def _uncovered(said: list[str]) -> list[str]:
    """The phrases whose telling words are not all in another, longer phrase."""

    def words(phrase: str) -> set[str]:
        return set(re.findall(r"[\w']+", phrase.lower())) - NAMING_WORDS

    return [
        phrase for phrase in said if not any(o != phrase and words(phrase) < words(o) for o in said)
    ]


def _shares_words(question: str, content: str) -> bool:
    """A remembered fact that shares a content word with the question ("car", "drive")."""

    def stems(text: str) -> set[str]:
        return {
            light_stem(w)
            for w in normalise_words(text)
            if w not in STOPWORDS and w not in _ASKING and len(w) > 2
        }

    return bool(stems(question) & stems(content))


def learned_answer(facts: Sequence[ExtractedFact]) -> list[str]:
    """Ways to acknowledge what a statement taught Eliza, or [] when it taught nothing worth
    saying back. A relative's name and home are said once ("your sister Ana lives in
    Seville"); a win is said without its date (it was today)."""
    worth = [f for f in facts if _LEARNED_KEYS.match(f.key)]
    keys = {f.key for f in worth}
    said = [
        for_person(_DATED.sub("", f.content))
        for f in worth
        if f"{f.key}:home" not in keys  # the home line already names them
    ]
    said = list(dict.fromkeys(s for s in said if s))[:2]
    if not said:
        return []
    joined = " and ".join(said)
    return [t.format(joined) for t in LEARNED]


def for_person(content: str) -> str:
    """A stored fact in words for the person: "Their sister is called Ana" -> "your sister
    is called Ana", "Lives in Lyon" -> "you live in Lyon", "I moved to Leeds" -> "you moved
    to Leeds"; "" when it cannot be said well."""
    text = re.sub(r"^No longer (\w+)", lambda m: f"No_longer {m.group(1)}", content.strip())
    text = text.rstrip(".")
    if re.match(r"^(?:You|Your|You're|You've)\b", text):  # said to them already (insights)
        return text[0].lower() + text[1:]
    if text.startswith("No_longer "):  # "No longer works at…" -> "you no longer work at…"
        verb, _, tail = text.removeprefix("No_longer ").partition(" ")
        return f"you no longer {_verb(verb.capitalize())} {tail}".strip()
    # Told in their own words, as typed ("my wife Halina passed away…", "i work nights…").
    if re.match(r"^(?:I|I'm|Im|I've|Ive|My|We|We've|Our)\b", text, re.IGNORECASE):
        return reflect(clean_text(re.sub(r"^(?:We|Our)\b", _we, text, flags=re.IGNORECASE)))
    if together := re.match(r"^They and their (.+)$", text):  # "They and their wife split…"
        return "you and your " + " ".join(_THIRD.get(w, w) for w in together.group(1).split())
    found = re.match(r"^(Does not|Can not|Their|Name|[A-Z][a-z]+)\b(.*)$", text)
    if not found:
        return ""
    first, rest = found.groups()
    rest = " ".join(_THIRD.get(word, word) for word in rest.split())
    if first in ("Their", "Name"):
        return f"your name {rest}" if first == "Name" else f"your {rest}"
    if first in _HOW_OFTEN and rest:  # "Usually wakes up…" -> "you usually wake up…"
        verb, _, tail = rest.partition(" ")
        return f"you {first.lower()} {_verb(verb.capitalize())} {tail}".strip()
    return f"you {_verb(first)} {rest}".strip()


def _we(found: re.Match[str]) -> str:
    return "I" if found.group(0).lower() == "we" else "My"


def _verb(word: str) -> str:
    """Third person to second: "Lives" -> "live", "Studies" -> "study"; "Ran" stays "ran"."""
    if word in _VERBS:
        return _VERBS[word]
    lower = word.lower()
    if lower.endswith("ies"):
        return lower[:-3] + "y"
    if lower.endswith(("shes", "ches", "sses", "xes", "oes")):  # "goes" -> "go"
        return lower[:-2]
    if lower.endswith("s") and not lower.endswith("ss"):
        return lower[:-1]
    return lower


def _who(text: str, earlier: Sequence[str], names: frozenset[str]) -> str:
    """The relative or pet a question is about, if any: named in it, or for "he"/"him"
    the last one named in `earlier`, by what they are ("my sister") or by a name she knows
    ("loki died yesterday" -> "do you remember him")."""
    named = RELATION_WORDS.search(text) or PET_WORDS.search(text)
    if named:
        return named.group(1).lower()
    if PRONOUNS.search(text):
        for message in reversed(earlier):
            if named := RELATION_WORDS.search(message):
                return named.group(1).lower()
            if known := next((w for w in normalise_words(message) if w in names), None):
                return known
    return ""


# A name in what she keeps: "Has a dog called Loki", "Lost Loki in May 2026", "Their dog
# Loki died in May 2026".
_CALLED = re.compile(r"\b(?:called|named|Lost) ([A-Z][a-z]+)|\b([A-Z][a-z]+) died\b")


def _names(remembered: Sequence[Remembered]) -> frozenset[str]:
    """The names of the people and animals she knows (lower case)."""
    return frozenset(
        (found[0] or found[1]).lower()
        for _, content in remembered
        for found in _CALLED.findall(content)
    )


def _about(memory: Remembered, who: str, *, by_name: bool) -> bool:
    key, content = memory
    if by_name:  # "loki": "Has a dog called Loki", "Lost Loki in May 2026"
        return bool(re.search(rf"\b{re.escape(who)}\b", content, re.I))
    same = SAME_RELATION.get(who, who)
    if key:
        kind = key.split(":")[1] if ":" in key else ""
        return key.split(":")[0] in ("relation", "pet") and SAME_RELATION.get(kind, kind) == same
    return bool(re.search(rf"\b(?:{who}|{same})s?\b", content, re.I))


def _answers(topic: Topic, memory: Remembered) -> bool:
    key, content = memory
    if key:
        return key.startswith(topic.prefixes)
    return bool(topic.asks.search(content))


def from_memory(
    text: str,
    *,
    intent: str,
    strategy: str,
    remembered: Sequence[Remembered],
    earlier: Sequence[str] = (),
) -> list[str]:
    """What memory has to say to this message, or [] to let the other rules speak.

    1. A question about what Eliza remembers: the answer (memory_answer).
    2. A statement that taught her something worth saying back (a relative, a pet, where
       they live, what they cannot eat, a win…), while the person is not upset or asking for
       something else: the acknowledgement, instead of asking back what was just said.
    """
    if intent == "memory_question":
        return memory_answer(text, remembered, earlier)
    if intent == "small_talk":  # "Hi! My sister Maya lives in Pokhara": say what was learned
        return learned_answer(extract_facts(text))
    if intent in _ASKING_INTENTS or strategy not in ("coach", "celebrate"):
        return []
    return learned_answer(extract_facts(text))
