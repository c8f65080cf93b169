"""Word lists the reply guard (quality.py) reads: data, apart from the rules that use them."""

from __future__ import annotations

from delight.ai.text import word_set

# Words that may honestly stand twice in a row ("had had", "bye bye").
DOUBLES_ALLOWED = word_set("had that bye ha hey no")

MODALS = word_set("can could will would shall should may might must")
AUXILIARIES = MODALS | word_set(
    "am is are was were be been being do does did have has had"
    " don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't"
    " i'm you're it's that's what's there's let's i've you've i'll you'll i'd you'd"
    " here's who's how's where's he's she's we're they're"
)
# Verbs people and Eliza use most; their -s, -ed and -ing forms count too (see quality.py).
VERBS = word_set(
    "add agree answer ask avoid begin believe break bring build buy call care change check "
    "choose clean come connect cook cope count cry cut deal decide do drink drive eat enjoy "
    "end fall feel fight find finish fit fix focus forget get give go grow handle happen hate "
    "hear help hold hope hurt imagine keep know laugh learn leave let lie like listen live look "
    "lose love make matter mean meet mention miss move need notice open pass pay pick plan "
    "play practise practice prepare put quit reach read remember rest run save say see seem "
    "sell send share show sit sleep smile sound speak spend stand start stay stop study swim "
    "take talk teach tell think train travel try turn understand use visit wait wake walk "
    "want watch weigh win wish work worry write"
)
IRREGULAR_VERBS = word_set(
    "began brought built bought came cut did drank drove ate fell felt fought found forgot got "
    "gave went grew heard held hurt kept knew laughed left lay lost made meant met paid put "
    "quit read ran said saw sold sent showed sat slept spoke spent stood swam took taught told "
    "thought understood woke won wrote done gone known seen taken given"
)
# A fragment of only these has nothing to echo ("Remind me about you").
PRONOUNS = word_set("i me you my your myself yourself it this that")
# Between a pronoun and its verb ("you always feel"): the pair rules look past them.
FREQUENCY_ADVERBS = word_set("always usually often sometimes never rarely still really just also")
# Verbs that take a bare infinitive after "to": "want to learning" is a broken echo
# (unlike "looking forward to seeing", which these do not cover).
TAKES_INFINITIVE = word_set("want wants need needs try tries trying plan plans hope hopes able")
# Third-person forms that must not follow "I" or "you" ("you is", "I has").
THIRD_PERSON = word_set("is was has does")
# After these, "I" must be "me" ("to help I", "with I").
OBJECT_SLOTS = word_set(
    "to for with about at from of help tell give let show ask told gave helps tells"
)
# A sentence does not end on these: "Tell me about the." is a broken template fill.
DANGLING_ENDS = word_set("the a an and or but your my our their his its because if than whether")
WH_WORDS = word_set("what how why when where who which")
# Question openings that need no verb: "What about you?", "How about tomorrow?".
VERBLESS_OPENINGS = ("what about", "how about", "why not", "what if", "and you", "how come")
# Chat shorthand a person may write; echoed back by Eliza it reads as mockery.
CHAT_SHORTHAND = word_set(
    "lol lmao rofl tbh idk imo imho ngl rn smh omg wtf btw pls plz ur u gonna wanna kinda "
    "sorta dunno ya yeah nah yep nope ugh meh lolol haha hahaha xd af fr bc cuz coz"
)

MAX_WORDS = 110  # the longest good reply (a crisis reply) is about 80 words
MAX_SENTENCE_WORDS = 45

# An echoed fragment ("{0}" in a template) that holds one of these carries a second clause
# or a shrug ("get fit but idk where to start"), so it is not echoed.
CLAUSE_BREAKERS = word_set("but because though although so since while whereas unless")
# A fragment ending on one of these leaves the template's next word dangling
# ("What would make your run again easier?").
LOOSE_ENDS = word_set(
    "again already anyway honestly though too either lately anymore now today tonight "
    "yesterday tomorrow over out up off back away down once really actually literally "
    "please thanks think guess suppose reckon be been being"
)
MAX_ECHO_WORDS = 10
