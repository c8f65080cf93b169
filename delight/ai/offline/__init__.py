"""The offline companion: a rule-based Eliza, and the facts she keeps, with no network.

No model and no state of its own: everything it needs (history, emotion, strategy, what it
knows of the person) arrives with each call, so any process can answer any turn.

- `compose.py`: the reply (`compose_reply`; the algorithm is in its docstring).
- `match.py`: which keyword rule answers a message; `context.py`: what a reply knows of the person
  (`ReplyContext`: facts, and their lines for a model).
- `world_answers.py`: questions about the person's zones, answered from the zone notes
  (`zone_lines.py`: a zone's note and line); `streak_answers.py`: questions about their
  streaks, from the streak note; `story_answers.py`: questions about their story and
  Essence, from the story note.
- `facts/`: facts worth remembering (`extract_facts`), one module per kind, each fact keyed
  with its value ("relation:sister" = "Ana"), so a new value supersedes the old.
- `answers.py`: questions about what Eliza remembers, answered from the memories (its
  topics as data in `answer_topics.py`), and what a statement taught her, acknowledged.
- `quality.py`: the language guard every reply passes (`reply_problems`); its word lists
  are data in `grammar_words.py`.
- `reflection.py`: sentences and first/second person, shared by the above.
- `rules/` and `replies.py`: data, the keyword table and the other things Eliza says.
"""

from __future__ import annotations

from delight.ai.offline.compose import UNPLANNED, OfflineReply, choose_strategy, compose_reply
from delight.ai.offline.context import GoalNote, MemoryNote, ReplyContext
from delight.ai.offline.facts import extract_facts
from delight.ai.offline.losses import Loss, grief_in, loss_in
from delight.ai.offline.match import check_rules, decomposition_count, find_match
from delight.ai.offline.reflection import drop_openers, reflect, second_person, split_sentences
from delight.ai.offline.story_answers import (
    JOYFUL,
    StoryNote,
    asks_about_story,
    story_line,
)
from delight.ai.offline.streak_answers import (
    TRENDS,
    VERY_SAD,
    StreakNote,
    asks_about_streak,
    streak_line,
)
from delight.ai.offline.world_answers import asks_about_world
from delight.ai.offline.zone_lines import ZoneNote, zone_line

__all__ = [
    "JOYFUL",
    "TRENDS",
    "UNPLANNED",
    "VERY_SAD",
    "GoalNote",
    "Loss",
    "MemoryNote",
    "OfflineReply",
    "ReplyContext",
    "StoryNote",
    "StreakNote",
    "ZoneNote",
    "asks_about_story",
    "asks_about_streak",
    "asks_about_world",
    "check_rules",
    "choose_strategy",
    "compose_reply",
    "decomposition_count",
    "drop_openers",
    "extract_facts",
    "find_match",
    "grief_in",
    "loss_in",
    "reflect",
    "second_person",
    "split_sentences",
    "story_line",
    "streak_line",
    "zone_line",
]
