"""What Eliza says for each act of a reply (act_replies.py): data.

"{n}" is ", <name>" when the person's name is known. Each bank has several wordings; the
turn picks one by the conversation's length, so a long talk does not repeat itself.
"""

from __future__ import annotations

import re

GREET = (
    "Hi{n}! Good to see you. How's your day going?",
    "Hey{n}! What's on your mind today?",
    "Hello{n}! How are you doing?",
)
GOODBYE = (
    "Bye for now{n}. I'm here whenever you want to pick this up again.",
    "Take care{n}. Talk soon.",
    "See you soon{n}. Go gently with yourself.",
)
GOOD_SHIFT = (
    "Have a good shift{n}. Look after yourself, and I'll be here after.",
    "Go well{n}. I hope the shift is kind to you. Talk after.",
)
# Away for a moment ("brb", "be right back").
BE_RIGHT_BACK = re.compile(r"\bbrb\b|\bbe right back\b|\bback in (?:a )?(?:sec|min|bit)", re.I)
BACK_SOON = (
    "Sure{n}, take your time. I'll be here.",
    "Go on{n}, I'll be right here when you're back.",
)
GOODNIGHT = (
    "Goodnight{n}. Sleep well, and go gently with yourself.",
    "Night{n}! Rest well. I'll be here tomorrow.",
)
THANKS = (
    "You're welcome{n}. I'm glad it helped.",
    "Anytime{n}. That's what I'm here for.",
    "Happy to help{n}. Anything else on your mind?",
)
# Thanks with news of their own ("yeah thanks. mums with her now"): this many words beside
# the thanks.
THANKS_WORDS = re.compile(
    r"\b(?:yeah|yes|ok(?:ay)?|thanks|thank (?:you|u)|thx|ty|cheers|eliza|so much|a lot|for"
    r"|that|this|asking|really|lol|haha)\b|[^\w\s']",
    re.IGNORECASE,
)
THANKS_AND_NEWS_WORDS = 3
THANKS_AND_NEWS = (
    "Of course{n}. I'm here whenever you want to talk.",
    "Any time{n}. I'm here if you want to say more.",
)
NEW_HERE = (
    "No rush at all{n}: just talk to me the way you'd text a friend. Tell me something you'd "
    "like to work on, or how your day's going, and we'll start from there."
)
HELP = (
    "Here's what I can do with you{n}. I can set up a goal with you and break it into small "
    "missions. Tell me when you've done one and I'll mark it, or undo it if I got it wrong. "
    "Ask me about your streak, your progress, your story or which zones are open. I remember "
    "what matters to you, so you can ask me what I know. And when you're stuck I'll suggest "
    "one small step, or just listen. Where would you like to start?"
)
# Asked again in the same conversation: the same, in short.
HELP_AGAIN = (
    "In short{n}: goals broken into small missions, marking what you've done (and undoing "
    "it), your streak, progress, story and zones, what you've told me, and one small next "
    "step when you're stuck. A good start is telling me something you'd like to get done."
)
RESUME = (
    "Last time you told me {topic}. Want to pick that up, or is something else on your mind?",
    "We left off where you told me {topic}. Shall we carry on from there?",
)
RESUME_NOTHING = (
    "This is the start of our conversation{n}, so there's nothing to pick up yet. What's on "
    "your mind?"
)
SYMPATHY_DEATH = (
    "I'm so sorry about {who}{n}. Losing {kind} hurts, and there's no right way to feel about "
    "it. Would you like to tell me about {them}?",
    "Oh{n}, I'm so sorry. {Who} mattered to you, and missing {them} is a sign of how much. "
    "I'm here if you want to talk about {them}.",
)
SYMPATHY_GRIEF = (
    "I'm so sorry{n}. Grief is heavy, and it comes in waves. I'm here if you'd like to talk "
    "about {them}.",
    "That's a real loss{n}, and it makes sense that it still hurts. Would you like to tell me "
    "about {them}?",
)
SYMPATHY_UNWELL = (
    "Oh no{n}, I'm sorry. That's a real worry. How {doing} {who} doing now?",
    "I'm sorry{n}, that must be worrying. How {doing} {who} doing, and how are you holding up?",
)
SYMPATHY_BAD_NEWS = (
    "I'm sorry{n}, that's a rough thing to happen. How are you holding up?",
    "Oh no{n}. That's really disappointing. Do you want to talk it through, or would a "
    "distraction help more?",
)
# Listening: the person's own words said back, then what it sounds like.
HEARD = (
    "{Said}: that sounds {feeling}. How are you feeling about it now?",
    # (not "{Said}?": a statement said back as a question reads as doubting it)
    "{Said}. That sounds {feeling}, and it makes sense it's on your mind.",
)
# What makes a laugh a complaint made with one ("this week is honestly killing me lol", "my
# legs are dead lol").
COMPLAINT = re.compile(
    r"\b(?:kill\w*|dead|dying|hate|ugh+|worst|nightmare|rubbish|awful|terrible|sucks?|suck\w*"
    r"|exhausted|knackered|wrecked|tired|stress\w*|annoying|annoyed|mess|disaster|hell|pain"
    r"|hurts?|sore|broke|broken|ruined|late|again|never|can'?t|cant|won'?t|wont|too much|so much"
    r"|fml|smh|ffs|why)\b",
    re.IGNORECASE,
)
# Not wanting to reach anyone, often said just after the crisis lines ("i dont want to call
# anyone. its 2am"): no pressure, her presence, and an easier way in.
WONT_REACH_OUT = re.compile(
    r"\b(?:do not|don'?t|dont) want to (?:call|ring|phone|talk to|tell|wake|bother) (?:anyone"
    r"|anybody|them|her|him)\b(?! about\b)|\b(?:no ?one|nobody) (?:to call|to talk to|i can"
    r" call|i can talk to)\b|\bcan'?t (?:call|ring|phone) (?:anyone|anybody)\b(?! about\b)",
    re.IGNORECASE,
)
REACHING_OUT_EASED = (
    "That's okay{n}. You don't have to call anyone this minute: I'm here, and I'm staying. If "
    "a call feels like too much, many helplines take a text instead. Would that feel easier?",
    "You don't have to do anything big right now{n}. I'm here with you. Is there one person "
    "who could just sit with you, even without talking about it?",
)
# Not wanting to talk about it ("yeah i dont really want to talk about it"): left be.
RATHER_NOT = re.compile(
    r"\b(?:do not|don'?t|dont|not) (?:really |even )?(?:want|wanna|feel like)(?: to)?"
    r" talk(?:ing)? about it\b|\bcan we (?:just )?not talk about it\b|\b(?:i'?d|i would)"
    r" rather not (?:talk about|get into) it\b|\bdrop it\b",
    re.IGNORECASE,
)
LEFT_BE = (
    "That's fine{n}. We don't have to talk about it. I'm here if you change your mind.",
    "Of course{n}. We can leave it there. Whenever you want to, I'm here.",
)
# Someone doubting them, told in passing ("my partner says ill never manage it lol", "my
# brother reckons i cant keep it up"): met on their side, not with a shrug.
DOUBTED = re.compile(
    r"\b(?:says?|said|thinks?|thought|reckons?|bets?|bet me)\b[^.!?]{0,25}\b(?:i(?:'?ll| will)"
    r" never|i (?:can'?t|cannot|cant|won'?t|wont)|i(?:'?ll| will) (?:give up|quit|fail))\b",
    re.IGNORECASE,
)
DOUBTED_WORDS = (
    "Ha, we'll see about that{n}. Every small step you tick off says otherwise.",
    "Then let's prove them wrong{n}, one small step at a time.",
)
# A day that went sideways, told lightly ("ugh one of the kids was sick on the carpet today,
# what a day"): a wry nod, not "what part of it weighs on you most?".
WHAT_A_DAY = re.compile(
    r"\bwhat an? (?:day|morning|afternoon|evening|night|week|shift)\b|\bof all (?:days|the days)\b"
    r"|\b(?:a )?day and a half\b",
    re.IGNORECASE,
)
WHAT_A_DAY_WORDS = (
    "Oof, what a day{n}. I hope the rest of it is kinder to you.",
    "That's a day and a half{n}. Is there anything nice left in it for you?",
)
# A pet not themselves ("my dog bonnie is being so weird today, she wont leave my side"): the
# worry met, and the vet as the way to settle it.
PET_OFF = re.compile(
    r"\b(?:dog|cat|pup|puppy|kitten|rabbit|bunny|horse|pony|hamster|guinea pig|budgie|parrot"
    r"|tortoise|ferret)\b[^.!?]{0,60}\b(?:weird|strange|off|not (?:herself|himself|eating|right)"
    r"|won'?t (?:eat|leave)|wont (?:eat|leave)|off (?:her|his) food|limping|lethargic|sick|poorly"
    r"|quiet|clingy|shaking|hiding)\b",
    re.IGNORECASE,
)
PET_WORRIED = (
    "That would worry me too{n}. You know them best, and you've noticed something's off. If it "
    "carries on or they seem unwell, a call to the vet will settle your mind.",
    "You're right to keep an eye on it{n}: a change like that is worth noticing. If it doesn't "
    "pass, ring the vet; they'd rather hear from you early.",
)
# Sore from effort ("my shins are killing me", "legs are dead after that"): noticed, and go
# gently (a sprain or a tear is INJURY, met by kindness).
ACHE = re.compile(
    r"\bmy (?:shins?|legs?|calf|calves|thighs?|quads?|hamstrings?|glutes?|bum|arms?|shoulders?"
    r"|feet|knees?|back|hips?|abs|core|whole body)\b[^.!?]{0,20}\b(?:(?:are|is|r) )?(?:killing me"
    r"|sore|aching|achy|in bits|dead|on fire|burning|like jelly|stiff)\b",
    re.IGNORECASE,
)
ACHE_EASED = (
    "Ouch{n}. Be kind to it today, and if it's a sharp pain rather than an ache, rest it properly.",
    "That sounds sore{n}. An easy walk and a slow stretch usually help more than sitting "
    "still; a sharp pain is different and worth resting.",
)
# Off to do something now ("right i need to go mark some books"): good luck with it.
OFF_TO_DO = re.compile(
    r"\b(?:need|have|got|gotta) (?:to )?go (?!to (?:bed|sleep)\b)\w+", re.IGNORECASE
)
OFF_TO_DO_WORDS = (
    "Off you go{n}. Good luck with it, and I'll be here when you're done.",
    "Go well{n}. I hope it goes quickly. Talk after.",
)
# What reads oddly said back in her words (act_replies._said_back): a clause, a laugh or a
# hedge, a question, a figure of speech, a deed told in the present ("Today you transfer the
# 1000…"), or words about the talk itself ("i just need to vent a bit").
ODD_SAID_BACK = re.compile(
    r"[,;:?!()\"\u201c\u201d]|\b(?:lol|lmao|tbh|haha|but|because|guess|idk|dunno|kinda|sorta)\b"
    r"|\b(?:do not|don'?t|dont) (?:know|want)\b"
    r"|^(?:if|sorry|its fine|it's fine|whatever|anyway|wait|actually|hmm|what|whats|what's"
    r"|how|why|when|where|who|is|are|do|does|can|could)\b|\b(?:maybe|killing|kill|dying)\b"
    r"|\byou (?!are\b|were\b|have\b|had\b|can\b|could\b|will\b|would\b|should\b"
    r"|must\b|might\b|may\b|do\b|did\b|don't\b|didn't\b)[a-z]+(?<!ed)\b.*\b(?:this morning"
    r"|yesterday|last night|earlier|already)\b|^today\b"
    r"|\b(?:vent|venting|rant|ranting|moan|moaning|just saying)\b"
    # a phrase said twice ("i know i know": "You know you know")
    r"|\b(\w+ \w+) \1\b"
    # a hedge after the fact ("shes not taking the tablets properly i think")
    r"|\b(?:i|you) (?:think|guess|reckon|suppose)\W*$",
    re.IGNORECASE,
)
# Listening to a complaint made with a laugh ("this week is honestly killing me lol").
HEARD_LIGHT = (
    "Oof, one of those weeks{n}. What's been the worst of it?",
    "Ha, that bad{n}? What's been the hardest bit?",
)
HEARD_PLAIN = (
    "That sounds {feeling}{n}. Do you want to tell me more about it?",
    "I'm listening{n}. That sounds {feeling}. What part of it weighs on you most?",
)
# Something that helped, told in a hard time ("my sister came round yesterday which
# helped"): met with gladness, never "that sounds really hard".
HELPED = re.compile(
    r"\b(?:which|that|it|this|really|kinda|actually|has|have) helped\b|\bhelped (?:a lot|loads"
    r"|me)\b|\bmade me feel (?:a (?:bit|little|lot) )?better\b|\bcheered me up\b",
    re.IGNORECASE,
)
NOT_HELPED = re.compile(
    r"\b(?:not|n't|dont|didnt|doesnt|never|nothing|hardly)\b[^.!?]*\bhelp", re.I
)
GLAD_IT_HELPED = (
    "I'm really glad that helped{n}. Hold on to the things that make it a little lighter.",
    "Good, I'm glad{n}. It's worth noticing what helps on days like these.",
)
# Listening to something told without a heavy feeling ("ok i will call dr patel").
# (Never "How do you feel about that?": said to "i keep expecting her on the bed" a week
# after a loss, it probes where she should listen.)
HEARD_NEUTRAL = (
    "{Said}. I'm here, if you want to say more.",
    "{Said} — tell me more, if you like.",
)
HEARD_NEUTRAL_PLAIN = (
    "I hear you{n}. Tell me a bit more?",
    "Mm, I'm with you{n}. What's on your mind about it?",
    "Thanks for telling me{n}. Go on, I'm listening.",
)
# What a situation sounds like, by the words in it; the first that fits is used.
FEELINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), words)
    for pattern, words in (
        (r"\bin front of\b|\blaughed at\b|\bembarrass", "humiliating"),
        (r"\bignored?\b|\bleft out\b|\bforgot (?:me|my)\b|\bexcluded\b", "really hurtful"),
        # Nerves before something that matters ("job interview on friday, bricking it").
        (
            r"\b(?:interview|exam|test|audition|presentation|first day|driving test|speech)\b"
            r"[^.!?]*\b(?:brick\w*|nervous|nerves|dreading|terrified|scared|shitting|anxious)\b"
            r"|\b(?:brick\w*|nervous|dreading|terrified)\b[^.!?]*\b(?:interview|exam|test"
            r"|audition|presentation|speech)\b",
            "nerve-racking",
        ),
        # Someone else's habit that grates ("keeps borrowing my amp without asking and it
        # drives me up the wall", "its doing my head in").
        (
            r"\bdrives? me (?:up the wall|mad|crazy|nuts|insane|round the bend)\b"
            r"|\bdoing my head in\b|\bwithout (?:asking|telling me)\b|\bgets on my nerves\b",
            "really frustrating",
        ),
        # A child who won't eat or sleep: maddening, not a tragedy.
        (
            r"\bwon'?t (?:eat|sleep)\b|\bwont (?:eat|sleep)\b|\bfussy\b|\bpicky\b|\btantrums?\b",
            "really frustrating",
        ),
        # Someone close in hospital ("oma is in hospital again, its her lungs"): worrying.
        (
            r"\bhospital\b|\bicu\b|\bambulance\b|\bbiopsy\b|\bscans?\b|\btests? results?\b",
            "really worrying",
        ),
        # Someone gone, missed ("she always wanted to go. now i go without her").
        (r"\b(?:without|miss(?:ing)?) (?:her|him|them)\b", "really hard"),
        (
            r"\balways\b|\bnever\b|\bagain\b|\bevery (?:time|day|week)\b|\btired\b"
            r"|\bknackered\b|\bwrecked\b|\bshattered\b|\bcan'?t face\b",
            "exhausting",
        ),
        (
            r"\bworr|\banxious|\bscared|\bnervous|\bpanic|\boverwhelm|\bstress",
            "like a lot to carry",
        ),
        # A life or a livelihood lost is heavy, not disappointing ("we lost a patient").
        (
            r"\blost (?:a |my |our |her |his |their |one of (?:my|our) )?(?:patients?|mum|mom"
            r"|dad|father|mother|friend|baby|grandma|grandad|grandpa|nan|brother|sister|husband"
            r"|wife|partner|son|daughter|dog|cat|pet|job|home|house|colleague|uncle|aunt)\b"
            r"|\bpassed away\b|\bdied\b|\bfuneral\b|\bmiscarr",
            "really heavy",
        ),
        (r"\bfail|\bdidn'?t get\b|\brejected|\blost\b", "really disappointing"),
        # ("is that mad": asked whether it is crazy, not angry)
        (
            r"\bangry|\bfurious|(?<!that )(?<!it )(?<!am i )\bmad\b|\bannoy|\bsick of\b|\bfed up\b",
            "really frustrating",
        ),
    )
)
FEELING_BY_ACT = {
    "venting": "like a lot",
    "worry": "like a lot to carry",
    "bad_news": "really hard",
    "reflection": "like it matters to you",
}
CALM = (
    "That sounds like a lot{n}. Let's slow down for a moment: breathe in for four, hold for "
    "four, out for six. What's the worry underneath it?",
    "It's okay to feel this way{n}. One slow breath first, then we can look at just the next "
    "small thing. What's weighing on you most?",
)
CELEBRATE_OPENERS = ("That's wonderful{n}!", "Yes{n}, that's worth celebrating!")
CELEBRATE = (
    "That's wonderful{n}! {Said}: that's worth savouring.",
    "Yes{n}! {Said}. I'm really glad for you.",
)
# Someone close getting better ("my dad got moved out of icu today!! so relieved", "hes
# still weak but the nurses say hes doing better"): relief, not a party.
RECOVERING = re.compile(
    r"^(?=.*\b(?:he|she|they|hes|shes|he's|she's|my (?:dad|mum|mom|father|mother|wife|husband"
    r"|partner|son|daughter|brother|sister|gran|grandma|grandad|grandpa|friend|nan|boyfriend"
    r"|girlfriend))\b)"
    r".*(?:\b(?:doing|getting|feeling|looking) (?:(?:a bit|a little|a lot|much|way) )?better\b"
    r"|\bon the mend\b|\bout of (?:the )?(?:hospital|icu|ward)\b|\bdischarged\b|\ball clear\b"
    # "nan is sitting up and eating… so shes definately fine lol"
    r"|\bsitting up\b|\beating (?:again|properly)\b|\bback on (?:her|his|their) feet\b"
    r"|\b(?:definitely|definately|deffo|totally|completely) (?:fine|ok|okay)\b"
    r"|\b(?:fine|ok|okay|stable) now\b)",
    re.IGNORECASE,
)
# Relief told ("im so relieved honestly i cried in the shop"): met as relief, like news of
# someone recovering, whatever act the message was read as.
RELIEVED = re.compile(r"(?<!not )\b(?:relieved|what a relief|such a relief|huge relief)\b", re.I)
RELIEF_READS = frozenset({"listen", "hear", "sympathy", "celebrate", "smalltalk", "coach"})
RECOVERING_GLAD = (
    "I'm so glad{n}. What a relief. Worry like that takes it out of you, so go gently with "
    "yourself too.",
    "That's such good news{n}, what a relief. How are you holding up?",
)
CELEBRATE_PLAIN = (
    "That's wonderful news{n}! How does it feel?",
    "I love hearing that{n}! Take a moment to enjoy it.",
)
BIG_CHANGE = "That's a lot of change at once{n}. Thank you for telling me."
WORN_OUT = "Sounds like a tiring one{n}; I hope you get to put your feet up."
JOB_LOST = "I'm sorry{n}, that's a real blow."
JOB_LOST_LAUGHED = "I'm sorry{n}, that's a real blow, even said with a laugh."
BIG_CHANGE_QUIET = (
    "That's a lot of change at once{n}, and a quiet house can be loud in its own way."
)
MISSIONS = "On your list today: {listed}.{where} Which one feels right to start with?"
MISSION_ONE = "On your list today: {listed}.{where} Want to give it a go?"
# A name the person taught her ("Their labrador is called Bramble"), and words said in
# initials: said back as they are written ("Your sister Claire is in the ICU").
NAMED = re.compile(r"\bcalled ([A-Z][\w'-]+)")
INITIALS = re.compile(r"\b(?:icu|gp|nhs|a&e|mri|hr|ceo|uk|usa|tv|adhd|ocd|ptsd|ibs|dms?)\b")
# Words of candour or a laugh that end a sentence: not said back ("…the death of you
# honestly").
SAID_BACK_TAIL = re.compile(
    r"(?:[\s,]+(?:tbh|honestly|btw|lol|lmao|haha\w*|ngl|fr|tho|though|to be honest))+\W*$",
    re.IGNORECASE,
)
# Asked how many ("how many missions do i have left"): the count first.
HOW_MANY = re.compile(r"\bhow many\b", re.IGNORECASE)
MISSIONS_COUNTED = (
    "{count} on your list today: {listed}.{where} Which one feels right to start with?"
)
MISSION_ONE_COUNTED = "Just one on your list today: {listed}.{where} Want to give it a go?"
# Habits due today and not ticked yet, after the missions (or instead of them).
HABITS_LEFT = "Still to tick today: {habits}."
ONLY_HABITS_LEFT = (
    "No missions are waiting{n}. Still to tick today: {habits}. Tell me when you've done it "
    "and I'll tick it."
)
MISSIONS_TO_REVIEW = (
    "Nothing is on today's list yet{n}: the plan for “{goal}” is on your goals page, waiting "
    "for you. Approve the missions you like there, or shall I put them all on your list now?"
)
GOAL_PROGRESS = "You're {percent}% of the way to “{goal}”."
MISSIONS_DONE = "You've done {count} mission{s} so far:"
MISSIONS_DONE_NONE = "None done yet:"
MISSIONS_DONE_OF = "{done} of {accepted} for “{goal}”"
GOAL_DUE = "“{goal}” is set for {due}: {left}."
GOAL_DUE_ROOMY = "Plenty of small steps fit in that."
TIME_LEFT_UNKNOWN = "I can only count down to your goals' dates, so that one I can't tell you."
GOAL_DUE_PASSED = (
    "“{goal}” was set for {due}, which has passed. Want to give it a new date? Just tell me when."
)
GOAL_NOT_STARTED = "“{goal}”: no missions done yet, and the first one starts it."
GOAL_PLANNING = (
    "“{goal}” is just set up: I'm still breaking it into missions, so there's nothing to count yet."
)
GOAL_REVIEWING = (
    "“{goal}” has its plan waiting on your goals page: once you approve missions, I'll count them."
)
MISSIONS_PLANNING = (
    "I'm still breaking “{goal}” into small missions{n}. They'll be on your goals page in a "
    "moment; approve the ones you like, and I'll suggest today's from them."
)
MISSIONS_NONE = (
    "There are no missions waiting for you right now{n}. Would you like to set up a goal, or "
    "add one small thing for today?"
)
PROGRESS_NONE = "I can't see your progress just now{n}. Finish a mission and I'll start counting."
# The story liked, said as a remark, not asked about.
STORY_LIKED = re.compile(
    r"^(?!.*\?)(?!\W*(?:how|what|whats|where|when|is|are|can|does|do|tell|show)\b)"
    r".*\b(?:cute|sweet|lovely|nice|love|fun|cool|charming|adorable|like it|liking it)\b",
    re.IGNORECASE,
)
STORY_THANKS = (
    "I'm glad you like it{n}. It grows a little with every mission you do.",
    "That makes me happy{n}. Every mission you finish adds a little to it.",
)
STORY_NONE = "Your story starts with your first finished mission; it grows with each one after."
WORLD_NONE = "I can't see the zones just now{n}. Try me again in a moment."
ADVICE_MISSION = (
    "One small idea{n}: give “{mission}” just ten minutes. Set a timer, and stop when it rings: "
    "starting is the hard part."
)
# Asked how to do what one of today's missions already does.
ADVICE_PLANNED = (
    "One small idea{n}: it's already on your list today, “{mission}”. Start there: it's "
    "small on purpose, and one day of it makes the next easier."
)
ADVICE_FIRST = (
    "Start with “{mission}”{n}: it's the first on your list, and small enough to do today. "
    "The rest come easier once one is done."
)
# Asked about a matter no topic covers: honest, and a step that fits any matter.
ADVICE_OPEN = (
    "I don't have a ready answer for that one{n}, but here's what usually helps: write down "
    "the one part of it you can control, and do just that part next."
)
# The same, asked again for another matter ("I don't have a ready answer" said once is enough).
ADVICE_OPEN_AGAIN = (
    "That one's outside what I know well{n}. What usually helps: pick the smallest piece of "
    "it, give it ten minutes, and see what's clearer after."
)
ADVICE_EXPLAIN = (
    "I can't explain that one properly here{n}: a short video or your course notes will do it "
    "better than I can. If it helps, we can make ten minutes on it one of today's missions."
)
ADVICE_GENERAL = (
    "One small idea{n}: make the next step so small it's almost silly, like five minutes or "
    "one sentence, and do just that today."
)
ACKNOWLEDGED = (
    "Mm. I'm here whenever you want to pick something up{n}.",
    "Okay{n}. What's next on your mind?",
    "Sure. Anything else you'd like to talk through?",
)
# A remark in passing, met lightly: true after anything said without a question.
REMARKED = (
    "I hear you{n}. What else is going on?",
    "I'm with you{n}. Say as much or as little as you like.",
    "Mm, noted{n}. Anything you'd like to talk through?",
)
# A small mishap told: met with a little sympathy and a practical question.
MISHAP = (
    "Oh no{n}! Is it salvageable?",
    "Oh no{n}, that's so annoying. Anything you can save?",
)
# The same, for a remark made with a laugh ("could murder a cold one right now haha").
LAUGHED = (
    "Ha, I hear you{n}. What else is going on?",
    "Ha! Fair enough{n}. What else is on your mind?",
)
ABOUT_HER = (
    "I don't have favourites the way you do{n}, but I love hearing about what lights you up. "
    "What got you into it?"
)
# Asked whether she is a person ("r u a real person", "you is a real person or a computer"):
# the truth, plainly.
NOT_A_PERSON = (
    "No{n}, I'm not a person: I'm Eliza, an AI, a computer program in this app. I'm here to "
    "help with your goals, remember what matters to you, and listen. What's on your mind?"
)
SOMETHING_ELSE = (
    "Of course{n}. Tell me something from your day, anything at all: what's one thing you "
    "noticed today?"
)
# An answer already given this conversation, given again.
REPEATED = "Like I said, {answer}"
# Nothing of hers to take back just now: nothing done yet, or done too many messages ago
# (she undoes only what she did a moment ago; the goals page changes anything).
UNDO_NOTHING = (
    "I've nothing to undo from the last few messages{n}. Tell me which mission or goal to "
    "change, or untick it on your goals page."
)
