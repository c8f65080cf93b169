"""The reply guard: each rule finds its mistake and passes good replies."""

from __future__ import annotations

import pytest

from delight.ai.offline.compose import _render
from delight.ai.offline.quality import reply_problems
from delight.ai.offline.replies import (
    CLARIFY_QUESTIONS,
    CRISIS_REPLIES,
    FALLBACKS,
    INTENT_FALLBACKS,
    OPENERS,
    SAFE_REPLIES,
)
from delight.ai.offline.rules import KEYWORDS

GOOD_REPLIES = [
    "All good on my side — I've been looking forward to hearing how you are. How are you?",
    "I love hearing that! Time off matters as much as progress. What recharges you most?",
    "What are you afraid of?",
    "Who do you feel most yourself with?",
    "That had had its day, I think.",
    "What about you?",
    "How about a ten-minute walk?",
    "On your list today: 10-minute walk; stretch for 5 minutes. Which one feels right?",
    "If it helps, pick just one mission — maybe “lay out running shoes” — and let the rest wait.",
    "Let me help you plan it. What comes first?",
    "You can also find a local helpline at findahelpline.com for other countries.",
    "Can you tell me more about it?",
    "I know you are trying. What would help?",
    "I remember you usually wake up around 7.",
    "What are you looking forward to seeing?",
    "You want to sing? Lovely.",
    "Let me just check: you really are doing well.",
]


@pytest.mark.parametrize("reply", GOOD_REPLIES)
def test_good_replies_pass(reply: str) -> None:
    assert reply_problems(reply) == []


@pytest.mark.parametrize(
    ("reply", "problem"),
    [
        ("Tell me more about about your exam.", "doubled word"),
        ("What would make it easier easier?", "doubled word"),
        ("If your exam tomorrow, can me help you plan?", "pronoun error"),
        ("Does me am really tired?", "pronoun error"),
        ("I remember you likes hiking.", "pronoun error"),
        ("I remember you always feels anxious.", "pronoun error"),
        ("Why do you think you is late?", "pronoun error"),
        ("Would you like to help I with it?", "pronoun error"),
        ("Why do you say your are stuck?", "pronoun error"),
        ("I remember you want to learning english.", "verb form after 'to'"),
        ("Tell me more about the.", "dangling fragment"),
        ("What would you like to do with your?", "dangling fragment"),
        ("If your exam went better than you fear,", "unfinished ending"),
        ("What stands out about it for you ?", "empty slot"),
        ("Tell me about , please.", "empty slot"),
        ("Why your exam tomorrow?", "question without a verb"),
        ("Every step brings your goal “Run a 5k closer.", "unbalanced"),
        ("Let's look at it (together.", "unbalanced"),
        ("Why do you think your {0} is late?", "leftover template brace"),
        ("Tell me more. I'm listening. Tell me more.", "repeated sentence"),
        ("Tell me more. " * 1 + "word " * 120 + "end.", "over length"),
        ("Why do you want to run a marathon lol?", "echoed shorthand"),
        ("Your plants are thriving 🌱. How does that feel?", "echoed emoji"),
        ("Good. tell me more.", "lower case"),
        ("", "empty reply"),
    ],
)
def test_each_rule_finds_its_mistake(reply: str, problem: str) -> None:
    assert any(problem in found for found in reply_problems(reply)), reply_problems(reply)


def test_every_fixed_reply_eliza_says_passes_the_guard() -> None:
    texts = [*FALLBACKS, *SAFE_REPLIES, *CLARIFY_QUESTIONS, *CRISIS_REPLIES]
    texts += [t for bank in (*INTENT_FALLBACKS.values(), *OPENERS.values()) for t in bank]
    failing = {t: reply_problems(_render(t, (), "Sam")) for t in texts}
    assert {t: p for t, p in failing.items() if p} == {}


def test_every_rule_template_filled_with_a_plain_fragment_passes_the_guard() -> None:
    failing = {}
    for keyword in KEYWORDS:
        for rule in keyword.rules:
            for template in rule.templates:
                reply = _render(template, ("plan", "is late"), "Sam")
                problems = reply_problems(reply[:1].upper() + reply[1:])
                if problems:
                    failing[template] = problems
    assert failing == {}
