"""The people in the person's life: who they are to them, their names, where they live."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import (
    FAMILY,
    RELATIONS,
    fact,
    place_named,
    slug,
    thing,
    third_person,
)
from delight.ai.offline.losses import loss_in
from delight.ai.types import ExtractedFact

_NAME = r"([A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?)"
_NAMED = re.compile(
    rf"(?i:\b(?:my|our) ({RELATIONS})(?:'s name| s name)? (?:is )?(?:called |named )?){_NAME}\b"
)
_LIVES = re.compile(
    rf"(?i:\b(?:my|our) ({RELATIONS})),?(?: ((?i:[a-zà-ÿ]+(?:-[a-zà-ÿ]+)?)),?)?"
    r" (?i:lives|is living|is based|moved|"
    rf"has moved|just moved|lives now) (?i:in|to) (.+?)(?=\s+and\s+(?i:my|our)\b|$)"
)
# Said outright ("my daughter is called ivy", "my husband's name is tom"): a name even in
# lower case, as people type.
_CALLED = re.compile(
    rf"(?i:\b(?:my|our) ({RELATIONS})(?:(?:'s|s| s) name is| is called| is named)"
    rf" ([a-zà-ÿ]+(?:-[a-zà-ÿ]+)?))\b"
)
# In lower case, as people type: "my son arjun is 3" (a word after the relation, when what
# follows says something of them and the word is no common one), "i have a son called
# arjun", "ive got a daughter, maya".
_LOWER_NAMED = re.compile(
    rf"(?i:\b(?:my|our) ({RELATIONS}) ([a-z]{{3,}}) (?:is|was|has|who|just|keeps|loves"
    r"|turned|and|always|never|started|starts|came|went|got|had|made|called|loved|said|told"
    r"|lives|lived|moved|works)\b)"
)
_HAS_NAMED = re.compile(
    rf"(?i:\bi (?:have|have got|got) (?:a|an|one) (?:little |baby |older |younger )?"
    rf"({RELATIONS})(?:,| called| named) ([a-zà-ÿ]{{2,}}))\b"
)
# Several at once: "the kids are called mia and leo", "my two boys are named Sam and Joe",
# "our daughters' names are ivy and rose". Names in lower case only after called or named.
_GROUPS = (
    r"kids|children|boys|girls|sons|daughters|twins|sisters|brothers|grandkids|grandchildren"
    r"|grandsons|granddaughters|nephews|nieces|cousins|parents|best friends|flatmates|roommates"
)
_ANY_CASE = r"[A-Za-zà-ÿ]{2,}"
_PLURAL_NAMED = re.compile(
    rf"(?i:\b(?:my|our|the) (?:two |three |four |little |youngest |eldest )?({_GROUPS})"
    rf"(?:'|s')? (?:are called|are named|names are|are) )"
    rf"((?:{_ANY_CASE}, )*{_ANY_CASE},? (?:and|&) {_ANY_CASE})\b"
)
# Named with their ages: "two kids of my own, zara is 9 and idris is 6".
_NAMED_WITH_AGES = re.compile(
    rf"(?i:\b(?:two|three|2|3) ({_GROUPS})(?: of (?:my|our) own)?\s*[,:(-]\s*)"
    rf"((?:{_ANY_CASE}) (?:is|'s) \d{{1,2}},? (?:and|&) (?:{_ANY_CASE}) (?:is|'s) \d{{1,2}})\b"
)
_COMMON = frozenset({
    "really", "also", "still", "always", "never", "just", "now", "then", "too", "even",
    "actually", "literally", "honestly", "kind", "sort", "basically", "probably", "definitely",
    "totally", "only", "ever", "again", "who", "that", "which", "what", "and", "but", "the",
    "this", "today", "tonight", "yesterday", "tomorrow", "lol", "haha", "said", "says",
    "thinks", "wants", "needs", "keeps", "loves", "hates", "got", "gets", "can", "could",
    "would", "will", "should", "might", "does", "did", "doesnt", "didnt", "isnt", "wasnt",
    "has", "had", "was", "were", "are", "her", "his", "their", "its", "one", "two", "three",
    "four", "five", "every", "all", "some", "any", "new", "old", "little", "big",
})  # fmt: skip
# Words between a relation and "lives" that are no name ("my mum, she lives in cork").
_NOT_A_NAME = _COMMON | {"she", "he", "they"}
_NOT_NAMES = {"Is", "Lives", "Has", "Was", "Just", "Moved", "Works", "And", "But", "So"}
# Something told about someone close, kept as it was said ("my nan went into hospital on
# tuesday"), so "what did i say about my nan" finds it: a clause that opens with them and
# says at least NEWS_MIN_WORDS words more (who they are and where they live are keyed facts,
# relations() keeps those).
_CLOSE = rf"{RELATIONS}|nan|nana|nanna|gran|granny|grandad|granddad|mam|mummy|daddy"
# The relative is who the news is about, not someone it names in passing ("live with my
# flatmate jas and my dog pickle": the words before "my" end with "with").
_NEWS = re.compile(
    rf"^\W*(?:\w+\s+){{0,2}}?(?<!\bwith\s)(?<!\bto\s)(?<!\bfor\s)(?<!\band\s)(?<!\bof\s)"
    rf"(?i:(?:my|our) ({_CLOSE}))\b,?\s+(?P<news>(?!(?:is called|is named"
    rf"|s name|'s name|lives|is living|moved (?:to|in))\b).+)$",
    re.IGNORECASE,
)
NEWS_MIN_WORDS = 3
# Where the news ends: the person's own next thought ("… and ive been back and forth").
_NEWS_END = re.compile(
    r"\s+and\s+(?=(?:i|i'm|im|i've|ive|i'd|id)\b)|,\s*|\s+but\s+|\s+so\s+"
    r"|\s+(?:lol|lmao|haha\w*)\b",
    re.IGNORECASE,
)


def relations(clause: str) -> list[ExtractedFact]:
    """A relative or friend by name ("My sister Ana…", "my wife's name is Camille") and where
    they live ("…lives in Seville"): keyed by the relation, so a new value supersedes."""
    facts: list[ExtractedFact] = []
    named = _NAMED.search(clause) or _CALLED.search(clause) or _HAS_NAMED.search(clause)
    if named is None and (lower := _LOWER_NAMED.search(clause)):
        word = lower.group(2).lower()
        named = None if word in _COMMON or word.endswith(("ly", "ing", "ed")) else lower
    who = (named.group(1), named.group(2)) if named else _name_first(clause)
    if who and who[1].capitalize() not in _NOT_NAMES:
        relation, name = _relation(who[0]), who[1].capitalize()
        facts.append(
            fact(
                f"Their {relation} is called {name}",
                "personal",
                f"relation:{_key(relation)}",
                0.85,
                "people",
                "family",
                value=name,
            )
        )
    facts.extend(_plural(clause))
    for lives in _LIVES.finditer(clause):
        relation, name = _relation(lives.group(1)), (lives.group(2) or "").capitalize()
        if name.lower() in _NOT_A_NAME or name.lower().endswith("ly") or name in _NOT_NAMES:
            name = ""  # "my sister also lives in leeds"
        place = place_named(thing(re.split(r"\s+and\s+", lives.group(3))[0], 5))
        whose = f"Their {relation} {name}".strip()
        if place:
            facts.append(
                fact(
                    f"{whose} lives in {place}",
                    "personal",
                    f"relation:{_key(relation)}:home",
                    0.8,
                    "people",
                    "location",
                    value=place,
                )
            )
    return facts


# The name first: "Chidi is my son", "and carla is my best friend".
_NAME_IS_MY = re.compile(
    rf"(?i:^\W*(?:(?:and|oh|also|btw|so|well)\s+)?([a-zà-ÿ]{{2,}}) is my ({RELATIONS}))\b"
)
_POINTING = frozenset({"he", "she", "it", "that", "this", "there", "here", "who", "what", "mine"})


def _name_first(clause: str) -> tuple[str, str] | None:
    """(relation, name) told name first ("Chidi is my son"), or None."""
    found = _NAME_IS_MY.search(clause)
    if found is None or found.group(1).lower() in _COMMON | _POINTING:
        return None
    return found.group(2), found.group(1)


def _plural(clause: str) -> list[ExtractedFact]:
    """Several named at once ("the kids are called mia and leo", "two kids, zara is 9 and
    idris is 6"): after a bare "are" only names as written with capitals ("my kids are Mia
    and Leo", never "are tired and fed")."""
    found = _PLURAL_NAMED.search(clause) or _NAMED_WITH_AGES.search(clause)
    if found is None:
        return []
    said = re.sub(r"\s+(?:is|'s)\s+\d{1,2}", "", found.group(2))  # "zara is 9": Zara
    names = [n for n in re.split(r",\s*|\s+(?:and|&)\s+", said) if n]
    aged = found.re is _NAMED_WITH_AGES
    bare = not (aged or re.search(r"called|named|names", found.group(0), re.IGNORECASE))
    if bare and not all(n[:1].isupper() for n in names):
        return []
    if any(n.lower() in _COMMON or n.capitalize() in _NOT_NAMES for n in names):
        return []
    group = _relation(found.group(1))
    named = ", ".join(n.capitalize() for n in names[:-1]) + f" and {names[-1].capitalize()}"
    return [
        fact(
            f"Their {group} are called {named}",
            "personal",
            f"relation:{_key(group)}",
            0.85,
            "people",
            "family",
            value=named,
        )
    ]


def _relation(word: str) -> str:
    return re.sub(r"[\s-]+", " ", word.lower())


def _key(relation: str) -> str:
    return relation.replace(" ", "_")


def relation_news(clause: str) -> list[ExtractedFact]:
    """What the person said of someone close, in the third person ("Their nan went into
    hospital on tuesday"), unkeyed: news does not supersede news."""
    found = _NEWS.search(clause)
    if not found or relations(clause) or loss_in(clause) is not None:
        return []
    news = _NEWS_END.split(found["news"], maxsplit=1)[0].strip(" .!?")
    if len(news.split()) < NEWS_MIN_WORDS:
        return []
    news = re.sub(r"\s+(?:too|as well|also)$", "", news)  # "my dad is sick too"
    told = f"Their {_relation(found.group(1))} {third_person(news)}"
    # "my husband and i have been fighting": they come first ("They and their husband…").
    told = re.sub(
        r"^(Their [\w' -]+?) and they\b", lambda m: f"They and {m.group(1).lower()}", told
    )
    return [fact(told, "personal", "", 0.6, "people")]


# Who they live with or are family to, said in passing ("my husband takes him to school",
# "my 5 kids"): worth knowing even unnamed. Parents and friends go without saying; an ex, a
# late one or a future one is no family now.
# "we have 2 kids", "i have three daughters": how many, said outright.
_HAVE_MANY = re.compile(
    r"\b(?:i|we) (?:have|have got|got) (two|three|four|five|six|2|3|4|5|6) (kids|children|sons"
    r"|daughters|boys|girls|grandkids|grandchildren)\b",
    re.IGNORECASE,
)
_FAMILY = re.compile(
    r"\b(?<!ex-)my (?:(two|three|four|five|six|2|3|4|5|6) )?(?:little |baby |older |younger "
    r"|big |eldest |youngest |twin )?(wife|husband|hubby|partner|other half|boyfriend|girlfriend"
    r"|fianc[eé]e?|kids|children|sons?|daughters?|twins|boys|girls|sisters?|brothers?"
    r"|grandkids|grandchildren|stepson|stepdaughter)\b",
    re.IGNORECASE,
)
_NOT_NOW = re.compile(r"\b(?:ex|late|former|future|dead|deceased|old)\W*$", re.IGNORECASE)
_FAMILY_SAID = {
    "wife": "Is married", "husband": "Is married", "hubby": "Is married",
    "partner": "Has a partner", "other half": "Has a partner",
    "boyfriend": "Has a boyfriend", "girlfriend": "Has a girlfriend",
    "fiance": "Is engaged", "fiancé": "Is engaged", "fiancee": "Is engaged",
    "fiancée": "Is engaged", "son": "Has a son", "daughter": "Has a daughter",
    "sister": "Has a sister", "brother": "Has a brother", "stepson": "Has a stepson",
    "stepdaughter": "Has a stepdaughter", "twins": "Has twins",
}  # fmt: skip
_FAMILY_MANY = {
    "kids": "children", "children": "children", "sons": "sons", "daughters": "daughters",
    "boys": "sons", "girls": "daughters", "sisters": "sisters", "brothers": "brothers",
    "grandkids": "grandchildren", "grandchildren": "grandchildren",
}  # fmt: skip


def family(clause: str) -> list[ExtractedFact]:
    """Family named in passing: "Is married", "Has 5 children", "Has a sister" — keyed
    "family:<who>", beside the named relatives relations() keeps."""
    kept: dict[str, ExtractedFact] = {}
    if counted := _HAVE_MANY.search(clause):
        them = _FAMILY_MANY[counted.group(2).lower()]
        key = f"{FAMILY}{slug(them)}"
        kept[key] = fact(
            f"Has {counted.group(1)} {them}", "personal", key, 0.75, "people", "family"
        )
    for found in _FAMILY.finditer(clause):
        if _NOT_NOW.search(clause[: found.start()]):
            continue
        count, who = found.group(1), found.group(2).lower()
        if who in _FAMILY_MANY:
            many = _FAMILY_MANY[who]
            said = f"Has {count} {many}" if count else f"Has {many}"
            # Without a count, no key: "my kids…" must not replace "Has 2 children".
            key = f"{FAMILY}{slug(many)}" if count else ""
        else:
            said = _FAMILY_SAID[who]
            key = f"{FAMILY}{slug(said.split(' ', 1)[1])}"
        if who in _PARTNERS and (ended := _ENDED.search(clause)):
            # The change takes the key of what it ends: "Has a girlfriend" is closed; who
            # ended it is said as told ("my boyfriend broke up with me": they were left).
            left = _LEFT_THEM.search(clause)
            told = f"Their {_spouse(who)} left them" if left else _parted(who, ended.group(0))
            kept[key] = fact(told, "personal", key, 0.75, "people", "family", "change",
                             value=_spouse(who))  # fmt: skip
        elif who in _PARTNERS and _ENDING.search(clause):
            continue  # breaking up now: neither together nor apart yet
        # The value is who they are to them: one named later is told once (_told_once).
        kept.setdefault(key or said, fact(said, "personal", key, 0.7, "people", "family",
                                          value=_relation(who)))  # fmt: skip
    return list(kept.values())


def _parted(who: str, how: str) -> str:
    """A couple parted, in words: "Is divorced", "Is separated from their husband",
    "Broke up with their girlfriend"."""
    if who in ("wife", "husband", "hubby"):
        if how.lower().startswith("divorc"):
            return "Is divorced"
        return f"Is separated from their {_spouse(who)}"
    return f"Broke up with their {_relation(who)}"


def _spouse(who: str) -> str:
    return "husband" if who == "hubby" else "partner" if who == "other half" else who


_PARTNERS = frozenset(
    {"wife", "husband", "hubby", "partner", "other half", "boyfriend", "girlfriend", "fiance",
     "fiancé", "fiancee", "fiancée"}
)  # fmt: skip
_ENDED = re.compile(
    r"\b(?:split(?: up)?|broke up|broken up|breakup|divorced|separated|left me|dumped|walked out"
    r"|ended it|decided to (?:separate|leave))\b",
    re.IGNORECASE,
)
# The other one ended it: "my boyfriend broke up with me", "dumped by my girlfriend".
_LEFT_THEM = re.compile(
    r"\b(?:broke up with me|breakup me|left me|dumped me|dumped by|walked out on me"
    r"|decided to (?:separate from|leave) me)\b",
    re.IGNORECASE,
)
_ENDING = re.compile(
    r"\b(?:breaking up|break up|splitting|divorcing|separating|leaving me)\b", re.IGNORECASE
)


_ONE_RELATIVE = re.compile(rf"\b(?:my|our) ({RELATIONS})\b", re.IGNORECASE)
_THEIR_NAME = r"\b{}(?: name is| names| name's)\b"
_THEY_LIVE = r"\b{}(?: is| s|'s| lives) (?:still |now )?(?:in|based in)\b"
# Who "she" or "he" can be: a relation of the other sex is someone else ("my brother married
# a girl from leeds, her name is ana" names no brother Ana).
_HERS = frozenset((
    "wife", "girlfriend", "fiancee", "fiancée", "daughter", "sister", "mother", "mom", "mum",
    "grandma", "grandmother", "granddaughter", "aunt", "niece", "stepdaughter",
    "mother-in-law", "mother in law",
))  # fmt: skip
_HIS = frozenset((
    "husband", "boyfriend", "fiance", "fiancé", "son", "brother", "father", "dad", "grandpa",
    "grandfather", "grandson", "uncle", "nephew", "stepson", "father-in-law", "father in law",
))  # fmt: skip


def pronouns_named(text: str) -> str:
    """`text` with "her name is…" and "she is in…" said of the one relative it names ("my
    daughter is 6, her name is ruby"; "i miss my mom so much, she is in curitiba"), so
    each clause tells whose name or home it is; as it was when it names none or several,
    or one the pronoun cannot be."""
    named = {found.group(1).lower() for found in _ONE_RELATIVE.finditer(text)}
    if len(named) != 1:
        return text
    (relation,) = named
    for her, she, other in (("her", "she", _HIS), ("his", "he", _HERS)):
        if relation not in other:
            text = re.sub(_THEIR_NAME.format(her), f"my {relation}'s name is", text, flags=re.I)
            text = re.sub(_THEY_LIVE.format(she), f"my {relation} lives in", text, flags=re.I)
    return text
