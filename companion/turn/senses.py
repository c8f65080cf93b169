"""The words an act read from meaning alone must have to be taken (plan.act_understood,
policy.gives): data, apart from the logic that reads it."""

from __future__ import annotations

import re

# Words an act read from meaning alone must have to be taken: a goodbye a word of leaving
# ("long night at work" is none), a greeting a word of hello ("im still here" is none), a
# request for help a word about her, an undo a word of taking back ("ok. i saved the
# number" is none), something out of reach a request, at the start of any sentence ("lol ok.
# can you order one"; "Goodness. Graham will be impressed" is none).
SENSE = {
    "goodbye": re.compile(
        r"(?:^|[^\w\s]\s*|\bgood\s+)(?:night|nite)\b"
        r"|\b(?:bye|byee*|goodbye|gn|goodnight|later|laters|cya|see (?:you|ya|u)|ttyl"
        r"|gotta (?:go|run|dash)|got to go|off (?:now|to (?:bed|sleep))"
        r"|(?:i'?m|im|i am) off(?! (?:work|shift|today|tomorrow))|heading|leaving"
        r"|going to (?:go|sit"
        r"|get|head|make|bed|sleep)|signing off|logging off|talk (?:soon|tomorrow|later)"
        r"|peace out|thats? (?:it|me|all)|done for|(?:time|off) (?:for|to) (?:bed|sleep)"
        r"|gonna (?:go|head|get|sleep|crash|try (?:to|and) sleep)|try (?:to|and) sleep"
        r"|tchau|chau|ciao|adios|adi\u00f3s|hasta (?:luego|ma\u00f1ana|manana|pronto)"
        r"|buenas noches|boa noite|bonne nuit|gute nacht|tsch\u00fcss|tschuss|au revoir|sayonara"
        r"|hooroo|ta ?ra|ta ta|i'?m off|im off|nos vemos|a domani|(?:khuda|allah) hafiz"
        r"|arrivederci|at\u00e9 logo|ate logo|\u00e0 demain|a demain|bis morgen|bis dann|tot ziens"
        r"|mata ne|(?:i'?m|im|i am) (?:going|heading) up|let me go back to"
        r"|(?:sleep|bed|nap) now|need (?:to|my) (?:sleep|bed)|(?:need|have) to (?:go|head off)"
        # "ok i should sleep, early shift tomorrow" (not "i should sleep more")
        r"|\bi (?:should|better|must|need to) (?:go to )?(?:sleep|bed)(?=\s*(?:[,.!]|$))"
        r"|brb|be right back|gtg|g2g|chao|poka|ka kite|besos|sala kahle|hamba kahle"
        r"|(?:go|going) back to (?:work|the shop|my shift))\b",
        re.IGNORECASE,
    ),
    "greeting": re.compile(
        r"\b(?:hi+|hey+|hello|hallo|hiya|heya|yo|sup|wassup|whats up|what's up|hej|howdy|oi"
        r"|salaa?m|salut|hola+|ol[a\u00e1]|bonjour|bonsoir|ciao|namaste|shalom|aloha|g'?day"
        r"|kia ora|alright eliza|bom dia|boa (?:tarde|noite)|buen(?:os|as)(?: d[i\u00ed]as"
        r"| tardes| noches)?|guten (?:morgen|tag|abend)|moin|servus|merhaba|konnichiwa|ni hao"
        r"|jambo|habari|sawubona|kumusta|czesc|privet|ahoj|hei"
        r"|morning|evening|afternoon|back"
        r"|been a while|long time|on here|its me)\b",
        re.IGNORECASE,
    ),
    "thanks": re.compile(
        r"\b(?:thanks?|thank you|thx|ty|tysm|cheers|ta|appreciate|grateful|legend|gracias"
        r"|obrigad[oa]|merci|danke|grazie|asante|shukran|dank je|arigato|tack|takk|dziekuje"
        r"|spasibo|mahalo)\b",
        re.I,
    ),
    "help": re.compile(
        r"\b(?:you|u|this|app|eliza|help|how|work|works|coach|bot|chatbot|ai|robot)\b",
        re.IGNORECASE,
    ),
    # A question about the story names it ("never get past chapter 1" is about a novel).
    "story_question": re.compile(
        r"\b(?:story|stories|essence|quests?|lanterns?|valley|passages?|side chapters?|tale)\b",
        re.IGNORECASE,
    ),
    # A question about her world names it, a zone or going somewhere ("wat time is it in
    # tokyo" is about the real one).
    "world_question": re.compile(
        r"\b(?:world|zones?|arena|observatory|commons|valley|open|opens|closed|closes|places?"
        r"|go|visit|explore|unlock\w*|map|areas?)\b",
        re.IGNORECASE,
    ),
    # An undo takes something back: a word of taking back or of not having done it; a bare
    # "not" is none ("i made it. it was not the same" took a mission back).
    "undo": re.compile(
        r"\b(?:undo|back|wrong|didnt|didn't|havent|haven't|mistake|unmark|untick|uncheck|revert"
        r"|cancel|wait|oops|no|nah|nope|remove|delete|take"
        r"|not (?:yet|done|do|did|finish\w*|make|made|complete\w*))\b",
        re.IGNORECASE,
    ),
    "out_of_scope": re.compile(
        r"\?|\b(?:weather|forecast|news|score)\b"
        r"|(?:^|[.,!;]\s)\W*(?:\w+[.,!]\s+)?(?:can|could|will|would|what|whats|what's|how|is"
        r"|are|do|does|who|where|when|which|tell|give|book|order|find|look|search|check|call|text|send|message|email|remind"
        r"|play|show)\b",
        re.IGNORECASE,
    ),
}
