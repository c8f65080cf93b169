"""The keyword table, second part: "I am", needs, likes, habits, life topics, and the
ELIZA classics."""

from __future__ import annotations

from delight.ai.offline.keywords import Keyword
from delight.ai.offline.keywords import decomposition as _d
from delight.ai.offline.keywords import keyword as _k
from delight.ai.offline.rules.words import ANY, FACT_QUESTION, FACT_UNKNOWN, JOKES, RELATIVES

TOPICS: tuple[Keyword, ...] = (
    # A question of fact ("how many steps is 40 mins walking"): said honestly, above the
    # topic its words name ("walking" is not a wish for a healthy habit) and never turned back
    # as a dilemma ("What are you leaning toward yourself?"). A question about the person's
    # own doings ("how long have i kept it up") is not one.
    _k("fact_question", 5, FACT_QUESTION.pattern, _d(ANY, *FACT_UNKNOWN)),
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
            # Never a promise: she cannot do most things asked of her.
            "You'd like me to {0}. Tell me a bit more about what you need, and I'll say what "
            "I can do here.",
            "Let's see what I can do. What matters most to you about it?",
        ),
    ),
    _k(
        "family",
        3,
        rf"\b({RELATIVES})\b",
        _d(
            rf"\bmy ({RELATIVES}) ((?:is|are|was|were|has|have|had|keeps|does|did|will|just|"
            r"never|always|do not|does not|did not|will not|can not|won't) .+)",
            "Your {0} {1} — how are you feeling about it?",
            "How does it feel when your {0} {1}?",
            "What would you like to be different with your {0}?",
        ),
        _d(
            rf"\bmy ({RELATIVES})\b",
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
        # "after work" is a time, not work talked about
        r"(?<!after )(?<!before )(?<!from )\b(work|job|boss|career|office|colleagues?|coworkers?"
        r"|manager|deadlines?)\b",
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
            # not someone's word passed on ("physio said i can run if i ease in")
            r"^(?!.*\b(?:said|says|told me|reckons)\b.*\bif\b).*?\bif (.+)",
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
        4,  # above "can you": "can you tell me a joke" asks for one
        r"\b(joke|jokes|funny|laugh)\b",
        # Asked for one: a joke, not a question back ("tell me a joke" got "Laughter helps.
        # What made you smile today?").
        _d(
            r"\b(?:tell|give|know|got|have|hear|another|one more|more)\b.*\bjokes?\b"
            r"|\bjokes?\b.*\bplease\b|^\W*(?:a )?jokes?\W*$",
            *JOKES,
            tone="social",
        ),
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
            "Okay. Go on — I'm listening.",
            "Good. Tell me more.",
            "I'm with you. Say more whenever you like.",
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
