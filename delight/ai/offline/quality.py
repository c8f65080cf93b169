"""The reply guard: what is wrong with a composed reply, in words a developer reads.

`reply_problems(text)` returns [] for a reply fit to send. Every rule is narrow on purpose:
it names a mistake that reflection or template filling makes ("can me help", "about about",
"Tell me about the."), never a matter of taste, so a good reply never fails. Word lists
are data (grammar_words.py).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from delight.ai.offline.grammar_words import (
    AUXILIARIES,
    CHAT_SHORTHAND,
    DANGLING_ENDS,
    DOUBLES_ALLOWED,
    FREQUENCY_ADVERBS,
    IRREGULAR_VERBS,
    MAX_SENTENCE_WORDS,
    MAX_WORDS,
    MODALS,
    OBJECT_SLOTS,
    TAKES_INFINITIVE,
    THIRD_PERSON,
    VERBLESS_OPENINGS,
    VERBS,
    WH_WORDS,
)

# A sentence ends at . ! ? (and any closing mark) before a space: "findahelpline.com" is one.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[.!?][”\")\]])\s+")
_WORD = re.compile(r"[A-Za-z][A-Za-z']*")
_CLAUSE_MARKS = re.compile('[,;:.!?()\\[\\]"“”\u2014\u2013]| - ')
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f]")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text.replace("\u2019", "'"))]


def is_verb_form(word: str) -> bool:
    """A verb form (lower case): an auxiliary, a contraction, or a known verb with its endings."""
    if word in AUXILIARIES or word in VERBS or word in IRREGULAR_VERBS or "'" in word:
        return True
    for ending in ("s", "es", "ed", "d", "ing"):
        stem = word.removesuffix(ending)
        if stem != word and (stem in VERBS or stem + "e" in VERBS or stem[:-1] in VERBS):
            return True
    return word.endswith("ies") and word[:-3] + "y" in VERBS


def _third_person_of(word: str) -> bool:
    """ "likes", "watches", "tries": a known verb's -s form."""
    if word.endswith("ies"):
        return word[:-3] + "y" in VERBS
    return (word.endswith("s") and word[:-1] in VERBS) or (
        word.endswith("es") and word[:-2] in VERBS
    )


def doubled_words(text: str) -> list[str]:
    found = re.finditer(r"\b([A-Za-z']+)\s+\1\b", text, re.IGNORECASE)
    return [
        f"doubled word: {m.group(0)!r}" for m in found if m.group(1).lower() not in DOUBLES_ALLOWED
    ]


def pronoun_errors(text: str) -> list[str]:
    """Pairs of words that reflection gets wrong: "can me", "me am", "you is", "help I".

    1. Cut the text at clause and sentence marks, so a pair never spans a comma or a
       full stop ("with you. Is there…").
    2. Drop frequency adverbs, so "you always feels" is read as "you feels".
    3. Walk each clause's word pairs and test them against the pronoun rules below.
    """
    problems = []
    for clause in _CLAUSE_MARKS.split(text):
        words = [word for word in _words(clause) if word not in FREQUENCY_ADVERBS]
        for first, second in itertools.pairwise(words):
            if _bad_pair(first, second):
                problems.append(f"pronoun error: {first!r} {second!r}")
    return problems


def _bad_pair(first: str, second: str) -> bool:
    rules: tuple[Callable[[str, str], bool], ...] = (
        lambda a, b: a in MODALS and b == "me",  # "can me help"
        lambda a, b: a == "me" and b in ("am", "are", "was", "were"),  # "me am"
        lambda a, b: a == "i" and (b in ("is", "are", "has", "does") or _third_person_of(b)),
        lambda a, b: a == "you" and (b in THIRD_PERSON or b == "am" or _third_person_of(b)),
        lambda a, b: a in OBJECT_SLOTS and b == "i",  # "to help I"
        lambda a, b: a in ("your", "my") and b in ("am", "are", "is", "was", "were", "my", "your"),
    )
    return any(rule(first, second) for rule in rules)


def infinitive_errors(text: str) -> list[str]:
    """ "want to learning": a known verb's -ing form where "to" needs its plain form."""
    words = _words(text)
    return [
        f"verb form after 'to': {a} to {c}"
        for a, b, c in zip(words, words[1:], words[2:], strict=False)
        if a in TAKES_INFINITIVE and b == "to" and c.endswith("ing") and is_verb_form(c)
    ]


def dangling_endings(text: str) -> list[str]:
    """A sentence that stops on "the", "and", "your"; a reply that stops mid-sentence."""
    problems = []
    for sentence in _sentences(text):
        words = _words(sentence)
        if words and words[-1] in DANGLING_ENDS:
            problems.append(f"dangling fragment: {sentence!r}")
    if not re.search(r"[.!?][”\")\]]*$", text.strip()):
        problems.append("unfinished ending")
    if re.search(r"\s[,.;:!?]|[,;:]\s*[,.;:!?]|(?<!\.)\.\.(?!\.)", text):
        problems.append("empty slot in punctuation")
    return problems


def verbless_questions(text: str) -> list[str]:
    """A wh-question of three words or more with no verb: a clause that lost its verb."""
    problems = []
    for sentence in _sentences(text):
        if not sentence.endswith("?"):
            continue
        words = _words(sentence)
        opening = " ".join(words[:2])
        if len(words) < 3 or words[0] not in WH_WORDS or opening in VERBLESS_OPENINGS:
            continue
        # Any -s word may be a verb ("What recharges you?"): only a question with none fails.
        if not any(is_verb_form(word) or (word.endswith("s") and len(word) > 3) for word in words):
            problems.append(f"question without a verb: {sentence!r}")
    return problems


def unbalanced_marks(text: str) -> list[str]:
    problems = []
    for opening, closing in (("“", "”"), ("(", ")"), ("[", "]")):
        if text.count(opening) != text.count(closing):
            problems.append(f"unbalanced {opening}{closing}")
    if text.count('"') % 2:
        problems.append('unbalanced "')
    if "{" in text or "}" in text:
        problems.append("leftover template brace")
    return problems


def repeated_sentences(text: str) -> list[str]:
    seen: set[str] = set()
    problems = []
    for sentence in _sentences(text):
        key = " ".join(_words(sentence))
        if len(key.split()) > 2 and key in seen:
            problems.append(f"repeated sentence: {sentence!r}")
        seen.add(key)
    return problems


def over_length(text: str) -> list[str]:
    problems = []
    if len(_words(text)) > MAX_WORDS:
        problems.append(f"over length: {len(_words(text))} words")
    problems += [
        f"sentence over length: {s[:40]!r}…"
        for s in _sentences(text)
        if len(_words(s)) > MAX_SENTENCE_WORDS
    ]
    return problems


def echoed_chat(text: str) -> list[str]:
    """Shorthand ("lol", "tbh") or emoji: Eliza writes neither, so they came from an echo."""
    problems = [f"echoed shorthand: {w!r}" for w in _words(text) if w in CHAT_SHORTHAND]
    if _EMOJI.search(text):
        problems.append("echoed emoji")
    return problems


def lower_case_starts(text: str) -> list[str]:
    return [
        f"sentence starts in lower case: {s[:30]!r}"
        for s in _sentences(text)
        if re.match(r"[“\"(]?[a-z]", s)
    ]


RULES: tuple[Callable[[str], list[str]], ...] = (
    doubled_words,
    pronoun_errors,
    infinitive_errors,
    dangling_endings,
    verbless_questions,
    unbalanced_marks,
    repeated_sentences,
    over_length,
    echoed_chat,
    lower_case_starts,
)


def reply_problems(text: str) -> list[str]:
    """Every problem the rules find in `text`; [] when the reply is fit to send. A title
    quoted in it is the person's own words, read as one ("“Make the U16 team”" is no
    shorthand "u" of Eliza's)."""
    if not text.strip():
        return ["empty reply"]
    text = _QUOTED.sub("“Title”", text)
    return [problem for rule in RULES for problem in rule(text)]


_QUOTED = re.compile(r"“[^“”]*”")
