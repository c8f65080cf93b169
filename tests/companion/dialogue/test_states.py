"""The conversation's states: seed 001's transition matrix, and nothing else."""

from __future__ import annotations

import itertools

import pytest

from companion.dialogue.states import TRANSITIONS, ConversationState, transition
from delight.runner import IllegalTransition

S = ConversationState

SEED_MATRIX = {
    (S.IDLE, S.UNDERSTANDING),
    (S.UNDERSTANDING, S.WAITING_FOR_SLOT),
    (S.UNDERSTANDING, S.EXECUTING_ACTION),
    (S.UNDERSTANDING, S.IDLE),
    (S.WAITING_FOR_SLOT, S.VALIDATING_SLOT),
    (S.WAITING_FOR_SLOT, S.UNDERSTANDING),
    (S.VALIDATING_SLOT, S.WAITING_FOR_SLOT),
    (S.VALIDATING_SLOT, S.UNDERSTANDING),
    (S.VALIDATING_SLOT, S.EXECUTING_ACTION),
    (S.EXECUTING_ACTION, S.COMPLETED),
    (S.EXECUTING_ACTION, S.WAITING_FOR_SLOT),
    (S.EXECUTING_ACTION, S.CONFIRMING),
    (S.CONFIRMING, S.EXECUTING_ACTION),
    (S.CONFIRMING, S.COMPLETED),
    (S.CONFIRMING, S.UNDERSTANDING),
    (S.COMPLETED, S.IDLE),
    (S.ERROR, S.UNDERSTANDING),
    (S.ERROR, S.IDLE),
} | {(state, S.ERROR) for state in S if state is not S.ERROR}


def test_the_matrix_is_the_seed_matrix():
    declared = {(source, target) for source, targets in TRANSITIONS.items() for target in targets}

    assert declared == SEED_MATRIX


@pytest.mark.parametrize(("source", "target"), sorted(SEED_MATRIX))
def test_every_allowed_transition(source, target):
    assert transition(source, target) is target


@pytest.mark.parametrize(
    ("source", "target"),
    [pair for pair in itertools.product(S, S) if pair not in SEED_MATRIX],
)
def test_every_other_transition_is_illegal(source, target):
    with pytest.raises(IllegalTransition, match=f"from {source} to {target}"):
        transition(source, target)
