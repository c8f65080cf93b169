"""The offline companion: a rule-based Eliza in the tradition of Weizenbaum's 1966 ELIZA.

No network, no model, no state of its own: everything it needs (history, emotion, strategy,
context lines) arrives with each call, so any process can answer any turn.

How a reply is made (`compose_reply`):

1. Clean the text (curly quotes, contractions expanded: "I'm" -> "I am") and split it into
   sentences.
2. Find every keyword in every sentence; the highest-ranked keyword wins (ties: the earlier
   sentence). Classic ELIZA works the same way.
3. Try that keyword's decomposition patterns in order; the first that matches captures the
   fragments of the person's own words.
4. Reflect the fragments ("I am" -> "you are", "my" -> "your") and put them into one of the
   rule's reassembly templates. Templates are cycled turn by turn, so the same rule answers
   differently each time, and a reply identical to a recent one is never chosen.
5. With no keyword: recall something the person said earlier ("Earlier you mentioned your
   sister…"), ELIZA's MEMORY, or fall back to a gentle, intent-aware prompt.
6. Wrap it for a goal coach: an opener for the strategy or emotion (celebrate joy, calm
   fear with a breath or a small step, acknowledge sadness and anger), then at most one line
   woven from the context it was given (today's missions, the current goal, a memory).

Context lines are plain strings; these prefixes are understood (case-insensitive):
"Goal: …", "Current goal: …", "Missions: a; b; c", "Today's missions: …", "Mission: …",
"Memory: …", "Personal: …", "Project: …", "Task: …", "Name: …". Any other line is treated as
something remembered about the person.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field

from delight.ai.embeddings import STOPWORDS, light_stem, normalise_words
from delight.ai.types import ChatMessage, EmotionResult, ExtractedFact, IntentResult


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# -- text cleaning and reflection -----------------------------------------------------------

_CONTRACTIONS: tuple[tuple[str, str], ...] = (
    (r"\bi'm\b", "I am"),
    (r"\bim\b", "I am"),
    (r"\bi've\b", "I have"),
    (r"\bi'd\b", "I would"),
    (r"\bi'll\b", "I will"),
    (r"\bcan't\b|\bcannot\b|\bcant\b", "can not"),
    (r"\bwon't\b", "will not"),
    (r"\bdon't\b|\bdont\b", "do not"),
    (r"\bdoesn't\b", "does not"),
    (r"\bdidn't\b", "did not"),
    (r"\bisn't\b", "is not"),
    (r"\baren't\b", "are not"),
    (r"\bwasn't\b", "was not"),
    (r"\bweren't\b", "were not"),
    (r"\bcouldn't\b", "could not"),
    (r"\bshouldn't\b", "should not"),
    (r"\bwouldn't\b", "would not"),
    (r"\bhaven't\b", "have not"),
    (r"\byou're\b", "you are"),
    (r"\byou've\b", "you have"),
    (r"\bit's\b", "it is"),
    (r"\bthat's\b", "that is"),
    (r"\bwhat's\b", "what is"),
    (r"\blet's\b", "let us"),
    (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"),
)
_CONTRACTION_RES = tuple((re.compile(p, re.IGNORECASE), r) for p, r in _CONTRACTIONS)

# Words that swap perspective. Pairs go first so "I am" becomes "you are", not "you are"
# via "am" -> "are" by luck.
_PAIR_REFLECTIONS = {
    ("i", "am"): "you are",
    ("i", "was"): "you were",
    ("you", "are"): "I am",
    ("you", "were"): "I was",
    ("am", "i"): "are you",
    ("are", "you"): "am I",
}
_WORD_REFLECTIONS = {
    "i": "you",
    "me": "you",
    "my": "your",
    "mine": "yours",
    "myself": "yourself",
    "am": "are",
    "your": "my",
    "yours": "mine",
    "yourself": "myself",
}
# After these, "you" is a subject ("you know" -> "I know"); otherwise an object ("me").
_SUBJECT_VERBS = _words(
    "have had do did will would can could should know think feel want need like love said say "
    "told seem may might must"
)
_NATURAL = ((r"\bcan not\b", "can't"), (r"\bdo not\b", "don't"), (r"\bdoes not\b", "doesn't"),
            (r"\bwill not\b", "won't"), (r"\bdid not\b", "didn't"))  # fmt: skip


def clean_text(text: str) -> str:
    """Straight quotes, contractions expanded, single spaces; case is kept for names."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    for pattern, replacement in _CONTRACTION_RES:
        text = pattern.sub(replacement, text)
    return re.sub(r"\s+", " ", text).strip()


def split_sentences(text: str) -> list[str]:
    parts = re.split(
        r"(?<=[.!?])\s+|[\n;]+|(?<=[a-z])[.!?]+(?=[A-Z])|,?\s+(?:and|but)\s+(?=I\b)", text
    )
    return [p.strip(" .!?,") for p in parts if p and p.strip(" .!?,")]


def reflect(fragment: str) -> str:
    """Swap first and second person in a captured fragment.

    1. Walk the words; a known pair ("I am", "you are") is replaced as a unit.
    2. Single words use the word table; "you" becomes "I" before a verb, else "me".
    3. Punctuation is trimmed, braces removed (they would look like template slots), and
       a few expanded contractions are folded back so the reply reads naturally.
    """
    words = re.sub(r"[{}]", "", fragment).strip(" .!?,;:").split()
    out: list[str] = []
    i = 0
    while i < len(words):
        word = words[i]
        lower = word.lower()
        nxt = words[i + 1].lower() if i + 1 < len(words) else ""
        if (lower, nxt) in _PAIR_REFLECTIONS:
            out.append(_PAIR_REFLECTIONS[(lower, nxt)])
            i += 2
            continue
        if lower == "you":
            out.append("I" if nxt in _SUBJECT_VERBS else "me")
        elif lower in _WORD_REFLECTIONS:
            out.append(_WORD_REFLECTIONS[lower])
        else:
            out.append(word)
        i += 1
    reflected = " ".join(out)
    for pattern, replacement in _NATURAL:
        reflected = re.sub(pattern, replacement, reflected)
    return _shorten(reflected)


def _shorten(fragment: str, limit: int = 14) -> str:
    """Keep echoed fragments short: cut at a comma, then at `limit` words."""
    words = fragment.split()
    if len(words) <= limit:
        return fragment
    head = fragment.split(",")[0].split()
    return " ".join(head[:limit] if len(head) >= 3 else words[:limit])


# -- rules ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decomposition:
    """A pattern over one sentence and the templates that answer it.

    `tone` says what the templates already do ("calm", "acknowledge", "celebrate",
    "social"), so the emotional opener is not said twice.
    """

    pattern: re.Pattern[str]
    templates: tuple[str, ...]
    tone: str = ""
    remember: bool = False


@dataclass(frozen=True)
class Keyword:
    key: str
    rank: int
    trigger: re.Pattern[str]
    rules: tuple[Decomposition, ...]


def _d(pattern: str, *templates: str, tone: str = "", remember: bool = False) -> Decomposition:
    return Decomposition(re.compile(pattern, re.IGNORECASE), tuple(templates), tone, remember)


def _k(key: str, rank: int, trigger: str, *rules: Decomposition) -> Keyword:
    return Keyword(key, rank, re.compile(trigger, re.IGNORECASE), tuple(rules))


ANY = r"(.*)"
# Words that follow "I am" without being a name ("I am Fine", "I'm Tired").
_NOT_NAMES = _words(
    "fine good okay ok tired sad happy here back done sorry ready great sure well better "
    "bored busy stressed anxious excited lost stuck new confused"
)
_NOT_NAMES_TITLE = tuple(word.title() for word in sorted(_NOT_NAMES))
_RELATIVES = (
    r"mother|mom|mum|father|dad|parents|sister|brother|family|wife|husband|partner|"
    r"boyfriend|girlfriend|son|daughter|kids|children|grandmother|grandfather|grandma|grandpa"
)

KEYWORDS: tuple[Keyword, ...] = (
    _k(
        "name",
        10,
        r"\b(my name is|call me|i go by)\b|^(?:hi|hello|hey)?,? ?i am \w+$",
        _d(
            r"\b(?:my name is|call me|i go by) ([A-Za-z][\w'-]*)",
            "Lovely to meet you, {0}! What would you like to work on together?",
            "Nice to meet you, {0}. What's on your mind today?",
            "Hello, {0} — I'm glad you're here. What brings you to me today?",
            tone="social",
        ),
        _d(
            r"^(?:\w+,? )?I am (?-i:(?!(?:" + "|".join(_NOT_NAMES_TITLE) + r")\b)([A-Z][a-z]+))$",
            "Lovely to meet you, {0}! What would you like to work on together?",
            "Nice to meet you, {0}. What's on your mind today?",
            tone="social",
        ),
    ),
    _k(
        "overwhelm",
        9,
        r"\b(overwhelm\w*|too much|drowning|swamped|so much to do|buried|spread too thin)\b",
        _d(
            r"\b(?:overwhelmed|drowning|swamped|buried) (?:by|with|in) (.+)",
            "When {0} piles up, everything feels urgent at once. What is one piece you could "
            "finish in ten minutes?",
            "{0} is a lot to hold at once. Shall we pick just the next small step and let the "
            "rest wait?",
            "Let's not solve all of {0} today. Which part is weighing on you most? We can start "
            "with one small step.",
            tone="calm",
        ),
        _d(
            ANY,
            "It sounds like there's a lot on your plate. Let's take one slow breath together, "
            "then choose just one small thing.",
            "Feeling overwhelmed often means too many open loops. Could we write them down and "
            "pick only the first small step?",
            "You don't have to do everything today. Breathe out slowly — what's one thing that "
            "would make tomorrow easier?",
            tone="calm",
        ),
    ),
    _k(
        "anxious",
        9,
        r"\b(anxious|anxiety|panic\w*|scared|afraid|nervous|worried|worry|worrying|stressed|"
        r"stress|stressful|terrified|dread\w*|freaking out)\b",
        _d(
            r"\b(?:scared|afraid|nervous|worried|anxious|terrified) (?:of|about) (.+)",
            "What feels most frightening about {0}? Let's take one slow breath and look at it "
            "together.",
            "It's understandable to feel uneasy about {0}. What's one small step that would "
            "help you feel a little more prepared?",
            "If {0} went better than you fear, what would that look like?",
            tone="calm",
        ),
        _d(
            r"\bstress(?:ed)? (?:about|over|by|because of) (.+)",
            "What is it about {0} that weighs on you most?",
            "Let's look at {0} together. Which small part of it is in your control?",
            "{0} sounds stressful. Breathe in for four, out for six — then tell me the very "
            "next step.",
            tone="calm",
        ),
        _d(
            ANY,
            "That sounds stressful. Let's slow down: breathe in for four counts, hold for four, "
            "and out for six. What's the worry underneath?",
            "Anxiety makes everything look bigger than it is. What's one small thing you can "
            "do right now?",
            "I'm here with you. Take a slow breath — what's worrying you most right now?",
            tone="calm",
        ),
    ),
    _k(
        "tired",
        8,
        r"\b(tired|exhausted|drained|burn(?:ed|t)? ?out|no energy|worn out|sleepy|fatigued)\b",
        _d(
            ANY,
            "Rest is part of progress too. What would a gentle version of today look like?",
            "Being tired changes what's realistic. Would a five-minute mission feel better "
            "than a big one today?",
            "It sounds like your energy is low. How have you been sleeping?",
            tone="acknowledge",
        ),
    ),
    _k(
        "lonely",
        8,
        r"\b(lonely|alone|isolated|left out)\b",
        _d(
            ANY,
            "Feeling alone is hard. I'm here, and I'm listening. What's been happening?",
            "Loneliness can make everything heavier. Is there someone you used to enjoy "
            "talking to?",
            "Thank you for telling me. When do you feel least alone?",
            tone="acknowledge",
        ),
    ),
    _k(
        "angry",
        8,
        r"\b(angry|mad|furious|annoyed|frustrat\w*|irritated|pissed|fed up|livid)\b",
        _d(
            r"\b(?:angry|mad|furious|annoyed|frustrated|irritated|fed up|pissed) "
            r"(?:with|at|about|by) (.+)",
            "What about {0} frustrates you most?",
            "It makes sense to be upset about {0}. What would you like to happen instead?",
            "If you could change one thing about {0}, what would it be?",
            tone="acknowledge",
        ),
        _d(
            ANY,
            "That sounds really frustrating. What happened?",
            "Anger often points at something we care about. What matters to you here?",
            "It's okay to be fed up. Do you want to vent, or look for a next step?",
            tone="acknowledge",
        ),
    ),
    _k(
        "achievement",
        8,
        r"\b(i did it|finished|completed|accomplished|achieved|nailed|managed to|made it|"
        r"streak|passed|personal best|new record)\b",
        _d(
            r"\b(\d+)[- ]day streak",
            "{0} days in a row — that's real consistency! What's been keeping you going?",
            "A {0}-day streak! Take a moment to be proud of that. What helped most?",
            tone="celebrate",
        ),
        _d(
            r"\bi (?:finally |just )?(?:finished|completed|accomplished|achieved|nailed|passed) "
            r"(.+)",
            "You finished {0}! How does that feel?",
            "Completing {0} is a real win. What helped you get it done?",
            "That's a big one — {0}, done! Want to pick the next small step while the momentum "
            "is here?",
            tone="celebrate",
        ),
        _d(
            r"\bi (?:finally )?managed to (.+)",
            "You managed to {0} — that's worth celebrating! What made it possible?",
            "Well done! How does it feel to have managed to {0}?",
            tone="celebrate",
        ),
        _d(
            ANY,
            "That's a real accomplishment! What are you most proud of?",
            "Well done! Take a moment to enjoy it. What did you learn along the way?",
            "Yes! Progress like this deserves a pause to savour it. How do you feel?",
            tone="celebrate",
        ),
    ),
    _k(
        "setback",
        8,
        r"\b(failed|failure|gave up|give up|missed|skipped|broke my streak|fell off|slipped|"
        r"relapsed|messed up|screwed up|blew it)\b",
        _d(
            r"\bi (?:missed|skipped) (.+)",
            "Missing {0} doesn't erase the progress you've made. What got in the way?",
            "One missed day is just one day. What would make {0} easier next time?",
            "That's okay. What would a smaller version of {0} look like tomorrow?",
            tone="acknowledge",
        ),
        _d(
            r"\bi (?:gave up|give up) (?:on )?(.+)",
            "What made you give up on {0}?",
            "Sometimes letting go of {0} is wisdom, sometimes it's tiredness. Which does this "
            "feel like?",
            tone="acknowledge",
        ),
        _d(
            ANY,
            "Setbacks are part of every real journey. What's one small thing you could do "
            "today to begin again?",
            "Be as kind to yourself as you'd be to a friend. What happened?",
            "A slip isn't a failure. Shall we find an easy win to get back on track?",
            tone="acknowledge",
        ),
    ),
    _k(
        "sick",
        7,
        r"\b(sick|ill|unwell|headache|migraine|injured|injury|flu|fever|covid)\b",
        _d(
            r"\bmy ((?:\w+ )?\w+) (?:is|has been|was|got|feels) (?:\w+ )?(?:sick|ill|unwell|"
            r"injured|in hospital)",
            "I'm sorry your {0} is unwell. How are you holding up?",
            "That must be worrying. How is your {0} doing now?",
            "Caring about your {0} takes energy too. Be gentle with yourself this week.",
            tone="acknowledge",
            remember=True,
        ),
        _d(
            ANY,
            "I'm sorry you're not feeling well. Rest comes first; your goals will wait.",
            "Take care of yourself — would it help to pause your missions for a day?",
            "Being unwell is hard. Is there anything small that would make today more comfortable?",
            tone="acknowledge",
        ),
    ),
    _k(
        "stuck",
        7,
        r"\b(procrastinat\w*|stuck|unmotivated|no motivation|motivat\w*|lazy|can not focus|"
        r"distracted|putting (?:it )?off|avoiding)\b",
        _d(
            r"\b(?:putting off|procrastinating on|stuck on|avoiding|stuck with) (.+)",
            "What's the smallest possible first step on {0}? Something that takes two minutes?",
            "What makes {0} hard to start?",
            "If {0} were easy, what would it look like?",
        ),
        _d(
            ANY,
            "Motivation often comes after starting, not before. What could you do for just "
            "five minutes?",
            "Getting stuck usually means the next step is too big. What would a tiny version "
            "look like?",
            "What is pulling your attention away right now?",
        ),
    ),
    _k(
        "goal",
        7,
        r"\b(goals?|want to|wish|dream of|hope to|plan to|aim to|trying to|would like to)\b",
        _d(
            r"\bmy (?:main |big |biggest |new )?goal is (?:to )?(.+)",
            "{0} — that's worth working toward. Why does it matter to you?",
            "What would reaching {0} change for you?",
            "How will you know you've achieved {0}?",
        ),
        _d(
            r"\bi (?:really )?(?:want|would like|hope|plan|aim|dream of) (?:to )?(.+)",
            "What would it mean to you to {0}?",
            "Why do you want to {0}?",
            "Suppose you could {0} — what would be different?",
            "What is one small step toward being able to {0}?",
        ),
        _d(
            r"\bi am trying to (.+)",
            "How is trying to {0} going so far?",
            "What has helped most while trying to {0}?",
            "What gets in the way when you try to {0}?",
        ),
        _d(
            r"\bi wish (.+)",
            "Why do you wish {0}?",
            "What would change if {0}?",
            "What's one thing within your reach that would bring that wish closer?",
        ),
        _d(
            ANY,
            "Tell me about the goal you have in mind.",
            "Goals are easier when they're specific. What exactly would you like to achieve?",
            "What would success look like for you, in a sentence?",
        ),
    ),
    _k(
        "mission",
        7,
        r"\b(missions?|tasks?|to-?do|what should i do|next step|what now|where do i start)\b",
        _d(
            ANY,
            "Let's find a good next step together.",
            "Here's a thought: choose the step that takes the least courage to start.",
            "The best mission is one you can start in the next five minutes.",
        ),
    ),
    _k(
        "how_are_you",
        6,
        r"\b(how are you|how is it going|how are things|what is up|how have you been|"
        r"how do you do)\b",
        _d(
            ANY,
            "I'm doing well, thank you for asking{n}! How about you?",
            "All good on my side — I've been looking forward to hearing how you are. How are you?",
            "I'm here and ready to help. How are you feeling today?",
            tone="social",
        ),
    ),
    _k(
        "goodbye",
        6,
        r"\b(bye|goodbye|good night|goodnight|see you|talk later|gotta go|have to go|ttyl)\b",
        _d(
            ANY,
            "Goodbye{n}! Be gentle with yourself until next time.",
            "Talk soon{n}. I'll be here when you need me.",
            "Good night{n}! Rest well — tomorrow is a fresh start.",
            tone="social",
        ),
    ),
    _k(
        "who_are_you",
        6,
        r"\b(who are you|what are you|what is your name|are you (?:a |an )?(?:robot|bot|ai|"
        r"human|real|person|machine))\b",
        _d(
            ANY,
            "I'm Eliza, your companion here. I help you turn goals into small steps, and I "
            "remember what matters to you.",
            "I'm Eliza, an AI companion — not a person, but I'm here to listen and to help you "
            "make progress.",
            tone="social",
        ),
    ),
    _k(
        "time",
        6,
        r"\b(no time|too busy|so busy|not enough time|do not have time|hectic|busy)\b",
        _d(
            ANY,
            "When time is short, tiny steps matter most. Could ten minutes fit somewhere today?",
            "What usually takes up most of your day?",
            "Busy seasons happen. What would a realistic minimum look like this week?",
        ),
    ),
    _k(
        "feel",
        6,
        r"\b(i feel|i am feeling|i have been feeling|i felt|feeling)\b",
        _d(
            r"\bi (?:feel|am feeling|have been feeling|felt) (?:so |really |very |quite |"
            r"a bit |kind of |pretty )?(sad|down|low|depressed|unhappy|miserable|hopeless|"
            r"empty|blue|awful|terrible|bad|lost|stuck)\b",
            "I'm sorry you're feeling {0}. What's been weighing on you?",
            "Feeling {0} is hard. Has something happened, or has it been building up?",
            "Thank you for telling me you feel {0}. Would it help to talk it through, or to do "
            "one small, kind thing for yourself?",
            tone="acknowledge",
        ),
        _d(
            r"\bi (?:feel|am feeling|have been feeling|felt) (?:so |really |very |pretty )?"
            r"(happy|great|good|amazing|fantastic|proud|excited|motivated|energi[sz]ed|calm|"
            r"grateful|hopeful|confident)\b",
            "I'm so glad you feel {0}! What's behind it?",
            "Feeling {0} — I love that. What went well?",
            "Let's remember this feeling. What made you feel {0}?",
            tone="celebrate",
        ),
        _d(
            r"\bi (?:feel|am feeling|felt) like (.+)",
            "What makes you feel like {0}?",
            "When did you start feeling like {0}?",
            "Do you often feel like {0}?",
        ),
        _d(
            r"\bi (?:feel|am feeling|have been feeling|felt) (.+)",
            "Tell me more about feeling {0}.",
            "Do you often feel {0}?",
            "What do you think is making you feel {0}?",
            "When you feel {0}, what usually helps?",
        ),
        _d(
            ANY,
            "How are you feeling about it right now?",
            "Feelings are useful information. What is this one telling you?",
        ),
    ),
    _k(
        "cant",
        6,
        r"\b(i can not|i could not|i am unable to)\b",
        _d(
            r"\bi (?:can not|could not|am unable to) (.+)",
            "What makes you think you can't {0}?",
            "Have you tried a smaller version of it — a step toward being able to {0}?",
            "What would you need in order to {0}?",
            "Maybe you can't {0} yet. What could you do today?",
        ),
    ),
    _k(
        "why_dont_you",
        5,
        r"\bwhy do not you\b",
        _d(
            r"\bwhy do not you (.+)",
            "Would you like me to {0}?",
            "Perhaps I could {0} — tell me what would help most.",
        ),
    ),
    _k(
        "why_cant_i",
        5,
        r"\bwhy can not i\b",
        _d(
            r"\bwhy can not i (.+)",
            "Do you think you should be able to {0}?",
            "If you could {0}, what would you do next?",
            "What gets in the way of being able to {0}?",
        ),
    ),
    _k(
        "thanks",
        5,
        r"\b(thanks|thank you|thx|appreciate it)\b",
        _d(
            ANY,
            "You're very welcome{n}.",
            "Any time{n}. I'm glad this helps.",
            "Happy to help! Is there anything else on your mind?",
            tone="social",
        ),
    ),
    _k(
        "greeting",
        5,
        r"^(hi|hello|hey|hiya|howdy|good morning|good afternoon|good evening|yo)\b",
        _d(
            r"^good (morning|afternoon|evening)\b",
            "Good {0}{n}! How are you feeling today?",
            "Good {0}{n}! What would make today a good day?",
            tone="social",
        ),
        _d(
            ANY,
            "Hello{n}! How are you feeling today?",
            "Hi{n}, it's good to see you. What's on your mind?",
            "Hey{n}! What would you like to focus on today?",
            tone="social",
        ),
    ),
    _k(
        "bored",
        5,
        r"\b(bored|boring|dull)\b",
        _d(
            ANY,
            "What used to make you curious?",
            "Boredom can be a sign you're ready for a new challenge. What would feel exciting?",
            "If you had one free hour right now, what would you love to do?",
        ),
    ),
    _k(
        "remember",
        5,
        r"\bremember\b",
        _d(
            r"\bdo you remember (.+)",
            "Remind me about {0} — what stands out about it for you?",
            "Tell me again about {0}. Why is it on your mind?",
        ),
        _d(
            r"\bi remember (.+)",
            "What makes you think of {0} now?",
            "How do you feel when you remember {0}?",
        ),
        _d(ANY, "What would you like me to remember?", "Tell me more — I'm listening."),
    ),
    _k(
        "help",
        4,
        r"\bhelp\b",
        _d(
            r"\bhelp me (?:to )?(.+)",
            "I'd love to help you {0}. Where would you like to start?",
            "Let's work on it together. What have you tried so far?",
        ),
        _d(
            ANY,
            "I'm here to help. What's the most important thing right now?",
            "Of course. Tell me what you're facing.",
        ),
    ),
    _k(
        "i_am",
        4,
        r"\bi am\b",
        _d(
            r"\bi am (?:so |really |very )?(sad|unhappy|depressed|down|miserable|upset|"
            r"heartbroken|lost)\b",
            "I'm sorry you're {0}. Do you want to tell me what's going on?",
            "I'm sorry to hear you are {0}. What would feel supportive right now?",
            tone="acknowledge",
        ),
        _d(
            r"\bi am (?:so |really |very )?(happy|glad|excited|proud|thrilled|delighted)\b",
            "I'm glad you're {0}! What's the best part?",
            "That's lovely — tell me more about what has you {0}.",
            tone="celebrate",
        ),
        _d(
            r"\bi am not sure (.*)",
            "What would help you feel more sure?",
            "That's okay — uncertainty is where good questions start. What are the options?",
        ),
        _d(
            r"\bi am going to (.+)",
            "That sounds like a plan. When will you {0}?",
            "What's the first step to {0}?",
            "How will you feel once you {0}?",
        ),
        _d(
            r"\bi am ((?:a|an) .+)",
            "What's it like being {0}?",
            "How does being {0} shape your days?",
        ),
        _d(
            r"\bi am (\w+ing\b.*)",
            "How is {0} going?",
            "What got you {0}?",
            "How do you feel about {0}?",
        ),
        _d(
            r"\bi am (.+)",
            "How long have you been {0}?",
            "How do you feel about being {0}?",
            "Do you think being {0} is affecting your goals?",
        ),
    ),
    _k(
        "need",
        4,
        r"\bi need\b",
        _d(
            r"\bi need to (.+)",
            "What would happen if you didn't {0}?",
            "What's stopping you from being able to {0}?",
            "When do you need to {0} by?",
        ),
        _d(
            r"\bi need (.+)",
            "Why do you need {0}?",
            "What would getting {0} change for you?",
        ),
    ),
    _k(
        "should",
        4,
        r"\bi should\b",
        _d(
            r"\bi should (.+)",
            "Who says you should {0}?",
            "Do you want to {0}, or do you feel you ought to?",
            "What would make it easier to {0}?",
        ),
    ),
    _k(
        "like",
        4,
        r"\bi (?:really )?(?:love|like|enjoy|adore)\b",
        _d(
            r"\bi (?:really )?(?:love|like|enjoy|adore) (.+)",
            "What do you love most about {0}?",
            "{0} sounds like it brings you joy. How often do you get to do it?",
            "Could {0} become part of one of your goals?",
        ),
    ),
    _k(
        "hate",
        4,
        r"\bi (?:really )?(?:hate|dislike|can not stand|detest)\b",
        _d(
            r"\bi (?:really )?(?:hate|dislike|can not stand|detest) (.+)",
            "What is it about {0} that you dislike?",
            "Has {0} always bothered you?",
            "Is {0} something you can avoid, or something we could make easier?",
        ),
    ),
    _k(
        "sleep",
        4,
        r"\b(sleep|slept|insomnia|bedtime|woke up|nightmare)\b",
        _d(
            ANY,
            "How has your sleep been lately?",
            "Sleep changes everything. What does your evening look like before bed?",
            "A good night often starts an hour earlier. Would a wind-down routine help?",
        ),
    ),
    _k(
        "health",
        4,
        r"\b(exercise|workout|gym|running|walk|walking|hike|hiking|cycling|yoga|swim|swimming|"
        r"fitness|diet|eating|healthy|weight)\b",
        _d(
            ANY,
            "Moving your body counts, whatever the size. What kind of movement do you enjoy?",
            "What would a realistic health step look like this week?",
            "What's one healthy habit you'd like to keep?",
        ),
    ),
    _k(
        "habit",
        4,
        r"\b(habit|routine|every day|daily|consistent|consistency)\b",
        _d(
            ANY,
            "Habits grow from small repeats. What time of day would this fit most naturally?",
            "What's a version so small you couldn't say no to it?",
            "What cue in your day could remind you to start?",
        ),
    ),
    _k(
        "you_are",
        3,
        r"\byou are\b",
        _d(
            r"\byou are (?:so |really |very )?(great|helpful|amazing|awesome|kind|nice|the best|"
            r"wonderful|lovely|sweet)\b",
            "That's kind of you to say. I'm glad I can help.",
            "Thank you! You're the one doing the real work, though.",
            tone="social",
        ),
        _d(
            r"\byou are (?:so |really |very )?(useless|stupid|dumb|annoying|wrong|bad|boring|"
            r"not helping|unhelpful)\b",
            "I'm sorry I'm not getting this right. What would be more helpful?",
            "Fair enough — tell me what you need from me, and I'll try again.",
        ),
        _d(
            r"\byou are (.+)",
            "Why do you say I am {0}?",
            "Would you like me to be {0}?",
        ),
    ),
    _k(
        "can_you",
        3,
        r"\bcan you\b",
        _d(
            r"\bcan you (.+)",
            "I'll do my best to {0}. Tell me a bit more about what you need.",
            "Let's see what I can do. What matters most to you about it?",
        ),
    ),
    _k(
        "family",
        3,
        rf"\b({_RELATIVES})\b",
        _d(
            rf"\bmy ({_RELATIVES}) ((?:is|are|was|were|has|have|had|keeps|does|did|will|just|"
            r"never|always|do not|does not|did not|will not|can not|won't) .+)",
            "Why do you think your {0} {1}?",
            "How does it feel when your {0} {1}?",
            "What would you like to be different with your {0}?",
            remember=True,
        ),
        _d(
            rf"\bmy ({_RELATIVES})\b",
            "Tell me more about your {0}.",
            "How do things feel between you and your {0} lately?",
            "How does your {0} fit into the goals you're working on?",
            remember=True,
        ),
        _d(
            ANY,
            "Family can shape so much of how we feel. What's on your mind about them?",
            "How are things at home?",
        ),
    ),
    _k(
        "friend",
        3,
        r"\bfriends?\b",
        _d(
            ANY,
            "Friends matter. Who do you feel most yourself with?",
            "How does this friendship make you feel?",
            "Is there a friend who could support you with your goals?",
        ),
    ),
    _k(
        "work",
        3,
        r"\b(work|job|boss|career|office|colleagues?|coworkers?|manager|deadlines?)\b",
        _d(
            r"\bdeadlines?\b",
            "When is the deadline, and what's the very next piece you need to finish?",
            "Deadlines can squeeze everything else. Shall we break what's left into chunks?",
        ),
        _d(
            r"\bmy (boss|manager|job|work|career|colleagues?|coworkers?)\b",
            "How do you feel about your {0}?",
            "What's the hardest part of your {0} right now?",
            "Is your {0} helping or getting in the way of your goals?",
            remember=True,
        ),
        _d(
            ANY,
            "How is work treating you these days?",
            "What part of your work gives you energy, and what drains it?",
        ),
    ),
    _k(
        "learn",
        3,
        r"\b(learn|learning|study|studying|course|class|exam|exams|reading|book|practi[cs]e)\b",
        _d(
            ANY,
            "What are you learning right now?",
            "What's the part you're most curious about?",
            "Learning goes best in small daily doses. How much time could you give it today?",
        ),
    ),
    _k(
        "money",
        3,
        r"\b(money|debt|bills|rent|tax|taxes|budget|broke|salary|savings)\b",
        _d(
            ANY,
            "Money worries can follow us everywhere. What feels most pressing?",
            "Would it help to turn this into one concrete step, like listing what's due this "
            "month?",
            "How is this affecting how you feel day to day?",
        ),
    ),
    _k(
        "if",
        3,
        r"\bif\b",
        _d(
            r"\bwhat if (.+)",
            "What do you think would happen if {0}?",
            "And if {0}, how would you handle it?",
        ),
        _d(
            r"\bif (.+)",
            "Do you think it's likely that {0}?",
            "What would you do if {0}?",
        ),
    ),
    _k(
        "because",
        3,
        r"\bbecause\b",
        _d(
            r"\bbecause (.+)",
            "Is that the real reason?",
            "Does that explain anything else for you?",
            "What other reasons might there be?",
        ),
    ),
    _k(
        "dream",
        3,
        r"\b(dreamt|dreamed|had a dream)\b",
        _d(
            ANY,
            "What do you think that dream was telling you?",
            "How did you feel when you woke up?",
        ),
    ),
    _k(
        "joke",
        3,
        r"\b(joke|funny|laugh)\b",
        _d(
            ANY,
            "Here's one: why did the scarecrow get promoted? He was outstanding in his field. "
            "Now, how are you really doing?",
            "Laughter helps. What made you smile today?",
        ),
    ),
    _k(
        "my",
        2,
        r"\bmy\b",
        _d(
            r"\bmy ((?:\w+ ){0,2}?\w+) ((?:is|are|was|were|has|have|had|keeps|does|did|will|"
            r"just|never|always|broke|got) .+)",
            "Why do you think your {0} {1}?",
            "How do you feel about the fact that your {0} {1}?",
            "Does it bother you that your {0} {1}?",
            remember=True,
        ),
    ),
    _k(
        "always",
        2,
        r"\balways\b",
        _d(
            r"\bi always (.+)",
            "Can you think of a time when you didn't {0}?",
            "What happens right before you {0}?",
            "Is that a pattern you'd like to change?",
        ),
        _d(ANY, "Can you think of a specific example?", "Always? Tell me about a recent time."),
    ),
    _k(
        "never",
        2,
        r"\bnever\b",
        _d(
            r"\bi (?:will )?never (.+)",
            "Never is a strong word. What makes you so sure you'll never {0}?",
            "What would have to change for you to {0}?",
        ),
        _d(ANY, "Never? What makes you say that?", "Is that always true, or just lately?"),
    ),
    _k(
        "everyone",
        2,
        r"\b(everyone|everybody|nobody|no one)\b",
        _d(
            ANY,
            "Can you think of someone in particular?",
            "Who in particular are you thinking of?",
        ),
    ),
    _k(
        "sorry",
        2,
        r"\b(sorry|apologi[sz]e)\b",
        _d(
            ANY,
            "There's no need to apologise.",
            "You don't have to apologise to me. What's going on?",
            "No apology needed — I'm glad you're here.",
        ),
    ),
    _k(
        "weather",
        2,
        r"\b(weather|raining|rainy|sunny|snowing|heatwave)\b",
        _d(
            ANY,
            "Weather can really shape a day's mood. How is it shaping yours?",
            "Would a short walk fit in today, rain or shine?",
        ),
    ),
    _k(
        "weekend",
        2,
        r"\b(weekend|holiday|vacation|day off)\b",
        _d(
            ANY,
            "Tell me about it — what gave you the most energy?",
            "Time off matters as much as progress. What recharges you most?",
        ),
    ),
    _k(
        "maybe",
        1,
        r"\b(maybe|perhaps|probably|not sure|i guess|dunno|do not know)\b",
        _d(
            ANY,
            "You seem a little uncertain. What would help you decide?",
            "It's okay not to know yet. What does your gut say?",
            "What would you do if you were sure?",
        ),
    ),
    _k(
        "yes",
        1,
        r"^(yes|yeah|yep|sure|ok|okay|definitely|absolutely|of course|sounds good)\b",
        _d(
            ANY,
            "Great. What would you like to do first?",
            "Good. Tell me more.",
            "Okay — let's keep going. What comes next?",
        ),
    ),
    _k(
        "no",
        1,
        r"^(no|nope|nah|not really)\b",
        _d(
            ANY,
            "That's okay. What would you prefer?",
            "Alright. What feels more true for you?",
            "Fair enough. Is there something else on your mind?",
        ),
    ),
    _k(
        "question",
        0,
        r"^(what|how|why|when|where|who|which|is|are|do|does|should|would|could)\b",
        _d(
            ANY,
            "That's a good question. What do you think?",
            "What answer would you hope for?",
            "What makes you ask?",
        ),
    ),
)

FALLBACKS = (
    "Tell me more about that.",
    "I'm listening. What else is on your mind?",
    "How does that make you feel?",
    "What would you like to happen next?",
    "Go on — I'm here.",
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
        "That's a good question. What do you think?",
        "What answer would you hope for?",
    ),
    "small_talk": (
        "I'm enjoying our chat. How has your day been?",
        "Tell me something good that happened today.",
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
STRATEGIES = ("celebrate", "calm", "acknowledge", "coach", "clarify", "crisis")


def check_rules() -> list[str]:
    """Problems in the rule table (a template slot with no matching group); [] when sound."""
    problems = []
    for keyword in KEYWORDS:
        for rule in keyword.rules:
            for template in rule.templates:
                for slot in re.findall(r"\{(\d+)\}", template):
                    if int(slot) >= rule.pattern.groups:
                        problems.append(f"{keyword.key}: {template!r} uses {{{slot}}}")
                leftover = re.sub(r"\{(\d+|n)\}", "", template)
                if "{" in leftover or "}" in leftover:
                    problems.append(f"{keyword.key}: stray brace in {template!r}")
    return problems


def decomposition_count() -> int:
    return sum(len(keyword.rules) for keyword in KEYWORDS)


# -- context --------------------------------------------------------------------------------


@dataclass
class ReplyContext:
    """What the offline engine understood from the context lines."""

    name: str = ""
    goals: list[str] = field(default_factory=list)
    missions: list[str] = field(default_factory=list)
    memories: list[str] = field(default_factory=list)


_CONTEXT_PREFIX = re.compile(
    r"^\s*(?P<kind>current goals?|active goals?|goals?|today'?s missions|missions today|"
    r"missions?|memory|memories|personal|project|task|recalled|remember|name)\s*:\s*(?P<rest>.+)$",
    re.IGNORECASE,
)


def parse_context(lines: Sequence[str], user_name: str = "") -> ReplyContext:
    """Sort context lines into name, goals, missions and memories by their prefix."""
    context = ReplyContext(name=user_name.strip())
    for line in lines:
        match = _CONTEXT_PREFIX.match(line)
        if not match:
            if line.strip():
                context.memories.append(line.strip())
            continue
        kind, rest = match["kind"].lower(), match["rest"].strip()
        if kind == "name":
            context.name = context.name or rest
        elif "goal" in kind:
            context.goals.extend(_split_items(rest))
        elif "mission" in kind:
            context.missions.extend(_split_items(rest))
        else:
            context.memories.append(rest)
    return context


def _split_items(text: str) -> list[str]:
    items = [
        re.sub(r"^\s*(?:\[[^\]]*\]|\([^)]*\))\s*", "", part) for part in re.split(r"[;|]", text)
    ]
    return [item.strip().rstrip(".") for item in items if item.strip()]


def second_person(fact: str) -> str:
    """Turn a stored fact into words for the person: "Likes hiking" -> "you like hiking"."""
    text = fact.strip().rstrip(".")
    if re.match(r"^(I|I'm|My)\b", text):
        return reflect(clean_text(text))
    match = re.match(r"^(Does not|Is|Has|[A-Z][a-z]+s)\b(.*)$", text)
    if not match:
        return ""
    verb, rest = match.groups()
    verb = {"Does not": "don't", "Is": "are", "Has": "have"}.get(verb)
    if verb is None:
        first = match.group(1).lower()
        verb = first[:-2] if first.endswith(("shes", "ches", "sses")) else first[:-1]
    return f"you {verb}{rest}"


# -- the reply ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Match:
    keyword: Keyword
    rule: Decomposition
    fragments: tuple[str, ...]
    sentence: str


def find_match(text: str) -> Match | None:
    """The best keyword's first matching decomposition (see the module docstring)."""
    candidates: list[tuple[int, int, Keyword, str]] = []
    for position, sentence in enumerate(split_sentences(clean_text(text))):
        for keyword in KEYWORDS:
            if keyword.trigger.search(sentence):
                candidates.append((-keyword.rank, position, keyword, sentence))
    candidates.sort(key=lambda item: (item[0], item[1]))
    for _, _, keyword, sentence in candidates:
        for rule in keyword.rules:
            found = rule.pattern.search(sentence)
            if found:
                fragments = tuple(reflect(group or "") for group in found.groups())
                if rule.pattern.pattern != ANY and not all(fragments):
                    continue  # an empty capture would leave a hole in the template
                return Match(keyword, rule, fragments, sentence)
    return None


_MEMORABLE = re.compile(
    r"\bmy ((?:[a-z]+ ){0,2}?[a-z]+?)(?= (?:is|are|was|were|has|have|had|keeps|does|did|will|"
    r"would|can|could|should|might|just|never|always|and|but|because|to|at|in|on|for)\b|"
    r"[.,!?;]|$)",
    re.IGNORECASE,
)
_NOT_MEMORABLE = frozenset({"name", "god", "goodness", "bad", "own", "self", "way", "turn"})


def memorable_phrases(text: str) -> list[str]:
    """Noun phrases after "my" worth bringing back later ("my sister is ill" -> "sister")."""
    phrases = []
    for found in _MEMORABLE.finditer(clean_text(text)):
        phrase = found.group(1).lower()
        if phrase.split()[-1] not in _NOT_MEMORABLE and len(phrase) > 2:
            phrases.append(phrase)
    return phrases


def _stable(seed: str) -> int:
    return zlib.crc32(seed.encode())


def _pick(options: Sequence[str], turn: int, seed: str, shift: int = 0) -> str:
    return options[(turn + _stable(seed) + shift) % len(options)]


def _render(template: str, fragments: Sequence[str], name: str) -> str:
    text = re.sub(r"\{(\d+)\}", lambda m: fragments[int(m.group(1))], template)
    return text.replace("{n}", f", {name}" if name else "")


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _normalise(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def choose_strategy(strategy: str, emotion: EmotionResult | None) -> str:
    """The caller's strategy, or one read from the emotion when none was given."""
    if strategy:
        return strategy
    if emotion is None or emotion.dominant == "neutral":
        return "coach"
    score = emotion.scores.get(emotion.dominant, 0.0)
    if score < 0.35:
        return "coach"
    return {
        "joy": "celebrate",
        "love": "celebrate",
        "fear": "calm",
        "sadness": "acknowledge",
        "anger": "acknowledge",
    }.get(emotion.dominant, "coach")


def _opener(strategy: str, emotion: EmotionResult | None, tone: str, turn: int, name: str) -> str:
    """One sentence that meets the feeling first, unless the rule itself already does."""
    dominant = emotion.dominant if emotion else "neutral"
    if tone in ("social", strategy) or (tone and strategy in ("acknowledge", "celebrate")):
        return ""
    bank: tuple[str, ...] = ()
    if strategy == "celebrate":
        bank = OPENERS["love"] if dominant == "love" else OPENERS["celebrate"]
    elif strategy == "calm":
        bank = OPENERS["calm"]
    elif strategy == "acknowledge":
        bank = OPENERS["anger"] if dominant == "anger" else OPENERS["sadness"]
    elif strategy == "coach" and dominant == "surprise":
        bank = OPENERS["surprise"]
    return _render(_pick(bank, turn, strategy), (), name) if bank else ""


_COMMON_VERBS = _words(
    "like likes love feel feels want need know think make makes really going thing things "
    "today just also much good well time work working feel feeling"
)


def _memory_overlap(text: str, memories: Sequence[str]) -> str:
    """A remembered fact that shares a content word with the message, in second person."""
    said = {
        light_stem(w)
        for w in normalise_words(text)
        if w not in STOPWORDS and w not in _COMMON_VERBS and len(w) > 3
    }
    for memory in memories:
        words = {light_stem(w) for w in normalise_words(memory) if w not in STOPWORDS}
        if said & words:
            phrased = second_person(memory)
            if phrased:
                return f"I remember {phrased}."
    return ""


def _context_line(
    *,
    context: ReplyContext,
    strategy: str,
    key: str,
    intent: str,
    is_fallback: bool,
    text: str,
    turn: int,
) -> str:
    """At most one sentence woven from the context: missions, then memory, then goal."""
    goal = context.goals[0] if context.goals else ""
    if key == "mission" or intent == "mission_request":
        if context.missions:
            listed = "; ".join(context.missions[:3])
            return f"On your list today: {listed}. Which one feels right to start with?"
        if goal:
            return (
                f"We could find a small step toward your goal “{goal}” — something that takes "
                "ten to twenty minutes."
            )
        return ""
    remembered = _memory_overlap(text, context.memories)
    if remembered:
        return remembered
    if strategy == "calm" and context.missions:
        easiest = context.missions[-1]  # the triad lists the easy win last
        return f"If it helps, pick just one mission — maybe “{easiest}” — and let the rest wait."
    if strategy == "acknowledge" and goal:
        return (
            f"If it would help, we could break your goal “{goal}” into something smaller for today."
        )
    if strategy == "celebrate" and goal:
        return f"Every step like this brings your goal “{goal}” closer."
    if is_fallback and goal and intent in ("goal_discussion", "reflection", "other", ""):
        return f"How does this connect with your goal “{goal}”?"
    return ""


@dataclass(frozen=True)
class OfflineReply:
    text: str
    rule: str  # which keyword answered ("fallback", "memory", "crisis", …), for traces
    strategy: str


def compose_reply(
    text: str,
    *,
    history: Sequence[ChatMessage] = (),
    emotion: EmotionResult | None = None,
    intent: IntentResult | None = None,
    strategy: str = "",
    context: Sequence[str] = (),
    user_name: str = "",
) -> OfflineReply:
    """Eliza's reply to `text` (the algorithm is in the module docstring)."""
    ctx = parse_context(context, user_name)
    strategy = choose_strategy(strategy, emotion)
    turn = sum(1 for message in history if message.role == "assistant")
    recent = {_normalise(m.content) for m in list(history)[-6:] if m.role == "assistant"}
    name = ctx.name

    if strategy == "crisis":
        options = [_render(t, (), name) for t in CRISIS_REPLIES]
        fresh = [o for o in options if _normalise(o) not in recent]
        return OfflineReply((fresh or options)[turn % len(fresh or options)], "crisis", strategy)

    intent_label = intent.label if intent else ""
    match = find_match(text)
    cores, rule_name, tone, key = _cores(match, text, history, strategy, intent_label, ctx, turn)
    opener = _opener(strategy, emotion, tone, turn, name)
    extra = _context_line(
        context=ctx,
        strategy=strategy,
        key=key,
        intent=intent_label,
        is_fallback=rule_name in ("fallback", "intent"),
        text=text,
        turn=turn,
    )
    if strategy == "calm" and tone != "calm" and not opener and not extra:
        extra = CALM_STEP
    greeting = ""
    if match and key != "greeting" and tone != "social" and _starts_with_greeting(text):
        greeting = f"Hi{', ' + name if name else ''}."
    candidates = []
    for core in cores:
        parts = [greeting, opener, _capitalise(core)]
        if extra and _normalise(extra) not in " ".join(recent):
            parts.append(extra)
        candidates.append(_tidy(" ".join(p for p in parts if p)))
    for candidate in candidates:
        if _normalise(candidate) not in recent:
            return OfflineReply(candidate, rule_name, strategy)
    # Every variant was said recently: say it differently rather than repeat ourselves.
    rephrased = _tidy(f"Let me put it another way. {_pick(FALLBACKS, turn, 'again')}")
    if _normalise(rephrased) in recent:
        rephrased = _tidy(f"Let me ask differently: {_pick(FALLBACKS, turn + 1, 'again')}")
    return OfflineReply(rephrased, rule_name, strategy)


def _starts_with_greeting(text: str) -> bool:
    return bool(re.match(r"^\s*(hi|hello|hey|hiya|good (morning|afternoon|evening))\b", text, re.I))


def _tidy(text: str) -> str:
    return re.sub(r"\s+([,.!?])", r"\1", re.sub(r"\s+", " ", text)).strip()


def _cores(
    match: Match | None,
    text: str,
    history: Sequence[ChatMessage],
    strategy: str,
    intent: str,
    ctx: ReplyContext,
    turn: int,
) -> tuple[list[str], str, str, str]:
    """Candidate core sentences in preference order, plus (rule name, tone, keyword key)."""
    name = ctx.name
    if strategy == "clarify":
        goal = ctx.goals[0] if ctx.goals else ""
        asks = list(CLARIFY_QUESTIONS)
        if goal:
            asks.insert(0, f"Just so I understand — is this about “{goal}”, or something else?")
        return _rotate(asks, turn, "clarify"), "clarify", "", "clarify"
    strong = match is not None and match.keyword.rank >= 6
    if intent == "create_goal" and not strong:
        return _rotate(INTENT_FALLBACKS["create_goal"], turn, "intent"), "intent", "", "create"
    if match is not None:
        cores = [_render(t, match.fragments, name) for t in match.rule.templates]
        seed = f"{match.keyword.key}:{match.rule.pattern.pattern}"
        return _rotate(cores, turn, seed), match.keyword.key, match.rule.tone, match.keyword.key
    earlier = [m.content for m in history if m.role == "user"]
    for previous in reversed(earlier[-8:]):
        for phrase in memorable_phrases(previous):
            said_lately = " ".join(
                m.content.lower() for m in list(history)[-4:] if m.role == "assistant"
            )
            if phrase not in said_lately and phrase not in text.lower():
                cores = [t.replace("{0}", phrase) for t in MEMORY_TEMPLATES]
                return _rotate(cores, turn, "memory"), "memory", "", "memory"
    if intent in INTENT_FALLBACKS:
        cores = list(INTENT_FALLBACKS[intent]) + list(FALLBACKS)
        return _rotate(cores, turn, "intent:" + intent), "intent", "", intent
    return _rotate(FALLBACKS, turn, "fallback"), "fallback", "", "fallback"


def _rotate(options: Sequence[str], turn: int, seed: str) -> list[str]:
    """All options, starting from this turn's: templates cycle as the conversation goes on."""
    start = (turn + _stable(seed)) % len(options)
    return list(options[start:]) + list(options[:start])


# -- fact extraction ------------------------------------------------------------------------

_CRISIS_HINT = re.compile(
    r"\b(kill|die|dying|suicid\w*|end it|end my life|hurt myself|self[- ]harm|overdose)\b",
    re.IGNORECASE,
)
_TIME_OF_DAY = re.compile(r"\b(mornings?|evenings?|nights?|afternoons?|early|late|night owl)\b")
_TRIVIAL_GOALS = re.compile(
    r"^(?:(?:know|ask|say|talk|tell|see|check|mention|vent|thank|share|chat|try|cry|scream)\b|"
    r"(?:be honest|sleep|go to bed|go home|eat|rest)(?: now)?$)",
    re.IGNORECASE,
)
_NOT_JOBS = _words(
    "person fan lover beginner runner believer member user procrastinator perfectionist "
    "overthinker worrier reader learner introvert extrovert adult kid mess failure quitter "
    "morning night owl bird"
)
_JOBS = _words(
    "nurse doctor chef cook lawyer artist architect dentist pilot plumber electrician "
    "carpenter pharmacist therapist scientist journalist economist accountant consultant "
    "student assistant analyst engineer developer designer teacher writer manager founder "
    "freelancer barista cashier firefighter police officer paramedic mechanic farmer "
    "programmer researcher professor lecturer musician photographer translator tutor "
    "veterinarian vet surgeon coach librarian secretary clerk receptionist waiter waitress "
    "driver baker butcher entrepreneur intern"
)
_TRAILING_FILLER = re.compile(
    r"\s+(a lot|so much|very much|too|as well|anymore|these days|now|right now|really|"
    r"at all|in general|tbh|honestly|recently|last (?:year|month|week)|(?:a while|\w+ \w+) ago)$",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(
    r",|\s+(?:but|because|though|although|since|so that|so|which|when|while)\s+", re.IGNORECASE
)


def _thing(fragment: str, max_words: int = 8) -> str:
    """The object of a statement: cut at the clause end, drop filler, keep a few words."""
    thing = _CLAUSE_END.split(fragment, maxsplit=1)[0].strip(" .!?")
    for _ in range(3):
        thing = _TRAILING_FILLER.sub("", thing)
    words = thing.split()
    return " ".join(words[:max_words])


def _slug(text: str, max_words: int = 5) -> str:
    words = [w for w in normalise_words(text) if w not in STOPWORDS] or normalise_words(text)
    return "_".join(light_stem(w) for w in words[:max_words])


def _person(fragment: str) -> str:
    """Third-person rewrite of a fragment about the speaker ("my" -> "their")."""
    swaps = {"my": "their", "me": "them", "i": "they", "myself": "themselves", "mine": "theirs"}
    return " ".join(swaps.get(word.lower(), word) for word in fragment.split())


def _clauses(text: str) -> list[str]:
    clauses = []
    for sentence in split_sentences(clean_text(text)):
        clauses.extend(
            part.strip()
            for part in re.split(r",?\s+but\s+|,?\s+and\s+(?=I\b)|,\s+so\s+", sentence)
            if part.strip()
        )
    return clauses


def extract_facts(text: str) -> list[ExtractedFact]:
    """Facts worth remembering in what the person wrote, by pattern.

    1. Anything that reads like a crisis is not turned into facts (it is kept out of
       ordinary memory; the safety gate handles it).
    2. Split into clauses ("…, but I …" and "… and I …" start new ones).
    3. Run each extractor on each clause; each returns facts with a stable `key`, so a later
       contradicting fact ("I moved to Paris") supersedes an earlier one ("Lives in Berlin").
       Likes and dislikes of the same thing share the key "likes:<thing>".
    4. Drop duplicates by key (or by content when there is no key).
    """
    if _CRISIS_HINT.search(text):
        return []
    facts: list[ExtractedFact] = []
    for clause in _clauses(text):
        for extractor in _EXTRACTORS:
            facts.extend(extractor(clause))
    unique: dict[str, ExtractedFact] = {}
    for fact in facts:
        unique.setdefault(fact.key or fact.content.lower(), fact)
    return list(unique.values())


def _fact(content: str, tier: str, key: str, confidence: float, *tags: str) -> ExtractedFact:
    return ExtractedFact(
        content=_capitalise(content.strip()), tier=tier, key=key, confidence=confidence, tags=tags
    )


def _names(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\b(?:my name is|call me|i go by|people call me)\s+([A-Za-z][A-Za-z'-]+)", clause, re.I
    )
    if found:
        name = _capitalise(found.group(1))
        return [_fact(f"Name is {name}", "personal", "name", 0.9, "identity")]
    # "I am Alice": only a capitalised word that ends the clause, to skip "I am Tired of…".
    found = re.match(r"^(?:(?i:hi|hello|hey)[,!]?\s+)?I am ([A-Z][a-z]+)$", clause)
    if found and found.group(1).lower() not in _NOT_NAMES:
        return [_fact(f"Name is {found.group(1)}", "personal", "name", 0.6, "identity")]
    return []


def _age(clause: str) -> list[ExtractedFact]:
    found = re.search(r"\bI (?:am|just turned|turned) (\d{1,2}) ?(?:years old|yo|y/o)?$", clause)
    if found and 10 <= int(found.group(1)) <= 99:
        return [_fact(f"Is {found.group(1)} years old", "personal", "age", 0.8, "identity")]
    return []


def _occupation(clause: str) -> list[ExtractedFact]:
    found = re.search(r"\bI work as (?:an? )?(.+)", clause, re.I)
    if found:
        job, _, employer = ([*re.split(r"\s+(at|for)\s+", found.group(1), maxsplit=1), "", ""])[:3]
        facts = [_fact(f"Works as {_article(_thing(job, 5))}", "personal", "occupation", 0.85,
                       "work")]  # fmt: skip
        if employer:
            facts.append(_fact(f"Works at {_thing(employer, 6)}", "personal", "employer", 0.8,
                               "work"))  # fmt: skip
        return facts
    found = re.search(
        r"\bI am (?:an? )((?:[\w-]+ ){0,3}[\w-]+?)(?: by (?:profession|trade))?$", clause, re.I
    )
    if found:
        job = found.group(1).lower()
        last = job.split()[-1]
        if last not in _NOT_JOBS and (last in _JOBS or re.search(r"(?:er|or|ist|ian|eer)$", last)):
            return [_fact(f"Works as {_article(job)}", "personal", "occupation", 0.7, "work")]
    found = re.search(r"\bI work (?:at|for) (.+)", clause, re.I)
    if found:
        return [_fact(f"Works at {_thing(found.group(1), 6)}", "personal", "employer", 0.8, "work")]
    found = re.search(r"\bI (?:am studying|study) (.+)", clause, re.I)
    if found:
        subject = _thing(found.group(1), 6)
        return [_fact(f"Studies {subject}", "personal", "studies", 0.75, "learning")]
    return []


def _article(phrase: str) -> str:
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def _location(clause: str) -> list[ExtractedFact]:
    patterns = (
        (r"\bI (?:live|am living|am based|reside) in (.+)", "Lives in {}", "location"),
        (r"\bI (?:just |recently )?moved to (.+)", "Lives in {}", "location"),
        (r"\bI am (?:originally )?from (.+)", "Is from {}", "hometown"),
        (r"\bI grew up in (.+)", "Grew up in {}", "hometown"),
    )
    for pattern, content, key in patterns:
        found = re.search(pattern, clause, re.I)
        if found:
            place = _thing(found.group(1), 5)
            return [_fact(content.format(place), "personal", key, 0.8, "location")]
    return []


def _likes(clause: str) -> list[ExtractedFact]:
    negative = re.search(
        r"\bI (?:really )?(?:hate|dislike|detest|can not stand|do not (?:really )?like|"
        r"do not (?:really )?enjoy|am not a fan of|am not into|no longer (?:like|enjoy))\s+(.+)",
        clause,
        re.I,
    )
    if negative:
        thing = _thing(negative.group(1))
        if thing:
            return [_fact(f"Does not like {_person(thing)}", "personal", f"likes:{_slug(thing)}",
                          0.8, "dislikes")]  # fmt: skip
        return []
    positive = re.search(
        r"\bI (?:really |absolutely |also |just |truly )?(love|like|enjoy|adore)s?\s+"
        r"(?!to think|you\b|it when|that\b|this\b|it\b)(.+)",
        clause,
        re.I,
    )
    if not positive:
        positive = re.search(
            r"\bI am (?:really |very |so )?(into|passionate about|a (?:big |huge )?fan of)\s+(.+)",
            clause,
            re.I,
        )
    if positive:
        verb, thing = positive.group(1).lower(), _thing(positive.group(2))
        if not thing:
            return []
        label = {"love": "Loves", "adore": "Loves", "enjoy": "Enjoys"}.get(verb, "Likes")
        return [_fact(f"{label} {_person(thing)}", "personal", f"likes:{_slug(thing)}", 0.8,
                      "likes")]  # fmt: skip
    return []


def _preferences(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI am (?:a|an) (morning person|night owl|early bird|evening person)", clause, re.I
    )
    if found:
        return [_fact(f"Is {_article(found.group(1).lower())}", "personal",
                      "preference:time_of_day", 0.85, "preference")]  # fmt: skip
    found = re.search(r"\bI work best (?:in the |at |during the )?(\w+)", clause, re.I)
    if found and _TIME_OF_DAY.search(found.group(1).lower()):
        return [_fact(f"Works best in the {found.group(1).lower()}", "personal",
                      "preference:time_of_day", 0.8, "preference")]  # fmt: skip
    found = re.search(
        r"\b(?:keep it|please be|I (?:like|prefer)(?: it)?)\s+(short|brief|concise|detailed|"
        r"long|direct|gentle)(?: answers| replies| messages)?\b",
        clause,
        re.I,
    )
    if found and re.search(r"answer|repl|message|keep it|please be", clause, re.I):
        style = found.group(1).lower()
        return [_fact(f"Prefers {style} replies", "personal", "preference:communication_style",
                      0.75, "preference")]  # fmt: skip
    found = re.search(r"\bI (?:much |really |generally )?prefer (.+)", clause, re.I)
    if found:
        thing = _thing(re.split(r"\s+(?:to|over|rather than)\s+", found.group(1))[0])
        if not thing:
            return []
        key = (
            "preference:time_of_day"
            if _TIME_OF_DAY.search(thing.lower())
            else (f"prefers:{_slug(thing)}")
        )
        return [_fact(f"Prefers {_person(thing)}", "personal", key, 0.8, "preference")]
    found = re.search(
        r"\bI (?:usually |normally )?(wake up|get up|go to bed|go to sleep) (?:at |around |by )"
        r"(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)",
        clause,
        re.I,
    )
    if found:
        when = found.group(2).strip()
        wake = found.group(1).lower() in ("wake up", "get up")
        content = f"Usually {'wakes up' if wake else 'goes to bed'} around {when}"
        key = "routine:wake_time" if wake else "routine:bed_time"
        return [_fact(content, "personal", key, 0.75, "routine")]
    return []


def _goals(clause: str) -> list[ExtractedFact]:
    patterns = (
        (r"\bmy (?:main |big |biggest |new |next )?goal is (?:to )?(.+)", "Wants to {}", 0.85),
        (r"\bI (?:really )?(?:want|would like|would love|hope|plan|intend|aim) to (.+)",
         "Wants to {}", 0.75),
        (r"\bI am (?:trying|planning|hoping|aiming) to (.+)", "Is trying to {}", 0.75),
        (r"\bI am working (?:on|toward|towards) (.+)", "Is working on {}", 0.7),
        (r"\bI (?:dream of|dream about) (.+)", "Dreams of {}", 0.65),
    )  # fmt: skip
    for pattern, content, confidence in patterns:
        found = re.search(pattern, clause, re.I)
        if not found:
            continue
        aim = _thing(found.group(1), 10)
        if not aim or _TRIVIAL_GOALS.match(aim) or _TIMED.search(aim):
            return []
        return [_fact(content.format(_person(aim)), "project", f"goal:{_slug(aim)}", confidence,
                      "goal")]  # fmt: skip
    return []


_TIMED = re.compile(
    r"\b(today|tonight|tomorrow|this (?:morning|afternoon|evening|week|weekend)|later)$", re.I
)


def _feelings(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (always |often |usually |sometimes |tend to )?(?:feel|get|become) "
        r"(?:so |really |very |a bit |quite )?(\w+(?: \w+)?) (when|whenever|if|before|after|"
        r"around) (.+)",
        clause,
        re.I,
    )
    if found:
        how_often = (found.group(1) or "often ").strip().replace("tend to", "often")
        feeling, link, trigger = found.group(2).lower(), found.group(3).lower(), found.group(4)
        trigger = _thing(trigger)
        content = f"{_capitalise(how_often)} feels {feeling} {link} {_person(trigger)}"
        return [_fact(content, "personal", f"feeling:{_slug(trigger)}", 0.75,
                      "emotional_pattern", feeling)]  # fmt: skip
    found = re.search(
        r"\bwhenever (.+?),? I (?:feel|get) (?:so |really |very )?(\w+)", clause, re.I
    )
    if found:
        trigger, feeling = _thing(found.group(1)), found.group(2).lower()
        return [_fact(f"Feels {feeling} whenever {_person(trigger)}", "personal",
                      f"feeling:{_slug(trigger)}", 0.75, "emotional_pattern", feeling)]  # fmt: skip
    found = re.search(
        r"^((?:\w+ ){0,4}\w+) (?:always |usually |often |really )?makes? me (?:feel )?"
        r"(?:so |really |very )?(\w+)",
        clause,
        re.I,
    )
    if found and found.group(1).lower() not in ("it", "that", "this", "which", "he", "she"):
        trigger, feeling = found.group(1), found.group(2).lower()
        return [_fact(f"Feels {feeling} because of {_person(trigger.lower())}", "personal",
                      f"feeling:{_slug(trigger)}", 0.7, "emotional_pattern", feeling)]  # fmt: skip
    return []


def _relations(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"(?i:\bmy (wife|husband|partner|boyfriend|girlfriend|son|daughter|sister|brother|"
        r"mother|mom|mum|father|dad|dog|cat|best friend)(?:'s name)? is (?:called |named )?)"
        r"([A-Z][a-z]+)\b",
        clause,
    )
    if found:
        relation, name = found.group(1).lower(), found.group(2)
        return [_fact(f"Their {relation} is called {name}", "personal",
                      f"relation:{relation.replace(' ', '_')}", 0.85, "people")]  # fmt: skip
    found = re.search(
        r"\bI have (a|an|one|two|three|four|\d) (dogs?|cats?|kids?|children|sons?|daughters?)"
        r"(?: (?:named|called) ([A-Z]\w+))?",
        clause,
        re.I,
    )
    if found:
        count, noun, name = found.group(1).lower(), found.group(2).lower(), found.group(3)
        content = f"Has {count} {noun}" + (f" called {name}" if name else "")
        return [_fact(content, "personal", f"relation:{noun.rstrip('s')}", 0.8, "people")]
    return []


def _tasks(clause: str) -> list[ExtractedFact]:
    found = re.search(
        r"\bI (?:need|have|have got|got|am going|will|plan) to (.+?) (today|tonight|tomorrow|"
        r"this (?:morning|afternoon|evening|week|weekend)|later)\b",
        clause,
        re.I,
    )
    if found:
        action, when = _thing(found.group(1)), found.group(2).lower()
        return [_fact(f"Plans to {_person(action)} {when}", "task", f"task:{_slug(action)}", 0.7,
                      "plan")]  # fmt: skip
    found = re.search(
        r"\bI (?:just |finally )?(?:finished|completed|did) (.+?)(?: today| this morning| "
        r"yesterday| tonight)?$",
        clause,
        re.I,
    )
    if found:
        done = _thing(found.group(1))
        if done and done.lower() not in ("it", "that", "this", "nothing"):
            return [_fact(f"Finished {_person(done)}", "task", f"done:{_slug(done)}", 0.75,
                          "done")]  # fmt: skip
    return []


_EXTRACTORS = (
    _names,
    _age,
    _occupation,
    _location,
    _likes,
    _preferences,
    _goals,
    _feelings,
    _relations,
    _tasks,
)
