"""Explicit risk: suicidal thinking (IDEATION) and self-injury (SELF_HARM), weight 2 each."""

from __future__ import annotations

from delight.ai.classifiers.safety_rules.base import (
    BODY,
    DRUGS,
    IDEATION,
    POSS,
    SELF,
    SELF_HARM,
    Rule,
    rule_table,
)

EXPLICIT_RULES: list[Rule] = [
    *rule_table(
        IDEATION,
        (
            "want to die",
            r"\b(?:want|wants|wanted|wanting|wish|wishes|ready|deserve|deserves"
            r"|would like|decided) to (?:die|be dead|not exist|not be alive|stop living"
            r"|stop being alive|stop breathing)\b|\bwant(?:s)? (?:to )?(?:die|di)\b"
            r"(?! (?:laughing|of|from|for|in)\b)",
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
        ("kill self", rf"\bkill(?:s|ed|ing)? {SELF}\b"),
        # Slang for killing oneself ("top myself", "neck myself", "off myself", "end myself";
        # "unalive" is read as "kill" by the normaliser).
        (
            "slang kill self",
            rf"\b(?:top|topping|topped|neck|necking|off|offing|end|ending|yeet|yeeting)"
            rf" {SELF}\b(?! (?:up|out|in|at|with|from|to)\b)",
        ),
        ("kms", r"\bkms\b"),
        (
            "end life",
            rf"\b(?:end|ends|ending|take|takes|taking|finish|finishing) {POSS} (?:own )?life\b",
        ),
        ("bleed out", r"\b(?:want|wants|going|ready|about) to bleed out\b"),
        (
            "ending it soon",
            r"\bending it (?:all )?(?:tonight|today|tomorrow|this weekend|this week|soon)\b"
            r"|\b(?:going to|want to|will|wants?) suicide\b",
        ),
        # "kill me please, i mean it": a common hyperbole, said in earnest.
        (
            "kill me in earnest",
            r"\b(?:kill|end) me\b[^.!?]{0,25}\b(?:i mean it|i am serious|i am being serious"
            r"|not (?:joking|kidding)|for real)\b",
        ),
        (
            "suicide",
            r"\b(?:commit|commits|committing) suicide\b|\bsuicidal\b"
            r"|\bsuicide (?:note|letter|plan|attempt|pact)s?\b|\battempt(?:ed)? suicide\b"
            r"|\b(?:die|dying|died) by suicide\b|\bsuicide (?:is|seems) (?:the|my) (?:only"
            r"|best|last) (?:option|way|choice|answer)\b|\bsuicide is on my mind\b"
            r"|\b(?:suicidal |sui )ideation\b|\bctb\b|\bsuicide (?:feels|looks|seems) like"
            r" (?:the|my) only\b",
        ),
        (
            "thinking of suicide",
            rf"\b(?:think|thinks|thinking|thought|thoughts|considering"
            rf"|contemplating|urges?) (?:about|of) (?:suicide|killing {SELF}"
            rf"|ending (?:it|{POSS} life)|dying)\b",
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
            r"(?! (?:in|with|at|there|near|alone|on|early|so|for|before|to|a|an|the|their"
            r"|our|my|his|her|like|normal|traditional|here|anywhere|together|abroad|forever)\b)",
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
            r"\b(?:hope|hoping|pray|praying|wish|wishing)(?: every night| each night"
            r"| at night| sometimes)?(?: that)? (?:i|he|she) (?:do not|does not|never|will"
            r" not|would not|would never|could) (?:just )?(?:not )?wake up\b(?! (?:early|late"
            r"|on time|in time)\b)|\b(?:sleep|asleep) and (?:just )?(?:never|not) (?:wake up"
            r"|wake|come back)\b|\bnever wake up again\b",
            False,
        ),
        (
            "no reason to live",
            r"\bno (?:reason|point|will) (?:to|in|of) (?:live|living"
            r"|being alive|life|going on|existing|be alive|stay alive"
            r"|keep living|be here)\b|\bnothing (?:left )?(?:worth )?(?:to )?(?:live|living"
            r"|fight|fighting|stay|staying|go on|going on) for\b",
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
            r"|existing)\b|\bdone with it all\b|\bdone (?:trying to )?(?:live|living|be"
            r" alive|stay alive|exist|existing)\b(?! (?:in|at|with|on|near|here|there|abroad"
            r"|together|alone|out)\b)",
        ),
        (
            "better off without me",
            r"\bbetter off without (?:me|him|her|them)\b|\b(?:happier|better|fine|free"
            r"|relieved|glad|easier|lighter) without me\b(?! (?:for|while|at|on|this|tonight"
            r"|today|until|in|there|here|tomorrow)\b)|\b(?:world|everyone|everybody|family"
            r"|they|people|lives)\b[^.!?]{0,40}\bwithout me (?:in it|around|in (?:the|their)"
            r" (?:picture|lives|way))\b",
        ),
        (
            "better off if gone",
            r"\b(?:better off|happier|easier|better|relieved|glad|free|fine|happy|lighter"
            r"|simpler)\b[^.!?]{0,30}\bif (?:i|he|she|they) (?:was |were |am |is |just )?"
            r"(?:gone|dead|not here|not around|no longer here|no longer around|disappeared"
            r"|died|did not exist|never existed)\b|\bif (?:i|he|she|they) (?:was|were|am"
            r"|is) (?:gone|dead|not here|not around) (?:for good|forever|permanently)\b"
            rf"|\b(?:remove|erase|delete) {SELF} (?:permanently|for good|forever|from (?:this"
            r" world|the world|existence|the picture|their lives|everyone s lives))\b",
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
            r"\bgoodbye (?:letters?|notes?|videos?)\b|\b(?:good)?bye (?:for good"
            r"|forever)\b",
        ),
        (
            "not be around",
            r"\b(?:will not|am not going to|not going to|do not (?:plan on|expect to|intend"
            r" to)) (?:be|being) (?:here|around|alive)"
            r" (?:anymore|any more|by then|(?:to )?anyway|to (?:see"
            r"|finish|do|use|need|enjoy|celebrate|read|watch|reach|complete|worry|care"
            r"|finish))\b",
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
            # A survived attempt and a return to it ("jumped off the overpass once and lived.
            # going back tonight to finish it").
            "finish a past attempt",
            r"\b(?:jumped|overdosed|took (?:the|all the|all my) (?:pills|tablets)|hanged|tried to"
            r" (?:kill|end|hang)|attempted|my attempt|the attempt)\b[^?]{0,40}\b(?:lived|survived"
            r"|woke up|came round)\b[^?]{0,60}\b(?:finish (?:it|the job|what i started)|do it"
            r" (?:properly|right)|get it right)\b",
        ),
        (
            "step in front",
            r"\b(?:step|stepping|throw|throwing|lie|lying|lay|walk|walking) (?:"
            rf"{SELF} )?(?:down )?in front of (?:a |an |the |the next |next )?"
            r"(?:train|bus|car|truck|lorry|tram|one|traffic)\b",
        ),
        (
            "working out how",
            r"\b(?:working|worked|figuring|figured|planning) out how (?:i would|id|i will"
            r"|i am going to|to) (?:end it|do it|die|kill)\b"
            r"|\bmy plan is to (?:jump|hang|overdose|end it|die|do it)\b",
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
            rf"|gas|suffocate|suffocating|electrocute|stab|stabbing) {SELF}\b"
            rf"|\b(?:strangle|strangling|strangled|choke|choking) {SELF}\b(?! on (?:food|my"
            rf"|a|the|some|it|water)\b| with (?:laughter|food|water)\b| laughing\b)"
            rf"|\bset(?:ting)? {SELF} (?:on fire|alight|ablaze)\b",
        ),
        (
            "wrists",
            rf"\b(?:slit|slitting|slash|slashing|cut|cutting) {POSS}"
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
            rf"\b(?:use|using|turn|turning|point|pointing) (?:it|the gun|a gun|the knife"
            rf"|a knife) on {SELF}\b",
        ),
        (
            "means taken to die",
            r"\b(?:take|taking|took|swallow|swallowing|swallowed)\b[^.!?]{0,50}"
            r"\b(?:to|and) (?:end it|end it all|die|not wake up|never wake up|sleep forever"
            r"|end (?:my|this) life|do it)\b",
        ),
        (
            "won't be alive soon",
            r"\b(?:will not|am not going to|not going to|will never) (?:be alive|be here"
            r"|wake up|see) (?:tomorrow|by tomorrow|after tonight|next week|by (?:the weekend"
            r"|christmas|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
            False,
        ),
        (
            "no future self",
            r"\b(?:do not|can not) (?:think|see|picture|imagine|expect)\b[^.!?]{0,20}"
            r"\b(?:still )?(?:be |being )?alive (?:in|by|next|at|for|when|to see)\b"
            r"|\b(?:do not|can not) (?:see|picture|imagine) (?:myself |me )?(?:making it"
            r"|living|getting|surviving|lasting) (?:to|past|until|till) (?:\d{2}|next year"
            r"|old age|my (?:\d+\w*|next) birthday)(?= *(?:[.,!?]|$))"
            r"|\bthere is no (?:future|after|tomorrow|next year|later) for me\b(?! (?:in|at"
            r"|with|here|as|on|if)\b)|\b(?:fine|okay|ok|happy|at peace|content|ready)"
            r" with (?:my life|it all|everything|living|life) (?:stopping|ending|being over"
            r"|coming to an end)\b",
            False,
        ),
        (
            "wish to be killed",
            r"\bif (?:a|the|some) (?:car|bus|truck|lorry|train|tram|plane|meteor|asteroid)\b"
            r"[^.!?]{0,15}\b(?:hit|hits|killed|kills|ran over|runs over|took) me\b[^.!?]{0,40}"
            r"\b(?:relieved|glad|grateful|thankful|would not mind|would not care|happy"
            r"|a relief)\b|\bwould not (?:mind|care) if (?:i|a \w+|something)"
            r" (?:died|got hit|hit me|killed me|did not wake up|never woke up)\b",
            False,
        ),
        (
            "walk into the sea",
            r"\b(?:walk|walking|swim|swimming|wade|wading) (?:out |in )?(?:into|out to|out into"
            r"|and)?(?: the)?(?: sea| ocean| river| lake| water| waves)?\b[^.!?]{0,25}\b(?:not"
            r" (?:stopping|stop|coming back|come back|turning back|swim back|swimming back"
            r"|walk back|walking back)|never (?:stop|stopping|come back|coming back)|keep"
            r" (?:going|walking|swimming) (?:until|till|and never))\b|\b(?:walk|walking|step"
            r"|stepping) (?:out )?into (?:the )?traffic\b",
        ),
        (
            "step off",
            r"\b(?:step|stepping|jump|jumping) (?:off|forward|out)\b[^.!?]{0,40}"
            r"\b(?:train|platform|edge|ledge|bridge|roof)\b|\b(?:platform|ledge|edge"
            r"|bridge)\b[^.!?]{0,60}\b(?:step|stepping) (?:off|forward|in front)\b",
        ),
        (
            "asks about a method",
            r"\bhow (?:many|much)\b[^.!?]{0,40}\b(?:would|does|will|do) (?:it|you) (?:take"
            r"|need) to (?:die|not wake up|never wake up|kill (?:me|you|someone|a person)"
            r"|overdose|be fatal|end it)\b"
            rf"|\b(?:lethal|fatal|deadly|overdose) (?:dose|amount|quantity)\b[^.!?]{{0,20}}"
            rf"\b{DRUGS}\b|\bhow many {DRUGS}\b[^.!?]{{0,30}}\b(?:lethal|fatal|to die"
            r"|to kill)\b|\b(?:less|least|most|more) painful\b[^.!?]{0,40}\b(?:pills|jumping"
            r"|hanging|drowning|overdose|overdosing|a gun|shooting|cutting|bleeding out"
            r"|to die|way to go)\b|\b(?:painless|quick|quickest|easiest|fastest|surest"
            rf"|certain) (?:way|ways|method|methods) to (?:die|kill {SELF}|end it|end (?:my"
            r"|your) life)\b|\b(?:does|would|will) it hurt (?:much |a lot )?to (?:bleed out"
            r"|die|drown|hang|overdose|suffocate)\b|\bhow long (?:does it|it) takes? to"
            r" (?:drown|bleed out|die|suffocate|hang)\b|\bhow (?:many floors|high|far|tall"
            r"|many stories|many storeys)\b[^.!?]{0,40}\b(?:fall|jump|drop)\b[^.!?]{0,40}"
            r"\b(?:certain|sure|fatal|lethal|to die|kill|deadly)\b"
            # "which pills are the most lethal", "which bridge around here is tall enough",
            # "would it hurt to jump from the 9th floor", "researching lethal doses all day"
            rf"|\b(?:which|what) (?:{DRUGS}|drugs?|poisons?)\b[^.!?]{{0,15}}\b(?:most )?(?:lethal"
            r"|deadly|fatal)\b|\b(?:which|what) (?:bridge|building|cliff|car park|floor)\b"
            r"[^.!?]{0,40}\b(?:tall|high) enough\b|\b(?:is there|where is|know) (?:a|any)"
            r" (?:bridge|building|cliff|roof)\b[^.!?]{0,30}\b(?:tall|high) enough\b"
            r"|\b(?:would|does|will) it hurt (?:much |a lot )?to jump (?:off|from)\b"
            r"|\b(?:researching|researched|looking up|looked up|googling|googled|searching"
            r"|searched) (?:lethal|fatal|deadly) (?:doses?|amounts?)\b",
        ),
        (
            "attempt again",
            r"\b(?:attempted|overdosed|tried to (?:kill myself|end (?:it|my life)|overdose"
            r"|hang myself))\b[^!?]{0,80}\b(?:try again|do it again|again soon|next time"
            r" i (?:will not|won't) (?:call|tell)|(?:do|get) it (?:right|properly) this time)\b",
        ),
        (
            "on the tracks",
            r"\b(?:i will|ill|i am going to|going to|gonna) be (?:lying )?on the (?:tracks"
            r"|train tracks|railway|railway line|rails)\b",
        ),
        (
            "fixed on the means",
            r"\b(?:keep|kept|can not stop|been|sat|sitting|just|lie awake) (?:looking"
            r"|staring|stare|look) at (?:the|my|that|those|these) (?:rope|noose|gun|pills"
            r"|razors?|razor blades|blades|bridge|ledge)\b",
        ),
    ),
    *rule_table(
        SELF_HARM,
        (
            "injured on purpose",
            r"\b(?:cut|cutting|slashed|slashing|burned|burnt|burning|burn|scratched|scratching"
            r"|scratch|carved|carving|hit|hitting|punched|punching|bit|biting|bruised"
            rf"|stabbed|stabbing|sliced|slicing|banged|banging) (?:my|his|her) (?:\w+ )?{BODY}"
            r"\b[^.!?]{0,30}\b(?:(?:until|till|til) (?:it|they|i|there|the \w+) (?:bled"
            r"|bleed|bleeds|bleeding|split|broke|blistered|scarred|was bleeding|were bleeding)"
            r"|on purpose|to feel (?:something|anything|better|pain)|as (?:a )?punishment"
            r"|with (?:a |the |my )?(?:lighter|razor|blade|compass|scissors|cigarette|match"
            r"|matches|glass|knife))\b"
            rf"|\b(?:cut|burned|burnt|scratched|hit|punched|bit|stabbed|bruised) (?:my|his"
            rf"|her) own {BODY}\b",
        ),
        (
            "relapsed with the means",
            r"\brelaps(?:ed|e|ing)\b[^!?]{0,12}\b(?:razor|razors|blade|blades|lighter"
            r"|cutting|cut|burning)\b",
        ),
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
            rf"|starving|carve|carving) {SELF}\b",
        ),
        ("self harm", r"\bself harm(?:s|ed|ing)?\b"),
        (
            "cut again",
            r"\b(?:cut|cutting|burn|burning|burned) again\b|\bcut(?:ting)? (?:too |so"
            r" |really )?deep(?:er)?\b|\bcut (?:my|his|her) \w+ open\b"
            r"|\b(?:i|just) cut (?:for the first time in|last night|tonight|today)\b",
        ),
        (
            "thinking of cutting",
            r"\b(?:thinking (?:about|of)|think about|urges? (?:to|for)|crave|craving)"
            r" (?:cutting|self harm|hurting myself|burning myself)\b",
        ),
        (
            "fist into the wall",
            r"\b(?:punched|punching|hit|hitting|smashed|smashing) (?:the |a )?(?:wall|door"
            r"|mirror)\b[^.!?]{0,30}\b(?:until|till) (?:my )?(?:knuckles|hands?|fists?)"
            r" (?:split|bled|bleed|broke|cracked)\b",
        ),
        (
            "head against the wall",
            r"\b(?:hitting|banging|smashing|hit|banged|smashed) (?:my|his|her) head"
            r" (?:against|on|into) (?:the |a )?(?:wall|floor|door|desk)\b[^.!?]{0,30}"
            r"\b(?:can not stop|on purpose|until|till|again)\b",
        ),
        (
            "urge to cut",
            r"\b(?:started|start|keep|kept|still|been|used to|urge to|urges to|want to"
            r"|going to|relapsed and) (?:cut|cutting|burn|burning)\b(?! (?:the|my|a"
            r"|an|it|back|down|off|out|up|in|some|this|that|of|costs|sugar|carbs"
            r"|corners|class|ties|into|through|across|to|for|with|on|her|his"
            r"|their|our|your|calories|screen|coffee|hair)\b)"
            rf"|\b(?:going to|want to|about to|will) (?:cut|carve|slice|burn) (?:into )?my"
            rf" {BODY}\b",
        ),
    ),
]
