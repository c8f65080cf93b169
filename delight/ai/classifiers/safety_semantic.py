"""The semantic crisis screen: indirect warning signs read from a message's meaning.

The rules (safety.py) catch what they were written for and little else: "i'd rather not be
here next spring" says what "i won't be around next year" says in other words. This layer
reads the message as a sentence embedding (all-MiniLM-L6-v2, 384 numbers). What it finds is
never enough for the crisis response on its own: the turn answers it with a check-in, a
direct question (companion.turn), so everyday words that merely sit near a warning sign cost
a question, never a crisis script.

Two readers, both required:
- a multinomial logistic regression (softmax.py) trained on examples of every level:
  delight/ai/data/safety_exemplars.jsonl (the project's), safety_training.jsonl (written
  for training by people who never saw the rules, 7,870 messages) and
  acts_examples.jsonl (everyday messages to Eliza, levels 0 or 1 by what they do). It says
  how much a message reads as a warning sign;
- closeness to the warning signs themselves: the mean cosine of the message's three
  nearest examples of level 2 or 3. A regression alone draws a plane through a space
  where most everyday sentences never were: "OK. Here you are." landed on the warning
  side of it. Closeness gates it: far from every warning sign, nothing is raised.

Calibrated on public everyday text (bench/safety_calibration.py: DailyDialog's tuned half),
never on hard negatives written here: see RISK_THRESHOLD and CLOSENESS_GATE.

The model is data (delight/ai/data/safety_semantic.npz, made by `manage.py safety_train`
and checked against the examples by a test), so a process loads it in milliseconds. Only
the offline MiniLM space has a model: with any other embedder (feature hashing reads words,
a server's space differs), the rules alone decide.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from delight.ai.classifiers import grams
from delight.ai.classifiers.lexicon import normalize
from delight.ai.classifiers.safety import JOKING, rules_hold, sounds_joking
from delight.ai.classifiers.safety_rules.base import DRUGS, HEIGHTS, MEANS_NOUNS
from delight.ai.classifiers.softmax import (
    PerSpace,
    Softmax,
    softmax_load,
    softmax_save,
    softmax_train,
)
from delight.ai.types import SafetyResult

DATA = Path(__file__).resolve().parent.parent / "data"
EXEMPLARS = DATA / "safety_exemplars.jsonl"
TRAINING = DATA / "safety_training.jsonl"
ACT_EXAMPLES = DATA / "acts_examples.jsonl"
MODEL = DATA / "safety_semantic.npz"
LEVELS = 4  # 0 none, 1 concern, 2 indirect warning sign, 3 explicit
HIGH_RISK = 2  # levels 2 and 3
EXPLICIT = 3
# Everyday acts that carry distress read as concern (level 1); the others as none.
DISTRESS_ACTS = frozenset({"grief", "worry", "bad_news", "venting"})

# P(level 2 or 3) at or above which a message close enough to a warning sign is raised, and
# the mean cosine of its three nearest warning-sign examples under which nothing is. Chosen
# on the tuned splits (bench/safety_calibration.py, 2026-11-29): 110/129 warning signs of the
# earlier blind sets caught with the rules while 0.27% of DailyDialog's tuned half is raised,
# so check-ins on everyday talk stay well under 1%. A gate of 0.55 raised the project's
# idioms ("i'm going to kill it at the interview": closeness 0.565), a threshold of 0.4 its
# everyday plans ("i'm going to hang the new shelf tonight"; 113/129 for 0.38%). A fifth
# writer's 853 messages (2026-11-29) taught the model what it missed most: the old model
# raised 40% of their 300 indirect warning signs (never seen) and 5.5% of their 200 jokes;
# retrained, it raised 56% of a sixth writer's 250 (never seen), 3.3% of their 150 jokes.
# A seventh writer's 600 (2026-11-29) moved the tuned figures to 114/129 at 0.33% (with the
# second rule). A threshold of 0.4 then caught 117/129 at 0.43%, but raised goal talk ("im
# scared ill give up like i always do") and a hard negative more: kept at 0.5.
# An eighth writer's 1,000 (2026-11-30), read before being trained on: 63.1% of their 350
# warning signs caught (54.0% as check-ins), 2.0% of their 200 jokes raised; trained on,
# 84.3% and 2.5%, the earlier blind sets 115/129 and DailyDialog's tuned half 0.38% raised
# (untouched: DailyDialog 0.40%, LoCoMo 0.47%): constants kept.
# A new person's first words to the app (2026-12-05): "just signed up, the wife said i should
# give this a go. not really an app person tbh" was asked about (risk 0.51 read whole, each
# sentence under 0.3). A blind writer's 300 first messages: 220 trained on (0 of them raised
# before), 80 held out (2 raised before and after). Retrained, every figure above and the
# untouched ones (DailyDialog 0.40%, LoCoMo 0.53%, the blind crisis set's indirect 69/78 and
# explicit 77/79) are unchanged, and the message is no longer raised: constants kept.
RISK_THRESHOLD = 0.5
CLOSENESS_GATE = 0.58
# A second rule for the very close: a message this close to the warning signs is raised at a
# lower risk ("i dont see the point in any of it": closeness 0.70, risk 0.46). Chosen on the
# tuned splits with the constants above (bench/safety_calibration.py, 2026-11-29): the
# earlier blind sets' warning signs caught 109 -> 113 of 129, DailyDialog's tuned half still
# 0.25% raised, hard negatives still 1 of 123 (0.66/0.4: 112; 0.7/0.35: 110).
# With the hashed words (WORDS_WEIGHT, 2026-12-01) "i just want to go home and sleep" reads
# 0.36 and is asked about. 0.4 spared it, but caught 6 fewer of the ninth writer's tuned
# warning signs (159/208 against 165) and no more untouched ones: kept at 0.35.
NEAR_GATE = 0.68
NEAR_THRESHOLD = 0.35
NEAREST = 3
# P(level 1 or above), for a message the rules read as nothing, that reads as concern (0.85
# until the fourth writer's plain stress, labelled 0, pulled low mood a little down).
CONCERN_THRESHOLD = 0.8
# Training (softmax_train): a gentle pull to zero and enough steps to settle.
L2 = 0.03
STEPS = 400
# The regression also reads the message's hashed words (grams.py), weighted: a turn of
# phrase ("taking up space", "off switch") is words before it is a meaning. Chosen on five
# folds of the examples with the constants above (2026-12-01):
# warning signs caught 58.9% -> 61.5% with words x10 while level 0-1 examples raised fell
# 0.77% -> 0.75% and DailyDialog's tuned half raised 0.44% -> 0.41%; x25 caught 67.8% but
# raised 1.49% and 0.78% (and at a threshold raising as few, caught no more than none).
WORDS_WEIGHT = 10.0
# A sentence this short ("ok cool", "about 30 minutes") carries too little meaning to read;
# the rules read the short explicit ones ("i wanna die").
MIN_WORDS = 4
# Longer messages are read sentence by sentence only.
WHOLE_MAX_WORDS = 30
TAIL_WORDS = 2  # beside one sentence, no more than this is the same message
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+")
# Words that name dying or self-harm outright (on normalised text): a part the meaning raises
# that says one of them is explicit, and gets the crisis response.
DEATH_WORDS = re.compile(
    r"\b(?:die|dying|dead|death|kill (?:myself|me)|killing myself|suicide|suicidal|overdose"
    r"|overdosing|end (?:it|it all|my life|myself)|ending it|take my (?:own )?life|self harm"
    r"|hang myself|slit|bleed out|not wake up|never wake up)\b"
)

# A way of dying named in a part (on normalised text): with an explicit reading of the part
# by meaning (P(level 3) at EXPLICIT_MEANING or more), that part is explicit too ("mixed all
# my pills together in a cup. drinking it soon"): the words and the meaning together, never
# the meaning alone. 0.4 chosen on the ninth writer's tuned four fifths: 7 of their 11
# explicit statements asked about first reached it, 2 of 138 warning signs (which then get
# the crisis response, still caught) and none of their jokes or distress.
METHOD_WORDS = re.compile(
    rf"\b(?:{DRUGS}|{MEANS_NOUNS}|{HEIGHTS}|jump|jumping|overdose|hose|train|tracks"
    r"|go over|gone tonight|kys)\b"
)
EXPLICIT_MEANING = 0.4

# A habit the message names (smoking, vaping, drinking…): "stop", "quit" or "give up" with
# nothing after it is about that habit ("she used to smoke like a chimney. thats partly why
# i want to stop" was asked whether they meant ending their life).
HABIT = re.compile(
    r"\b(?:smok\w*|vap(?:e|es|ing)|cigarettes?|cigs?|fags|nicotine|pods?|drink(?:ing)?|booze"
    r"|alcohol|beer|wine|gambl\w*|betting|weed|sugar|caffeine|coffee|scrolling|porn)\b"
)
# ("i want it all to stop" says nothing of a habit, and stays read.)
STOPPING_IT = re.compile(
    r"\b(?:(?:want|need|trying|try|going|have|ready|decided|planning|hoping|wanna|gonna)"
    r"(?: to)? |i'?ll |i will )(?:stop|quit|give (?:it |them )?up|pack (?:it|them) in"
    r"|kick (?:it|the habit))"
    r"(?: (?:it|them|that|too|now|for good|already|properly|tbh|honestly))*\W*$"
)


def stops_a_habit(part: str, *, habit_named: bool) -> bool:
    """`part` speaks of stopping, bare, in a message that names a habit to stop."""
    return habit_named and bool(STOPPING_IT.search(normalize(part)))


# Words of candour that say nothing of what is meant: a sentence that opens with "tbh" or
# "honestly" sits nearer confessions in the embedding's space, so "tbh im scared ill give
# up like i always do" read as a warning sign and the same words without it did not. They
# are taken out before a text is read, in training and in screening alike.
_CANDOUR = re.compile(
    r"\b(?:tbh|honestly|to be honest|ngl|not gonna lie|tho)\b[,.]?\s*", re.IGNORECASE
)


def unhedged(text: str) -> str:
    """`text` without its words of candour (the whole text when nothing else is left)."""
    return _CANDOUR.sub("", text).strip() or text


class SentenceEmbedder(Protocol):
    """What the screen needs of an embedder (delight.ai.embeddings.Embedder)."""

    name: str
    dimensions: int

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...

    def embed_cached(self, texts: list[str]) -> list[list[float]]: ...


@dataclass(frozen=True)
class SemanticModel:
    embedder: str  # the vector space it reads
    regression: Softmax  # LEVELS classes, over read(): the embedding and the hashed words
    warning_signs: np.ndarray  # (n, 384) float32: the level 2 and 3 examples' unit vectors

    def closeness(self, vectors: np.ndarray) -> np.ndarray:
        """The mean cosine of each row's NEAREST nearest warning signs."""
        similarity = vectors @ self.warning_signs.T
        nearest = np.partition(similarity, -NEAREST, axis=1)[:, -NEAREST:]
        mean: np.ndarray = nearest.mean(axis=1)
        return mean

    def chances(self, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
        """Each level's probability for each row, read with its text's words."""
        return self.regression.probabilities(read(vectors, texts))

    def risk(self, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
        """How much each row reads as a warning sign, 0..1 (0 when far from every one)."""
        regression = self.chances(vectors, texts)[:, HIGH_RISK:].sum(axis=1)
        closeness = self.closeness(vectors)
        # Very close and risky enough for the second rule: counted as reaching the first.
        near = (closeness >= NEAR_GATE) & (regression >= NEAR_THRESHOLD)
        risk = np.where(near, np.maximum(regression, RISK_THRESHOLD), regression)
        gated: np.ndarray = np.where(closeness >= CLOSENESS_GATE, risk, 0.0)
        return gated

    def concern(self, vectors: np.ndarray, texts: list[str]) -> np.ndarray:
        summed: np.ndarray = self.chances(vectors, texts)[:, 1:].sum(axis=1)
        return summed


def read(vectors: np.ndarray, texts: list[str]) -> np.ndarray:
    """What the regression reads of each text: its embedding, then its hashed words."""
    return np.hstack([vectors, WORDS_WEIGHT * grams.hashed(texts)])


def _explicit_method(model: SemanticModel, vector: np.ndarray, part: str, said: str) -> bool:
    """Whether a raised part names a way of dying and reads as explicit by its meaning (read
    from `said`, the part as embedded)."""
    if not METHOD_WORDS.search(normalize(part)):
        return False
    chances = model.chances(vector[np.newaxis, :], [said])[0]
    return float(chances[EXPLICIT]) >= EXPLICIT_MEANING


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as file:
        return [json.loads(line) for line in file if line.strip()]


def read_examples() -> list[tuple[str, int]]:
    """Every training example with its level: the exemplars, the training set, and the
    everyday act examples (level 1 for those that carry distress, else 0)."""
    rows = [(r["text"], int(r["level"])) for r in _jsonl(EXEMPLARS) + _jsonl(TRAINING)]
    acts = [(r["text"], int(r["act"] in DISTRESS_ACTS)) for r in _jsonl(ACT_EXAMPLES)]
    return rows + acts


def examples_sha256() -> str:
    digest = hashlib.sha256()
    for path in (EXEMPLARS, TRAINING, ACT_EXAMPLES):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def trained_for(embedder: SentenceEmbedder) -> SemanticModel:
    """The model for `embedder`'s space, from the examples embedded by it."""
    texts, levels = zip(*read_examples(), strict=True)
    said = [unhedged(text) for text in texts]
    vectors = np.asarray(embedder.embed(said), dtype=np.float32)
    targets = np.asarray(levels)
    regression = softmax_train(
        read(vectors, said), targets, LEVELS, l2=L2, steps=STEPS, raw=grams.WIDTH
    )
    return SemanticModel(embedder.name, regression, vectors[targets >= HIGH_RISK])


def save(model: SemanticModel, path: Path = MODEL) -> None:
    """Store a model as data, with the SHA-256 of the examples it was made from."""
    softmax_save(
        path,
        model.regression,
        embedder=model.embedder,
        examples_sha256=examples_sha256(),
        warning_signs=model.warning_signs.astype(np.float16),
    )


def stored(path: Path = MODEL) -> tuple[SemanticModel, str]:
    """The stored model and the SHA-256 of the examples it was made from."""
    kept = softmax_load(path)
    signs = kept.extra["warning_signs"].astype(np.float32)
    return SemanticModel(kept.embedder, kept.regression, signs), kept.examples_sha256


_stored = PerSpace(lambda: stored()[0])


def model_for(embedder: SentenceEmbedder) -> SemanticModel | None:
    """The stored model when it was made in `embedder`'s vector space, once per process;
    None otherwise (the rules alone decide)."""
    return _stored.model_for(embedder.name)


def parts_to_read(text: str) -> list[str]:
    """The whole message (unless it is long) and, when it has several sentences, each one:
    the parts of MIN_WORDS words or more. A long message read whole is a blur of its
    topics: two everyday ones of 40+ words (a kitchen tidied, a quarrel about money) read
    as crisis; their sentences, read one by one, did not."""
    sentences = [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]
    whole = [text] if len(text.split()) <= WHOLE_MAX_WORDS or len(sentences) < 2 else []
    long = [part for part in sentences if len(part.split()) >= MIN_WORDS]
    # One sentence beside a word or two ("what should i do today? right now") is the whole
    # message again: reading it apart costs a run of the model and sees nothing new. (Three
    # words can turn it: "been researching how fast you can drown. thats normal right".)
    if whole and len(long) == 1 and len(text.split()) - len(long[0].split()) <= TAIL_WORDS:
        return [text] if len(text.split()) >= MIN_WORDS else []
    parts = [*whole, *sentences] if len(sentences) > 1 else whole
    return [part for part in parts if len(part.split()) >= MIN_WORDS]


# A pastime taken up again ("i've been meaning to get back into sea swimming"): read near
# the water's warning signs by meaning alone, it is none (found in a fresh conversation).
_PASTIME_AGAIN = re.compile(
    r"\b(?:get|getting|got|gotten)\s+back\s+into\s+(?:(?:sea|open water|wild|cold water|the)\s+)?"
    r"(?:swimming|running|painting|drawing|knitting|cycling|climbing|dancing|singing|writing"
    r"|reading|cooking|baking|gardening|yoga|pilates|football|hiking|walking|rowing|surfing"
    r"|the gym|music|piano|guitar)\b",
    re.IGNORECASE,
)


def _units(text: str) -> list[str]:
    """The parts of `text` the meaning layer reads: the rules hold none of them, none is a
    bare "stop" or "quit" in a message that names a habit, none takes up a pastime again."""
    habit_named = bool(HABIT.search(normalize(text)))
    return [
        part
        for part in parts_to_read(text)
        if not rules_hold(part)
        and not stops_a_habit(part, habit_named=habit_named)
        and not _PASTIME_AGAIN.search(part)
    ]


def texts_embedded(text: str, embedder: SentenceEmbedder) -> list[str]:
    """What a turn embeds of a message, in the batch the screen asks for (step 3 of
    semantic_screen): its parts to read, without their words of candour, and the message as
    written (the act reader and recall read that vector). The turn embeds them ahead, beside
    its first reads and writes."""
    if model_for(embedder) is None or rules_hold(text) or not (units := _units(text)):
        return [text]
    return [*(unhedged(part) for part in units), text]


def semantic_screen(text: str, floor: SafetyResult, embedder: SentenceEmbedder) -> SafetyResult:
    """The rules' result `floor`, raised to a warning sign (or concern) when the message
    means it; a raise says so in its `basis` ("meaning").

    1. Keep the floor when it is already high risk, or when `embedder` has no model.
    2. Read the whole message and, when it has several, each sentence: a goodbye hidden in
       the middle of small talk is read on its own. Drop the parts the rules hold
       (a story, an idiom, someone else's or past risk, a denial: safety.rules_hold), and
       a bare "stop" or "quit" in a message that names a habit (stops_a_habit).
    3. Embed them without their words of candour (`unhedged`), in one batch (one run of the
       model) with the message as written, through the embedder's cache: the act reader
       and recall read that vector next.
    4. Raise to level 2 when any part is close to the warning signs and its risk reaches
       RISK_THRESHOLD (or NEAR_THRESHOLD, when very close: NEAR_GATE); else to level 1
       when any part reads as concern (a message the rules read as nothing); else keep the
       floor. Never lower it.
    """
    if floor.level >= HIGH_RISK:
        return floor
    model = model_for(embedder)
    if model is None or rules_hold(text):
        return floor
    units = _units(text)
    if not units:
        return floor
    said = [unhedged(part) for part in units]
    # The message as written is what the act reader and recall embed next: in the same run.
    rows = embedder.embed_cached([*said, text])[: len(said)]
    vectors = np.asarray(rows, dtype=np.float32)
    risk = model.risk(vectors, said)
    best = int(risk.argmax())
    if risk[best] >= RISK_THRESHOLD:
        if DEATH_WORDS.search(normalize(units[best])) or _explicit_method(
            model, vectors[best], units[best], said[best]
        ):
            # Its meaning and its own words: "gonna put myself in the ground before the debt
            # collectors can... i want to die" is no hint, whatever rule it escaped.
            # Next to laughter it is asked about first ("im so hungry im gonna die lol").
            reason = "suicidal thinking in the words and the meaning of the message"
            basis = JOKING if sounds_joking(text) else "rules"
            return SafetyResult(2, reason, (*floor.matched, units[best]), floor.source, basis)
        reason = "possible signs of suicidal thinking in the meaning of the message"
        return SafetyResult(2, reason, (*floor.matched, units[best]), floor.source, "meaning")
    concern = model.concern(vectors, said)
    best = int(concern.argmax())
    if floor.level == 0 and concern[best] >= CONCERN_THRESHOLD:
        reason = "signs of distress in the meaning of the message"
        return SafetyResult(1, reason, (units[best],), floor.source, "meaning")
    return floor


def model_current(path: Path = MODEL) -> bool:
    """Whether the stored model was made from the examples as they are now."""
    _, trained_on = stored(path)
    return trained_on == examples_sha256()
