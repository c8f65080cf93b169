"""A message against the keyword table: which rule answers, with which fragments."""

from __future__ import annotations

import re
from dataclasses import dataclass

from delight.ai.offline.keywords import Decomposition, Keyword
from delight.ai.offline.quality import is_verb_form
from delight.ai.offline.reflection import reads_well, reflect, split_sentences
from delight.ai.offline.rules import ANY, KEYWORDS
from delight.ai.text import clean_text


@dataclass(frozen=True)
class Match:
    keyword: Keyword
    rule: Decomposition
    fragments: tuple[str, ...]
    sentence: str


def find_match(text: str) -> Match | None:
    """The best keyword's first matching decomposition (steps 1-4 in compose.py)."""
    candidates: list[tuple[int, int, Keyword, str]] = []
    for position, sentence in enumerate(split_sentences(clean_text(text))):
        for keyword in KEYWORDS:
            if keyword.trigger.search(sentence):
                candidates.append((-keyword.rank, position, keyword, sentence))
    candidates.sort(key=lambda item: (item[0], item[1]))
    for _, _, keyword, sentence in candidates:
        for rule in keyword.rules:
            found = rule.pattern.search(sentence)
            if found:
                fragments = tuple(reflect(group or "") for group in found.groups())
                if rule.pattern.pattern != ANY and not all(map(reads_well, fragments)):
                    continue  # a hole or a clumsy echo: a later, plainer rule answers
                return Match(keyword, rule, fragments, sentence)
    return None


_MEMORABLE = re.compile(
    r"\bmy ((?:[a-z]+ ){0,2}?[a-z]+?)(?= (?:is|are|was|were|has|have|had|keeps|does|did|will|"
    r"would|can|could|should|might|just|never|always|and|but|because|to|at|in|on|for)\b|"
    r"[.,!?;]|$)",
    re.IGNORECASE,
)
# What is worth bringing back later: the people, animals and parts of a life that a person
# speaks of ("my sister", "my new job"), never a word of the talk itself ("my fault", "my
# story", "my run").
LIFE_THINGS = frozenset({
    "sister", "brother", "mum", "mom", "mam", "mother", "dad", "father", "parents", "wife",
    "husband", "partner", "boyfriend", "girlfriend", "fiance", "fiancee", "friend", "friends",
    "son", "daughter", "kids", "children", "baby", "grandma", "grandad", "granddad",
    "grandmother", "grandfather", "nan", "aunt", "uncle", "cousin", "niece", "nephew", "family",
    "flatmate", "roommate", "neighbour", "neighbor", "boss", "manager", "colleague", "coworker",
    "teacher", "doctor", "therapist", "coach", "dog", "cat", "puppy", "kitten", "horse",
    "job", "work", "exam", "exams", "interview", "thesis", "dissertation", "project", "business",
    "wedding", "move", "surgery", "operation", "diagnosis", "garden", "house", "flat",
    "apartment", "car", "team", "class", "course", "band", "marathon", "trip", "holiday",
})  # fmt: skip


def memorable_phrases(text: str) -> list[str]:
    """Noun phrases after "my" worth bringing back later ("my sister is ill" -> "sister").

    A phrase with a verb in it ("sister visited") is a clause, not a thing to ask about.
    """
    phrases = []
    for found in _MEMORABLE.finditer(clean_text(text)):
        phrase = found.group(1).lower()
        words = phrase.split()
        if not LIFE_THINGS.intersection(words) or not reads_well(phrase):
            continue
        if not any(is_verb_form(word) for word in words[1:]):
            phrases.append(phrase)
    return phrases


def check_rules() -> list[str]:
    """Problems in the rule table (a template slot with no matching group); [] when sound."""
    problems = []
    for keyword in KEYWORDS:
        for rule in keyword.rules:
            for template in rule.templates:
                for slot in re.findall(r"\{(\d+)\}", template):
                    if int(slot) >= rule.pattern.groups:
                        problems.append(f"{keyword.key}: {template!r} uses {{{slot}}}")
                leftover = re.sub(r"\{(\d+|n)\}", "", template)
                if "{" in leftover or "}" in leftover:
                    problems.append(f"{keyword.key}: stray brace in {template!r}")
    return problems


def decomposition_count() -> int:
    """How many decomposition patterns the keyword table holds."""
    return sum(len(keyword.rules) for keyword in KEYWORDS)
