"""A beat in words without a model: a small grammar over the phrases (phrases/).

A beat is paragraphs in story order: the chapter's setting when it opens, an opening for its
kind coloured by the part of day, the planned moves (every one, in order), what the person
really did (their own titles and words, quoted, with their own material: material.py),
optional colour, and a closing line. Each
slot's phrase is chosen by a hash of (facts.seed, slot): one beat always reads the same, and
different beats vary. The story remembers what it told (facts.told): each slot takes the
phrase told least often in this person's story, a stock paragraph of colour is added only if
it was never told (then colour is composed of parts), and a title is never told twice.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from delight.ai.text import listed as and_list
from delight.ai.text import quotes_nested
from narrative.prose import material, phrases
from narrative.prose.chooser import Chooser
from narrative.prose.composed import (
    cause_composed,
    colour_kind,
    light_composed,
    opening_composed,
    titles_composed,
)
from narrative.prose.facts import (
    BEAT_KINDS,
    HERO,
    PARTS_OF_DAY,
    WORDS_MAX,
    WORDS_MIN,
    BeatFacts,
    BeatText,
    Change,
    Thing,
    with_article,
)
from narrative.prose.naming import (
    count_of,
    describe,
    first_name_of,
    name_of,
    scene_words,
    things_of,
    untold,
)
from narrative.prose.text import name_mid, one_line, quoted

TITLE_MAX_CHARS = 80
# Optional paragraphs are added while a beat is shorter than this (WORDS_MIN..WORDS_MAX).
TARGET_WORDS = 240
MOVES_PER_PARAGRAPH = 3
REST_KINDS = frozenset({"quiet_week", "comeback"})
KEPT_TOLD = 2  # times a gift kept is told when its keeper is here again
MARKS_SEEN = 3  # earlier marks at the place recalled in one line
STROLL_FROM = 25  # words still wanted above which composed colour is a stroll of two scenes
# Kinds told often enough to compose their openings of parts once their own were all told.
COMPOSED_OPENINGS = frozenset({"milestone", "streak", "goal"})
# The fact a kind tells first; the others follow in FACT_ORDER.
KIND_FACT = {"milestone": "missions", "streak": "streak", "goal": "goal", "quest": "quest"}
FACT_ORDER = (
    "missions", "toward", "count", "habits", "month", "minutes", "streak", "goal", "quest",
    "ever", "notes", "reflection",
)  # fmt: skip
# Where each paragraph stands in the beat.
# TALK, someone speaking of the day's work, leads into the colour that follows it.
CHAPTER, OPENING, SEEN, CONTEXT, MOVES, COMPANY, PROGRESS, NOTE, TALK, AMBIENT, CLOSING = range(11)


@dataclass(frozen=True)
class Detail:
    """How much a beat says: the richest level whose required paragraphs fit is used."""

    describe_moves: bool  # a sentence of description for each thing a move introduces
    terse_moves: bool  # a few words per move (phrases.MOVES_TERSE)
    mission_titles: int  # titles quoted at most; the rest are counted
    reflection_words: int  # the person's words quoted at most, then "…"


LEVELS = (
    Detail(describe_moves=True, terse_moves=False, mission_titles=5, reflection_words=80),
    Detail(describe_moves=False, terse_moves=False, mission_titles=3, reflection_words=40),
    Detail(describe_moves=False, terse_moves=True, mission_titles=1, reflection_words=20),
)


# -- the moves --------------------------------------------------------------------------------


def move_phrases_key(change: Change) -> str:
    """Which phrases tell a change: its op, then who acts or what kind of thing it is."""
    op = str(change.get("op", ""))
    who = "hero" if change.get("who") == HERO else "other"
    if op == "introduce":
        kind = change.get("kind")
        holder = change.get("holder")
        if kind == "item" and holder:
            return "introduce.item.hero" if holder == HERO else "introduce.item.other"
        if kind == "item":
            return "introduce.item"
        return "introduce.event" if kind == "event" else "introduce.person"
    if op in ("move", "leave"):
        return f"{op}.{who}"
    if op == "use":
        return f"use.{who}" + (".spent" if change.get("used_up") else "")
    if op == "give":
        giver, to = change.get("giver"), change.get("to")
        if not giver:
            return "give.take.hero" if to == HERO else "give.take.other"
        if giver == HERO:
            return "give.from_you"
        return "give.to_you" if to == HERO else "give.between"
    if op in ("discover", "cause"):
        return op
    raise ValueError(f"a beat cannot tell a change with op {op!r}")


def _move_words(facts: BeatFacts, change: Change) -> dict[str, str]:
    words = {
        field: name_of(facts, str(change[field]))
        for field in ("who", "to", "item", "giver", "holder", "by")
        if change.get(field)
    }
    named = name_mid(one_line(str(change.get("name") or "")))
    thing = named or name_of(facts, str(change.get("key", "")))
    words |= {"at": name_of(facts, str(change.get("place", ""))), "thing": thing, "event": thing}
    if "by" in words:
        words["by_poss"] = "your" if change["by"] == HERO else f"{words['by']}'s"
    return words


def _move_sentence(
    slot: str, options: Sequence[str], words: dict[str, str], choose: Chooser, *, terse: bool
) -> str:
    """A move's sentence from its phrases; a mark of the hero's work (told nearly every
    day) composed of parts once each of its phrases was told (composed.cause_composed),
    unless the beat tells its moves tersely."""
    mark = slot.endswith(".cause") and words.get("by") == "you" and not terse
    if mark and choose.all_told(options, **words):
        return cause_composed(choose, slot, at=words["at"], event=words["event"])
    return choose.pick(slot, options, **words)


def move_paragraphs(
    facts: BeatFacts, choose: Chooser, detail: Detail, described: set[str]
) -> list[str]:
    """Every planned move in order, a sentence each (with what a newly met thing is, when
    the detail allows), a few to a paragraph. `described` gathers the keys told about."""
    table = phrases.MOVES_TERSE if detail.terse_moves else phrases.MOVES
    things = things_of(facts)
    sentences = []
    for index, change in enumerate(facts.moves):
        key = move_phrases_key(change)
        key = "cause.side" if key == "cause" and facts.kind == "side" else key
        words = _move_words(facts, change)
        slot = f"move.{index}.{key}"
        sentence = _move_sentence(slot, table[key], words, choose, terse=detail.terse_moves)
        thing = things.get(str(change.get("key", "")))
        new = change.get("op") in ("discover", "introduce")
        if detail.describe_moves and new and thing and untold(thing, described, choose):
            described.add(thing.key)
            sentence += " " + describe(thing, words["thing"], choose, f"move.{index}")
        sentences.append(sentence)
    count = -(-len(sentences) // MOVES_PER_PARAGRAPH)  # paragraphs, filled evenly
    edges = [len(sentences) * index // count for index in range(count + 1)] if count else []
    return [" ".join(sentences[start:end]) for start, end in itertools.pairwise(edges)]


# -- the person's progress --------------------------------------------------------------------


def _missions_line(facts: BeatFacts, choose: Chooser, detail: Detail) -> str:
    titles = [one_line(title) for title in facts.missions[: detail.mission_titles] if title]
    count = max(facts.missions_count, len(facts.missions))
    more = count - len(titles)
    if not titles:
        done = "a mission" if count == 1 else f"{count} missions"
        return choose.pick("fact.done", phrases.FACT_LINES["done"], done=done) if count else ""
    if len(titles) == 1 and not more:
        return choose.pick("fact.mission", phrases.FACT_LINES["mission"], mission=titles[0])
    listed = [f"“{title}”" for title in titles] + ([f"{more} more"] if more else [])
    return choose.pick("fact.missions", phrases.FACT_LINES["missions"], missions=and_list(listed))


def _habits_line(facts: BeatFacts, choose: Chooser) -> str:
    """The habits kept, with their days; kept on one day each (a day's passage), without."""
    kept = [
        (f"“{one_line(title)}”", days)
        for title, days in zip(facts.habits, facts.habit_days, strict=False)
        if title.strip()
    ]
    if not kept:
        return ""
    if all(days == 1 for _, days in kept):
        habits = and_list([title for title, _ in kept])
        return choose.pick("fact.habits", phrases.FACT_LINES["habits_once"], habits=habits)
    habits = and_list([f"{title} on {count_of(days, 'day')}" for title, days in kept])
    return choose.pick("fact.habits", phrases.FACT_LINES["habits"], habits=habits)


def _own_words(said: str, detail: Detail) -> str:
    """The person's words quoted, at most `detail.reflection_words` of them, then "…"."""
    words = said.split()
    if len(words) <= detail.reflection_words:
        return quoted(" ".join(words))
    return quoted(" ".join(words[: detail.reflection_words]) + "…")


def _fact_line(fact: str, facts: BeatFacts, choose: Chooser, detail: Detail) -> str:
    if fact == "missions":
        return _missions_line(facts, choose, detail)
    if fact in ("reflection", "notes"):
        said = facts.reflection if fact == "reflection" else facts.notes
        if not said.strip():
            return ""
        words = {fact: _own_words(said, detail)}
        return choose.pick(f"fact.{fact}", phrases.FACT_LINES[fact], **words)
    if fact == "habits":
        return "" if material.month_names_habit(facts) else _habits_line(facts, choose)
    if fact in material.FACTS:
        return material.fact_line(fact, facts, choose)
    if fact == "toward" and material.counts_name_goal(facts):
        return ""  # the count line names the goal
    fact_words = {
        "toward": "toward", "minutes": "minutes", "streak": "days", "goal": "goal",
        "quest": "quest",
    }  # fmt: skip
    if fact_words[fact] not in choose.words:
        return ""
    if fact == "streak" and facts.streak_days == 1:
        fact = "streak_one"
    return choose.pick(f"fact.{fact}", phrases.FACT_LINES[fact])


def progress_paragraph(facts: BeatFacts, choose: Chooser, detail: Detail) -> str:
    """What the person really did, the kind's own fact first; kind words when nothing."""
    first = KIND_FACT.get(facts.kind)
    order = ([first] if first else []) + [fact for fact in FACT_ORDER if fact != first]
    lines = [line for fact in order if (line := _fact_line(fact, facts, choose, detail))]
    if not lines:
        rest = "rest" if facts.kind in REST_KINDS else "any"
        return choose.pick("nothing", phrases.NOTHING_TO_COUNT[rest])
    lead = choose.fresh("lead", phrases.LEADS[facts.kind])
    return " ".join([lead, *lines] if lead else lines)


# -- paragraphs -------------------------------------------------------------------------------


def _opening(facts: BeatFacts, choose: Chooser) -> str:
    """The opening for the kind; one that says the place is familiar never for a place the
    hero comes to for the first time (phrases.FAMILIAR; checks.familiarity_problem would
    refuse it). A kind told often composes its openings once its own were all told."""
    if facts.kind == "side" and "choice" in choose.words:
        return choose.pick("opening", phrases.SIDE_CHOSEN)
    options = phrases.OPENINGS[facts.kind]
    if facts.place_is_new:
        options = tuple(option for option in options if not phrases.FAMILIAR.search(option))
    if facts.kind in COMPOSED_OPENINGS and choose.all_told(options):
        return opening_composed(choose)
    return choose.pick("opening", options)


def _exchange(facts: BeatFacts, choose: Chooser) -> str:
    """The side chapter's host acting and speaking: the scenario's own lines for them
    first, while one is untold and awake, then the valley's."""
    own = [line for line in choose.awake(facts.host_lines) if not choose.times_told(line)]
    line = choose.pick("exchange", own or (*facts.host_lines, *phrases.SIDE_EXCHANGE))
    return quotes_nested(line)


def required_paragraphs(
    facts: BeatFacts, choose: Chooser, detail: Detail, described: set[str]
) -> list[tuple[int, str]]:
    """The paragraphs every beat has, with their places: the chapter's setting when it
    opens, the opening, the moves, the progress and the closing."""
    paragraphs = []
    if facts.chapter_opens:
        table = phrases.CHAPTER_OPENS if facts.chapter_description else phrases.CHAPTER_BEGINS
        paragraphs.append((CHAPTER, choose.pick("chapter", table)))
    paragraphs.append((OPENING, _opening(facts, choose)))
    if facts.kind == "side" and "host" in choose.words:
        paragraphs.append((OPENING, _exchange(facts, choose)))
    paragraphs += [(MOVES, text) for text in move_paragraphs(facts, choose, detail, described)]
    paragraphs.append((PROGRESS, progress_paragraph(facts, choose, detail)))
    if closing := choose.fresh("closing", phrases.CLOSINGS[facts.kind]):
        paragraphs.append((CLOSING, closing))
    return paragraphs


def _present(facts: BeatFacts) -> tuple[list[Thing], list[Thing]]:
    """The people here and the items held that no move of this scene has told of yet (nor
    the side chapter's host, who is its scene)."""
    told = {str(value) for change in facts.moves for value in change.values()} | {facts.host}
    people = [person for person in facts.people if person.key not in told]
    return people, [item for item in facts.items_held if item.key not in told]


def _company(
    slot: str, things: list[Thing], facts: BeatFacts, choose: Chooser, described: set[str]
) -> str:
    """Who or what is here, and what one of them is (one not described yet). The story
    remembers who and what it listed (`_listed_id`): the same company, or the same pack, is
    not listed again."""
    names = [name_of(facts, thing.key) for thing in things]
    table = phrases.COMPANY if slot == "company" else phrases.PACK
    listed = and_list(names)
    text = choose.pick(slot, table, people=listed, items=listed)
    choose.said[_listed_id(slot, things)] = text
    fresh = {thing.key: thing for thing in things if untold(thing, described, choose)}
    if fresh:
        thing = fresh[choose.order(slot, list(fresh))[0]]
        described.add(thing.key)
        text += " " + describe(thing, name_of(facts, thing.key), choose, slot)
    return text


def _listed_id(slot: str, things: list[Thing]) -> str:
    """What the story keeps for a list of who is here or what is carried."""
    return f"{slot}:{','.join(sorted(thing.key for thing in things))}"


def optional_paragraphs(
    facts: BeatFacts, choose: Chooser, described: set[str]
) -> Iterator[tuple[int, str]]:
    """Paragraphs a beat may add when short, the most relevant first: where the story
    stands, the person's own past (a passage recalled, the reason they wrote for a goal:
    narrative.prose.material), the place, the quest's note, who and what is here, then the
    scene's colour in an order of this beat's own."""
    if "previous" in choose.words and (line := choose.once("previous", phrases.PREVIOUS)):
        yield CONTEXT, line
    if own := " ".join(
        filter(None, (material.recall_line(facts, choose), material.why_line(facts, choose)))
    ):
        yield PROGRESS, own
    if line := material.next_line(facts, choose):
        yield NOTE, line
    if line := material.remark_line(facts, choose, people=_met_here(facts)):
        yield TALK, line
    if not facts.chapter_opens and (line := choose.fresh("chapter_now", phrases.CHAPTER_NOW)):
        yield CONTEXT, line
    if untold(facts.place, described, choose):
        described.add(facts.place.key)
        sentence = describe(facts.place, choose.words["place"], choose, "setting")
        yield CONTEXT, choose.pick("setting", phrases.SETTING, sentence=sentence)
    if "quest_message" in choose.words:
        yield NOTE, choose.pick("quest_message", phrases.QUEST_MESSAGE)
    people, items = _present(facts)
    if people and not choose.times_told(_listed_id("company", people)):
        yield COMPANY, _company("company", people, facts, choose, described)
    if items and not choose.times_told(_listed_id("pack", items)):
        yield COMPANY, _company("pack", items, facts, choose, described)
    if line := _marks_here(facts, choose):
        yield SEEN, line
    yield from ((COMPANY, line) for line in _gifts_kept(facts, choose))
    for text in _colour(facts, choose):
        if not choose.times_told(text):
            choose.used.add(text)
            choose.said[text] = text
            yield AMBIENT, text


def _marks_here(facts: BeatFacts, choose: Chooser) -> str:
    """Up to MARKS_SEEN of the marks at the place the story never recalled, newest first,
    as one line; "" when all were."""
    fresh = [mark for mark in facts.marks_here if not choose.times_told(f"mark:{mark}")]
    if not fresh:
        return ""
    seen = fresh[:MARKS_SEEN]
    marks = and_list([with_article(one_line(mark), "the") for mark in seen])
    line = choose.pick("marks", phrases.MARKS_HERE, marks=marks)
    for mark in seen:
        choose.said[f"mark:{mark}"] = line
    return line


def _gifts_kept(facts: BeatFacts, choose: Chooser) -> Iterator[str]:
    """The gifts the people here keep, each told the first KEPT_TOLD times it could be."""
    for person, item in facts.gifts_kept:
        kept = f"kept:{person}:{item}"
        if choose.times_told(kept) < KEPT_TOLD:
            the = with_article(one_line(item), "the")
            line = choose.pick("kept", phrases.KEPT, person=one_line(person), item=the)
            choose.said[kept] = line
            yield line


def _colour(facts: BeatFacts, choose: Chooser) -> list[str]:
    """The scene's stock colour for its part of day, told least first."""
    part = facts.part_of_day if facts.part_of_day in PARTS_OF_DAY else "evening"
    return choose.order("ambient", [*phrases.AMBIENT[part], *phrases.VALLEY])


def words_in(paragraphs: Sequence[tuple[int, str]]) -> int:
    return sum(len(text.split()) for _, text in paragraphs)


def beat_title(facts: BeatFacts, choose: Chooser) -> str:
    """A title for the kind, at most TITLE_MAX_CHARS, never one this story told before (nor
    the last beat's); when every title of the kind was told, a two-part title never told
    (titles_composed), and only when those are all told too, the kind's told least."""
    previous = facts.previous_title.strip().lower()
    fitting = [
        option
        for option in choose.awake(phrases.TITLES[facts.kind])
        if len(title := choose.fill(option)) <= TITLE_MAX_CHARS and title.lower() != previous
    ]
    untold = [option for option in fitting if not choose.times_told(choose.fill(option))]
    if untold:
        return choose.pick("title", untold)
    composed = [title for title in titles_composed() if not choose.times_told(title)]
    return choose.pick("title", composed or fitting)


def beat_text_offline(facts: BeatFacts) -> BeatText:
    """A beat in words from the facts alone, WORDS_MIN..WORDS_MAX words long.

    1. The scene's words (scene_words) and a chooser seeded by facts.seed.
    2. The required paragraphs at the richest detail level (LEVELS) whose words fit
       WORDS_MAX: less description, fewer quoted titles, shorter quotes, terser moves.
    3. Optional paragraphs, most relevant first (optional_paragraphs), each added while the
       beat is shorter than TARGET_WORDS and it still fits WORDS_MAX; the scene's colour
       comes last, only what this story never told.
    4. Still shorter than WORDS_MIN (a long story has told all its stock colour): colour
       composed of parts (narrative.prose.composed), a stroll of two scenes while many
       words are wanted, until it is a passage's length.
    5. The paragraphs in story order, separated by blank lines (quotes inside quotes set
       single), a title never told before, and the phrase_id of everything it used, for the
       story to remember.
    """
    if facts.kind not in BEAT_KINDS:
        raise ValueError(f"a beat's kind is one of {BEAT_KINDS}, not {facts.kind!r}")
    choose = Chooser(facts.seed, scene_words(facts), facts.told)
    part = facts.part_of_day if facts.part_of_day in PARTS_OF_DAY else "evening"
    light = _light(part, choose)
    choose.words["light"] = light
    for detail in LEVELS:
        described: set[str] = set()
        choose.used = {light}
        paragraphs = required_paragraphs(facts, choose, detail, described)
        if words_in(paragraphs) <= WORDS_MAX:
            break
    total = words_in(paragraphs)
    for position, text in optional_paragraphs(facts, choose, described):
        if total >= TARGET_WORDS:
            break
        size = len(text.split())
        if total + size <= WORDS_MAX:
            paragraphs.append((position, text))
            total += size
    composed = 0  # colour of parts that meet anew, never a stock paragraph told again
    while total < WORDS_MIN:
        talked = any(position == TALK for position, _ in paragraphs)
        met = _met_here(facts) if composed == 0 and not talked else ()
        text = colour_kind(
            part, choose, composed, stroll=WORDS_MIN - total > STROLL_FROM, people=met
        )
        paragraphs.append((AMBIENT, text))
        total, composed = total + len(text.split()), composed + 1
    title, text = beat_title(facts, choose), _joined(paragraphs)
    told = tuple(sorted(choose.told_in(f"{title}\n\n{text}")))
    # A title quoted inside a quote ("Ease back in for “Run a 5k”") is set in single quotes.
    text = "\n\n".join(quotes_nested(paragraph) for paragraph in text.split("\n\n"))
    return BeatText(title=title, text=text, told=told)


def _light(part: str, choose: Chooser) -> str:
    """The beat's light for its part of day: a stock one told least, or once each was told,
    one of two clauses composed of parts (composed.light_composed)."""
    if choose.all_told(phrases.LIGHT[part]):
        return light_composed(part, choose)
    return choose.pick("light", phrases.LIGHT[part])


def _met_here(facts: BeatFacts) -> tuple[str, ...]:
    """The first names of the people here the hero met before this scene (a side chapter's
    host has a scene of their own)."""
    met = {str(move.get("key")) for move in facts.moves if move.get("op") == "introduce"}
    return tuple(
        first_name_of(name_of(facts, person.key))
        for person in facts.people
        if person.key not in met and person.key != facts.host
    )


def _joined(paragraphs: Sequence[tuple[int, str]]) -> str:
    """The paragraphs in story order (stable: a position's own order kept), what is seen
    on arriving told with the arrival, the short lines of where the story stands run
    together as one paragraph, the person's own material after their progress in its
    paragraph, and someone's words of the day's work leading into the colour after them."""
    ordered = sorted(paragraphs, key=lambda paragraph: paragraph[0])
    context = " ".join(text for position, text in ordered if position == CONTEXT)
    texts: list[str] = []
    arrival = None  # the opening's index: the first paragraph at OPENING
    last = -1  # the position of the paragraph before (none yet)
    for position, text in ordered:
        if position == SEEN and arrival is not None:
            texts[arrival] += " " + text
        elif (position, last) in ((PROGRESS, PROGRESS), (AMBIENT, TALK)) and texts:
            texts[-1] += " " + text
        elif position != CONTEXT:
            if position == OPENING and arrival is None:
                arrival = len(texts)
            texts.append(text)
        last = position
    if context:
        texts.insert(
            sum(position < CONTEXT and position != SEEN for position, _ in ordered), context
        )
    return "\n\n".join(texts)
