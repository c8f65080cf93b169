"""What a beat's words must be, whoever wrote them: long enough to read as a passage and
short enough for a phone, kind, true to the person's real progress (quoting it), and true
to the world about the place: never new and familiar at once."""

from __future__ import annotations

import re

from narrative.prose import phrases
from narrative.prose.facts import HERO, WORDS_MAX, WORDS_MIN, BeatFacts
from nudges.words.tone import nudge_tone_problem

# The person's own words count as quoted when this many of their first words appear.
REFLECTION_QUOTED_WORDS = 6
MASK_MIN_CHARS = 3


def _flat(text: str) -> str:
    """Text compared loosely: one line, case-blind, curly apostrophes read as straight."""
    return " ".join(text.replace("\u2019", "'").split()).casefold()


def length_problem(text: str, *, slack: float = 0.0) -> str:
    """Why `text` is no beat by its length ("" when it is one): WORDS_MIN..WORDS_MAX words,
    widened by `slack` (0.1: 10% either way)."""
    words = len(text.split())
    if words < WORDS_MIN * (1 - slack):
        return "too short"
    if words > WORDS_MAX * (1 + slack):
        return "too long"
    return ""


def quoted_facts(facts: BeatFacts, text: str) -> list[str]:
    """The names of the facts of `facts.cited()` that `text` quotes: a mission's title, a
    habit's, the goal's, the quest's, the first words of the reflection or notes (verbatim,
    case-blind), or the streak's day count in digits."""
    flat = _flat(text)
    reflection = " ".join(facts.reflection.split()[:REFLECTION_QUOTED_WORDS])
    notes = " ".join(facts.notes.split()[:REFLECTION_QUOTED_WORDS])
    quoted = {
        "missions": any(_flat(title) in flat for title in facts.missions if title.strip()),
        "habits": any(_flat(title) in flat for title in facts.habits if title.strip()),
        "streak_days": bool(re.search(rf"(?<!\d){facts.streak_days}(?!\d)", text)),
        "goal_title": _flat(facts.goal_title) in flat,
        "reflection": _flat(reflection) in flat,
        "notes": _flat(notes) in flat,
        "quest_title": _flat(facts.quest_title) in flat,
    }
    return [name for name in facts.cited() if quoted[name]]


def _quoted_start(words: str, text: str) -> str:
    """The longest start of `words` that `text` holds ("" for none): a binary search, as
    every shorter start of a start it holds is held too."""
    parts, flat = words.split(), _flat(text)
    low, high = 0, len(parts)  # the start of `low` words is held; of more than `high`, not
    while low < high:
        middle = (low + high + 1) // 2
        if _flat(" ".join(parts[:middle])) in flat:
            low = middle
        else:
            high = middle - 1
    return " ".join(parts[:low])


def _given_words(facts: BeatFacts, text: str) -> list[str]:
    """The words a beat is given rather than writes, as `text` quotes them: the person's own
    (titles, and the longest start of their reflection, notes or reason for a goal it holds,
    as a beat may quote a long one in part) and the scenario's (names, descriptions, the
    quest's note)."""
    things = (facts.place, *facts.people, *facts.items_held)
    words = [
        *facts.missions,
        *facts.habits,
        *facts.goals_towards,
        facts.goal_next,
        facts.why_goal,
        facts.recall_mission,
        facts.recall_place,
        facts.goal_title,
        facts.quest_title,
        facts.choice_label,
        facts.previous_title,
        facts.act_name,
        facts.chapter_name,
        facts.chapter_description,
        facts.quest_message,
        *(name for key, name in facts.names.items() if key != HERO),
        *(thing.name for thing in things),
        *(thing.description for thing in things),
    ]
    words += [_quoted_start(said, text) for said in (facts.reflection, facts.notes, facts.why)]
    # A word of three letters or fewer ("you", "Ana") would hide the narrator's own.
    return [word for word in words if len(word.strip()) > MASK_MIN_CHARS]


def _masked(facts: BeatFacts, text: str) -> str:
    """`text` without the words it was given: the person's are theirs to choose ("Stop
    ignoring the inbox"), the scenario's are reviewed ("The River Crossing" is no cross
    word). The tone check reads the narrator."""
    masked = " ".join(text.replace("\u2019", "'").split())
    for words in sorted(_given_words(facts, text), key=len, reverse=True):
        pattern = r"\s+".join(re.escape(word) for word in words.replace("\u2019", "'").split())
        masked = re.sub(pattern, " ", masked, flags=re.IGNORECASE)
    return masked


def tone_problem(facts: BeatFacts, text: str) -> str:
    """Why a beat is not kind enough ("" when it is): the nudge tone check (banned
    framings, a sad, angry or afraid reading) on each paragraph, the words it was given
    left out."""
    for paragraph in text.split("\n\n"):
        problem = nudge_tone_problem(_masked(facts, paragraph))
        if problem:
            return problem
    return ""


# What a sentence asserts about the scene's place: that the hero is there for the first time,
# or that they have been there before.
_NEW = re.compile(
    r"\b(?:for the (?:very )?first time|new to your map|never (?:been|seen) (?:it )?before|"
    r"waiting to be found)\b",
    re.IGNORECASE,
)


def says_familiar(sentence: str) -> bool:
    """Whether `sentence` says something is known from before ("as you remember")."""
    return bool(phrases.FAMILIAR.search(sentence))


def familiarity_problem(facts: BeatFacts, text: str) -> str:
    """Why `text` contradicts itself or the world about the scene's place ("" when it does
    not): a sentence naming the place says it is new while another says it is known, or one
    says it is known when the hero comes there for the first time (BeatFacts.place_is_new).
    Words the beat is given (the scenario's descriptions: "the old beacon waits to be lit
    again") and words quoted (the person's, a speaker's) are no claim of the narrator's."""
    place = facts.place.name
    said = _QUOTED.sub(" ", " ".join(text.replace("\u2019", "'").split()))
    for thing in (facts.place, *facts.people, *facts.items_held):
        if thing.description.strip():
            said = said.replace(thing.description.rstrip(".").replace("\u2019", "'"), " ")
            lowered = thing.description[:1].lower() + thing.description[1:]
            said = said.replace(lowered.rstrip(".").replace("\u2019", "'"), " ")
    named = [s for s in re.split(r"(?<=[.!?…])\s+", said) if _flat(place) in _flat(s)]
    says_new = any(_NEW.search(sentence) for sentence in named)
    says_known = [sentence for sentence in named if says_familiar(sentence)]
    if says_known and (facts.place_is_new or says_new):
        return f"“{says_known[0]}” says {place} is familiar, but it is new to the hero here."
    return ""


_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


SENTENCE_END = re.compile(r"(?<=[.!?…”])\s+")
TOLD_WORDS_MIN = 6  # a sentence this long or longer, told again word for word, is a repeat


def narrator_sentences(text: str) -> list[str]:
    """The sentences of `text` in the narrator's words, each of TOLD_WORDS_MIN words or
    more once quotes are cut out (a title or someone's words may come back; a narrator's
    sentence should not)."""
    said = _QUOTED.sub(" ", " ".join(text.replace("\u2019", "'").split()))
    sentences = (" ".join(sentence.split()) for sentence in SENTENCE_END.split(said))
    return [sentence for sentence in sentences if len(sentence.split()) >= TOLD_WORDS_MIN]


def told_again(facts: BeatFacts, text: str) -> str:
    """The first narrator's sentence of `text` the story told in its latest passages
    (BeatFacts.sentences_told), "" when none is."""
    told = {_flat(sentence) for sentence in facts.sentences_told}
    return next((s for s in narrator_sentences(text) if _flat(s) in told), "")
