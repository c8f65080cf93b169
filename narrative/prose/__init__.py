"""What a story beat says: the person's real progress told as a passage of their story
(issue 21).

- `facts.py`: what a beat may draw on, as pure data (`BeatFacts`), its words (`BeatText`)
  and a draft with the world changes it proposes (`BeatDraft`); each change's fields
  (`CHANGE_FIELDS`).
- `phrases/`: every slot's alternatives, as data, by concept: the scene (`scene.py`:
  titles, the light of each part of day, openings by kind), the moves (`moves.py`: a
  sentence per planned change, what things are), the progress (`progress.py`: leads, a line
  per fact, closings), optional paragraphs (`colour.py`) and the person's own material
  (`material.py`).
- `parts.py` and `composed.py`: colour, openings, a mark of the hero's work and titles
  composed of parts, for a long story whose stock ones were all told; `chooser.py`: how a
  beat picks its phrases; `naming.py`: what the story calls things and what they are;
  `material.py`: a goal's count, a habit's month, a past passage recalled, a goal's reason;
  `text.py`: small ways of putting words in a sentence.
- `grammar.py`: a beat in words without a model (`beat_text_offline`): phrases chosen by a
  hash of the beat's seed and the slot, every planned move told in order, the person's own
  titles and words quoted, WORDS_MIN..WORDS_MAX words.
- `checks.py`: what any beat's words must be: a passage's length (`length_problem`), kind
  (`tone_problem`: the nudges' tone check on each paragraph, the person's own words left
  out), and quoting the real progress (`quoted_facts`).
- `model.py`: a model's draft (`beat_draft_with_model`): words and proposed changes
  (BEAT_SCHEMA), refused (AIResponseError) when the words fail the checks; `writer.py`
  keeps the offline draft. The changes are narrative's to check.

The facts are gathered and the scene planned by narrative (narrative/beats); this package
only words them.
"""

from __future__ import annotations

from narrative.prose.checks import (
    familiarity_problem,
    length_problem,
    narrator_sentences,
    quoted_facts,
    told_again,
    tone_problem,
)
from narrative.prose.facts import (
    BEAT_KINDS,
    CHANGE_FIELDS,
    HERO,
    PARTS_OF_DAY,
    WORDS_MAX,
    WORDS_MIN,
    BeatDraft,
    BeatFacts,
    BeatText,
    Change,
    Thing,
    phrase_id,
)
from narrative.prose.grammar import TITLE_MAX_CHARS, beat_text_offline
from narrative.prose.model import (
    BEAT_SCHEMA,
    beat_draft_with_model,
    beat_messages,
    normalised_changes,
)
from narrative.prose.writer import beat_draft, beat_draft_offline

__all__ = [
    "BEAT_KINDS",
    "BEAT_SCHEMA",
    "CHANGE_FIELDS",
    "HERO",
    "PARTS_OF_DAY",
    "TITLE_MAX_CHARS",
    "WORDS_MAX",
    "WORDS_MIN",
    "BeatDraft",
    "BeatFacts",
    "BeatText",
    "Change",
    "Thing",
    "beat_draft",
    "beat_draft_offline",
    "beat_draft_with_model",
    "beat_messages",
    "beat_text_offline",
    "familiarity_problem",
    "length_problem",
    "narrator_sentences",
    "normalised_changes",
    "phrase_id",
    "quoted_facts",
    "told_again",
    "tone_problem",
]
