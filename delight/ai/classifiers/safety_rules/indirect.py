"""Indirect warning signs (HINT, weight 1) and signs of distress (CONCERN, level 1)."""

from __future__ import annotations

from delight.ai.classifiers.safety_rules.base import (
    CONCERN,
    HINT,
    POSS,
    SIGN,
    WARNING,
    Rule,
    rule_table,
)

HINT_RULES: list[Rule] = [
    *rule_table(
        HINT,
        ("mentions suicide", r"\bsuicide\b"),
        ("letters goodbye", r"\b(?:letters?|notes?)\b[^.!?]{0,40}\bgoodbye\b"),
        ("goodbye everyone", r"\bgoodbye (?:everyone|everybody|all|world|cruel world)\b"),
        (
            "last message",
            r"\b(?:my |this is (?:my )?)(?:last|final) (?:message|goodbye|words)\b(?! (?:before"
            r"|for (?:today|tonight|now|a while|the day|this week)|of the day|until|till"
            r"|tonight|today)\b)|\bthe last time (?:we will|we|you will|you) (?:talk|speak"
            r"|chat|hear from me|see me)\b(?! about\b)",
        ),
        (
            "giving things away",
            rf"\b(?:giving|gave|give) away (?:all )?(?:of )?{POSS}"
            rf" (?:things|stuff|possessions|belongings|pets)\b",
        ),
        (
            "will not need",
            r"\b(?:will not|would not|do not|am not going to) (?:be )?need(?:ing)?(?= (?:them"
            r"|it|these|this|anything|(?:my|his|her|their) (?:\w+ )?(?:things|stuff)|any of"
            r" (?:it|them|this)|the app|this app)"
            r" (?:anymore|any more|soon|where i am going|after (?:tonight|today|this|tomorrow)"
            r"|much longer)\b)",
            False,
        ),
        ("written the note", r"\b(?:written|wrote|left) (?:the|my) note\b(?! (?:to|for|about)\b)"),
        # Means gathered for an act left unnamed ("i have it all here", "bought everything i
        # need", "sealed up the room", "looked up how much i need to take").
        (
            "means gathered",
            r"\b(?:have|got|bought|gathered) (?:it all(?: here| ready)?|everything i need)"
            r"(?=\s*(?:[.,;!]|$|and\b))|\bsealed (?:up )?(?:the|my) (?:room|door|windows?)\b"
            r"|\blooked up how (?:much|many) (?:i need|to take|it takes)\b",
        ),
        # An unnamed act about to be done, said first ("about to do it.", "doing it tonight").
        (
            "doing it, unnamed",
            r"^\W*(?:(?:ok|so|well|bye|done)\W+)?(?:i am )?(?:about to|going to|gonna|doing)"
            r" (?:do )?it\b(?! *!)(?! (?:later|again|for|with|at|in|on|tomorrow|after)\b)",
        ),
        # Told so that someone knows, before an act: a farewell.
        ("wanted someone to know", r"\bjust wanted (?:someone|somebody|anyone) to know\b"),
        # Going to be with someone who died.
        (
            "with the dead",
            r"\b(?:lost|died|passed|death|grave|funeral)\b.*\bgoing to be with (?:him|her|them)\b",
        ),
        ("means it this time", r"\bi mean it this time\b"),
        ("only way out", r"\bonly way out\b"),
        ("tonight is the night", r"\b(?:tonight|today) is the (?:night|day)\b"),
        (
            "ending it",
            r"\bend(?:ing)? it\b(?! (?:here|there|with|for|now|off|up|early|at|on"
            r"|between|all)\b)",
        ),
        ("overdosed", r"\boverdos(?:ed|ing)\b"),
        (
            "disappear",
            r"\b(?:wish|want) (?:i could |to )(?:just )?(?:disappear|vanish|cease to exist"
            r"|stop existing|be erased|be deleted|be gone|fade away)\b(?! (?:into|in|for|from"
            r"|to|under|with)\b)|\bstop existing\b|\bcease to exist\b",
        ),
        (
            "wants everything to stop",
            r"\bwant (?:everything|it all|the world|it|this|all of it) to (?:stop|end)"
            r"(?= *(?:[.,!?]|$|and\b|for good|forever|permanently))"
            r"|\bwant (?:it|this|everything|it all) (?:to be )?over\b(?! with\b)",
        ),
        (
            "given up",
            r"\b(?:have|am|has) (?:given up|giving up)\b(?=(?: [.,])* (?:on (?:everything|me"
            r"|myself|life|living|being|trying|hope|the future|getting better|ever)\b|$))"
            r"|\b(?:stopped|stop|quit) (?:looking|trying|caring|hoping|fighting)\b"
            r"(?= *(?:[.,!?]|$| and| anymore))",
        ),
        (
            "too tired to go on",
            r"\b(?:too tired|too exhausted|can not|no energy|no strength|why (?:even )?"
            r"(?:keep|bother)) (?:to )?(?:keep )?(?:fighting(?: it| this)?|going|trying"
            r"|doing this|living like this|going on|waking up)(?= *(?:[.,!?]|$| anymore"
            r"| any more| any longer))",
            False,
        ),
        (
            "others free of me",
            r"\b(?:not|no longer|nobody will|nobody would|no one will|no one would|never)"
            r" (?:have to|need to) (?:deal with|worry about|put up with|look after|take care"
            r" of|clean up after|pay for|carry|support) (?:me|my)\b|\bbetter (?:life|home|mum"
            r"|mom|dad|mother|father|parent|partner|wife|husband|friend|daughter|son|sister"
            r"|brother|owner|person|care)\b[^.!?]{0,25}\bthan (?:with )?me\b",
            False,
        ),
        (
            "will not be here",
            r"\b(?:will not|am not going to|not going to) be (?:here|around|alive) (?:for|at"
            r"|in|on|by|when)\b(?! (?:the (?:meeting|call|class|session|lesson|next|weekend)"
            r"|a (?:few|couple|while|bit|week|day)|tomorrow|today|tonight|this|next (?:week"
            r"|few)|work|school|dinner|lunch|breakfast)\b)|\bwill not be (?:here|around)"
            r"(?= *[.!?]* *$)|\b(?:will not|am not going to|not going to|never going to)"
            r" (?:live|last|make it) (?:long enough|that long|to see|to \d+|till|until|past)\b",
            False,
        ),
        (
            "going to the place",
            r"\b(?:driving|going|walking|heading|drive|go|walk|head|climbing|climb) (?:out |up"
            r" )?(?:to|up to|onto) (?:the|a) (?:cliffs?|bridge|tracks|railway|ledge|rooftop"
            r"|roof)\b",
        ),
        (
            "do it unseen",
            r"\b(?:going to|will|about to|plan to|planning to|decided to) do it(?= (?:once|when"
            r"|after|while) (?:everyone|everybody|no one|nobody|they|my \w+)\b)",
        ),
        (
            "sounded like goodbye",
            r"\b(?:sounded|sounds|looked|looks|read|reads) like (?:a )?(?:goodbye|suicide note"
            r"|farewell|final message|last message)\b",
        ),
        ("everything ready", r"\b(?:have|got) everything ready\b"),
        (
            "finality",
            r"\bthis is it\b|\btonight is the night\b|\btoday is the day\b"
            r"|\bi am (?:just )?done\W*$|\bi am (?:just )?done (?:now|for good|with"
            r" everything)\b|\bi am just done\b"
            r"|\bit is time to go\b|\bsee you on the other side\b",
        ),
    ),
    # Words for the people left behind: the speaker's, whoever they name.
    *rule_table(
        HINT,
        (
            "words for after",
            r"\bif (?:anyone|anybody|someone|you) (?:ever )?(?:reads?|finds?|sees?) this\b"
            r"(?= *(?:[.,!?]|$))|\bnone of this (?:is|was) (?:anyone s|anybody s|your|her|his"
            r"|their|my \w+ s)"
            r" fault\b|\b(?:should|must|do) not blame (?:yourself|yourselves|herself|himself"
            r"|themselves) for (?:anything|any of this|this|what)\b|\b(?:signing|logging"
            r"|checking) (?:off|out) (?:for good|forever|permanently|for the last time)\b"
            r"|\b(?:wrote|written|writing|left) (?:a |the |some |my )?(?:letters?|notes?)\b"
            r"[^.!?]{0,10}\b(?:to|for) (?:everyone|everybody|each of|all of|my (?:family|kids"
            r"|children|parents|friends|loved ones|wife|husband|partner))\b",
            False,
        ),
        (
            "after i am gone",
            r"\b(?:after|when|once) i am (?:gone|dead|no longer here|not here)\b(?! (?:for|on"
            r"|to|from|until|till|away)\b)|\b(?:want|wanted|need|needed|wish)\b[^.!?]{0,40}"
            r"\bbefore(?:(?: [.,])* (?:well|you know)\b|(?: [.,!?])*$)"
            r"|\b(?:more|longer) than i (?:ever )?will\b(?= *(?:[.,!?]|$))"
            r"|\bwho (?:gets|should get|will get|can have|inherits) (?:what|my \w+)\b(?= *(?:[.,!?]"
            r"|$|from my|of my|when|after))",
        ),
        speaker=True,
    ),
]

# Strong indirect signs: each alone is asked about (a check-in), never the crisis script.
WARNING_RULES: list[Rule] = [
    *rule_table(
        WARNING,
        (
            # "i gave ffion my good boots and all my books yesterday. i wont need them"
            "gave things, will not need them",
            r"\b(?:gave|given|giving)\b[^?]{0,80}\b(?:will not|am not going to) need (?:them|it"
            r"|these|those|any of (?:it|them))\b(?! (?:for|until|till|today|tonight|this|tomorrow"
            r"|at|on|if|because|since)\b)",
        ),
        (
            "not making it to",
            r"\b(?:do not|will not|am not going to|not going to) (?:think (?:i will|ill|i am"
            r" going to|i would) )?(?:make it|last|be (?:here|around|alive)) (?:to|till"
            r"|until|past|through|for) (?:christmas|new year|my birthday|summer|spring|winter"
            r"|autumn|the end of|next|the weekend|friday|monday|tomorrow|another)\b",
            False,
        ),
        (
            "hoping something happens",
            r"\b(?:hoping|hope|wishing|wish) (?:something|someone|a car|a truck|a bus|it)"
            r" (?:bad )?(?:happens|would happen|will happen|hits me|would hit me)\b"
            r"|\bdriving (?:really |too )?(?:fast|recklessly)\b[^.!?]{0,30}\bon purpose\b",
        ),
        (
            "trapped with no way out",
            r"\btrapped\b[^.!?]{0,40}\b(?:no (?:door|way out|exit|escape)|walls? (?:are )?"
            r"closing in)\b|\bno way out\b",
        ),
        (
            "what a fall does",
            r"\b(?:does|would|will|do you think) it hurts?\b[^.!?]{0,25}\b(?:falling|jumping"
            r"|drowning|hanging|to fall|to jump|to drown)\b|\b(?:tallest|highest) (?:building"
            r"|bridge|car park|multi storey|block)\b[^.!?]{0,50}\b(?:roof|top|get (?:up|onto))"
            r"\b",
        ),
        (
            "insurance if it is suicide",
            r"\blife insurance\b[^.!?]{0,40}\b(?:pay|pays|paid|payout|pay out)\b[^?]{0,30}"
            r"\bif\b",
        ),
        (
            "notes just in case",
            r"\b(?:left|wrote|written|writing|leaving) (?:some |a few )?(?:notes?|letters?)"
            r" (?:for|to) (?:my|everyone|all|the)\b[^?]{0,60}\b(?:just in case|in case"
            r"|tonight|goodbye|for after)\b",
        ),
        (
            "unafraid of the end",
            r"\bnot (?:even )?(?:scared|afraid|frightened) of (?:the end|dying|death|it ending)"
            r"\b",
        ),
        (
            "not around much longer",
            r"\b(?:will not|am not going to|not going to|do not (?:plan on|expect to|intend to))"
            r" (?:be|being) (?:(?:here|around|alive) (?:much longer|for (?:much )?longer)"
            r"|(?:around|alive) for long)\b",
            False,
        ),
        (
            "not be found",
            r"\b(?:make sure|so that|so) (?:nobody|no one) (?:finds|would find|will find)"
            r" (?:you|me)\b",
        ),
        # The warning signs of the clinical lists, in everyday words: a burden others would be
        # better without, tired of being alive, no future planned, goodbyes readied, affairs
        # put in order, ways to die looked up, danger sought on purpose.
        (
            "others better without me",
            r"\b(?:better off|happier|nicer|easier|be able to (?:start over|start again|move on"
            r"|be happy|live))\b[^.!?]{0,40}\b(?:without me|if i (?:was|were) (?:not|no longer)"
            r" (?:here|around|alive|in the picture)|if i (?:was|were) gone)\b"
            r"(?! (?:for|at|on|in|to|this|tonight|today|tomorrow|next)\b)",
        ),
        (
            "tired of being alive",
            r"\b(?:tired|sick|so tired) of (?:waking up|being alive|existing|living|breathing"
            r"|being here)\b(?= *(?:[.,!?]|$|anymore|any more|every|each))"
            r"|\bwish i (?:had|could find|could flip) an? (?:off|kill) switch\b"
            r"|\b(?:i am|i feel like i am|i feel like) (?:just )?(?:taking up space|a waste of"
            r" oxygen|wasting oxygen)\b",
        ),
        (
            "hoping to die by accident",
            r"\b(?:hope|hoping|wish|wishing) (?:the|my|this) (?:plane|car|bus|train|flight)"
            r" (?:crashes|would crash|goes down)\b"
            r"|\bhoping (?:one of them|someone|somebody|he|she|they) (?:finishes|ends|kills)"
            r" (?:it|me)\b",
        ),
        (
            "no plans for the future",
            r"\b(?:stopped|stop|quit|no point|not|never) (?:making|made|make) (?:any )?plans"
            r" (?:for (?:the future"
            r"|next year|after)|beyond|past|after)\b"
            r"|\b(?:my time is running out|not (?:be|being) around|not going to be here)"
            r"\b[^.!?]{0,40}\b(?:(?:ok|okay|fine|at peace) with (?:that|it))\b",
        ),
        (
            "goodbyes readied",
            r"\b(?:drafted|drafting|draft|written|wrote|writing) (?:some |my )?(?:goodbye"
            r"|farewell) (?:texts?|messages?|letters?|notes?)\b"
            r"|\b(?:goodbye|farewell) (?:texts|messages|letters|notes) (?:drafted|written"
            r"|ready)\b"
            r"|\b(?:goodbye|farewell) (?:texts|messages|letters|notes)\b[^.!?]{0,30}\b(?:never"
            r" send|never sent|not sent|in my drafts)\b",
        ),
        (
            "the last thing holding me",
            r"\b(?:last|only) (?:thread|thing|reason|person)\b[^.!?]{0,25}\b(?:holding|keeping)"
            r" me (?:here|alive|going|together)\b|\bthe only reason i am still (?:here|alive)\b",
        ),
        (
            "if i stepped in front",
            r"\bif i (?:just )?(?:stepped|step|walked|walk|jumped|jump|drove|drive|swerved"
            r"|let go)\b[^.!?]{0,50}\b(?:(?:it|that|this) (?:would|will) (?:all )?be"
            r" (?:done|over)|itd (?:all )?be (?:done|over)|(?:would|will) (?:all )?be"
            r" (?:done|over)|all (?:be )?over)\b",
        ),
        (
            "danger sought",
            r"\b(?:closed|close|shut) my eyes\b[^.!?]{0,50}\b(?:felt nothing|did not care"
            r"|on purpose)\b|\b(?:motorway|highway|at \d{3})\b[^.!?]{0,40}\b(?:closed|shut) my"
            r" eyes\b|\bstood (?:at|on) the (?:edge|ledge)\b",
        ),
        (
            "affairs in order",
            r"\b(?:made sure|making sure|make sure|told|showed)\b[^.!?]{0,30}\b(?:knows? )?where"
            r" (?:the |my |all )?(?:important )?(?:insurance )?(?:papers|documents|will|passwords"
            r"|policies)\b"
            r"|\b(?:paid|paying|pay) back everyone (?:i owe|i owed)\b[^.!?]{0,40}\b(?:finish"
            r"|end|chapter|ready|done)\w*"
            r"|\b(?:sold|gave away|given away|giving away) (?:my|all my|most of my)\b[^?]{0,80}"
            r"\b(?:feel(?:s|ing)? (?:calm|calmer|at peace|peaceful)|finishing a"
            r" chapter)\b",
        ),
        (
            "no reason to go on",
            r"\bwhy (?:do|should) i (?:even )?(?:keep trying|keep going|carry on|continue|go on"
            r"|bother)\b(?= *(?:[.,!?]|$|anymore|any more))"
            r"|\b(?:do not|cannot|can not) (?:want|see (?:why|the point)|know why i should)"
            r" (?:to |i should )?(?:go on|continue|carry on|keep going|keep living)\b"
            r"(?= *(?:[.,!?]|$|anymore|any more|like this|living))"
            r"|\bwhat is (?:even )?the point (?:anymore|any more|of (?:anything|living|going on"
            r"|it all|carrying on|continuing|being here|waking up))\b",
        ),
    ),
    # Ways to die looked up are the person's own search, whatever story they say it is for.
    *rule_table(
        WARNING,
        (
            "ways to die looked up",
            r"\bhow long (?:does )?it takes? to (?:bleed out|die|drown|suffocate|pass out)\b"
            r"|\b(?:what is|looking up|looked up|looking for|googled|googling|searched"
            r"|searching|search for|know) (?:the )?(?:most )?(?:peaceful|painless|quickest"
            r"|quietest|easiest|fastest) ways? (?:to die|people die|to go|to end it)\b"
            r"|\bwhich (?:buildings?|bridges?|car parks?)\b[^.!?]{0,30}\broof access\b",
        ),
        speaker=True,
    ),
]

CONCERN_RULES: list[Rule] = [
    *rule_table(
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
            r"|others)\b|\b(?:i am|i feel like) (?:just )?dead weight\b|\bfailing at"
            r" (?:everything|life|all of it)\b|\b(?:is|are) crushing me\b",
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
            r"\b(?:everything|life|it all|nothing|things) (?:just )?(?:feels|is|seems)"
            r" (?:so |just |really )*(?:pointless|meaningless|empty|hopeless|heavy|dark|grey"
            r"|gray|unbearable|overwhelming)\b|\bdead inside\b",
        ),
        (
            "low mood",
            r"\b(?:feel|feeling|felt|been|am) (?:so |really |very |just )*(?:empty|numb|low"
            r"|depressed|miserable|lonely|isolated|broken|hopeless|worthless)\b(?! (?:on|key"
            r"|carb|carbs|fat|sugar|budget|cost|maintenance|risk|battery)\b)|\b(?:feel"
            r"|feeling|felt) (?:so |really |very |just )*(?:down|lost|alone|overwhelmed)\b"
            r"(?! (?:to earth|for|with|in (?:the|a|this) (?:book|story|game|show|music)))",
        ),
        (
            "crying",
            r"\b(?:can not stop|could not stop|keep|kept|been|always) crying\b|\bcr(?:ied|ying)"
            r"\b[^.!?]{0,25}\b(?:again|every (?:day|night|morning)|all (?:day|night|the time)"
            r"|myself to sleep|for hours|for no reason)\b",
        ),
        (
            "not sleeping or eating",
            r"\b(?:can not|could not) sleep (?:at all|for days|anymore|any more|properly|most"
            r" nights)\b|\bnot (?:sleeping|eating) (?:properly|well|much"
            r"|at all|enough)\b|\bnot sleeping ,|\b(?:no|lost my|zero) appetite\b|\bbarely"
            r" (?:eating|sleeping|slept|ate)\b|\bhave not (?:eaten|slept) (?:in|for|properly)"
            r"\b|\bhave not left (?:my|the) (?:room|house|flat|apartment|bed)\b|\b(?:can not"
            r"|could not) get out of bed\b|\bstayed in bed all day\b",
            False,
        ),
        (
            "panic",
            r"\bpanic attacks?\b|\banxiety (?:attack|through the roof|is (?:so |really )?bad"
            r"|is out of control)\b|\b(?:so|really|very|constantly) anxious\b",
        ),
        (
            "drinking to cope",
            r"\bdrinking (?:more|a lot|too much|every night|alone|heavily|to (?:cope|forget"
            r"|get through|sleep|numb))\b|\bdrink(?:ing)? to (?:cope|forget|get through|numb)"
            r"\b",
        ),
        (
            "left out",
            r"\b(?:nobody|no one|not one person|not a single person|not one friend)"
            r" (?:texted|called|messaged|came|remembered|showed up|wished me|noticed)\b"
            r"|\bnothing (?:makes me|feels) (?:happy|good|fun|enjoyable|worth it)\b|\b(?:can"
            r" not|do not) enjoy anything\b|\blost interest in (?:everything|anything|life)\b",
            False,
        ),
        (
            "beyond help",
            r"\b(?:nobody|no one) can help me\b|\b(?:do not think|doubt) (?:anyone|anybody)"
            r" can help me\b|\bbeyond help\b",
            False,
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
            r" ever (?:change|get better|be better)\b|\b(?:it is|this is|things are|it|this)"
            r" never going to (?:lift|change|get better|improve|end|stop)\b|\bnothing will"
            r" ever be (?:ok|okay|good|fine|right|the same)\b|\bno matter what i do\b"
            r"|\bnothing i do (?:changes|helps|works|matters)\b|\bit will never change\b",
            False,
        ),
    ),
    # A loss or a loved one in danger: the speaker's distress, whoever it names.
    *rule_table(
        CONCERN,
        (
            "recent loss",
            r"\bmy (?:\w+ )?(?:dad|father|mum|mom|mother|grandma|grandmother|granny|nan|nana"
            r"|grandad|grandpa|grandfather|brother|sister|son|daughter|husband|wife|partner"
            r"|boyfriend|girlfriend|friend|uncle|aunt|cousin|baby|dog|cat|pet) (?:just"
            r" |suddenly )?(?:died|passed away|passed|was killed|killed (?:himself|herself)"
            r"|took (?:his|her|their) (?:own )?life)\b(?! (?:away )?(?:last year|years ago|a"
            r" long time ago|in \d{4}|\d+ years ago|when i was|in (?:the|a|this) (?:movie"
            r"|film|book|show|game|series|episode))\b)|\b(?:do not|does not|did"
            r" not) know if (?:she|he|they) (?:will|is going to|would) (?:make it|survive"
            r"|pull through|wake up)\b|\bin (?:the )?(?:icu|intensive care)\b",
            False,
        ),
        speaker=True,
    ),
]

SIGN_RULES: list[Rule] = [
    *rule_table(
        SIGN,
        (
            "farewell",
            r"\b(?:goodbye|bye|farewell|bye bye|so long)\b|\bthank(?:s| you) (?:so much )?for"
            r" (?:everything|all (?:of )?(?:it|this|that|you have done|you did|your help)"
            r"|trying(?: to help(?: me)?)?|being there|being kind|listening)\b|\b(?:take care"
            r" of|look after) yourself\b|\byou (?:were|have been) (?:so )?(?:kind|good|nice)"
            r" to me\b|\b(?:proper|final|last) goodbye\b|\bsay(?:ing)? goodbye\b|\b(?:please )?"
            r"tell (?:my \w+|her|him|them|everyone) (?:that )?(?:i love|i am sorry|none of this"
            r"|it is not|it was not|not to)\b",
        ),
        (
            "apology and love",
            r"\bi am (?:so )?sorry\b|\bsorry for everything\b|\bforgive me\b|\bi love (?:you"
            r"|her|him|them|you all|everyone|my (?:\w+ )?(?:mum|mom|dad|family|kids|children"
            r"|parents|wife|husband|partner|sister|brother|friends?))\b",
        ),
        (
            "sudden calm",
            r"\b(?:feel|feeling|felt) (?:so |really |very )?(?:calm|at peace|peaceful)"
            r" now\b|\bfinally at peace\b|\bmade (?:my )?peace with\b",
        ),
        (
            "affairs in order",
            r"\b(?:made|wrote|writing|updated|sorted) (?:a|my) will\b|\bleft my (?:passwords?"
            r"|bank details|pin)\b|\bpaid off (?:what i owed|my debts?|everything)\b"
            r"|\bcancelled my (?:phone|contract|gym|subscriptions?|lease|plan)\b|\b(?:everything"
            r"|my affairs|my things) (?:is |are )?in order\b|\b(?:tying|tied|tie) up (?:all )?"
            r"(?:the |my )?loose ends\b|\bdeleted (?:all )?my (?:socials|accounts|social media"
            r"|profiles|instagram|facebook)\b|\bjust in case\W*$|\bdelete (?:all )?(?:of )?my"
            r" (?:goals|account|data|everything|missions|profile)\b",
        ),
        (
            "gives things away",
            r"\b(?:gave|give|giving|given|sold|selling|rehomed|rehoming|dropped) (?:away )?"
            r"(?:all |most )?(?:of )?my (?:\w+ ){0,2}(?:to|off at|off with|away)\b|\bfound"
            r" (?:a )?new homes? for\b|\b(?:can|could|should) (?:keep|have) (?:all )?my\b"
            r"|\bgave (?:the|all the) money to\b|\b(?:given|gave|giving) away\b",
        ),
        (
            "future dismissed",
            r"\b(?:no point(?: in)?|why (?:even )?(?:bother )?|do not bother|stopped|not"
            r" bothering(?: with)?) (?:saving|planning|making plans|setting goals|set goals"
            r"|make plans|plan anything|planning anything|making goals)\b|\bi will make sure"
            r" of (?:that|it)\b|\b(?:me included|including me|and me with it)\b",
            False,
        ),
        speaker=True,
    ),
]
