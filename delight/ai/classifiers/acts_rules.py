"""Precise overrides of the dialogue-act classifier (acts.py): data.

Each pattern runs on normalised text (lexicon.normalize) and says what a message does only
where there is no doubt: a whole message that is a yes, a greeting, a thanks; a question
whose words leave one reading ("where were we", "what's my streak"). Everything else is read
from the message's meaning. First match wins, so the narrower patterns come first.
"""

from __future__ import annotations

import re

from delight.ai.text import (
    DOSE_ASKED,
    NEW_HERE_WORDS,
    OTHER_LANGUAGE_ASKED,
    PET_ATE_TOLD,
    PET_HEALTH_ASKED,
    VET_CLOSED,
)

_END = r"\W*(?:eliza)?\W*$"

ACT_RULES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (act, re.compile(pattern))
    for act, pattern in (
        (
            "undo",
            # "undo" asked of her, not said of a snack ("thats not gonna undo the push ups").
            r"(?<!gonna )(?<!going to )(?<!not )(?<!would )(?<!might )(?<!could )(?<!will )\bundo\b"
            r"|\btake (?:that|it|this)(?: one)? (?:back|away|off)\b|\bscratch that\b"
            r"|\bdo not count (?:it|that|this)\b|\bleave it unticked\b|\buntick\b|\buncheck\b"
            r"|\b(?:that|this) is not what i (?:did|meant|said"
            r"|did yet)\b|\bwrong one\b|\bput it back\b|\bunmark\b|\bmark (?:it|that) (?:as )?"
            r"(?:not done|undone)\b|\bi (?:did not|have not) (?:do|done|finish|finished|start"
            r"|started) (?:that|it|this|the \w+(?: \w+)?) yet\b",
        ),
        (
            "affirm",
            rf"^(?:yes|yeah|yea|yep|yup|ya|sure|ok|okay|sounds good|do it|go ahead"
            rf"|please do|correct|exactly|that is right|yes please)(?: please)?{_END}",
        ),
        ("deny", rf"^(?:no|nope|nah|not really|no thanks|no thank you|not now){_END}"),
        (
            "greeting",
            rf"^(?:hi+|hey+|hello|hiya|heya|yo|sup|wassup|what is up|hej|hallo|howdy|oi|morning"
            rf"|evening|good (?:morning|afternoon|evening)|hey there|hi there|hello there"
            rf"|salaa?m|as?salaa?mu? ?alaikum|salut|hola|bonjour|ciao|namaste|shalom|aloha"
            rf"|g'?day|kia ora)(?: again| you| all)?{_END}"
            r"|^(?:alright|all right|hey hey) eliza\W*$",
        ),
        (
            "goodbye",
            rf"^(?:ok(?:ay)?,? )?(?:bye|goodbye|bye bye|good night|goodnight|night|nite"
            rf"|see you|see ya|cya|ttyl|later|gotta go|got to go|talk (?:to you )?(?:later"
            rf"|soon|tomorrow)|that is all for (?:today|now|tonight)|i am off)"
            rf"(?: for now| then| now| tomorrow)?{_END}"
            rf"|[.!,] (?:ok(?:ay)? )?(?:bye|night|nite|goodnight|good night|bye for now){_END}",
        ),
        (
            "thanks",
            rf"^(?:thanks|thank you|thank u|thx|cheers|much appreciated|ta)(?: so much"
            rf"| a lot| very much| again)?{_END}|(?:^|[.!,] )(?:ok(?:ay)? )?(?:thanks|thank you)"
            rf"(?: so much| a lot| for everything| for listening| for the chat| for being here"
            rf"| for your help)?{_END}"
            # her idea approved ("ok thats actually smart"): thanks in other words
            r"|^\W*(?:(?:ok|okay|oh|ooh|hm+|huh)\W+)*(?:that'?s|thats|that is|ooh)"
            r" (?:actually |really |a )?(?:smart|clever|helpful|useful|a good idea|good idea"
            r"|good advice|genius)\W*$",
        ),
        (
            "goodbye",
            r"\b(?:got to go|have to go|need to go|ttyl|talk (?:to you )?(?:later|soon|tomorrow)"
            r"|see you (?:later|soon|tomorrow)|bye for now|back later|nos vemos|a domani"
            r"|(?:khuda|allah) hafiz|arrivederci|at\u00e9 (?:logo|amanh\u00e3)|ate (?:logo|amanha)"
            r"|\u00e0 demain|a demain|bis (?:morgen|dann|sp\u00e4ter|spater)|tot ziens|do widzenia"
            r"|mata ne|hasta la vista|i am (?:going|heading) up|off to bed|brb|be right back)\W*$"
            # a farewell that ends a message on its own, in any language ("perfect. chao chao",
            # "lol fair. later", "ka kite"), not "the podcast is for the gym later"
            r"|(?:^|[.!,] )(?:(?:ok(?:ay)?|lol|ha\w*|fair|perfect|right|sharp)\W+)*"
            r"(?:chau|chao|tchau|ciao|adios|adi\u00f3s|poka|ka kite|hooroo|ta ?ra|gtg|g2g|laters?"
            r"|buenas noches|boa noite|bonne nuit|gute nacht|hasta (?:luego|ma\u00f1ana|manana"
            r"|pronto)|sala kahle|hamba kahle|besos|tsch\u00fcss|tschuss)"
            r"(?: (?:chau|chao|love|eliza|x+))*\W*$"
            # "aight im out. peace", "right thats me": leaving, in a few words
            r"|^\W*(?:(?:ok(?:ay)?|aight|alright|right|haha ok(?: ok)?)\W+)?i am out"
            r"(?:\W+peace(?: out)?)?\W*$|[.!,] peace(?: out)?\W*$"
            # "i think thats everything for today", "ok thats me done for the day"
            r"|\b(?:that is|thats) (?:everything|all|it|me(?: done)?) for (?:today|tonight|now"
            r"|the day)\W*$|\bdone for (?:today|tonight|the day)\W*$"
            r"|^\W*(?:ok(?:ay)?|right|aight|alright)\W+that is me(?: done| for (?:today|now"
            r"|tonight))?\W*$"
            # "right i need to go mark some books": off to do something now, not a plan for
            # later ("ok i need to go running more often")
            r"|^(?!.*\b(?:tomorrow|later|more|again|every|next|week|soon|someday)\b)\W*(?:ok(?:ay)?"
            r"|right|anyway|alright|aight)\W+(?:i\W+)?(?:need|have|got) to go [^.?!]{2,40}$",
        ),
        (
            "progress_question",
            r"\bwhat (?:is|are) my goals?(?: again)?\W*$|\bwhat goals? (?:do i have|am i working"
            r" on)\b|\bremind me (?:of )?(?:what )?my goals?\b"
            r"|\b(?:can|could) i do (?:them|it|my missions|the missions) (?:at night|late)\b"
            # how long is left to a goal's date ("how long till the 10k", "whens it due")
            r"|\bhow (?:long|much time|many (?:days|weeks|months)) (?:do i have|have i got|is)"
            r" left\b|\bhow many (?:days|weeks|months) (?:to go|left)\b"
            r"|\bwhen(?:'?s| is) (?:it|my \w+(?: goal)?) due\b"
            r"|\bwhat is (?:my|the) (?:deadline|target date)\b"
            r"|\bcounts? if i (?:do|finish) (?:it|them) (?:late|at night|after midnight)\b",
        ),
        (
            "small_talk",
            r"^\W*(?:and |so )?(?:do|have|are|would) you (?:like|love|enjoy|prefer|ever|have a"
            r" favou?rite)\b|\b(?:talk|chat) about (?:something|anything) (?:else|normal)\b"
            r"|\bchange the subject\b",
        ),
        (
            # A chore of the evening, said on the way out ("anyway, bramble needs her last
            # wee", "the dog needs walking"): no loss, whatever "last" sounds like.
            "small_talk",
            r"^\W*(?:(?:anyway|right|ok|okay|well|so)\W+)*(?:the |my |our )?\w+ (?:needs|wants)"
            r" (?:(?:her|his|their|a|the|its) )?(?:last |evening |night )?(?:wee|pee|walk|walking"
            r"|feed|feeding|dinner|tea|bath|bottle|nappy|changing|letting out)\b",
        ),
        ("out_of_scope", PET_HEALTH_ASKED),  # the vet's to answer
        ("out_of_scope", VET_CLOSED),  # an emergency vet's, at once
        ("out_of_scope", PET_ATE_TOLD),  # the vet's, at once
        ("out_of_scope", OTHER_LANGUAGE_ASKED),  # she speaks English
        ("out_of_scope", DOSE_ASKED),  # a doctor's or a pharmacist's call
        (
            # Out of her reach: a judgement on someone's health, or a deed in the world, or a
            # review of a book or a show ("whats the thursday murder club about, is it any good").
            "out_of_scope",
            r"\b(?:is|could) (?:it|this|that) (?:be )?(?:infected|something serious|serious"
            r"|broken|sprained|contagious)\b|\bis it normal (?:that |for )?(?:she|he|they|my|a"
            r"|her|his)\b|\b(?:antihistamine|tablet|pill|medicine|medication|painkiller"
            r"|ibuprofen|paracetamol)s?\b.*\bwhich (?:one|brand|kind|should)\b|\bcan (?:you|u)"
            r" (?:please |just )?(?:order|buy|book|call|ring|phone|text|email|pay for|tell (?:her"
            r"|him|them|my \w+))\b|\b(?:what|wat) time is it (?:in|over in|out in)\b"
            r"|\bcan (?:you|u) (?:please )?remind me\b(?! (?:what|which|of|where|who|how|why))"
            r"|\bremind me (?:to|at|tomorrow|later)\b"
            r"|\bis (?:it|that|this|the (?:book|film|movie|show|series)) (?:any good|worth"
            r" (?:reading|watching|it))\b"
            r"|\b(?:hurts?|hurting|sore|aches?|aching|swollen|bleeding|itchy|dizzy|numb|pain)\b"
            r".*\bis (?:that|this|it) normal\b"
            # "should i be taking melatonin": a medicine is a doctor's or pharmacist's call
            r"|\bshould i (?:be )?(?:take|taking|try|start)\b[^.?!]{0,20}\b(?:melatonin"
            r"|supplements?|vitamins?|pills?|tablets?|medication|meds|antidepressants?"
            r"|sleeping pills?)\b"
            # "my knee's been clicking when i kick, should i be worried"
            r"|\b(?:knee|knees|back|ankle|shoulder|hip|chest|head|stomach|wrist|neck|heart|foot"
            r"|feet|leg|arm|elbow|toe|eye|ear|skin|mole)s?\b[^.?!]{0,50}\b(?:click\w*|hurt\w*"
            r"|ach\w*|pain\w*|swollen|swelling|sore|numb|tingl\w*|pop\w*|crack\w*|bleed\w*"
            r"|itch\w*|lump|rash)\b[^.?!]{0,50}\b(?:should i (?:be )?worr\w*|is (?:that|it|this)"
            r" (?:bad|serious|ok|okay|normal)|do i need to see|should i see)\b",
        ),
        (
            "help",
            r"\bwhat(?: else| all)? (?:can|could|do) you (?:do|help (?:me )?with)\b"
            r"|\bwhat are you (?:for|able to"
            r" do|good at)\b|\bhow (?:does this|does this app|do you) work\b"
            rf"|{NEW_HERE_WORDS}"  # "just signed up… not really an app person"
            r"|\bwhat can i (?:ask you|do here|use you for)\b|\bwhat do you do\b"
            r"|\bwhat (?:even )?is this(?: app| thing| place| site)?\W*(?:$|lol|my|a |i |exactly)"
            r"|\bare you (?:a|like a) (?:bot|chatbot|robot|real person|human|life coach|coach)\b"
            r"|\bwhat (?:even |exactly )?are (?:u|you)\b(?! (?:doing|up to|talking|on about|saying"
            r"|like|into|reading|watching))|\bwho (?:even )?are (?:u|you)\W*$"
            r"|\bhow does (?:this|it) (?:even )?work\b"
            r"|\b(?:not|never) (?:really |quite |entirely )?sure what (?:you are|this is|this app"
            r" is) (?:for|about)\b",
        ),
        (
            # A fact handed over to keep: "ok good. remember my bp was 138/88 at the last
            # check" (not a question of what she remembers: "remember my cats name?").
            "share_fact",
            r"^\W*(?:(?:ok(?:ay)?|so|and|also|btw|oh|good|right)\W+)*(?:please )?(?:remember"
            r"|note|keep in mind) (?:that )?(?!i (?:told|said|mentioned|was telling))"
            r"(?:my|i|i am|i have|we)\b(?![^.!]*\?)"
            r"(?![^.!]*\b(?:name|names)\W*$)",
        ),
        (
            "resume",
            r"\bwhere were we\b|\bwhat were we (?:talking|chatting) about\b|\bpick up where we"
            r" left\b|\bwhere did we (?:leave|get to)\b|\bremind me what we (?:said|talked"
            r" about)\b|\bcarry on from (?:last time|before)\b",
        ),
        (
            "kindness_request",
            r"\btell me something (?:nice|good|kind|positive|nice about me)\b|\bcheer me up\b"
            r"|\bsay something (?:nice|kind|good)\b|\bi need (?:some )?(?:encouragement|a pep"
            r" talk|something nice)\b",
        ),
        (
            "memory_question",
            # "who is carla": someone named, one word, asked after (someone they told of).
            r"^\W*(?:(?:wait|and|so|sorry|hmm|um)\W+)*who(?: is| was|s) (?!that\b|this\b|it\b"
            r"|there\b|you\b|he\b|she\b|they\b)[a-z]+\W*$|"
            r"\bwhat do you (?:remember|know) about me\b|\bwhat have you (?:got|saved|remembered"
            r"|learned) (?:about|on) me\b|\bdo you (?:remember|know) (?:my|where i|what i|who"
            r" my|what my)\b|\bwhat is my (?:\w+ (?:s )?)?(?:name|names|job|city)\b"
            r"|\bwhere do i (?:work|live)\b|\bwhere (?:does|do) my (?:\w+ ){1,2}(?:live|work)\b"
            r"|\bwhat do i do for (?:work|a living)\b"
            r"|\b(?:i told you|did i tell you|i mentioned)\b[^.!]*(?:\?|\bright\b|\bagain\b)"
            # Something coming up she was told of: "when is my interview".
            r"|^\W*(?:so |and |ok )?(?:when|what time|what day) (?:is|was) my (?:\w+ )?(?:interview"
            r"|appointment|exam|test|flight|date|wedding|operation|scan|audition|presentation)\b"
            # When something of theirs happened: "when did i go to the pottery class".
            r"|^\W*(?:so |and |ok |wait |hey )?when (?:did i|did we|was i|was my (?!streak\b)"
            r"(?:\w+ )?\w+)\b",
        ),
        (
            "progress_question",
            r"\b(?:what|how) is my streak\b|\bhow (?:long|big) is my streak\b|\bhow am i doing\b"
            r"|\bhow consistent (?:have i been|am i)\b|\bmy (?:streak|progress|consistency)\W*$"
            r"|\bwhat (?:is|are) (?:a |the )?streaks? (?:even )?for\b|\bwhat (?:is|are) a streak\b"
            r"|\bhow do(?:es)? (?:the |a )?streaks? work\b"
            r"|\b(?:do|have) i (?:have|got) (?:a |any )?streak\b"
            # the streak doubted ("wait i thought i had 2 days")
            r"|\bi thought (?:i had|i was on|it was) (?:\d+|one|two|three|four|five) days?\b"
            r"|\b(?:streak|it) (?:is|'s|seems) (?:wrong|off|not right)\b",
        ),
        (
            "story_question",
            r"\bhow is (?:my|the) story\b|\b(?:my|the) story going\b|\bwhat is happening in"
            r" (?:the )?lantern valley\b|\bany new (?:chapter|chapters|passages?|story)\b"
            r"|\bwhat is (?:this|the|that|my) (?:valley|lantern|story)"
            r"(?: thing| bit| stuff)?\b(?! of\b)",
        ),
        (
            "world_question",
            r"\b(?:which|what) zones? (?:are|is) open\b|\bis the (?:arena|observatory|commons)"
            r" open\b|\bwhen does the (?:arena|observatory|commons) (?:open|close)\b",
        ),
        (
            "missions_question",
            r"\bwhat should i do today\b|\bwhat is on my list\b|\bwhat are my (?:missions|three)"
            r"\b|\bremind me (?:what|of) (?:my|the|today s) (?:missions|tasks|list)\b"
            r"|\bwhat my missions are"
            r"\b|\b(?:give|show) me (?:a|my) missions?\b|\btoday s missions\b"
            r"|\bwhat(?:'?s| is) (?:the|my) (?:first|next) (?:step|mission|thing|task)\b"
            r"|\bwhat (?:are|were) (?:the|those|these|its|the new|the first)"
            r" (?:missions|steps|tasks)\b"
            r"|(?:^|[.!?] )(?:ok(?:ay)? )?(?:so |and |now )*what is (?:left|next|first)"
            r"(?: today| for today)?\W*$"
            r"|(?:^|[.!?] )(?:ok(?:ay)? )?(?:so |and |now )*what is on (?:for )?today\W*$"
            r"|^\W*(?:ok(?:ay)?\W+)?(?:so\W+)?what (?:happens|do i do) (?:now|next)\W*$"
            r"|\bwhat (?:were|are|was) the (?:other|rest of the) (?:things|ones|missions|tasks"
            r"|bits|steps)\b"
            r"|\bwhat (?:do|should|shall|can) i do (?:first|now|today|tomorrow)\b"
            r"|\bwhere (?:do|should|shall) i (?:start|begin)\b"
            # "how many missions do i have left", "how many left now" (not days: the goal's date)
            r"|\bhow many (?:missions? |tasks? |things? |ones? )?(?:do i (?:still )?have |have i"
            r" got |are there |is there |are |is )?(?:still )?(?:left|to go|remaining)\b"
            r"|^\W*(?:(?:ok|okay|so|and)\W+)*what is the plan(?: then| for today| today| now)?\W*$",
        ),
        # "so what snack then": a thing to eat or do, asked for without a verb.
        (
            "advice_request",
            # "do u have a quick recipie with chickpeas, i could murder a curry rn"
            r"\b(?:do|have|got) (?:you|u|ya) (?:got |have )?(?:a|any) (?:\w+ ){0,2}"
            r"recip(?:e|ie)s?\b|"
            r"^\W*(?:(?:so|ok|okay|and|well|hmm)\W+)*what (?:snacks?|food|meal|breakfast|lunch"
            r"|dinner|stretch(?:es)?|exercises?) (?:then|instead|now|for|before|after|would|could"
            r"|should|do you|is good|is best)\b"
            # "i tried herbal tea, didnt do much": something tried that did not help asks for
            # another idea (about what was said before).
            r"|\bi (?:have |already )?tried\b[^.?!]{0,40}\b(?:did not|does not|has not|didnt"
            r"|doesnt|hasnt|never) (?:do (?:much|anything)|work|help)\b"
            # "i need help saving money": help with a thing named (not "i need help" alone).
            r"|^\W*i (?:need|could use|would like|want) (?:some )?(?:help|tips|advice)"
            r" (?:with |on |about )?(?:my )?(?:[a-z]+ing|money|budget\w*|sleep|work|my \w+)\b",
        ),
        (
            "out_of_scope",
            r"\b(?:what is|how is|whats) the weather\b|\bweather (?:like )?(?:in|today|tomorrow"
            r"|forecast)\b|\bwill it rain\b|\bwhat is (?:in )?the news\b"
            r"|\bwhat is (?:going on|happening) in the news\b|\bany news (?:today|about)\b"
            # Booking as something asked ("book a table"), not "one book a month".
            r"|(?:^|[.!?,] |\b(?:can|could|would|will) (?:you|u) (?:please |just )?|\bplease )"
            r"(?:book|order|buy) (?:me )?(?:a|an|some|the)\b"
            r"|\b(?:text|email|call|message) (?:my|him|her|them) for me\b|\bwho won (?:the|last)\b"
            # A result of a match: "do you know if hearts of oak won yesterday".
            r"|\bdo (?:you|u) know (?:if|whether) [^.?!]{1,40}\b(?:won|win|lost|drew|scored)\b"
            r"|\bwhat was the score\b"
            # Music asked of her: "can you play music", "play me a song".
            r"|\b(?:can|could|would|will) (?:you|u) (?:please |just )?(?:play|put on|stream)\b"
            r"|^\W*(?:please )?play (?:me )?(?:some |a )?(?:music|songs?|tunes?|playlist)\b",
        ),
        (
            # Someone's recovery told ("my abuela is doing better, they let her eat", "hes out
            # of hospital"): relief, not a trouble; nothing said against it, no wish or worry.
            "good_news",
            r"^(?!.*\b(?:not|never|no longer|wish|hope|hoping|should|if|worried|scared|but)\b)"
            r"(?:.*\b(?:is|are|was|were) (?:(?:doing|feeling|getting|looking) )?(?:(?:a lot|much"
            r"|way|so much|a bit|a little|loads|heaps) )?better\b(?! than)|.*\bon the mend\b"
            r"|.*\b(?:is|are|was|were|got|came|come|been) (?:(?:moved|taken|let|sent) )?"
            r"(?:out of|home from|discharged from) (?:the )?(?:hospital|icu|ward)\b"
            r"|.*\bcame back all clear\b|.*\b(?:so|such a|what a|massive|huge) relie(?:f|ved)\b)",
        ),
        (
            # Better after a "but" ("hes still weak but the nurses say hes doing better").
            "good_news",
            r"^(?!.*\b(?:not|never|no longer|worried|scared)\b).*\bbut\b.*\b(?:doing|getting"
            r"|feeling|looking) (?:(?:a bit|a little|a lot|much|way) )?better\b(?! than)"
            r"(?!.*\bbut\b)",
        ),
        (
            # Something they told called a win ("so thats a win", "small win today").
            "good_news",
            r"^\W*(?:(?:so|well|ok|okay|anyway|and)\W+)?(?:that'?s|thats|its|it's|that is|which is)"
            r" (?:a |one )?(?:(?:small|little|big|huge|tiny|massive|real)\s+)?(?:win|result)\b"
            r"(?!\s+for (?:them|him|her))[\s!.]*(?:i guess|i suppose|lol|haha)?[\s!.]*$"
            r"|^\W*(?:small|little|tiny|big|huge)\s+win\b",
        ),
        (
            # News announced as good ("BIG news though!! shanice get the nursing job", "good
            # news, the scan was clear"), not "good news and bad news" nor "no big news".
            "good_news",
            r"^\W*(?:(?:ok|okay|so|and|also|oh|omg|eliza|guess what|btw|anyway)\W+)*(?:big|good"
            r"|great|amazing|exciting|huge|best)\s+news\b(?!.*\bbad news\b)",
        ),
        (
            # A cheer or pride of their own ("LETS GOOO 🔥", "yay ok", "not bad for an auld
            # lad"), or a new aunt to be ("im going to be an auntie again").
            "good_news",
            r"^\W*(?:(?:ok|okay|omg|oh|and)\W+)?(?:let'?s\s+go+|lets\s+go+|yay+|woo+(?:ho+)?|wahoo+"
            r"|get in)\b(?!\s+(?:to|and|for|with|home|out|back|over|get))"
            r"|\bnot bad for an? (?:old|auld|oul|older)\b"
            r"|\b(?:i'?m|im|i am) (?:going to|gonna) be an? (?:auntie|aunty|aunt|uncle|granny"
            r"|grandma|grandpa|grandad|granddad|grandfather|grandmother|godmother|godfather"
            r"|big sister|big brother)\b",
        ),
    )
)
