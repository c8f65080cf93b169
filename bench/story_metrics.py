"""Story quality metrics: what bench/story_quality.py measures in a person's written
passages, read in story order. Pure: text in, counts out (only `world_read` reads the
scenario's names and descriptions, once Django is set up).

- passages: how many were written (and failed, which should be none);
- distinct-paragraph ratio: paragraphs (the text's blank-line-separated blocks) turned
  into templates (quoted text, numbers, the person's first name, the world's places,
  people and items (a list of them as one), the part of day and its light clause
  replaced by placeholders); distinct templates / paragraphs;
- repeated 8-grams: lower-case word 8-grams (quoted text cut out, never spanning a
  paragraph or a quote) found in more than one passage;
- titles repeated: titles used by more than one passage;
- statement-check violations: sentences naming a place that claim a first visit to a
  place the hero was at in an earlier passage, familiarity ("again", "as usual", "than
  before", "returns", "back to" …) with a place never visited before (or told as new in
  the same passage), or a week gone by when the last passage is less than a week old;
  the hero's visits come from each passage's place and recorded world changes;
- side chapters in which the person acts: of the side chapters, those with a sentence
  whose subject is the host (their name followed by a verb, not their scenario
  description and not "is/was …"), or a line of speech attributed to them.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

# -- measuring: patterns -------------------------------------------------------------------

NGRAM = 8  # the n of the repeated word n-grams
QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|(?<=[.!?…][”\"])\s+")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
LISTED = re.compile(r"<(item|person|place)>(?:(?:, | and )<\1>)+")
WHEN = re.compile(r"\b(?:this morning|this afternoon|this evening|tonight)\b", re.IGNORECASE)
# A sentence claiming the hero sees a place for the first time.
FIRST_TIME = re.compile(
    r"for the (?:very )?first time|new to your map|a new place opens|waiting to be found"
    r"|you come upon|first place to greet",
    re.IGNORECASE,
)
# A sentence claiming the hero knows a place already.
FAMILIAR = re.compile(
    r"\bagain\b|\bas usual\b|\bthe usual\b|as you remember|\bas ever\b|than before"
    r"|just as you left|like an old friend|knows? your footsteps|coming home|\breturns?\b"
    r"|\bback to\b|welcome back|stepped out a moment ago|than it ever has|the way you do"
    r"|worn smooth by your own",
    re.IGNORECASE,
)
# A sentence claiming a week went by.
WEEK = re.compile(r"\b(?:this|a|the) (?:[a-z]+,? )*week\b", re.IGNORECASE)
WEEK_DAYS = 6  # a passage less than this many days after the one before has no week to tell
# What follows a name that does not make it the subject of an action.
NOT_ACTING = frozenset(
    {"is", "was", "are", "were", "has", "had", "and", "or", "of", "the", "a", "an", "to"}
    | {"with", "who", "for", "in", "at", "on", "from", "by"}
)
SPEECH = r"(?:says|said|asks|asked|replies|replied|whispers|whispered|laughs|calls)"
# Where a clause starts (what is cut out of a sentence leaves a "~").
CLAUSE_START = re.compile(r"(?:^|[,:;~\u2014\u2013]|\band|\bthen|\bwhile)\s*$")


# -- the passages ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Passage:
    kind: str
    at: dt.datetime
    place: str
    title: str
    text: str
    changes: list[dict[str, Any]]
    host: str  # a side chapter's host (a person's key), else ""

    @property
    def paragraphs(self) -> list[str]:
        return [part.strip() for part in self.text.split("\n\n") if part.strip()]


# -- measuring -------------------------------------------------------------------------------


@dataclass(frozen=True)
class World:
    """The scenario's names, as the story writes them, and its descriptions."""

    places: dict[str, str]  # key -> name
    people: dict[str, str]
    given: tuple[str, ...]  # the scenario's own sentences, lower case, longest first
    patterns: tuple[tuple[re.Pattern[str], str], ...]  # a name -> its placeholder
    lights: re.Pattern[str]


def name_pattern(name: str) -> str:
    """A name with or without its article, any case: "The Commons" reads "the Commons"."""
    words = name.split()
    if words[0].lower() in ("a", "an", "the") and len(words) > 1:
        words = words[1:]
    core = r"\s+".join(re.escape(word) for word in words)
    return rf"\b(?:(?:a|an|the)\s+)?{core}\b"


def short_name(name: str) -> str:
    """What a person may be called for short: "Mira the Lamplighter" -> "Mira",
    "Old Bram" -> "Bram"."""
    words = name.split()
    return words[-1] if words[0].lower() in ("old", "young") else words[0]


def world_read() -> World:
    from narrative.prose import parts, phrases
    from narrative.scenario import ENTITY_LISTS, scenario_default

    data = scenario_default()
    names: list[tuple[str, str]] = []
    placeholders = ("<place>", "<person>", "<item>")
    for kind, placeholder in zip(ENTITY_LISTS, placeholders, strict=True):
        for entry in data[kind]:
            names.append((name_pattern(entry["name"]), placeholder))
            if kind == "people":
                names.append((rf"\b{re.escape(short_name(entry['name']))}\b", placeholder))
    names.sort(key=lambda pair: len(pair[0]), reverse=True)
    lights = (*phrases.LIGHT.values(), *parts.LIGHT_PARTS.values())  # stock, and composed
    clauses = sorted({c for part in lights for c in part}, key=len, reverse=True)
    described = [e["description"] for kind in ENTITY_LISTS for e in data[kind]]
    described += [a["description"] for a in data["acts"]]
    described += [c["description"] for a in data["acts"] for c in a["chapters"]]
    given = set()
    for text in described:
        core = text.replace("\u2019", "'").lower().rstrip(".")
        given.add(core)
        if core.startswith("it "):  # "It glows …" is told as "A small lantern glows …"
            given.add(core[3:])
    return World(
        places={p["key"]: p["name"] for p in data["places"]},
        people={p["key"]: p["name"] for p in data["people"]},
        given=tuple(sorted(given, key=len, reverse=True)),
        patterns=tuple((re.compile(p, re.IGNORECASE), h) for p, h in names),
        lights=re.compile("|".join(re.escape(c) for c in clauses), re.IGNORECASE),
    )


def narrator_words(sentence: str, world: World) -> str:
    """A sentence as the narrator says it: lower case, quoted text and the scenario's own
    descriptions cut out (each leaves a "~")."""
    text = QUOTED.sub(" ~ ", sentence).replace("\u2019", "'").lower()
    for given in world.given:
        text = text.replace(given, " ~ ")
    return " ".join(text.split())


def template(paragraph: str, world: World, first_name: str) -> str:
    """A paragraph with whatever a template fills in replaced by placeholders."""
    text = QUOTED.sub("<q>", paragraph)
    text = world.lights.sub("<light>", text)
    text = WHEN.sub("<when>", text)
    if first_name:
        text = re.sub(rf"\b{re.escape(first_name)}\b", "<name>", text)
    for pattern, placeholder in world.patterns:
        text = pattern.sub(placeholder, text)
    text = LISTED.sub(r"<\1s>", text)  # "<item>, <item> and <item>": one list, however long
    return NUMBER.sub("<n>", text).lower()


def sentences(text: str) -> list[str]:
    return [part for part in SENTENCE_END.split(" ".join(text.split())) if part]


def ngrams(paragraph: str) -> set[tuple[str, ...]]:
    """The paragraph's word 8-grams, quoted text cut out (none spans a quote)."""
    found: set[tuple[str, ...]] = set()
    for piece in QUOTED.split(paragraph.replace("\u2019", "'").lower()):
        words = WORD.findall(piece)
        found.update(tuple(words[i : i + NGRAM]) for i in range(len(words) - NGRAM + 1))
    return found


@dataclass
class Violation:
    passage: int  # its number in the story, from 1
    reason: str
    sentence: str


def places_named(sentence: str, world: World) -> set[str]:
    return {
        key
        for key, name in world.places.items()
        if re.search(name_pattern(name), sentence, re.IGNORECASE)
    }


def visits_of(passage: Passage) -> set[str]:
    """The places the hero is at in a passage: its scene, what it discovers, where it goes."""
    visits = {passage.place} if passage.place else set()
    for change in passage.changes:
        if change.get("op") == "discover":
            visits.add(str(change.get("key")))
        if change.get("op") == "move" and change.get("who") == "hero":
            visits.add(str(change.get("to")))
    return visits


def statement_violations(passages: list[Passage], world: World) -> list[Violation]:
    """Sentences whose claims of a first visit, of familiarity, or of a week gone by the
    story's own world contradicts (see the module's docstring)."""
    found: list[Violation] = []
    visited: set[str] = set()
    previous: dt.datetime | None = None
    for number, passage in enumerate(passages, start=1):
        firsts: dict[str, str] = {}
        familiar: list[tuple[str, str]] = []
        for sentence in sentences(passage.text):
            said = narrator_words(sentence, world)
            for place in places_named(said, world):
                if FIRST_TIME.search(said):
                    firsts.setdefault(place, sentence)
                if FAMILIAR.search(said):
                    familiar.append((place, sentence))
            gap = (passage.at - previous).days if previous else None
            if WEEK.search(said) and (gap is None or gap < WEEK_DAYS):
                since = "the first passage" if gap is None else f"{gap} days after the last"
                found.append(Violation(number, f"a week gone by, in {since}", sentence))
        for place, sentence in firsts.items():
            if place in visited:
                reason = f"first visit to {world.places[place]}, visited before"
                found.append(Violation(number, reason, sentence))
        for place, sentence in familiar:
            if place in firsts:
                reason = f"familiar with {world.places[place]}, told as new in this passage"
            elif place not in visited:
                reason = f"familiar with {world.places[place]}, never visited before"
            else:
                continue
            found.append(Violation(number, reason, sentence))
        visited |= visits_of(passage)
        previous = passage.at
    return found


def host_acts(passage: Passage, world: World) -> bool:
    """Whether the side chapter's host acts or speaks: a sentence with their name as its
    subject (at the start of a clause, followed by a verb other than "is/was/has …"), in
    the narrator's words (quoted text and the scenario's descriptions cut out: "Mira keeps
    the valley's lanterns" is what she is, not what she does); or speech attributed to them
    ("…," says Mira)."""
    name = world.people.get(passage.host, "")
    if not name:
        return False
    names = [name_pattern(name), rf"\b{re.escape(short_name(name))}\b"]
    for sentence in sentences(passage.text):
        if re.search(rf"”\s*,?\s*{SPEECH}\s+(?:{'|'.join(names)})", sentence, re.IGNORECASE):
            return True
        said = narrator_words(sentence, world)
        for pattern in names:
            for match in re.finditer(pattern, said, re.IGNORECASE):
                if not CLAUSE_START.search(said[: match.start()]):
                    continue
                after = re.match(r"\s+([a-z]+)\b(?!')", said[match.end() :])
                if after and after.group(1) not in NOT_ACTING:
                    return True
    return False


@dataclass
class Quality:
    person: str
    passages: int
    failed: int
    kinds: Counter[str]
    paragraphs: int
    templates: Counter[str]
    grams: Counter[tuple[str, ...]]  # passages each 8-gram is in (those in more than one)
    titles: Counter[str]  # titles used more than once
    violations: list[Violation]
    sides: int
    acting: int
    side_titles: list[tuple[str, bool]]

    @property
    def distinct_ratio(self) -> float:
        return len(self.templates) / self.paragraphs if self.paragraphs else 1.0


def measure(person: str, first_name: str, passages: list[Passage], failed: int) -> Quality:
    world = world_read()
    templates: Counter[str] = Counter()
    grams: Counter[tuple[str, ...]] = Counter()
    paragraphs = 0
    for passage in passages:
        in_passage: set[tuple[str, ...]] = set()
        for paragraph in passage.paragraphs:
            paragraphs += 1
            templates[template(paragraph, world, first_name)] += 1
            in_passage |= ngrams(paragraph)
        grams.update(in_passage)
    titles = Counter(passage.title for passage in passages)
    sides = [passage for passage in passages if passage.kind == "side"]
    side_titles = [(passage.title, host_acts(passage, world)) for passage in sides]
    return Quality(
        person=person,
        passages=len(passages),
        failed=failed,
        kinds=Counter(passage.kind for passage in passages),
        paragraphs=paragraphs,
        templates=templates,
        grams=Counter({gram: count for gram, count in grams.items() if count > 1}),
        titles=Counter({title: count for title, count in titles.items() if count > 1}),
        violations=statement_violations(passages, world),
        sides=len(sides),
        acting=sum(acts for _, acts in side_titles),
        side_titles=side_titles,
    )
