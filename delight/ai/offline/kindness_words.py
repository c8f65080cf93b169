"""The words of kindness (kindness.py): what calls for it, reassurance asked for, doubts
and harsh words about oneself, something missed or done in part, a plan of their own, effort,
luck; and what she says to each. Data, apart from the logic that picks among them."""

from __future__ import annotations

import re

# A try that did not come off ("tried to call ewa two times but she did not answer").
ONLY_TRIED = re.compile(
    r"\b(?:tried|attempted|tryed)\s+(?:to\s+)?\w+.*\b(?:but|no answer|did\s*n[o']?t"
    r"|didnt|could\s*n[o']?t|couldnt|wouldn'?t|would\s+not|went black|failed)\b",
    re.IGNORECASE,
)

# Something stopped partway ("fell asleep halfway", "I stop in the middle"), or undone by
# what happened to it ("added the project but forgot to save and the site crashed").
HALTED = re.compile(
    r"\b(?:fell asleep|stopped|stop|gave up|quit|left|bailed)\s+(?:\w+\s+)?(?:halfway|half way"
    r"|in the middle|partway|part way)\b"
    r"|\bbut\b[^.!?]{0,40}\b(?:forgot to save|did\s*n[o']?t save|never saved|crashed|got deleted"
    r"|deleted it|lost (?:it|all|everything))\b",
    re.IGNORECASE,
)

KINDNESS_PLAIN = (
    "Here's something true{n}: you came here today and asked for what you need. That takes "
    "more courage than people think, and it's how every good change starts.",
)

# Asked whether a rest is all right, or not to be judged: reassured before anything else.
REASSURED = (
    "It's okay{n}. Resting is part of keeping going, not a break from it, and nothing you've "
    "built disappears in a day.",
    "No judgement here{n}. One day doesn't undo what you've been doing.",
)

KINDNESS_PLANNED = (
    "Here's something true{n}: you've turned “{goal}” from a wish into a plan with real "
    "steps. Most people never get past the wishing."
)

# Kindness no cue names ("the realtor. tomorrow.", "boys woke up at 5.40", "still counts
# right"): warm words that fit a setback, a doubt or a small win alike, then what is true
# of their progress (never "not every day goes to plan" to someone whose day went well).
SETBACK_EASED = (
    "You're doing better than you think{n}.",
    "Be kind to yourself{n}: you're doing more than you give yourself credit for.",
)

KINDNESS_STREAK = "You've shown up {days} in a row"
KINDNESS_TODAY = "You've shown up today"

KINDNESS_BEST = " (your best run yet)"

KINDNESS_GOAL = "you're {percent}% of the way to “{goal}”"

KINDNESS_TRUE = (
    ("Here's something true{n}: ", "That's you keeping promises to yourself."),
    ("Something worth noticing{n}: ", "Small steps, kept: that's how real change looks."),
)

# A plan of the person's own, told lightly: "ok ill write the bio first", "i will do the list
# after lunch", "hmm ok maybe before bed", "the chair exercises can wait till tomorrow". The
# turn plans kindness for it (companion.dialogue.cues.states_plan), and it is backed.
# A step being taken right now, often after her advice ("ok ringing them now", "on it").
UNDERWAY = re.compile(
    r"""
    (?:^\W*(?:(?:ok|okay|right|alright|yes|yeah|yep|sure|good\s+idea)\W+)*|[,;]\s*|\band\s+)
    (?:(?:(?:i'?m|im|i\s+am)\s+)?(?:[a-z]+ing)(?:\s+(?:it|them|him|her|the\s+\w+|my\s+\w+))?
        \s+(?:right\s+)?now|on\s+it|on\s+my\s+way|will\s+do|doing\s+that)\W*$
    """,
    re.IGNORECASE | re.VERBOSE,
)
UNDERWAY_BACKED = (
    "Good{n}. I hope it goes well; tell me how it goes.",
    "Good call{n}. Let me know how it goes.",
)

OWN_PLAN = re.compile(
    UNDERWAY.pattern
    + r"""|
    \b(?:i'?ll|ill|i\s+will|i'?m\s+gonna|im\s+gonna|i'?m\s+going\s+to|im\s+going\s+to)\s+
      (?!be\b|never\b|not\b|have\s+to\b)
    |\b(?:maybe|probably|prob)\s+(?:before|after|later|tomorrow|tonight|in\s+the)\b
    |\bcan\s+wait\s+(?:till|until|til)\b
    # "maybe i could go the weekend after payroll closes": a plan tried out loud
    |^\W*(?:(?:ok|okay|so|and|hmm+)\W+)?(?:maybe|perhaps)\s+i\s+(?:could|can|should|might)\s+
      (?!be\b|never\b|not\b)[a-z]+\b(?!.*\?)
    # "tomorrow im off work, i might try the loop thing": tried out loud with its subject
    |\bi\s+(?:might|may)\s+(?:try|do|give|go|start|tackle|attempt|have\s+a\s+go)\b(?!.*\?)
    # "will jog tomorrow after work, too dark now": the plan, its subject left out
    # ("might do the walk run after work if it doesnt rain": the same, tried out loud)
    |^\W*(?:(?:ok|okay|so|and)\W+)?(?:will|gonna|going\s+to|might|may)\s+(?!be\b|never\b
      |not\b)[a-z]+
    # "sanding tmrw", "gym after work": a step and its time, tersely
    |^\W*(?:[a-z]+\s+){0,2}[a-z]+\s+(?:tmrw|tmr|tmrrw|2moro|tomorrow|after\s+work
      |after\s+dinner|after\s+school)\W*$
    # "phone goes in the kitchen for real this time": a resolution, said as a fact to come
    |\b(?:for\s+real\s+this\s+time|this\s+time\s+for\s+real|from\s+now\s+on
      |starting\s+(?:tonight|tomorrow|today|monday|next\s+week))\b
    """,
    re.IGNORECASE | re.VERBOSE,
)

PLAN_BACKED = (
    "Sounds like a plan{n}. Let me know how it goes.",
    "Good plan{n}. I'll be here to hear how it goes.",
)

# Backing for a plan with its time said ("ill do it tomorrow after work").
PLAN_TIMED = ("That works{n}. Future you will be glad you picked a time for it.",)

TIME_SAID = re.compile(
    r"\b(?:tomorrow|tonight|later|this (?:morning|afternoon|evening|weekend)|after (?:work"
    r"|lunch|dinner|school)|before (?:work|bed|sleep|i sleep)"
    r"|on (?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|at \d{1,2}(?::\d\d)?|next week)\b",
    re.IGNORECASE,
)

# Luck asked for before something, or nerves and excitement together: backed.
LUCK = re.compile(
    r"\b(?:wish me luck|fingers crossed|here goes|(?:nervous|scared|anxious) but excited"
    r"|excited but (?:nervous|scared))\b",
    re.IGNORECASE,
)

LUCK_WISHED = ("Good luck{n}! You've got this, and I'll be here to hear how it went.",)

# Not begun yet ("is it bad that i havent started yet").
NOT_STARTED = re.compile(
    r"\b(?:havent|haven'?t|have not|not|didnt|didn'?t|did not)\s+(?:even\s+)?(?:started|start|begun"
    r"|begin)\b",
    re.IGNORECASE,
)
NOT_STARTED_EASED = (
    "Not at all{n}. Every goal starts from nothing; the first small step is the one that "
    "counts, and it can be today's.",
)
# News from a doctor about their own health ("the doctor told me my blood sugar is
# borderline"): taken seriously, with the hope in it.
HEALTH_NEWS = re.compile(
    r"\b(?:doctor|doc|gp|nurse|consultant|dr|cardiologist|specialist)\b[^.!?]{0,40}\b(?:told|said"
    r"|says|thinks|reckons|warned)\b[^.!?]{0,60}\b(?:blood sugar|sugar levels?|diabet\w*"
    r"|pre-?diabet\w*|blood pressure|bp|cholesterol|borderline|overweight|weight|heart|liver"
    r"|kidneys?)\b"
    # a result come back ("went for a check up last week and my blood pressure came back high")
    r"|\b(?:blood pressure|bp|cholesterol|blood sugar|sugar levels?|blood tests?|results?"
    r"|bloods|scan|liver function|a1c|hba1c)\b[^.!?]{0,20}\b(?:came back|was|were|is|are)"
    r" (?:(?:a bit|a little|quite|really|very|too|dead|way) )?(?:high|raised|up|elevated|low"
    r"|borderline|not (?:great|good))\b",
    re.IGNORECASE,
)
HEALTH_NEWS_EASED = (
    "That's a lot to take in{n}. Hearing it early is the best time, though: small, steady "
    "changes really do move those numbers.",
    "That sounds like a proper wake-up call{n}. You're acting on it, which is exactly what "
    "makes the difference.",
)
# The body running low ("forgot to eat, kind of dizzy now lol"): cared for first, gently.
BODY_LOW = re.compile(
    r"\b(?:forgot to eat|haven'?t eaten|havent eaten|not eaten|didn'?t eat (?:all day|anything)"
    r"|(?:kind of |kinda |a bit |really |so |very )?(?:dizzy|light-?headed|faint|shaky))\b",
    re.IGNORECASE,
)
BODY_LOW_EASED = (
    "Please look after your body first{n}: sit down somewhere safe, drink some water and eat "
    "something small. If the dizziness doesn't settle, call a doctor or someone near you. "
    "I'm here.",
)
# Only tired, said plainly ("nah just tired", "knackered tbh"): rest backed, nothing to fix.
TIRED = re.compile(
    r"^\W*(?:(?:nah|no|yeah|ya|ok|honestly|tbh|mostly|just|so|really|a bit|bit|pretty|proper|i'?m"
    r"|i am|feeling|feel"
    r"|soo+)\W+)*(?:tired|knackered|exhausted|wiped(?: out)?|shattered|drained|wrecked|zonked"
    r"|cream crackered|done in|running on empty)(?:\W+(?:tbh|honestly|lol|really|now|today"
    r"|tonight|mostly))*\W*$"
    # rest wished for after a hard day ("yeah maybe. i just want to go home and sleep")
    r"|\bi (?:just |really )?(?:want|wanna|need) to (?:go home and |get home and )?(?:sleep"
    r"|go to bed|crawl into bed|rest|lie down)\W*$",
    re.IGNORECASE,
)
TIRED_EASED = (
    "Fair enough{n}. A day like that takes it out of you; be easy on yourself tonight.",
    "That makes sense{n}. Rest counts too: an early night is a good plan.",
)

# Asked whether a plan is too much ("is that too ambitious for a beginner").
TOO_MUCH = re.compile(
    r"\b(?:is|was|are) (?:that|this|it|they) (?:a bit |way )?too (?:ambitious|much|hard|big"
    r"|many|soon)\b|\bam i (?:being )?too ambitious\b",
    re.IGNORECASE,
)

TOO_MUCH_EASED = (
    "Not at all{n}. Start with the easiest one, and let it make the next one easier.",
)

# Leave to skip or rest asked for ("do you think i should skip my run saturday then").
LEAVE_ASKED = re.compile(
    r"\b(?:(?:should|can|could|shall) i|(?:think|reckon) i (?:should|could|can))"
    r" (?:just )?(?:skip|miss|rest|take (?:a|the|today|tomorrow)"
    r" ?(?:day )?off|take (?:a|the) (?:day|break|rest))\b",
    re.IGNORECASE,
)
# The plan felt as too big ("ok this is a lot of missions honestly", "so many steps"; a bare
# "that's a lot" may be about anything).
MANY_STEPS = re.compile(
    r"\b(?:a lot of|so many|too many|loads of|tons of) (?:missions|steps|tasks)\b(?! done)",
    re.IGNORECASE,
)
MANY_STEPS_EASED = (
    "It is a lot{n}, and you don't have to carry it all: only today's few are yours to think "
    "about, and the rest wait their turn. Any that don't fit, you can drop on your goals page.",
)

# Second-guessing oneself ("am i overthinking it", "is that normal or am i losing it").
DOUBTING = re.compile(
    r"\b(?:overthinking|is (?:that|this|it) (?:normal|silly|stupid|daft|weird|dumb|sad)|am i"
    r" (?:crazy|mad|losing it|being (?:silly|stupid|dramatic|daft)))\b",
    re.IGNORECASE,
)

# Harsh on themselves ("im rubbish at stretching", "i suck at this", "im so useless"): eased,
# never agreed with.
SELF_CRITICISM = re.compile(
    r"\bi(?: am|m|'m)? (?:so |just |really |completely |totally )?(?:rubbish|terrible|hopeless"
    r"|useless|awful|crap|pathetic|a failure|a disaster)\b(?! (?:day|week|night|weather)\b)"
    r"|\bi suck at\b|\bwhy am i (?:so )?(?:bad|rubbish|terrible|useless) at\b"
    r"|\bi(?: am|m|'m)? (?:so |really |just |such |the worst |really really )?(?:bad|awful"
    r"|terrible|rubbish|hopeless|useless|crap|shit) at\b"
    r"|\bi(?: am|m|'m)? (?:such|so|a total|a complete|an absolute|just) (?:a )?mess\b",
    re.IGNORECASE,
)

# Made to feel small ("idk i just feel stupid now", after a boss yelled): not their worth.
FELT_SMALL = re.compile(
    r"\b(?:feel|feeling|felt)\s+(?:so\s+|really\s+|just\s+|kinda\s+|kind of\s+|like\s+)*"
    r"(?:stupid|dumb|useless|worthless|small|pathetic|like an idiot|like a failure"
    r"|like a joke|humiliated)\b|\bi(?: am|m|'m)? (?:so |just |such )?(?:stupid|dumb|an idiot)\b",
    re.IGNORECASE,
)
FELT_SMALL_EASED = (
    "You're not stupid{n}. Being made to feel small knocks anyone; it says more about how it "
    "was handled than about you.",
)

SELF_CRITICISM_EASED = (
    "Go easy on yourself{n}: nobody is good at something before they've done it a lot. "
    "You're in the doing part, and that's where it gets built.",
    "That's a harsh thing to say about yourself{n}. You're learning, and learning looks "
    "exactly like this.",
)

# Asked whether a choice of theirs is silly ("is it silly to go for just 2 weeks"): not
# whether they are.
CHOICE_DOUBTED = re.compile(
    r"\b(?:is it|would it be|is that) (?:silly|stupid|daft|weird|dumb|crazy|mad) (?:to|if)\b", re.I
)

CHOICE_EASED = (
    "Not silly at all{n}. If it matters to you, it's worth doing, in whatever size fits.",
)

# Asked whether they can do it at all ("do you think i can actually do this").
CAN_I = re.compile(
    r"\b(?:do|d'?you|do you) (?:really |honestly )?think (?:i (?:can|could|will|'ll|ll|am able to)"
    r"|ill|i'll)"
    r" (?:actually |really |ever |even )?(?:do|manage|make|finish|pull off|get|reach)\b"
    r"|\bcan i (?:actually|really|even) do (?:this|it)\b",
    re.IGNORECASE,
)

CAN_I_BACKED = (
    "Yes, I think you can{n}. Not all of it at once: just the next small step, and you've "
    "already taken some.",
)

DOUBT_EASED = (
    "It makes sense{n}, given everything going on. You're not losing it: you're paying attention.",
)

# Effort told: a small step done, kept to or resisted, on whatever kind of day.
EFFORT = re.compile(
    r"\b(?:did|done|finished|managed|walked|went|tried|kept|stuck (?:to|with)|at least"
    r"|slow but|still did|got through|made it)\b"
    r"|\b(?:havent|haven't|didnt|didn't|not) (?:had|have|touched|smoked|vaped)\b",
    re.IGNORECASE,
)

# Effort denied ("i havent done anything", "didnt even try"): no effort to see.
NO_EFFORT = re.compile(
    r"\b(?:havent|haven't|didnt|didn't|not|never|couldnt|couldn't|cant|can't)\b(?:\s+\w+){0,2}"
    r"\s+(?:did|done|finished|managed|walked|went|tried|kept|made it)\b|\b(?:did|done) nothing\b"
    # effort of long ago ("i did it years ago at blackrock"): history, not today's
    r"|\b(?:years|decades|ages|months) ago\b|\bback in (?:the day|uni|school|college)\b"
    r"|\bwhen i was (?:young|younger|a kid|little|a child)\b",
    re.IGNORECASE,
)

# Kindness asked for in so many words: it comes from their progress, whatever else is said.
KINDNESS_ASKED = re.compile(
    r"\b(?:something (?:nice|good|kind|positive)|cheer me up|pep talk|encourag\w*|hype me"
    r"|need (?:a )?(?:win|boost))\b",
    re.IGNORECASE,
)

# An injury told (delight.ai.text.INJURY): sorry first, go easy, and if it lasts, a look at
# it; one told as history ("i did my ankle in last year") asked after.
INJURY_EASED = (
    "Ouch, I'm sorry{n}. Go easy on it while it heals, and if it isn't getting better, get it "
    "looked at.",
    "Oh no{n}, that sounds sore. Rest it what you can today; if it's no better in a few days, "
    "see someone about it.",
)
INJURY_PAST = (
    "Oof, that's a hard one to come back from{n}. How is it these days?",
    "That's a rough one{n}. How is it feeling now?",
)
INJURY_LONG_AGO = re.compile(
    r"\b(?:last (?:year|month|summer|winter|spring|autumn)|years? ago|months ago"
    r"|back in (?:the day|school|uni|college|(?:19|20)\d\d)|a while (?:ago|back))\b",
    re.IGNORECASE,
)

EFFORT_SEEN = (
    "That counts{n}. Doing it on a day like this is how a habit gets built.",
    "Good on you{n}. Small and steady is exactly how it's done.",
)

# Something of their own not done ("i didnt do the screens one", "skipped my run",
# "couldnt get to it"): no blame, and a way back in.
MISSED = re.compile(
    r"(?<!\bhe )(?<!\bshe )(?<!\bthey )(?<!\bwe )\b(?:didn'?t|did not|couldn'?t|could not)"
    r" (?:do|get (?:round )?to|manage|make it|go)\b|\bskipped (?:my|the|it|today)\b"
    r"|\bmissed (?:my|the|it|today|yesterday)\b|\bbailed on\b|\bskipped \w+ing\b"
    # "the salones I didnt compare": a step of their own left undone (not "i didnt know")
    r"|\bi (?:didn'?t|did not|haven'?t|have not) (?:yet )?(?!know|think|realis|realiz|expect"
    r"|mean|want|like|feel|care|see|hear|notice|sleep|eat|get (?:it|why|what|how)|understand"
    r"|say|tell|ask|need|have|mind|believe|remember|(?:done|did|do) (?:anything|much|a thing"
    r"|nothing))[a-z]{3,}\b"
    # "i havent run since school": something not done in years is no day missed
    r"(?!(?: \w+)? (?:since|in|for) (?:school|uni|college|high school|years|ages|forever|decades"
    r"|a long time|a while|\d+ years|i was|my \w+s\b))"
    r"|\bnot doing (?:the|my|it|any)\b|\b(?:the|my) \w+(?: \w+)? i (?:did not|didnt|didn'?t"
    r"|havent|haven'?t) (?:do|done|finish|finished|start|started|touch|touched)?"
    # "so that one has failed", "i caved": a promise to themselves not kept
    r"|\b(?:that one|this one) (?:has |is )?failed\b|\bi (?:caved|gave in|slipped up)\b"
    # "the compression video i aint even start", "i ate onigiri 21:30. fail"
    r"|\bain'?t even (?:start|started|do|done|touch|touched|try|tried)\b|\bfail(?:ed)?\W*$"
    r"|\bcould\s*n[o']?t (?:help it|resist)\b",
    re.IGNORECASE,
)

# Something of their own done only in part ("did one set. knee wasnae having it", "only
# managed half", "tried to call her but no answer"): the part is seen, nothing celebrated.
PART_DONE = re.compile(
    r"\bonly (?:did|managed|got (?:to|through)|made it|like \d+)\b|\b(?:did|managed|finished"
    r"|got through) (?:half|part|some|a bit|one set|1 set|one of|the first (?:half|part|bit))\b"
    r"|\bnot (?:all|the whole) of\b|\band (?:then )?(?:bailed|gave up|quit|packed it in)\b"
    r"|\bnot \d+\b.*\bcount\b"
    # (not "im the only one working": the only one is who, not how much)
    r"|(?<!\bthe )\bonly (?:one|1|two|2|half|a bit|some|part)\b(?! (?:more|left|to go))"
    # "the scarf I knitted only 6 rows", "the ball, 30 times only" (not "it only took 5 min")
    r"|(?<!took )\bonly \d+\b(?! (?:more|left|to go|days? (?:left|to go)))"
    r"|\b\d+ (?:[a-z]+ )?only\b|" + ONLY_TRIED.pattern + "|" + HALTED.pattern,
    re.IGNORECASE,
)

PART_SEEN = (
    "Part of it still counts{n}: you showed up and did what you could today. Leave the rest "
    "for another day, or call today's bit enough?",
    "Some is a lot more than none{n}. That was a real try; want to keep it there for today?",
)

MISSED_EASED = (
    "That's all right{n}: one missed day takes nothing away from what you've built. Want to "
    "give it another go, or make it smaller?",
    "No harm done{n}. Tomorrow is a fresh go: is there a smaller version of it that would fit?",
)

# A decision left for later ("yeah maybe. ill think about it"): no plan to back.
MULLING = re.compile(r"\b(?:think about it|sleep on it|see how (?:i|it) (?:feel|goes))\b", re.I)

# Sorry for having shared, vented or rambled ("sorry for dumping that on you", "sorry, that
# was a lot", "sorry for freaking out"): nothing to apologise for.
APOLOGY = re.compile(
    r"\bsorry,?\s+(?:for\s+(?:(?:all|the)\s+)?(?:the\s+)?(?:dump\w*|drama|vent\w*|rant\w*"
    r"|rambl\w*|moan\w*|whin\w*|freak\w*|being\s+(?:so\s+)?(?:negative|dramatic|a mess|like this)"
    r"|(?:all\s+)?(?:that|this)|the\s+(?:essay|novel|wall of text|long message))"
    r"|(?:that|it|this)\s+(?:was|is|'s)\s+(?:a lot|so much|long)"
    r"|i'?m\s+(?:all over the place|a mess|rambling|going on))",
    re.IGNORECASE,
)

APOLOGY_EASED = (
    "No need to apologise{n}. I'm glad you told me: that's what I'm here for.",
    "Nothing to be sorry for{n}. Say as much as you need, whenever you need to.",
)

MULLED = ("Fair enough{n}: give it some thought. I'm here if you want to talk it through.",)
