"""The reply's act learned from blind conversations (companion/turn/policy.py)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.turn import policy
from companion.turn.plan import Feeling, Heard, reply_planned
from delight.ai.classifiers.softmax import PerSpace, Softmax, Stored
from delight.ai.embeddings import HashingEmbedder
from delight.ai.engine import OfflineEngine

CALM = Feeling("neutral", {"neutral": 0.9})
SAD = Feeling("sadness", {"sadness": 0.8})
SPACE = "test-space"
MEANING = 4


class FlatEmbedder:
    """An embedder of its own vector space, every text at the same point."""

    name = SPACE

    def embed_one(self, text: str) -> list[float]:
        return [0.0] * MEANING


def width() -> int:
    heard = Heard(text="x", act="", confidence=0.0, feeling=CALM)
    return len(policy.vector(heard, "", [0.0] * MEANING))


@pytest.fixture
def sure_of_celebrating(monkeypatch):
    """A policy that always wants to celebrate, surely."""
    bias = np.full(len(policy.LEARNED), -10.0, dtype=np.float32)
    bias[policy.LEARNED.index("celebrate")] = 10.0
    weights = np.zeros((width(), len(policy.LEARNED)), dtype=np.float32)
    stored = Stored(Softmax(weights, bias), SPACE, "", {})
    monkeypatch.setattr(policy, "_stored", PerSpace(lambda: stored))


def test_a_sure_policy_overrules_the_rules(sure_of_celebrating):
    heard = Heard(
        text="the weather has been odd lately", act="small_talk", confidence=0.3, feeling=CALM
    )
    assert reply_planned(heard)[0] != "celebrate"
    assert policy.reply_chosen(heard, FlatEmbedder()) == ("celebrate", "celebrate")


def test_the_feeling_comes_before_a_sure_policy(sure_of_celebrating):
    grief = Heard(
        text="my dog died this morning", act="grief", confidence=0.9, feeling=SAD, grieving=True
    )
    assert policy.reply_chosen(grief, FlatEmbedder())[0] == "sympathy"
    fresh_loss = Heard(text="went for a walk", act="small_talk", confidence=0.8, feeling=CALM,
                       mourning=True)  # fmt: skip
    assert policy.reply_chosen(fresh_loss, FlatEmbedder())[0] == "listen"


def test_without_a_model_for_the_vector_space_the_rules_choose():
    for heard in (
        Heard(text="hey eliza", act="greeting", confidence=0.95, feeling=CALM, by="rule"),
        Heard(text="my dog died", act="grief", confidence=0.9, feeling=SAD, grieving=True),
    ):
        assert policy.reply_chosen(heard, HashingEmbedder()) == reply_planned(heard)


def test_a_conversation_is_read_as_the_turn_reads_it():
    """What her reply before did is the first act its writer accepted; a loss stays fresh; a
    message only a flow can answer teaches nothing."""
    row = {"turns": [
        {"user": "hey eliza", "acts": ["greet"]},
        {"user": "my cat died this morning", "acts": ["sympathy", "listen"]},
        {"user": "i did the stretching anyway", "acts": ["mission_done"]},
        {"user": "ok", "acts": ["smalltalk", "mission_done", "listen"]},
    ]}  # fmt: skip
    found = policy.situations([row], OfflineEngine(HashingEmbedder()))
    assert [s.heard.text for s in found] == ["hey eliza", "my cat died this morning", "ok"]
    assert [s.heard.before for s in found] == ["", "greet", "mission_done"]
    assert [s.heard.mourning for s in found] == [False, False, True]
    assert found[1].heard.grieving
    assert found[2].accepted == ("smalltalk", "listen")


def test_every_act_accepted_for_a_message_is_learned_as_a_good_reply_on_its_own():
    heard = Heard(text="meh", act="", confidence=0.0, feeling=CALM)
    both = policy.Situation(heard, "listen", (0.0,) * MEANING, ("listen", "sympathy"))
    chances = policy.policy_train([both] * 5).probabilities(
        policy.vector(heard, "listen", [0.0] * MEANING)[None, :]
    )[0]
    listen, sympathy = (chances[policy.LEARNED.index(a)] for a in ("listen", "sympathy"))
    others = [c for act, c in zip(policy.LEARNED, chances, strict=True) if act not in
              ("listen", "sympathy")]  # fmt: skip
    assert listen > 0.9
    assert sympathy > 0.9
    assert max(others) < 0.1


def test_the_untouched_conversations_are_never_trained_on():
    tuned = {row["name"] for row in policy.conversations()}
    kept = {row["name"] for row in policy.conversations(untouched=True)}
    assert tuned
    assert not tuned & kept
    assert len(kept) >= 40


def test_the_stored_policy_was_made_from_the_blind_sets_as_they_are():
    assert policy.model_current(), "run: python manage.py policy_train"


def test_the_policy_gives_kindness_for_any_setback_but_never_a_flows_act():
    plan = Heard(text="ill go for a swim tomorrow", act="share_fact", confidence=0.5, feeling=CALM)
    setback = Heard(text="ugh the realtor. tomorrow.", act="venting", confidence=0.5,
                    feeling=CALM)  # fmt: skip
    asked = Heard(text="say something nice", act="kindness_request", confidence=0.9,
                  feeling=CALM)  # fmt: skip
    assert policy.gives("kindness", plan)
    assert policy.gives("kindness", setback)
    assert policy.gives("kindness", asked)
    assert not policy.gives("mission_done", plan)


def test_advice_is_given_only_where_it_has_words_for_the_message():
    chose = Heard(text="the shopping list one sounds easiest", act="affirm", confidence=0.2,
                  feeling=CALM)  # fmt: skip
    leftovers = Heard(text="i might freeze the leftovers", act="share_fact", confidence=0.5,
                      feeling=CALM)  # fmt: skip
    asked = Heard(text="any tips for my knee", act="advice_request", confidence=0.9, feeling=CALM)
    assert not policy.gives("advice", chose)
    assert policy.gives("advice", leftovers)
    assert policy.gives("advice", asked)


def test_a_request_to_be_reassured_is_the_rules_to_answer(sure_of_celebrating):
    heard = Heard(text="is it normal to forget names all the time", act="question",
                  confidence=0.9, feeling=CALM)  # fmt: skip
    assert policy.reply_chosen(heard, FlatEmbedder())[0] == "kindness"
