"""The person's own words, turned around: sentences, first and second person.

Used by the matcher (fragments echoed in replies), by compose (remembered facts spoken
back) and by fact extraction (clauses).
"""

from __future__ import annotations

import re

from delight.ai.offline.grammar_words import (
    CHAT_SHORTHAND,
    CLAUSE_BREAKERS,
    LOOSE_ENDS,
    MAX_ECHO_WORDS,
    PRONOUNS,
)
from delight.ai.text import clean_text, word_set

# Words that swap perspective. Pairs go first so "I am" becomes "you are", not "you are"
# via "am" -> "are" by luck.
_PAIR_REFLECTIONS = {
    ("i", "am"): "you are",
    ("i", "was"): "you were",
    ("you", "are"): "I am",
    ("you", "were"): "I was",
    ("am", "i"): "are you",
    ("are", "you"): "am I",
}
_WORD_REFLECTIONS = {
    "i": "you",
    "me": "you",
    "my": "your",
    "mine": "yours",
    "myself": "yourself",
    "im": "you're",
    "i'm": "you're",
    "ive": "you've",
    "i've": "you've",
    "i'd": "you'd",
    "id": "you'd",  # typed without its apostrophe, as "im" and "ive" are
    "i'll": "you'll",
    "am": "are",
    "your": "my",
    "yours": "mine",
    "yourself": "myself",
}
# After these, "you" is a subject ("you know" -> "I know"); otherwise an object ("me").
_SUBJECT_VERBS = word_set(
    "have had do did will would can could should know think feel want need like love said say "
    "told seem may might must"
)
# Words after "ill" that make it "i'll" typed without its apostrophe ("i feel ill" stays).
_AFTER_ILL = word_set(
    "have be do try get go make see call write start finish need just probably never always "
    "still definitely def take give let send text tell ask sleep eat"
)
_NATURAL = ((r"\bcan not\b", "can't"), (r"\bdo not\b", "don't"), (r"\bdoes not\b", "doesn't"),
            (r"\bwill not\b", "won't"), (r"\bdid not\b", "didn't"),
            # Typed without the apostrophe ("i havent exercised"): said back with it.
            (r"\b(have|has|do|does|did|is|was|are|were|could|should|would)nt\b", r"\1n't"),
            (r"\bcant\b", "can't"), (r"\bwont\b", "won't"),
            # "its just me": it is ("its name" stays a possessive).
            (r"\b([Ii])ts (?=(?:just|not|been|so|too|really|going|all|fine|ok|okay|over|only"
             r"|getting|a|an|the)\b)", r"\1t's "),
            # Words of candour say nothing of what was said ("honestly you haven't…"); a
            # comma after one stays where it joins two clauses.
            (r"\s*\b(?:honestly|tbh|ngl|to be honest)\b(?=,\s)", ""),
            (r"\b(?:honestly|tbh|ngl|to be honest)\s+", ""))  # fmt: skip


# Words that open a message but not its meaning ("sorry im all over the place…").
_OPENERS = re.compile(
    r"^(?:(?:sorry|ok|okay|so|well|honestly|tbh|lol|ugh|yeah|yes|anyway|oh|aw+|ah|hmm+|haha+|idk|ngl"
    r"|wow|right|update|quick update|good(?=[.!,])|also|btw|and|but|omg|guess what"
    r"|(?:big|good|great|huge|exciting|amazing) news)\W+"
    # "remember my bp was 138/88": handed over to keep, said back as the fact
    r"|(?:please )?(?:remember|note|keep in mind) (?:that )?(?=my |i |we ))+",
    re.I,
)


def drop_openers(text: str) -> str:
    """`text` without the words that only open it ("sorry", "ok so", "honestly")."""
    return _OPENERS.sub("", text)


def split_sentences(text: str) -> list[str]:
    """Sentences of cleaned text; ", and I …" and ", but I …" start new ones; a title's
    full stop ends none ("Mr. Smith", "Dr. Green")."""
    parts = re.split(
        r"(?<=[.!?])(?<!\b[Mm]r\.)(?<!\b[Mm]rs\.)(?<!\b[Mm]s\.)(?<!\b[Dd]r\.)\s+|[\n;]+"
        r"|(?<=[a-z])[.!?]+(?=[A-Z])|,?\s+(?:and|but)\s+(?=I\b)",
        text,
    )
    return [p.strip(" .!?,") for p in parts if p and p.strip(" .!?,")]


def reflect(fragment: str) -> str:
    """Swap first and second person in a captured fragment.

    1. Walk the words; a known pair ("I am", "you are") is replaced as a unit.
    2. Single words use the word table; "you" becomes "I" before a verb, else "me".
    3. Punctuation is trimmed, braces removed (they would look like template slots), and
       a few expanded contractions are folded back so the reply reads naturally.
    """
    words = re.sub(r"[{}]", "", fragment).strip(" .!?,;:").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        # A word keeps the comma after it ("messaged me, she said…" -> "messaged you,").
        word, tail = _split_tail(words[i])
        lower = word.lower()
        nxt, nxt_tail = _split_tail(words[i + 1].lower()) if i + 1 < len(words) else ("", "")
        if (lower, nxt) in _PAIR_REFLECTIONS and not tail:
            out.append(_PAIR_REFLECTIONS[(lower, nxt)] + nxt_tail)
            i += 2
            continue
        if lower == "you":
            out.append(("I" if nxt in _SUBJECT_VERBS else "me") + tail)
        elif lower == "i" and out and out[-1][-1:] in ".!?":
            out.append("You" + tail)  # "mine. i miss it" -> "yours. You miss it"
        elif lower == "ill" and nxt in _AFTER_ILL:
            out.append("you'll" + tail)  # "ill have time": "i'll", not unwell
        elif lower in _WORD_REFLECTIONS:
            out.append(_WORD_REFLECTIONS[lower] + tail)
        else:
            out.append(word + tail)
        i += 1
    reflected = " ".join(out)
    for pattern, replacement in _NATURAL:
        reflected = re.sub(pattern, replacement, reflected)
    return _shorten(reflected)


def _split_tail(word: str) -> tuple[str, str]:
    """A word and the punctuation after it ("me," -> "me", ",", "mine." -> "mine", ".")."""
    core = word.rstrip(",;:.!?")
    return core, word[len(core) :]


def _shorten(fragment: str, limit: int = 14) -> str:
    """Keep echoed fragments short: cut at a sentence's end, a comma, then at `limit` words."""
    words = fragment.split()
    if len(words) <= limit:
        return fragment
    sentence = re.split(r"[.!?]\s", fragment)[0].split()
    if 3 <= len(sentence) <= limit:
        return " ".join(sentence)
    head = fragment.split(",")[0].split()
    return " ".join(_cut(head if len(head) >= 3 else words, limit))


# Words that join a second clause: a cut falls before them.
_JOINERS = frozenset({"and", "but", "so", "because", "then", "while", "when", "or"})
# Words that cannot end a fragment ("…you have to redo the").
_DANGLING = frozenset(
    {"the", "a", "an", "my", "your", "his", "her", "their", "our", "its", "to", "of", "in",
     "on", "at", "for", "with", "by", "from", "about", "that", "this", "is", "are", "was",
     "were", "have", "has", "had", "will", "would", "can", "could", "i", "you", "me", "who",
     "which", "where", "as", "into", "than"}
    | _JOINERS
)  # fmt: skip


def _cut(words: list[str], limit: int) -> list[str]:
    """At most `limit` words: up to the last joining word when it leaves three or more,
    else the first `limit` without a dangling word at the end."""
    if len(words) <= limit:
        return words
    head = words[:limit]
    joiner = max((i for i, w in enumerate(head) if i >= 3 and w.lower() in _JOINERS), default=0)
    if joiner:
        return head[:joiner]
    while len(head) > 3 and head[-1].lower() in _DANGLING:
        head.pop()
    return head


_EMOJI_OR_MARK = re.compile('[,;:?!()"“”\U0001f000-\U0001faff\u2600-\u27bf]')


def reads_well(fragment: str) -> bool:
    """Whether a reflected fragment can be echoed inside a template and still read well.

    1. It is short (a long echo is a second sentence in the middle of Eliza's).
    2. It holds one clause: no comma or other mark, no "but"/"because" joining a second one.
    3. It has no chat shorthand or emoji: echoed back, "lol" and "🌱" read as mockery.
    4. It does not end on a loose word ("again", "today", "over", "I think") that the
       template's next words would trip on, and it is more than a pronoun.
    """
    words = fragment.lower().split()
    if not words or len(words) > MAX_ECHO_WORDS or _EMOJI_OR_MARK.search(fragment):
        return False
    if any(word in CLAUSE_BREAKERS or word in CHAT_SHORTHAND for word in words):
        return False
    return words[-1] not in LOOSE_ENDS and not set(words) <= PRONOUNS


_THEIRS = {"their": "your", "them": "you", "themselves": "yourself", "theirs": "yours"}
_FACT = re.compile(
    r"^(?:(usually|often|always|sometimes|never|rarely|still|no longer) )?(does not|is|has"
    r"|[a-z]+s)\b(.*)$",
    re.IGNORECASE,
)


def second_person(fact: str) -> str:
    """Turn a stored fact into words for the person: "Likes hiking" -> "you like hiking".

    1. A fact in the first person is reflected like any fragment.
    2. "Their sister is called Ana", "Name is Sam": the person's own, so "your".
    3. "[Usually] wakes up around 7": "you", the adverb, the verb without its -s.
    4. Facts speak of the person as "their"/"them" (facts.py); those become "your"/"you".
    """
    text = fact.strip().rstrip(".")
    if re.match(r"^(I|I'm|My)\b", text):
        return reflect(clean_text(text))
    if re.match(r"^(Their|Name)\b", text):
        return _your(re.sub(r"^Name\b", "your name", text))
    match = _FACT.match(text)
    if not match:
        return ""
    adverb, verb, rest = match.groups()
    verb = verb.lower()
    plain = {"does not": "don't", "is": "are", "has": "have"}.get(verb)
    if plain is None:
        if verb.endswith("ies"):
            plain = verb[:-3] + "y"
        elif verb.endswith(("shes", "ches", "sses", "xes", "oes")):
            plain = verb[:-2]
        else:
            plain = verb[:-1]
    said = f"{adverb.lower()} {plain}" if adverb else plain
    return _your(f"you {said}{rest}")


def _your(text: str) -> str:
    found = re.compile(r"\b(their|them|themselves|theirs)\b", re.IGNORECASE)
    return found.sub(lambda m: _THEIRS[m.group(1).lower()], text)


def capitalise(text: str) -> str:
    """The first letter in upper case, the rest untouched (unlike str.capitalize)."""
    return text[:1].upper() + text[1:] if text else text


def uncapitalise(text: str) -> str:
    """The first letter in lower case, to follow other words ("I" stays as it is)."""
    return text if re.match(r"I\b", text) else text[:1].lower() + text[1:]
