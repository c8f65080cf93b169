"""Explicit conversation state and slot filling for Eliza's multi-turn flows (seed 001).

A flow (create a goal, complete a mission, adjust a goal) is data: its slots, each with a
parser and a validator, a confirmation template and the name of the action to run. The
`DialogueManager` moves a conversation through a flow one message at a time and hands the
confirmed action to the caller.

- `phrases`: the words and patterns understood (data);
- `states`: the conversation's states and the transition matrix;
- `dates`: reading a target date ("by June", "in about three weeks", "by mid January");
- `cues`: what kind of message this is (a goal request, a wish, a finished mission, an
  aside that is no answer);
- `parsing`: reading a slot's value (minutes, titles, categories, yes/no);
- `choices`: which of their missions or goals a person means;
- `flows`: the slots and the three flows;
- `corrections`: recognising a change of an earlier answer;
- `manager`: the dialogue's state, and the manager.

The names the rest of companion uses are re-exported here.
"""

from __future__ import annotations

from companion.dialogue.choices import (
    LIGHT_VERBS,
    WHEN_WORDS,
    Choice,
    best_choice,
    bought_one,
    by_leading_verb,
    fits_better,
    fits_one,
    fitting,
    half_a_compound,
    measured_one,
    named_by_the_rest,
    named_by_topic_alone,
    names_its_topic_only,
    pointed_one,
    tells_a_bare_past,
    told_in_its_verb,
)
from companion.dialogue.draft import waiting_words
from companion.dialogue.flows import ADJUST_GOAL, COMPLETE_MISSION, CREATE_GOAL, FLOWS
from companion.dialogue.manager import DialogueManager
from companion.dialogue.parsing import DialogueContext, SlotEnv, SlotError
from companion.dialogue.states import (
    ConversationState,
    DialogueState,
    DialogueStep,
    Outcome,
    transition,
)

__all__ = [
    "ADJUST_GOAL",
    "COMPLETE_MISSION",
    "CREATE_GOAL",
    "FLOWS",
    "LIGHT_VERBS",
    "WHEN_WORDS",
    "Choice",
    "ConversationState",
    "DialogueContext",
    "DialogueManager",
    "DialogueState",
    "DialogueStep",
    "Outcome",
    "SlotEnv",
    "SlotError",
    "best_choice",
    "bought_one",
    "by_leading_verb",
    "fits_better",
    "fits_one",
    "fitting",
    "half_a_compound",
    "measured_one",
    "named_by_the_rest",
    "named_by_topic_alone",
    "names_its_topic_only",
    "pointed_one",
    "tells_a_bare_past",
    "told_in_its_verb",
    "transition",
    "waiting_words",
]
