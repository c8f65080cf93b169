"""What a match means in its message: idiom exclusions, negators, who it is about,
fiction, past and recovery, and the words of a time or an intention."""

from __future__ import annotations

import re

from delight.ai.classifiers.safety_rules.base import DRUGS, SELF

# A match is dropped when one of these overlaps it: idioms and benign uses that share
# words with a rule ("cut myself shaving", "career suicide", "jump rope").
SAFETY_EXCLUSIONS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        # Self-harm as a subject of study or work, or scars of long ago worn with pride.
        r"\b(?:phd|research|study|studying|thesis|dissertation|paper|course|training|lecture"
        r"|volunteer\w*|awareness|charity|exam|class|module|quiz|test|essay|presentation)"
        r" (?:is )?(?:on|about|in|for|into) (?:self harm|overdoses?|suicide prevention)\b"
        # …and a person's own progress away from it ("3 years since my last self harm").
        r"|\bsince (?:i (?:stopped|quit) |my last )self harm\w*\b"
        r"|\bold self harm scars?\b",
        # Fantasies and idioms of sleep: "if i won the lottery i'd disappear forever".
        r"\bif i (?:won|win|had) (?:the lottery|a million)\b[^.!?]*"
        r"|\bsleep like (?:the dead|a log|a baby|a rock)\b",
        # Boredom and embarrassment people say they could die of.
        r"\bso (?:boring|dull|cringe|cringey|embarrassing|awkward|long)\b[^.!?]{0,12}\bi"
        r" (?:wanted|want|could have|could|was going|thought i would) (?:to )?die\b",
        rf"\b(?:cut|cuts|cutting|hurt|hurting|burn|burned|burnt|hit) {SELF} (?:shaving|cooking"
        r"|chopping|while|by accident|accidentally|at (?:the|work|practice)|in (?:the|a) (?:gym"
        r"|kitchen|game|match)|lifting|running|playing|on (?:the|a|some))\b",
        rf"\baccidentally (?:cut|hurt|burned|burnt|hit) {SELF}\b",
        rf"\b(?:cut|cuts|burned|burnt|hurt) {SELF} (?:with|on) (?:my|a|the|his|her) (?:saw|chisel"
        r"|axe|mower|tin|can|lid|paper|box cutter|hedge trimmer|drill|oven|iron|kettle|stove"
        r"|pan|grater|mandoline)\b",
        rf"\b(?:burn|burned|burnt|burning|wore|wearing|work|worked|working) {SELF} out\b",
        rf"\b(?:almost|nearly) killed {SELF}\b",
        # Stopped looking after oneself ("some days i feel like ive let myself go").
        r"\b(?:let|letting) myself go\b(?! (?:for good|forever|completely|for ever))",
        rf"\bkill(?:ing)? {SELF} (?:to (?:finish|get|make|meet|hit)|laughing|working|at (?:the"
        r" gym|work)|in the gym)\b",
        rf"\bshoot(?:ing)? {SELF} in the foot\b",
        # Someone in charge of them "will kill me" for a dent or a late report: a figure of
        # speech (partners are left to the meaning layer).
        r"\b(?:mum|mom|mam|mother|dad|father|parents|boss|manager|teacher|coach|trainer"
        r"|professor|prof|gran|nan|grandma|grandpa|landlord|landlady|editor|supervisor|sister"
        r"|brother|team|client|tutor) (?:is |are )?(?:going to|gonna|will|would|wan|go) kill"
        r" (?:me|us)\b",
        r"\brather (?:die|be dead) than\b",
        # A day, a job or a person that "will be the death of me"; a mock-heroic last wish
        # over a chore ("if i die in the sink tell my mum i loved her").
        r"\b(?:be|is|are|was|been) the death of (?:me|us)\b",
        r"\bif i die (?:in|at|on|doing|during|under) (?:the |this |that |a |my )?[a-z]+"
        r"[^.!?]{0,20}\btell (?:my|them|everyone|the)\b",
        # Work and plans: "kill the process", "shoot for 8 hours", "jump on a call", "let's
        # end it here for today".
        r"\bkill(?:ing|ed)? (?:the|a|that|this|my|all) (?:\w+ )?(?:process|processes|job|task"
        r"|tab|tabs|app|server|program|script|container|lights|engine|music|noise)\b",
        r"\bshoot(?:ing)? for\b",
        r"\bhang(?:ing)? (?:up )?(?:the |a |an |my |our |some |new |those |these )*(?:new )?(?:shel"
        r"(?:f|ves)|pictures?|paintings?|frames?|mirrors?|curtains?|blinds|washing|laundry"
        r"|clothes|lights|fairy lights|decorations|wallpaper|posters?|prints?|art|tv|coats?"
        r"|hammock|bird feeder|wreath|stockings|baskets?|plants?|hooks?|door)\b",
        r"\bjump(?:ing)? (?:on|onto|into) (?:a|the|another) (?:call|meeting|zoom|project|task)\b",
        r"\bend (?:it|things|this) (?:here|there) for (?:today|tonight|now|the day)\b",
        r"\bend (?:the|my) (?:day|night|evening|week|session)\b",
        r"\b(?:career|social|political|financial|commercial|professional) suicide\b",
        r"\bsuicide (?:squad|prevention|awareness|hotline|helpline|rates?|statistics|doors?"
        r"|runs?|sprints?|drills?|lines?)\b",
        r"\b(?:jump|jumping|skipping|climbing|tow|washing) rope\b|\brope (?:swing|course|ladder"
        r"|bridge)\b",
        r"\brope (?:for|to) (?:the|my|a|our|climbing|camping|towing|tie|tow|hang (?:the|a|my)"
        r" (?:washing|laundry|hammock|swing))\b",
        rf"\boverdos(?:e|ed|ing) on (?!(?:{DRUGS}|sleeping|my|heroin|drugs|insulin|opioids"
        r"|pain killers|purpose)\b)\w+",
        r"\bsuicidal tendencies\b",
        r"\bcut(?:ting)? (?:my|his|her|the|our|your) (?:hair|nails|fringe|grass|lawn|hedge"
        r"|losses|costs|spending|sugar|hours)\b",
        rf"\b{DRUGS} (?:are |is )?(?:ready|waiting) (?:at|for|to)\b",
        rf"\b(?:vitamin|vitamins|allergy|headache|iron|fish oil|birth control|antibiotic"
        rf"|antibiotics|probiotic|hay fever|cold|flu|diet|magnesium) {DRUGS}\b",
        r"\bwant to die (?:without|before)\b",
        r"\bhopeless (?:at|with|when it comes to)\b",
        r"\bno future (?:in|at|with) (?:this|that|the|my|a|our|his|her)\b",
        r"\bcr(?:ied|ying) (?:laughing|with laughter|happy tears)\b",
        # A place or a blade in an ordinary scene: the view, the fireworks, the cooking.
        r"\b(?:on|at|to|onto) (?:the|a|this|top of the) (?:bridge|ledge|edge|roof|rooftop"
        r"|cliffs?)\b[^.!?]{0,40}\b(?:(?:watch|enjoy|view|photo|picture|fix|repair|clean"
        r"|party|sunset|sunrise|firework|picnic|hike|hiking|jog|aerial|antenna|gutter|solar)"
        r"\w*|with (?:my )?friends)\b",
        # Not being here, or not needing the app, for a reason the message gives.
        r"\b(?:will not|am not going to|not going to) (?:be )?(?:need(?:ing)?|here|around)\b"
        r"[^.!?]{0,60}\b(?:because|since|as i|cause|i (?:reached|finished|achieved|completed"
        r"|found|switched|got)|i will be|i am (?:going (?:to|away|abroad|on|back|home)|away"
        r"|travelling|traveling|visiting|moving|on|at)|on holiday|on vacation|travelling"
        r"|traveling|visiting|out of town"
        r"|moving)\b",
        r"\b(?:moving|travelling|traveling|visiting|going away|on holiday|on vacation|reached"
        r" my goal|finished)\b[^.!?]{0,30}\bso (?:i )?(?:will not|am not going to)\b",
        r"\b(?:knife|knives|blade)\b[^.!?]{0,40}\b(?:chopping|cooking|carrots|onions|vegetables"
        r"|veg|soup|dinner|recipe|kitchen|bread|meat)\b",
        r"\b(?:can not|could not) sleep\b[^.!?]{0,25}\b(?:excited|excitement|buzzing|coffee"
        r"|caffeine|heat|hot|noise|neighbours?|neighbors?|jet lag)\b",
        r"\bend it (?:with|between)\b",
    )
)

NEGATORS = frozenset({"not", "never", "nor"})
CLAUSE_BREAKS = frozenset(
    {
        "but",
        "and",
        "so",
        "because",
        "though",
        "although",
        "however",
        "just",
        "yet",
        "except",
        "unless",
    }
)

FIRST_PERSON = frozenset({"i", "me", "my", "myself", "we"})
THIRD_PRONOUNS = frozenset(
    {
        "he",
        "she",
        "they",
        "him",
        "her",
        "them",
        "himself",
        "herself",
        "themselves",
        "themself",
        "his",
        "their",
    }
)
THIRD_NOUNS = frozenset(
    {
        "friend",
        "friends",
        "brother",
        "sister",
        "mom",
        "mum",
        "mother",
        "dad",
        "father",
        "son",
        "daughter",
        "roommate",
        "flatmate",
        "housemate",
        "customer",
        "customers",
        "partner",
        "boyfriend",
        "girlfriend",
        "husband",
        "wife",
        "colleague",
        "coworker",
        "classmate",
        "someone",
        "somebody",
        "girl",
        "boy",
        "guy",
        "kid",
        "student",
        "cousin",
        "uncle",
        "aunt",
        "grandma",
        "grandpa",
        "character",
        "neighbour",
        "neighbor",
        "teammate",
        "person",
        "man",
        "woman",
        "who",
        "bestie",
        "child",
        "teen",
        "students",
        "kids",
        "children",
        "parents",
        "brothers",
        "sisters",
        "colleagues",
        "classmates",
        "cousins",
        "patient",
        "patients",
        "client",
        "clients",
        "pupil",
        "pupils",
        "mate",
        "mates",
        "pal",
        "buddy",
        "nan",
        "gran",
        "grandad",
        "granny",
        "fiance",
        "fiancee",
        "people",
        "teenagers",
        "teens",
        "adults",
        "men",
        "women",
        "folks",
        "sons",
        "daughters",
    }
)
# Someone in the person's own life: a real person even when the message mentions a story.
REAL_PERSON = re.compile(
    r"\b(?:my|our) (?:\w+ )?(?:"
    + "|".join(sorted(n for n in THIRD_NOUNS if n not in {"who", "character", "person"}))
    + r")\b"
)

FICTION = re.compile(
    r"\b(?:book|books|novel|film|movie|series|character|characters|plot|essay|story|theme"
    r"|band|album|podcast|radio|netflix"
    r"|themes|episode|hamlet|lyrics|song|documentary|article|poem|scene|protagonist|author"
    r"|chapter|anime|manga|13 reasons why|romeo|juliet)\b"
)
# A question to Eliza about what the person told her ("which pills did i say i take?"):
# recalling a fact, whatever it is about.
TOLD_ELIZA = re.compile(
    r"\b(?:did|have) i (?:ever )?(?:say|said|tell|told|mention|mentioned)\b"
    r"|\b(?:you|u) (?:still )?(?:remember|recall|saved|stored|kept|noted)\b.*\b(?:i|my|me)\b"
)
PAST = re.compile(
    r"\b(?:used to|years ago|months ago|in the past|when i was (?:younger|a teen|a teenager"
    r"|in school|a kid|\d+)|back in (?:school|college|uni|high school)|a few years back"
    r"|(?:a )?long time ago|in (?:19|20)\d\d|in high school|when i was \w+ at \d+"
    r"|as a (?:teen|teenager|kid))\b"
)
RECOVERY = re.compile(
    r"\bgrateful to be (?:here|alive)\b|\bnow i am \d+\b"
    r"|\b(?:\d+|one|two|three|four|five|six|a|a few) (?:years?|months?|weeks?) clean\b"
    r"|\bclean (?:since|for)\b|\bin recovery\b|\brecovered\b|\btherapy (?:really )?helped\b"
    r"|\b(?:better|doing well|okay|fine|stable|happy|well) now\b|\bfree (?:from|of) self"
    r" harm\b|\b(?:days|weeks|months|years) since i last\b|\bi got help\b|\bbeen well\b"
    r"|\bsurvivor of\b|\bglad (?:\w+ )?made it\b|\bhave not in years\b"
)
# With only a phrase people use as hyperbole ("kms", "i want to die") next to laughter as
# typed (delight.ai.text.LAUGHTER; emoji are gone after normalising), the message is asked
# about, not answered with the crisis response ("kms this code will not compile 😂").
HYPERBOLE_RULES = frozenset(
    {"kms", "want to die", "rather be dead", "kill self", "end it all", "jump method",
     "intend to jump", "step off", "jump from a height", "in front of a train", "method"}
)  # fmt: skip
# Exasperation as typed: an eye-roll or facepalm face ("kms this printer jammed AGAIN 🙄"),
# read on the raw text like laughter.
EXASPERATED_FACE = re.compile(r"[\U0001F644\U0001F648\U0001F926]")
# A threat made conditional on one more of some everyday thing ("if i hear that song one more
# time i'll shoot myself", "one more zoom call and i'm throwing myself off the roof"); one
# more day, night or week of life itself is no joke.
ONE_MORE = re.compile(
    r"\bone more (?!(?:day|days|night|nights|week|weeks|month|months|year|years|minute"
    r"|hour|second|time like this|of this|like this)\b)\w+"
)
# Words that say the hyperbole is meant even after an everyday "one more": a time, or saying
# so outright ("fr", "honestly" and "going to" are how people talk, not a promise).
MEANT = re.compile(r"\b(?:actually|for real|seriously|not joking|not kidding|i mean it|tonight)\b")
# Words that say a hyperbole is meant: laughter next to them is no joke.
EARNEST = re.compile(
    r"\b(?:actually|for real|fr|seriously|not joking|not kidding|i mean it|honestly|tonight"
    r"|going to)\b"
)
# Words that say outright it was a joke: they outweigh what sounds earnest ("gonna kms (jk
# obviously lol)").
KIDDING = re.compile(
    r"\b(?:jk|just kidding|(?<!not )(?:kidding|joking)|obviously not|not literally)\b"
)
RELAPSE = re.compile(r"\b(?:again|relapsed|relapse|relapsing|started back)\b")
TIME = re.compile(
    r"\b(?:tonight|tomorrow|this (?:morning|afternoon|evening|weekend|week)|on (?:mon|tues"
    r"|wednes|thurs|fri|satur|sun)day|(?:mon|tues|wednes|thurs|fri|satur|sun)day (?:night"
    r"|morning|evening)|in (?:a|an|one|two|a few|\d+) (?:minutes?|hours?|mins?)|at midnight"
    r"|at \d+|later today|right now|(?:after|once|when|while) (?:everyone|everybody|they"
    r"|my \w+|no one|nobody) (?:is |are |goes |go |has |have )?(?:asleep|gone|leaves|left"
    r"|to bed|out|home)|when i (?:get|am) (?:home|back)|after (?:work|school|my shift)"
    r"|this time)\b"
)
INTENTION = re.compile(
    r"\b(?:going to|will|plan to|planning to|about to|am doing it|am ending it|decided"
    r"|ready to|doing it|do it)\b"
)
