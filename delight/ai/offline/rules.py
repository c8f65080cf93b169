"""Eliza's keyword table: data, in the shape Weizenbaum's ELIZA gave it.

Each keyword has a rank and a trigger; each of its decompositions is a pattern over one
sentence with the reassembly templates that answer it. "{0}", "{1}" are the pattern's
groups, reflected; "{n}" is ", <name>" when the person's name is known. How the table is
used is in compose.py; `match.check_rules` keeps it sound.
"""

from __future__ import annotations

from delight.ai.offline.keywords import Keyword
from delight.ai.offline.keywords import decomposition as _d
from delight.ai.offline.keywords import keyword as _k
from delight.ai.text import word_set

ANY = r"(.*)"
# Words that follow "I am" without being a name ("I am Fine", "I'm Tired").
NOT_NAMES = word_set(
    "fine good okay ok tired sad happy here back done sorry ready great sure well better "
    "bored busy stressed anxious excited lost stuck new confused"
)
_NOT_NAMES_TITLE = tuple(word.title() for word in sorted(NOT_NAMES))
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
            "That's lovely! What's the best part of it?",
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
            "You're {0} — how is that sitting with you?",
            "What's it been like, being {0}?",
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
            "Let's think about {0} together. What do you have in mind so far?",
            "What would getting {0} change for you?",
        ),
    ),
    _k(
        "should",
        4,
        r"\bi should\b",
        _d(
            r"\bi should (.+)",
            "Would you like to {0} for yourself, or for someone else?",
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
            "What makes me seem {0} to you?",
            "Thanks for telling me honestly. What would you like from me?",
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
            "Your {0} {1} — how are you feeling about it?",
            "How does it feel when your {0} {1}?",
            "What would you like to be different with your {0}?",
        ),
        _d(
            rf"\bmy ({_RELATIVES})\b",
            "Tell me more about your {0}.",
            "How do things feel between you and your {0} lately?",
            "How does your {0} fit into the goals you're working on?",
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
            "What would you do if {0}?",
            "Suppose {0}. What would help you then?",
        ),
    ),
    _k(
        "because",
        3,
        r"\bbecause\b",
        _d(
            r"\bbecause (.+)",
            "That makes sense. What would help with it?",
            "Thanks for explaining. What would make it a little easier?",
            "I see. What would you like to do about it?",
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
            "Your {0} {1} — how does that sit with you?",
            "What's that like for you, now that your {0} {1}?",
            "How are you feeling about your {0} at the moment?",
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
            "Good question. What are you leaning toward yourself?",
            "Let's think it through together. What would help you decide?",
            "I'm curious what's behind the question. What's on your mind?",
        ),
    ),
)
