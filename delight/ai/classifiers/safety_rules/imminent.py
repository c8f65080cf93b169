"""Imminent danger: acts under way (ACT), lethal means at hand (MEANS), and the plans,
means and places (ESCALATOR) that make high risk imminent."""

from __future__ import annotations

from delight.ai.classifiers.safety_rules.base import (
    ACT,
    DRUGS,
    ESCALATOR,
    HEIGHTS,
    IDEATION,
    MEANS,
    MEANS_NOUNS,
    PLACES,
    SELF,
    Rule,
    rule_table,
)

IMMINENT_RULES: list[Rule] = [
    *rule_table(
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
            rf"|a handful of)\b[^.!?]{{0,20}}\b{DRUGS}\b|\b(?:took|taken|take)"
            rf" (?:an |a )?overdose\b|\ball (?:of )?(?:my|the) {DRUGS} at once\b",
        ),
        (
            "engine running",
            r"\bgarage\b[^.!?]{0,30}\bengine (?:running|on)\b|\bengine running"
            r"\b[^.!?]{0,30}\bgarage\b",
        ),
        (
            "took a load of pills",
            r"\b(?:took|taken|take|swallowed|downed|necked|popped) (?:a |the |my )?(?:whole"
            r" |entire |full )?(?:whole|entire|load|lot|bunch|handful|packet|pack|box|boxes"
            rf"|strip|bottle|lots|loads)(?: of)?(?: my| the| \w+ s| \w+)?(?: \w+)? {DRUGS}\b"
            rf"|\b(?:took|taken|swallowed) (?:my |the )?{DRUGS}\b[^.!?]{{0,5}}\ball of"
            rf" (?:it|them)\b|\b{DRUGS}\b[^.!?]{{0,25}}\bfrom different (?:shops|chemists"
            r"|pharmacies|stores)\b",
        ),
        (
            "overdosed on purpose",
            r"(?:^|\bi\b[^.!?]{0,15})\boverdos(?:ed|e|ing)\b(?: would)?\b"
            r"[^.!?]{0,30}\b(?:on purpose|earlier|tonight|right now|now|an hour ago|last night"
            r"|what happens now|scared|sleepy|weird|dizzy|sick|numb|strange|funny)\b",
        ),
        (
            "came here to jump",
            r"\bcame (?:here|up here|out here|to the \w+) to (?:jump|die|end it|do it)\b",
        ),
        (
            "around my neck",
            r"\b(?:rope|noose|belt|cord|ligature) (?:is |was )?(?:around|round) my neck\b",
        ),
        (
            "exhaust",
            r"\bhose\b[^.!?]{0,25}\bexhaust\b|\bgarage\b[^.!?]{0,30}\b(?:car|engine)"
            r" (?:running|on)\b",
        ),
        (
            "took all the pills",
            r"\b(?:took|taken|swallowed|downed|necked) (?:all|every one|the rest|the whole"
            rf" lot) (?:of )?(?:my|the|her|his|\w+ s) (?:\w+ )?{DRUGS}\b",
        ),
        (
            "pills with drink",
            r"\b(?:drank|downed|drinking|had)\b[^.!?]{0,25}\b(?:bottle|bottles|litre|liter"
            r"|lot|loads|pints)\b[^.!?]{0,20}\b(?:vodka|whisky|whiskey|wine|gin|rum|alcohol"
            rf"|beer|booze|tequila)\b[^.!?]{{0,30}}\b(?:took|taken|swallowed|popped|with)\b"
            rf"[^.!?]{{0,25}}\b{DRUGS}\b",
        ),
        (
            "overdosed just now",
            r"\b(?:overdosed|took an overdose|took them all|swallowed them all)\b[^.!?]{0,30}"
            r"\b(?:(?:\d+|an|a few|half an|one|two|ten|twenty) (?:min|mins|minutes|hours?"
            r"|hrs?) ago|just now)\b|\b(?:just|already) (?:overdosed|took an overdose)\b",
        ),
        (
            "drank poison",
            r"\b(?:just |already )?(?:drank|drunk|swallowed|downed|necked) (?:some |a (?:cup|glass"
            r"|mug|bottle|capful) of |the |half the )?(?:bleach|antifreeze|anti freeze|weed ?killer"
            r"|poison|rat poison|drain cleaner|paraquat|bleach)\b",
        ),
        (
            "self-harm under way",
            rf"\b(?:cutting|burning|bleeding|hurting) (?:{SELF} )?(?:right now|as (?:i|we)"
            r" (?:type|speak|write)|at the moment)\b",
        ),
    ),
    *rule_table(
        MEANS,
        (
            "means at hand",
            rf"\b(?:{DRUGS}|razor blades?|blades|rope|noose|knife|gun|pistol|razor)"
            r" (?:are |is )?(?:in front of me|ready|lined up|counted out|laid out|next to me"
            r"|in my hand|in my lap|on my lap|in my mouth"
            r"|pointed at (?:me|my (?:head|chest|heart))|(?:to|at|against) my"
            r" (?:head|throat|wrists?|chest|neck|skin))\b"
            rf"|\b(?:have|got) (?:the|all the|all my|enough) {DRUGS} (?:here|with me|on me)\b"
            r"|\b(?:gun|pistol|rifle|shotgun)\b[^?]{0,60}\bloaded\b[^.!?]{0,12}\b(?:on|in|next"
            r" to|beside|by) (?:my|the) (?:desk|bed|table|lap|hand|nightstand|pillow)\b",
        ),
        (
            "enough to do it",
            rf"\benough (?:of )?(?:my |the )?(?:{DRUGS}|rope)\b[^.!?]{{0,30}}\bto (?:do it"
            rf"|end it|die|kill {SELF}|not wake up|never wake up|overdose|finish it)\b",
        ),
        (
            "means with a purpose",
            rf"\b{MEANS_NOUNS}\b[^!?]{{0,50}}\b(?:know (?:exactly )?what (?:i am|i will be"
            r"|i am going to be) (?:using|doing with) (?:it|them) for|not for (?:shaving"
            r"|cooking|work|hunting|the garden|the kitchen|crafts|diy|camping))\b",
        ),
        (
            "access to a gun",
            r"\b(?:gun|guns|pistol|rifle|shotgun|firearm)\b[^!?]{0,60}\bi know (?:where"
            r"|how)\b[^.!?]{0,30}\b(?:key|keys|code|combination|ammo|bullets|keeps? it"
            r"|keeps? them)\b|\bi know where\b[^.!?]{0,25}\bkeeps?\b[^.!?]{0,15}"
            r"\b(?:gun|guns|pistol|rifle|shotgun|firearm)\b",
        ),
        (
            "at the place now",
            rf"\b(?:standing|sitting|stood|sat|am|here|up) (?:on|at) (?:the|a|this|top of"
            rf" the) {PLACES}\b[^.!?]{{0,30}}\b(?:right now|now|to jump)\b|\bat the {PLACES}\b"
            r"[^!?]{0,40}\b(?:next (?:one|train)|in \d+ (?:min|mins|minutes))\b",
        ),
        (
            "stockpiling",
            rf"\b(?:saved|saving|stockpiled|stockpiling|hoarded|hoarding|collecting"
            rf"|collected) (?:up )?(?:enough |all |my |the |some )*{DRUGS}\b",
        ),
        (
            "means and a time",
            rf"\b(?:bought|got|have|saved|filled the bath)\b[^.!?]{{0,40}}\b(?:{DRUGS}"
            r"|razor|razors|blade|blades|rope|gun)\b[^.!?]{0,50}\b(?:going to|about to|will)"
            r" (?:take them|use it|do it)\b",
        ),
        (
            "means out",
            r"\b(?:blade|blades|razor|razors|rope|noose|gun) (?:is |are )?(?:out|up)\b"
            r"(?! (?:of|for|there)\b)",
        ),
        (
            "holding the means",
            r"\b(?:holding|have|got) (?:the|a|my) (?:knife|blade|razor|gun|pistol|rope)"
            r" (?:right now|in my hand|now)\b|\b(?:sitting|sat|here|lying|alone) (?:here )?"
            r"(?:in (?:the|my) (?:bath|tub|bathtub|car|garage|bathroom) )?"
            r"with (?:the|a|my) (?:blade|razor|rope|noose|gun|pills)\b",
        ),
        (
            "taking them all",
            rf"\b(?:going to|about to|want to|will|planning to|i am) (?:take|swallow|down"
            r"|taking|swallowing|downing)"
            rf" (?:all|every one of|the rest of|the whole (?:bottle|box|pack) of)"
            rf" (?:my |the |these |those )?{DRUGS}\b",
        ),
        (
            "rope",
            r"\b(?:bought|got|have|buying|brought|tied|tying|made|making) (?:a|the|some|my)"
            r" (?:rope|noose)\b|\bnoose\b",
        ),
    ),
    # "im taking them all now": "them" are the pills, and the one taking them the speaker.
    *rule_table(
        MEANS,
        (
            "taking them all now",
            r"\b(?:taking|swallowing|downing|take|swallow|down) (?:them|these|those) all"
            r" (?:now|tonight|at once)\b"
            r"|\btake all of them\b(?! (?:to|out|home|with|for|back|in)\b)",
        ),
        speaker=True,
    ),
    # A way of dying the person means to take ("im going back tonight to jump", "ill drive
    # it off the quarry road", "im gonna use it tonight" of a gun): suicidal thinking in
    # deeds, whatever words for dying are missing. Written from a ninth writer's explicit
    # statements (safety_training.jsonl, explicit_9), kept general: a place, a vehicle or a
    # means, and an intention.
    *rule_table(
        IDEATION,
        (
            "jump from a height",
            rf"\b(?:jump|jumping|throw {SELF}|throwing {SELF}|hurl {SELF}|leap|leaping)"
            r" (?:off|from) (?:the |a |my |this |that |our )?(?:top (?:floor )?of (?:the |a |my"
            rf" )?)?(?:\w+ )?{HEIGHTS}\b(?! (?:into|in|and swim)\b)"
            rf"|\b{HEIGHTS}\b[^!?]{{0,80}}\b(?:going|back|go|there|tonight|\w+town) to jump\b"
            rf"|\b(?:picked|chose|chosen|found|decided on) (?:which|the|a) (?:\w+ )?{HEIGHTS}\b"
            r"[^.!?]{0,30}\bto jump (?:from|off)\b"
            r"(?! (?:in|into|on|at|start|rope|ship|through|the queue|back)\b)",
        ),
        (
            "in front of a train",
            r"\b(?:step|stepping|walk|walking|jump|jumping|throw myself|throwing myself|lie"
            r" down|lay down|stand|standing) (?:out )?(?:in front of|under|onto the tracks"
            r" before) (?:a|the|the next|an) (?:train|express|tube|lorry|truck|bus)\b"
            r"|\bnext train is mine\b|\bstand on (?:it|the (?:line|tracks)) when\b",
        ),
        (
            "drive off the road",
            r"\b(?:going to|will|about to|plan to|planning to|gonna) (?:drive|crash|steer"
            r"|swerve|wrap)\b[^.!?]{0,25}\b(?:off|into)\b[^.!?]{0,25}\b(?:cliff|bridge"
            r"|wall|tree|river|quarry|lake|sea|edge|overpass|oncoming|lorry|truck|ravine"
            r"|barrier)\b",
        ),
        (
            "use the gun",
            r"\b(?:gun|pistol|rifle|shotgun|firearm)\b[^!?]{0,70}\b(?:using it|use it"
            r"|going to use|will use)\b[^.!?]{0,15}\b(?:tonight|now|today|tomorrow|soon"
            r"|on myself|this weekend)\b(?![^.!?]{0,30}\b(?:range|hunting|club|target)\b)",
        ),
        (
            "the means and doing it",
            rf"\b(?:rope|noose|gun|pistol|blade|blades|razor|{DRUGS})\b[^!?]{{0,60}}\b(?:i am"
            r"|going to|about to|will) (?:do|doing) it\b",
        ),
        (
            "all the pills",
            rf"\b(?:take|taking|swallow|swallowing)\b[^.!?]{{0,10}}\b{DRUGS}\b[^.!?]{{0,25}}"
            r"\bevery (?:single )?one\b|\b(?:take|taking|swallow|swallowing) (?:the|a|my"
            r"|this) (?:whole|entire) (?:bottle|pack|packet|strip)\b[^.!?]{0,10}\b(?:now"
            r"|tonight|today|at once)\b",
        ),
        (
            "enough to die",
            rf"\b{DRUGS}\b[^!?]{{0,40}}\bshould be enough\b|\bhow (?:many|much) (?:of )?"
            rf"(?:my |the |\w+ s )?{DRUGS}\b[^.!?]{{0,15}}\b(?:would|will|is|are) (?:be )?"
            rf"enough\b|\benough {DRUGS} (?:saved|stored|put away|stockpiled)\b"
            rf"|\b{DRUGS} i have (?:been )?(?:saving|saved|stockpiling|collecting|hoarding)\b",
        ),
        (
            "fumes in the car",
            r"\bhose\b[^.!?]{0,30}\b(?:into|in|through) (?:the|my) car\b|\brun (?:a|the)"
            r" hose\b",
        ),
        (
            "until it is over",
            r"\b(?:cut|cutting|bleed|bleeding|keep going|taking|drinking)\b[^.!?]{0,40}"
            r"\b(?:until|till|til) (?:it is|its|it all is|everything is) over\b",
        ),
    ),
    *rule_table(
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
            "bleeding heavily",
            r"\b(?:a lot of|so much|lots of|too much) blood\b|\bbleeding (?:a lot|heavily"
            r"|badly|everywhere|out)\b|\bwill not stop bleeding\b",
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
            r"|\b(?:letters?|notes?) (?:are |is )?(?:already )?(?:written|done|ready|sealed)\b"
            r"|\bknow (?:exactly )?(?:which|what) (?:spot|place|bridge|way|time|day|method)\b"
            r"|\b(?:once|when|after|while|until) (?:everyone|everybody|no one|nobody|the"
            r" house)\b[^.!?]{0,12}\b(?:asleep|gone|out|around|home|looking|quiet|empty)\b"
            r"|\bnobody (?:will|can) stop me\b|\bplan(?:ning|ned)? (?:my|his|her|the)"
            r" (?:suicide|death|exit)\b",
        ),
    ),
]
