"""Facts worth remembering in what the person wrote, found by pattern (no model)."""

from __future__ import annotations

import re

from delight.ai.offline.reflection import capitalise, split_sentences
from delight.ai.offline.rules import NOT_NAMES
from delight.ai.text import STOPWORDS, clean_text, light_stem, normalise_words, word_set
from delight.ai.types import ExtractedFact

_CRISIS_HINT = re.compile(
    r"\b(kill|die|dying|suicid\w*|end it|end my life|hurt myself|self[- ]harm|overdose)\b",
    re.IGNORECASE,
)
_TIME_OF_DAY = re.compile(r"\b(mornings?|evenings?|nights?|afternoons?|early|late|night owl)\b")
_TRIVIAL_GOALS = re.compile(
    r"^(?:(?:know|ask|say|talk|tell|see|check|mention|vent|thank|share|chat|try|cry|scream)\b|"
    r"(?:be honest|sleep|go to bed|go home|eat|rest)(?: now)?$)",
    re.IGNORECASE,
)
_NOT_JOBS = word_set(
    "person fan lover beginner runner believer member user procrastinator perfectionist "
    "overthinker worrier reader learner introvert extrovert adult kid mess failure quitter "
    "morning night owl bird"
)
_JOBS = word_set(
    "nurse doctor chef cook lawyer artist architect dentist pilot plumber electrician "
    "carpenter pharmacist therapist scientist journalist economist accountant consultant "
    "student assistant analyst engineer developer designer teacher writer manager founder "
    "freelancer barista cashier firefighter police officer paramedic mechanic farmer "
    "programmer researcher professor lecturer musician photographer translator tutor "
    "veterinarian vet surgeon coach librarian secretary clerk receptionist waiter waitress "
    "driver baker butcher entrepreneur intern"
)
_TRAILING_FILLER = re.compile(
    r"\s+(a lot|so much|very much|too|as well|anymore|these days|now|right now|really|"
    r"at all|in general|tbh|honestly|recently|last (?:year|month|week)|(?:a while|\w+ \w+) ago)$",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(
    r",|\s+(?:but|because|though|although|since|so that|so|which|when|while)\s+", re.IGNORECASE
)


def _thing(fragment: str, max_words: int = 8) -> str:
    """The object of a statement: cut at the clause end, drop filler, keep a few words."""
    thing = _CLAUSE_END.split(fragment, maxsplit=1)[0].strip(" .!?")
    for _ in range(3):
        thing = _TRAILING_FILLER.sub("", thing)
    words = thing.split()
    return " ".join(words[:max_words])


def _slug(text: str, max_words: int = 5) -> str:
    words = [w for w in normalise_words(text) if w not in STOPWORDS] or normalise_words(text)
    return "_".join(light_stem(w) for w in words[:max_words])


def _person(fragment: str) -> str:
    """Third-person rewrite of a fragment about the speaker ("my" -> "their")."""
    swaps = {"my": "their", "me": "them", "i": "they", "myself": "themselves", "mine": "theirs"}
    return " ".join(swaps.get(word.lower(), word) for word in fragment.split())


def _clauses(text: str) -> list[str]:
    clauses = []
    for sentence in split_sentences(clean_text(text)):
        clauses.extend(
            part.strip()
            for part in re.split(r",?\s+but\s+|,?\s+and\s+(?=I\b)|,\s+so\s+", sentence)
            if part.strip()
        )
    return clauses


def extract_facts(text: str) -> list[ExtractedFact]:
    """Facts worth remembering in what the person wrote, by pattern.

    1. Anything that reads like a crisis is not turned into facts (it is kept out of
       ordinary memory; the safety gate handles it).
    2. Split into clauses ("…, but I …" and "… and I …" start new ones).
    3. Run each extractor on each clause; each returns facts with a stable `key`, so a later
       contradicting fact ("I moved to Paris") supersedes an earlier one ("Lives in Berlin").
       Likes and dislikes of the same thing share the key "likes:<thing>".
    4. Drop duplicates by key (or by content when there is no key).
    """
    if _CRISIS_HINT.search(text):
        return []
    facts: list[ExtractedFact] = []
    for clause in _clauses(text):
        for extractor in _EXTRACTORS:
            facts.extend(extractor(clause))
    unique: dict[str, ExtractedFact] = {}
    for fact in facts:
        unique.setdefault(fact.key or fact.content.lower(), fact)
    return list(unique.values())


def _fact(content: str, tier: str, key: str, confidence: float, *tags: str) -> ExtractedFact:
    return ExtractedFact(
        content=capitalise(content.strip()), tier=tier, key=key, confidence=confidence, tags=tags
    )


def _names(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\b(?:my name is|call me|i go by|people call me)\s+([A-Za-z][A-Za-z'-]+)", clause, re.I
    )
    if found:
        name = capitalise(found.group(1))
        return [_fact(f"Name is {name}", "personal", "name", 0.9, "identity")]
    # "I am Alice": only a capitalised word that ends the clause, to skip "I am Tired of…".
    found = re.match(r"^(?:(?i:hi|hello|hey)[,!]?\s+)?I am ([A-Z][a-z]+)$", clause)
    if found and found.group(1).lower() not in NOT_NAMES:
        return [_fact(f"Name is {found.group(1)}", "personal", "name", 0.6, "identity")]
    return []


def _age(clause: str) -> list[ExtractedFact]:
    found = re.search(r"\bI (?:am|just turned|turned) (\d{1,2}) ?(?:years old|yo|y/o)?$", clause)
    if found and 10 <= int(found.group(1)) <= 99:
        return [_fact(f"Is {found.group(1)} years old", "personal", "age", 0.8, "identity")]
    return []


def _occupation(clause: str) -> list[ExtractedFact]:
    found = re.search(r"\bI work as (?:an? )?(.+)", clause, re.I)
    if found:
        job, _, employer = ([*re.split(r"\s+(at|for)\s+", found.group(1), maxsplit=1), "", ""])[:3]
        facts = [_fact(f"Works as {_article(_thing(job, 5))}", "personal", "occupation", 0.85,
                       "work")]  # fmt: skip
        if employer:
            facts.append(_fact(f"Works at {_thing(employer, 6)}", "personal", "employer", 0.8,
                               "work"))  # fmt: skip
        return facts
    found = re.search(
        r"\bI am (?:an? )((?:[\w-]+ ){0,3}[\w-]+?)(?: by (?:profession|trade))?$", clause, re.I
    )
    if found:
        job = found.group(1).lower()
        last = job.split()[-1]
        if last not in _NOT_JOBS and (last in _JOBS or re.search(r"(?:er|or|ist|ian|eer)$", last)):
            return [_fact(f"Works as {_article(job)}", "personal", "occupation", 0.7, "work")]
    found = re.search(r"\bI work (?:at|for) (.+)", clause, re.I)
    if found:
        return [_fact(f"Works at {_thing(found.group(1), 6)}", "personal", "employer", 0.8, "work")]
    found = re.search(r"\bI (?:am studying|study) (.+)", clause, re.I)
    if found:
        subject = _thing(found.group(1), 6)
        return [_fact(f"Studies {subject}", "personal", "studies", 0.75, "learning")]
    return []


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _location(clause: str) -> list[ExtractedFact]:
    patterns = (
        (r"\bI (?:live|am living|am based|reside) in (.+)", "Lives in {}", "location"),
        (r"\bI (?:just |recently )?moved to (.+)", "Lives in {}", "location"),
        (r"\bI am (?:originally )?from (.+)", "Is from {}", "hometown"),
        (r"\bI grew up in (.+)", "Grew up in {}", "hometown"),
    )
    for pattern, content, key in patterns:
        found = re.search(pattern, clause, re.I)
        if found:
            place = _thing(found.group(1), 5)
            return [_fact(content.format(place), "personal", key, 0.8, "location")]
    return []


def _likes(clause: str) -> list[ExtractedFact]:
    negative = re.search(
        r"\bI (?:really )?(?:hate|dislike|detest|can not stand|do not (?:really )?like|"
        r"do not (?:really )?enjoy|am not a fan of|am not into|no longer (?:like|enjoy))\s+(.+)",
        clause,
        re.I,
    )
    if negative:
        thing = _thing(negative.group(1))
        if thing:
            return [_fact(f"Does not like {_person(thing)}", "personal", f"likes:{_slug(thing)}",
                          0.8, "dislikes")]  # fmt: skip
        return []
    positive = re.search(
        r"\bI (?:really |absolutely |also |just |truly )?(love|like|enjoy|adore)s?\s+"
        r"(?!to think|you\b|it when|that\b|this\b|it\b)(.+)",
        clause,
        re.I,
    )
    if not positive:
        positive = re.search(
            r"\bI am (?:really |very |so )?(into|passionate about|a (?:big |huge )?fan of)\s+(.+)",
            clause,
            re.I,
        )
    if positive:
        verb, thing = positive.group(1).lower(), _thing(positive.group(2))
        if not thing:
            return []
        label = {"love": "Loves", "adore": "Loves", "enjoy": "Enjoys"}.get(verb, "Likes")
        return [_fact(f"{label} {_person(thing)}", "personal", f"likes:{_slug(thing)}", 0.8,
                      "likes")]  # fmt: skip
    return []


def _preferences(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI am (?:a|an) (morning person|night owl|early bird|evening person)", clause, re.I
    )
    if found:
        return [_fact(f"Is {_article(found.group(1).lower())}", "personal",
                      "preference:time_of_day", 0.85, "preference")]  # fmt: skip
    found = re.search(r"\bI work best (?:in the |at |during the )?(\w+)", clause, re.I)
    if found and _TIME_OF_DAY.search(found.group(1).lower()):
        return [_fact(f"Works best in the {found.group(1).lower()}", "personal",
                      "preference:time_of_day", 0.8, "preference")]  # fmt: skip
    found = re.search(
        r"\b(?:keep it|please be|I (?:like|prefer)(?: it)?)\s+(short|brief|concise|detailed|"
        r"long|direct|gentle)(?: answers| replies| messages)?\b",
        clause,
        re.I,
    )
    if found and re.search(r"answer|repl|message|keep it|please be", clause, re.I):
        style = found.group(1).lower()
        return [_fact(f"Prefers {style} replies", "personal", "preference:communication_style",
                      0.75, "preference")]  # fmt: skip
    found = re.search(r"\bI (?:much |really |generally )?prefer (.+)", clause, re.I)
    if found:
        thing = _thing(re.split(r"\s+(?:to|over|rather than)\s+", found.group(1))[0])
        if not thing:
            return []
        key = (
            "preference:time_of_day"
            if _TIME_OF_DAY.search(thing.lower())
            else (f"prefers:{_slug(thing)}")
        )
        return [_fact(f"Prefers {_person(thing)}", "personal", key, 0.8, "preference")]
    found = re.search(
        r"\bI (?:usually |normally )?(wake up|get up|go to bed|go to sleep) (?:at |around |by )"
        r"(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)",
        clause,
        re.I,
    )
    if found:
        when = found.group(2).strip()
        wake = found.group(1).lower() in ("wake up", "get up")
        content = f"Usually {'wakes up' if wake else 'goes to bed'} around {when}"
        key = "routine:wake_time" if wake else "routine:bed_time"
        return [_fact(content, "personal", key, 0.75, "routine")]
    return []


def _goals(clause: str) -> list[ExtractedFact]:
    patterns = (
        (r"\bmy (?:main |big |biggest |new |next )?goal is (?:to )?(.+)", "Wants to {}", 0.85),
        (r"\bI (?:really )?(?:want|would like|would love|hope|plan|intend|aim) to (.+)",
         "Wants to {}", 0.75),
        (r"\bI am (?:trying|planning|hoping|aiming) to (.+)", "Is trying to {}", 0.75),
        (r"\bI am working (?:on|toward|towards) (.+)", "Is working on {}", 0.7),
        (r"\bI (?:dream of|dream about) (.+)", "Dreams of {}", 0.65),
    )  # fmt: skip
    for pattern, content, confidence in patterns:
        found = re.search(pattern, clause, re.I)
        if not found:
            continue
        aim = _thing(found.group(1), 10)
        if not aim or _TRIVIAL_GOALS.match(aim) or _TIMED.search(aim):
            return []
        return [_fact(content.format(_person(aim)), "project", f"goal:{_slug(aim)}", confidence,
                      "goal")]  # fmt: skip
    return []


_TIMED = re.compile(
    r"\b(today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|later)$", re.I
)


def _feelings(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (always |often |usually |sometimes |tend to )?(?:feel|get|become) "
        r"(?:so |really |very |a bit |quite )?(\w+(?: \w+)?) (when|whenever|if|before|after|"
        r"around) (.+)",
        clause,
        re.I,
    )
    if found:
        how_often = (found.group(1) or "often ").strip().replace("tend to", "often")
        feeling, link, trigger = found.group(2).lower(), found.group(3).lower(), found.group(4)
        trigger = _thing(trigger)
        content = f"{capitalise(how_often)} feels {feeling} {link} {_person(trigger)}"
        return [_fact(content, "personal", f"feeling:{_slug(trigger)}", 0.75,
                      "emotional_pattern", feeling)]  # fmt: skip
    found = re.search(
        r"\bwhenever (.+?),? I (?:feel|get) (?:so |really |very )?(\w+)", clause, re.I
    )
    if found:
        trigger, feeling = _thing(found.group(1)), found.group(2).lower()
        return [_fact(f"Feels {feeling} whenever {_person(trigger)}", "personal",
                      f"feeling:{_slug(trigger)}", 0.75, "emotional_pattern", feeling)]  # fmt: skip
    found = re.search(
        r"^((?:\w+ ){0,4}\w+) (?:always |usually |often |really )?makes? me (?:feel )?"
        r"(?:so |really |very )?(\w+)",
        clause,
        re.I,
    )
    if found and found.group(1).lower() not in ("it", "that", "this", "which", "he", "she"):
        trigger, feeling = found.group(1), found.group(2).lower()
        return [_fact(f"Feels {feeling} because of {_person(trigger.lower())}", "personal",
                      f"feeling:{_slug(trigger)}", 0.7, "emotional_pattern", feeling)]  # fmt: skip
    return []


def _relations(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"(?i:\bmy (wife|husband|partner|boyfriend|girlfriend|son|daughter|sister|brother|"
        r"mother|mom|mum|father|dad|dog|cat|best friend)(?:'s name)? is (?:called |named )?)"
        r"([A-Z][a-z]+)\b",
        clause,
    )
    if found:
        relation, name = found.group(1).lower(), found.group(2)
        return [_fact(f"Their {relation} is called {name}", "personal",
                      f"relation:{relation.replace(' ', '_')}", 0.85, "people")]  # fmt: skip
    found = re.search(
        r"\bI have (a|an|one|two|three|four|\d) (dogs?|cats?|kids?|children|sons?|daughters?)"
        r"(?: (?:named|called) ([A-Z]\w+))?",
        clause,
        re.I,
    )
    if found:
        count, noun, name = found.group(1).lower(), found.group(2).lower(), found.group(3)
        content = f"Has {count} {noun}" + (f" called {name}" if name else "")
        return [_fact(content, "personal", f"relation:{noun.rstrip('s')}", 0.8, "people")]
    return []


def _tasks(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (?:need|have|have got|got|am going|will|plan) to (.+?) (today|tonight|tomorrow|"
        r"this (?:morning|afternoon|evening|week|weekend)|later)\b",
        clause,
        re.I,
    )
    if found:
        action, when = _thing(found.group(1)), found.group(2).lower()
        return [_fact(f"Plans to {_person(action)} {when}", "task", f"task:{_slug(action)}", 0.7,
                      "plan")]  # fmt: skip
    found = re.search(
        r"\bI (?:just |finally )?(?:finished|completed|did) (.+?)(?: today| this morning| "
        r"yesterday| tonight)?$",
        clause,
        re.I,
    )
    if found:
        done = _thing(found.group(1))
        if done and done.lower() not in ("it", "that", "this", "nothing"):
            return [_fact(f"Finished {_person(done)}", "task", f"done:{_slug(done)}", 0.75,
                          "done")]  # fmt: skip
    return []


_EXTRACTORS = (
    _names,
    _age,
    _occupation,
    _location,
    _likes,
    _preferences,
    _goals,
    _feelings,
    _relations,
    _tasks,
)
