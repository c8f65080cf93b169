"""What Eliza says when no keyword answers, and how she opens: data for compose.py.

"{n}" is ", <name>" when the person's name is known; "{0}" in MEMORY_TEMPLATES is a
phrase the person said earlier after "my" ("sister").
"""

from __future__ import annotations

FALLBACKS = (
    "Tell me more about that.",
    "I'm listening. What else is on your mind?",
    # Plain enough to follow anything ("What's that been like for you?" followed "ok").
    "I'm here. Take your time.",
    "Mm. Say more if you like.",
    "Go on — I'm here.",
)
# When every candidate failed the language guard or was already said this session: plain,
# warm, and true after any message (compose._guarded).
SAFE_REPLIES = (
    "I'm listening. What feels most important about this right now?",
    "Tell me a bit more — I'd like to understand.",
    "What would help most right now: talking it through, or one small next step?",
    "How are you feeling about all of this?",
    "I'm here with you. Where would you like to begin?",
    "What's one small thing that would make today a little better?",
    "That matters. What would you like to happen next?",
    "Let's take it one step at a time. What comes first for you?",
    "I'd love to hear more. What's on your mind?",
    "Thanks for telling me. What would make this easier?",
    "Say more if you like — I'm not going anywhere.",
    "What part of this is on your mind most?",
)
# A greeting, thanks or "who are you" when the rule's own replies were all said this session.
SOCIAL_REPLIES = (
    "Good to hear from you{n}. What's on your mind today?",
    "I'm always glad to chat{n}. How is your day going?",
    "I'm here{n}. What would you like to talk about?",
    "Nice to have you here{n}. What would make today feel good?",
)
MEMORY_TEMPLATES = (
    "Earlier you mentioned your {0}. How is that going?",
    "Let's come back to your {0} for a moment. What's happening there?",
    "Does this connect to your {0} that you mentioned before?",
)
INTENT_FALLBACKS = {
    "create_goal": (
        "Let's set up a new goal. What would you like to achieve, and why does it matter to you?",
        "A new goal — exciting! What would you call it?",
    ),
    "mission_request": (
        "Let's find a good next step together.",
        "The best mission is one you can start in the next five minutes.",
    ),
    "question": (
        "Good question. What are you leaning toward yourself?",
        "Let's think it through together. What would help you decide?",
    ),
    "small_talk": (
        # Plain and true after anything: "How has your day been?" jarred mid-conversation,
        # "Tell me something good" after a father's death.
        "Mm, I'm here. Say as much or as little as you like.",
        "I'm with you. What's on your mind right now?",
    ),
    "reflection": (
        "Thank you for sharing that. What do you make of it?",
        "That's worth sitting with. What stands out to you?",
    ),
    "goal_discussion": (
        "How do you feel about your progress so far?",
        "What's working, and what isn't, on your goal right now?",
    ),
}
CLARIFY_QUESTIONS = (
    "Could you tell me a little more about what you mean?",
    "Which part of this matters most to you right now?",
    "What would you like to happen?",
)
CRISIS_REPLIES = (
    "I'm really glad you told me{n}. What you're feeling matters, and you don't have to face "
    "it alone. If you are in danger right now, please call your local emergency number. You "
    "can also reach a crisis line any time: in the US call or text 988, in the UK and Ireland "
    "call Samaritans on 116 123, or find a local helpline at findahelpline.com. Would you tell "
    "me what's happening?",
    "Thank you for trusting me with this{n}. Your safety matters most right now. If you might "
    "act on these thoughts, please call your local emergency number or go to the nearest "
    "emergency department. A crisis line can help too: 988 in the US (call or text), "
    "Samaritans on 116 123 in the UK and Ireland, or findahelpline.com for other countries. "
    "Is there someone you trust who can be with you?",
)

OPENERS = {
    "celebrate": (
        "That's wonderful{n}!",
        "I love hearing that{n}!",
        "Yes — that's worth celebrating{n}!",
        "How lovely{n}!",
    ),
    "love": ("I love that{n}.", "That's lovely to hear{n}."),
    "calm": (
        "That sounds like a lot{n}. Let's slow down: breathe in for four, hold for four, out "
        "for six.",
        "Let's take one slow breath together before anything else{n}.",
        "It's okay to feel this way{n}. We'll take it one small step at a time.",
    ),
    "sadness": (
        "I'm sorry it feels heavy right now{n}.",
        "That sounds really hard{n}.",
        "Thank you for telling me{n}; that takes honesty.",
    ),
    "anger": (
        "That sounds really frustrating{n}.",
        "It makes sense to feel upset about that{n}.",
        "I can hear how annoyed you are{n}, and that's fair.",
    ),
    "surprise": ("Oh, that's unexpected!", "Wow — I didn't see that coming."),
}
CALM_STEP = (
    "If it helps, take one slow breath — in for four, out for six — then just one small step."
)
