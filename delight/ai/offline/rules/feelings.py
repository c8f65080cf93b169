"""The keyword table, first part: names, feelings, wins and setbacks, goals and missions,
small talk."""

from __future__ import annotations

from delight.ai.offline.keywords import Keyword
from delight.ai.offline.keywords import decomposition as _d
from delight.ai.offline.keywords import keyword as _k
from delight.ai.offline.rules.words import ANY, NOT_NAMES_TITLE

FEELINGS: tuple[Keyword, ...] = (
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
            r"^(?:\w+,? )?I am (?-i:(?!(?:" + "|".join(NOT_NAMES_TITLE) + r")\b)([A-Z][a-z]+))$",
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
        # "is it normal to feel scared of deep water as an adult": asked to be told it is.
        _d(
            r"^\W*(?:is it|is that|am i|it is) (?:normal|ok|okay|weird|strange|silly|stupid|bad"
            r"|common)\b[^.?!]{0,20}?\b(?:scared|afraid|nervous|worried|anxious|terrified)"
            r" (?:of|about) (.+)",
            "Very normal. Plenty of people feel uneasy about {0}, and it eases with small, safe "
            "steps taken at your own pace.",
            "Completely normal — lots of grown-ups feel that way about {0}. It gets easier bit "
            "by bit, and nobody has to rush it.",
            tone="calm",
        ),
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
        # "ill" typed for "I'll" ("ok ill do the first one tmrw") is no illness.
        r"\b(sick|ill(?!\s+(?:do|go|be|try|get|have|make|see|take|call|text|start|finish|let"
        r"|tell|ask|send|check|look|just|probably|prob|maybe|definitely|def|need|keep|put|give"
        r"|come|eat|run|walk|write|read|work|pick|play|message|stick|aim|sort|think|never)\b)"
        r"|unwell|headache|migraine|injured|injury|flu|fever|covid)\b",
        _d(
            r"\bmy ((?:\w+ )?\w+) (?:is|has been|was|got|feels) (?:\w+ )?(?:sick|ill|unwell|"
            r"injured|in hospital)",
            "I'm sorry your {0} is unwell. How are you holding up?",
            "That must be worrying. How is your {0} doing now?",
            "Caring about your {0} takes energy too. Be gentle with yourself this week.",
            tone="acknowledge",
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
            r"\bmy (?:main |big |biggest |new )?goal is to (.+)",
            "To {0} — that's worth working toward. Why does it matter to you?",
            "What would it change for you to {0}?",
            "How will you know you've managed to {0}?",
        ),
        _d(
            r"\bmy (?:main |big |biggest |new )?goal is (.+)",
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
            "Still me — Eliza, a companion made of software, not a person. I'm glad to talk, "
            "though. What's on your mind?",
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
            r"\bi (?:feel|am feeling|have been feeling|felt) (?:so |really |very |pretty |a lot "
            r"|much |so much |way )?(happy|great|good|amazing|fantastic|proud|excited|motivated"
            r"|energi[sz]ed|calm|grateful|hopeful|confident|better|relieved|lighter)\b",
            "I'm so glad you feel {0}! What's behind it?",
            "Feeling {0} — I love that. What went well?",
            "Let's remember this feeling. What made you feel {0}?",
            tone="celebrate",
        ),
        _d(
            r"\bi (?:feel|am feeling|felt) like (.+)",
            "That sounds heavy. What's happened that makes it feel like {0}?",
            "How long has it felt like {0}?",
            "When it feels like {0}, what helps, even a little?",
        ),
        _d(
            r"\bi (?:feel|am feeling|have been feeling|felt) (.+)",
            "Feeling {0} — thank you for noticing that. What's been going on?",
            "What happened today that left you feeling {0}?",
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
            "What's making it hard to {0} right now?",
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
            r"\bdo you remember (?:about )?(.+)",
            "Remind me about {0} — what stands out about it for you?",
            "Tell me again about {0}. Why is it on your mind?",
        ),
        _d(
            r"\bi remember (.+)",
            "What brings {0} to mind today?",
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
)
