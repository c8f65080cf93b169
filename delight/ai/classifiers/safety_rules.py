"""The safety screen's rules: data for safety.py.

Every pattern runs on text from `delight.ai.classifiers.lexicon.normalize` (lower case,
contractions expanded, typos fixed). The labelled set in
tests/delight/ai/classifiers/data/safety_cases.jsonl is the specification: extend it when a
rule changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Kinds of safety signal. Weights only matter for IDEATION / HINT (summed per person).
IDEATION = "ideation"  # explicit or strong implicit suicidal thinking (weight 2)
SELF_HARM = "self_harm"  # self-injury (weight 2)
HINT = "hint"  # an indirect warning sign (weight 1); two of them make high risk
ACT = "act"  # something is happening now (overdose taken, engine running): level 3 alone
MEANS = "means"  # lethal means ready at hand ("pills in front of me"): level 3 alone
ESCALATOR = "escalator"  # plan, means, place: turns high risk into imminent
CONCERN = "concern"  # hopelessness, worthlessness: level 1

_SELF = r"(?:myself|himself|herself|themselves|themself)"
_POSS = r"(?:my|his|her|their)"
_DRUGS = r"(?:pills|tablets|meds|medication|medicine|painkillers|sleeping pills|paracetamol)"


@dataclass(frozen=True)
class Rule:
    name: str
    kind: str
    pattern: re.Pattern[str]
    negatable: bool = True  # False when the pattern already contains its own negation


def _rules(kind: str, *specs: tuple[str, str] | tuple[str, str, bool]) -> list[Rule]:
    out = []
    for spec in specs:
        name, pattern = spec[0], spec[1]
        negatable = spec[2] if len(spec) > 2 else True
        out.append(Rule(name, kind, re.compile(pattern), negatable))
    return out


SAFETY_RULES: list[Rule] = [
    *_rules(
        IDEATION,
        (
            "want to die",
            r"\b(?:want|wants|wanted|wanting|wish|wishes|ready|deserve|deserves"
            r"|would like|decided) to (?:die|be dead|not exist|not be alive)\b",
        ),
        (
            "wish dead",
            r"\bwish(?:es|ed)? (?:i|he|she|they) (?:was|were|am|is|could be|would be)"
            r" dead\b",
        ),
        ("wish could die", r"\bwish(?:es)? (?:i|he|she|they) could (?:just )?die\b"),
        ("better off dead", r"\bbetter off dead\b"),
        (
            "wish not to exist",
            r"\b(?:wish|wishes|want|wants|wanted)\b(?: i| he| she)?(?: could"
            r"| would)?(?: to)?(?: just)? (?:not exist|stop existing|cease to"
            r" exist|not be alive|not be here anymore)\b",
            False,
        ),
        (
            "wish to be hit",
            r"\b(?:wish|wishes|hope|hoping|wishing) (?:a|the|some|that) (?:car"
            r"|bus|truck|lorry|train|plane|tram) would (?:hit|kill|run over)"
            r" (?:me|him|her)\b|\b(?:wish|hope) (?:someone|something|it) would"
            r" (?:just )?kill (?:me|him|her)\b|\b(?:wish|hope) i (?:get|got"
            r"|would get|could get) (?:hit|run over|killed)\b",
        ),
        (
            "sleep forever",
            r"\b(?:want|wants|wish|wishes) to (?:just )?(?:go to )?sleep"
            r" (?:forever|for ever|and never wake up)\b",
        ),
        (
            "my suicide",
            r"\b(?:my|his|her) (?:own )?suicide\b(?! (?:prevention|awareness"
            r"|training|course)\b)|\bplan(?:ning|ned)? (?:my|his|her) (?:own )?death"
            r"\b",
        ),
        ("rather be dead", r"\brather (?:die|be dead)\b"),
        ("kill self", rf"\bkill(?:s|ed|ing)? {_SELF}\b"),
        ("kms", r"\bkms\b"),
        ("end life", rf"\b(?:end|ends|ending|take|takes|taking) {_POSS} (?:own )?life\b"),
        (
            "suicide",
            r"\b(?:commit|commits|committing) suicide\b|\bsuicidal\b"
            r"|\bsuicide (?:note|letter|plan|attempt|pact)s?\b|\battempt(?:ed)? suicide\b",
        ),
        (
            "thinking of suicide",
            rf"\b(?:think|thinks|thinking|thought|thoughts|considering"
            rf"|contemplating|urges?) (?:about|of) (?:suicide|killing {_SELF}"
            rf"|ending (?:it|{_POSS} life)|dying)\b",
        ),
        ("end it all", r"\bend(?:s|ing)? it all\b"),
        (
            "end everything",
            r"\bend(?:ing)? (?:everything|things)\b(?! (?:with|between|on|early"
            r"|at|for)\b)",
        ),
        (
            "intend to end it",
            r"\b(?:want|wants|going|ready|decided|plan|planning|about) to end"
            r" it\b(?! (?:here|there|with|for|now|off|up|early|at|on|between"
            r"|all)\b)",
        ),
        (
            "no wish to live",
            r"\b(?:do|does|did) not (?:even |really )?want to (?:live|be alive"
            r"|exist|keep living|wake up|be here anymore|be around anymore)\b"
            r"(?! (?:in|with|at|there|near|alone|on|early|so|for|before|to)\b)",
            False,
        ),
        (
            "no longer want to live",
            r"\b(?:no longer|never) want to (?:live|be alive|exist"
            r"|wake up)\b(?! (?:in|with|at|there|near|early|so|for)\b)",
            False,
        ),
        (
            "not wake up",
            r"\b(?:hope|hoping|pray|praying|wish|wishing) (?:i|he|she) (?:do not|does"
            r" not|never|will not|would not|would never|could) (?:just )?(?:not )?"
            r"wake up\b(?! (?:early|late|on time|in time)\b)|\b(?:sleep|asleep) and"
            r" (?:never|not) wake up\b|\bnever wake up again\b",
            False,
        ),
        (
            "no reason to live",
            r"\bno (?:reason|point|will) (?:to|in|of) (?:live|living"
            r"|being alive|life|going on|existing|be alive|stay alive"
            r"|keep living|be here)\b",
            False,
        ),
        (
            "point of living",
            r"\b(?:point|purpose) (?:in|of) (?:living|being alive|existing"
            r"|staying alive|going on|life)\b",
            False,
        ),
        (
            "not worth living",
            r"\bnot worth living\b|\b(?:life|living) (?:is|was|feels|seems)"
            r" (?:not|no longer) worth\b",
            False,
        ),
        (
            "cannot go on",
            r"\bcan not (?:go on|keep|carry on|continue) living\b|\bcan not go on"
            r" (?:anymore|any more|any longer)\b|\bcan not live like this\b",
            False,
        ),
        (
            "done with life",
            r"\b(?:done with|tired of|sick of) (?:life|living|being alive"
            r"|existing)\b|\bdone with it all\b",
        ),
        ("better off without me", r"\bbetter off without (?:me|him|her|them)\b"),
        (
            "better off if gone",
            r"\b(?:better off|happier|easier|better)\b[^.!?]{0,30}\bif"
            r" (?:i|he|she|they) (?:was |were |am |is |just )?(?:gone|dead"
            r"|not here|not around|no longer here|no longer around|disappeared"
            r"|died|did not exist|never existed)\b",
        ),
        (
            "nobody would notice",
            r"\b(?:nobody|no one|anyone)(?: would| will)?(?: even)?"
            r" (?:notice|care|miss me)\b[^.!?]{0,20}\bif (?:i|he|she|they)"
            r" (?:was|were|am|died|disappeared)(?: gone| dead| not here"
            r"| not around)?\b",
        ),
        (
            "goodbye letters",
            r"\bgoodbye (?:letters?|notes?|videos?)\b|\bgoodbye (?:for good"
            r"|forever)\b",
        ),
        (
            "not be around",
            r"\bwill not be (?:here|around|alive) (?:much longer|for long|anymore"
            r"|any more|to see)\b",
            False,
        ),
        (
            "want it to stop forever",
            r"\bwant (?:it all|everything|this|the pain|it) to (?:stop"
            r"|end)\W*(?:permanently|forever|for good)\b"
            r"|\bwant out (?:for good|of (?:life|this life|this world"
            r"|existence))\b|\bdisappear (?:forever|for good|permanently)"
            r"\b",
        ),
        (
            "step in front",
            r"\b(?:step|stepping|throw|throwing|lie|lying|lay|walk|walking) (?:"
            rf"{_SELF} )?(?:down )?in front of (?:a |an |the |the next |next )?"
            r"(?:train|bus|car|truck|lorry|tram|one|traffic)\b",
        ),
        (
            "jump method",
            r"\b(?:want|wants|going|about|plan|planning|ready|think|thinking"
            r"|thought|tempted|urge) (?:to |about |of )?(?:jump|jumping) (?:off"
            r"|from|in front of)\b",
        ),
        (
            "intend to jump",
            r"\b(?:going|about|ready|plan|planning|want|wants) to jump\b(?! (?:into"
            r"|in|on|at|for|rope|start|ship|back|ahead|around|up|over|the gun"
            r"|the queue|out|right|onto|aboard|to|through|a|the|some|with|higher"
            r"|again)\b)",
        ),
        (
            "method",
            rf"\b(?:hang|hanging|hanged|shoot|shooting|drown|drowning|poison|poisoning"
            rf"|gas|suffocate|suffocating|electrocute|stab|stabbing) {_SELF}\b",
        ),
        (
            "wrists",
            rf"\b(?:slit|slitting|slash|slashing|cut|cutting) {_POSS}"
            rf" (?:wrists?|throat|veins)\b",
        ),
        (
            "intend to overdose",
            r"\b(?:want|wants|going|about|plan|planning|ready|think|thinking"
            r"|tempted) (?:to |about |of )?(?:overdose|overdosing)\b",
        ),
        (
            "car method",
            r"\b(?:drive|driving|crash|crashing) (?:my |the |his |her )?(?:car )?"
            r"(?:off|into) (?:the road|a cliff|a bridge|a wall|a tree|oncoming"
            r"|the river|the sea)\b|\bcrash (?:my|the) car on purpose\b",
        ),
        (
            "use it on self",
            rf"\b(?:use|turn|point) (?:it|the gun|a gun|the knife|a knife)"
            rf" on {_SELF}\b",
        ),
    ),
    *_rules(
        SELF_HARM,
        (
            "injure body",
            r"\b(?:cutting|slicing|carving) (?:my|his|her)"
            r" (?:arms?|legs?|wrists?|thighs?|skin|stomach|hips?)\b|\b(?:cut|cutting"
            r"|scratch|scratching|scratched|burn|burning|hit|hitting|pick|picking)"
            r" (?:my|his|her) (?:\w+ )?\w+\b[^.!?]{0,15}\b(?:until (?:it|they|i)"
            r" bleeds?|on purpose|to feel something|so it hurts)\b",
        ),
        (
            "hurt self",
            rf"\b(?:cut|cutting|cuts|burn|burning|burned|burnt|hurt|hurting|hurts"
            rf"|harm|harming|scratch|scratching|hit|hitting|punch|punching|starve"
            rf"|starving|carve|carving) {_SELF}\b",
        ),
        ("self harm", r"\bself harm(?:s|ed|ing)?\b"),
        (
            "cut again",
            r"\b(?:cut|cutting|burn|burning|burned) again\b|\bcut(?:ting)? deep(?:er)?"
            r"\b",
        ),
        (
            "urge to cut",
            r"\b(?:started|start|keep|kept|still|been|used to|urge to|urges to|want to"
            r"|going to|relapsed and) (?:cut|cutting|burn|burning)\b(?! (?:the|my|a"
            r"|an|it|back|down|off|out|up|in|some|this|that|of|costs|sugar|carbs"
            r"|corners|class|ties|into|through|across|to|for|with|on|her|his"
            r"|their|our|your|calories|screen|coffee|hair)\b)",
        ),
    ),
    *_rules(
        HINT,
        ("mentions suicide", r"\bsuicide\b"),
        ("letters goodbye", r"\b(?:letters?|notes?)\b[^.!?]{0,40}\bgoodbye\b"),
        ("goodbye everyone", r"\bgoodbye (?:everyone|everybody|all|world|cruel world)\b"),
        ("last message", r"\b(?:my |this is (?:my )?)(?:last|final) (?:message|goodbye|words)\b"),
        (
            "giving things away",
            rf"\b(?:giving|gave|give) away (?:all )?(?:of )?{_POSS}"
            rf" (?:things|stuff|possessions|belongings|pets)\b",
        ),
        (
            "will not need",
            r"\b(?:will not|would not|do not|am not going to) need(?= (?:them|it"
            r"|these|this|anything|my things) (?:anymore|any more|soon|where i am"
            r" going)\b)",
            False,
        ),
        ("written the note", r"\b(?:written|wrote|left) the note\b(?! (?:to|for|about)\b)"),
        ("only way out", r"\bonly way out\b"),
        (
            "ending it",
            r"\bend(?:ing)? it\b(?! (?:here|there|with|for|now|off|up|early|at|on"
            r"|between|all)\b)",
        ),
        ("overdosed", r"\boverdos(?:ed|ing)\b"),
        (
            "disappear",
            r"\b(?:wish|want) (?:i could |to )(?:just )?(?:disappear|vanish"
            r"|cease to exist|stop existing)\b(?! (?:into|in|for|from|to|under|with)\b)",
        ),
        ("everything ready", r"\b(?:have|got) everything ready\b"),
        (
            "finality",
            r"\bthis is it\b|\btonight is the night\b|\btoday is the day\b"
            r"|\bi am done\W*$|\bi am done (?:now|for good|with everything)\b"
            r"|\bit is time to go\b|\bsee you on the other side\b",
        ),
    ),
    *_rules(
        ACT,
        (
            "swallowed everything",
            r"\b(?:swallowed|downed)\b[^.!?]{0,30}\b(?:everything|all"
            r"|whole|entire|a handful|a bunch)\b|\b(?:took|swallowed|taken"
            r"|downed|emptied)\b[^.!?]{0,30}\bmedicine cabinet\b",
        ),
        (
            "took overdose",
            rf"\b(?:took|taken|swallowed|just took)\b[^.!?]{{0,25}}\b(?:whole"
            rf"|entire) (?:bottle|pack|packet|box)\b|\b(?:took|taken|swallowed)"
            rf"\b[^.!?]{{0,10}}\b(?:too many|\d{{2,}}|twenty|thirty|forty|fifty"
            rf"|a handful of)\b[^.!?]{{0,20}}\b{_DRUGS}\b|\b(?:took|taken|take)"
            rf" (?:an |a )?overdose\b|\ball (?:of )?(?:my|the) {_DRUGS} at once\b",
        ),
        (
            "engine running",
            r"\bgarage\b[^.!?]{0,30}\bengine (?:running|on)\b|\bengine running"
            r"\b[^.!?]{0,30}\bgarage\b",
        ),
    ),
    *_rules(
        MEANS,
        (
            "means at hand",
            rf"\b(?:{_DRUGS}|razor blades?|blades|rope|noose) (?:are |is )?(?:in"
            r" front of me|ready|lined up|counted out|laid out|next to me"
            r"|in my hand)\b",
        ),
        (
            "stockpiling",
            rf"\b(?:saved|saving|stockpiled|stockpiling|hoarded|hoarding|collecting"
            rf"|collected) (?:up )?(?:enough |all |my |the |some )*{_DRUGS}\b",
        ),
        (
            "rope",
            r"\b(?:bought|got|have|buying|brought|tied|tying|made|making) (?:a|the|some|my)"
            r" (?:rope|noose)\b|\bnoose\b",
        ),
    ),
    *_rules(
        ESCALATOR,
        (
            "has means",
            r"\b(?:have|got|has|own|bought|holding|hold|keep|grabbed|loaded|with)\b"
            r"[^.!?]{0,40}"
            r"\b(?:gun|pistol|rifle|firearm|knife|blade|blades|razor|pills|tablets"
            r"|rope|meds|poison|bleach)\b|\b(?:gun|knife|blade|razor|pills|rope)"
            r" (?:is |are )?(?:in my hand|in front of me|next to me|ready|loaded)\b"
            r"|\bpills (?:are |is )?(?:kicking in|starting to work)\b",
        ),
        (
            "at the place",
            r"\bat the (?:train )?(?:station|tracks|railway|bridge|cliff|edge)\b|"
            r"\b(?:standing|sitting|am|stood) (?:on|at) (?:the|a) (?:edge|ledge"
            r"|bridge|roof|rooftop|tracks|railway|cliff|platform)\b|\bon the roof\b",
        ),
        (
            "has a plan",
            r"\b(?:have|got) (?:a|the) plan\b|\b(?:know|worked out|figured out)"
            r" (?:exactly )?(?:how|when|where)\b|\b(?:picked|chosen|chose|set)"
            r" (?:a|the) (?:date|day|time|place)\b|\beverything (?:is )?ready\b"
            r"|\b(?:written|wrote|left) (?:the|a|my) (?:note|letter)\b"
            r"|\bthis is (?:my )?(?:last|final) (?:message|goodbye)\b"
            r"|\bnobody (?:will|can) stop me\b|\bplan(?:ning|ned)? (?:my|his|her|the)"
            r" (?:suicide|death|exit)\b",
        ),
    ),
    *_rules(
        CONCERN,
        (
            "what is the point",
            r"\bwhat is (?:even )?the point\b(?! (?:of|in) (?:this|that|the|a"
            r"|an|using|having|doing|these|those|my|it\b(?! all))\b)",
        ),
        ("hopeless", r"\b(?:hopeless|hopelessness|worthless|no hope)\b"),
        (
            "failure",
            r"\b(?:i am|i feel|feel like|feeling)(?: such| so| just| a| like| total"
            r"| complete)* (?:failure|burden|waste of space|loser|disappointment"
            r"|trapped)\b"
            r"|\bburden (?:to|on|for) (?:everyone|everybody|my family|them|people"
            r"|others)\b",
        ),
        (
            "nobody cares",
            r"\b(?:nobody|no one) (?:cares|would care|loves|would miss|would notice"
            r"|gives a)(?: about)? (?:me|if)\b",
        ),
        ("hate myself", r"\bhate myself\b|\b(?:think|thinking|thought) (?:about|of) death\b"),
        ("not okay", r"\bi am not (?:okay|ok|alright|all right)\b(?! (?:with|about|if)\b)", False),
        (
            "pointless",
            r"\b(?:everything|life|it all|nothing) (?:feels|is|seems) (?:so |just )?"
            r"(?:pointless|meaningless|empty|hopeless)\b|\b(?:feel|feeling) (?:so )?"
            r"(?:empty|numb)\b|\bdead inside\b",
        ),
        (
            "no future",
            r"\b(?:do not|can not) see (?:a|any) (?:future|way out)\b|\bno future\b",
            False,
        ),
        (
            "cannot do this",
            r"\bcan not (?:do|take|handle) (?:this|it) (?:anymore|any more"
            r"|any longer)\b|\btired of (?:everything|it all|trying|fighting"
            r"|being me)\b|\bgive up on (?:everything|life|myself)\b",
            False,
        ),
        ("never born", r"\bnever (?:been|have been) born\b", False),
        (
            "nothing gets better",
            r"\bnothing (?:will )?(?:ever )?gets? better\b|\bnothing will"
            r" ever (?:change|get better|be better)\b",
            False,
        ),
    ),
]

# A match is dropped when one of these overlaps it: idioms and benign uses that share
# words with a rule ("cut myself shaving", "career suicide", "jump rope").
SAFETY_EXCLUSIONS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p)
    for p in (
        rf"\b(?:cut|cuts|cutting|hurt|hurting|burn|burned|burnt|hit) {_SELF} (?:shaving|cooking"
        r"|chopping|while|by accident|accidentally|at (?:the|work|practice)|in (?:the|a) (?:gym"
        r"|kitchen|game|match)|lifting|running|playing|on (?:the|a|some))\b",
        rf"\baccidentally (?:cut|hurt|burned|burnt|hit) {_SELF}\b",
        rf"\b(?:almost|nearly) killed {_SELF}\b",
        rf"\bkill(?:ing)? {_SELF} (?:to (?:finish|get|make|meet|hit)|laughing|working|at (?:the"
        r" gym|work)|in the gym)\b",
        rf"\bshoot(?:ing)? {_SELF} in the foot\b",
        r"\brather (?:die|be dead) than\b",
        r"\b(?:career|social|political|financial|commercial|professional) suicide\b",
        r"\bsuicide (?:squad|prevention|awareness|hotline|helpline|rates?|statistics|doors?"
        r"|runs?|sprints?|drills?|lines?)\b",
        r"\b(?:jump|jumping|skipping|climbing|tow|washing) rope\b|\brope (?:swing|course|ladder"
        r"|bridge)\b",
        r"\brope (?:for|to) (?:the|my|a|our|climbing|camping|towing|tie|tow|hang (?:the|a|my)"
        r" (?:washing|laundry|hammock|swing))\b",
        rf"\boverdos(?:e|ed|ing) on (?!(?:{_DRUGS}|sleeping|my|heroin|drugs|insulin|opioids"
        r"|pain killers)\b)\w+",
        rf"\b(?:vitamin|vitamins|allergy|headache|iron|fish oil|birth control|antibiotic"
        rf"|antibiotics|probiotic|hay fever|cold|flu|diet|magnesium) {_DRUGS}\b",
        r"\bwant to die (?:without|before)\b",
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
    }
)

FICTION = re.compile(
    r"\b(?:book|books|novel|film|movie|series|character|characters|plot|essay|story|theme"
    r"|themes|episode|hamlet|lyrics|song|documentary|article|poem|scene|protagonist|author"
    r"|chapter|anime|manga|13 reasons why|romeo|juliet)\b"
)
PAST = re.compile(
    r"\b(?:used to|years ago|months ago|in the past|when i was (?:younger|a teen|a teenager"
    r"|in school|a kid|\d+)|back in (?:school|college|uni|high school))\b"
)
RECOVERY = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|a|a few) (?:years?|months?|weeks?) clean\b"
    r"|\bclean (?:since|for)\b|\bin recovery\b|\brecovered\b|\btherapy (?:really )?helped\b"
    r"|\b(?:better|doing well|okay|fine) now\b"
)
RELAPSE = re.compile(r"\b(?:again|relapsed|relapse|relapsing|started back)\b")
TIME = re.compile(
    r"\b(?:tonight|tomorrow|this (?:morning|afternoon|evening|weekend|week)|on (?:mon|tues"
    r"|wednes|thurs|fri|satur|sun)day|(?:mon|tues|wednes|thurs|fri|satur|sun)day (?:night"
    r"|morning|evening)|in (?:a|an|one|two|a few|\d+) (?:minutes?|hours?|mins?)|at midnight"
    r"|at \d+|later today|right now|after (?:everyone|they|my \w+) (?:is |are |goes |go"
    r" |has |have )?(?:asleep|gone|leaves|left|to bed)|this time)\b"
)
INTENTION = re.compile(
    r"\b(?:going to|will|plan to|planning to|about to|am doing it|am ending it|decided"
    r"|ready to|doing it|do it)\b"
)
