"""How the AI layer reads text: one module, three readings, each for its own purpose.

They genuinely differ, and each is kept exactly as its users need it:

- **Words** (`normalise_words`, `light_stem`, `STOPWORDS`): lower-case ASCII words, accents
  folded and apostrophes dropped ("Don't" -> "dont"), punctuation gone. The hashing embedder
  builds its features from these, so the vectors of stored memories depend on them: the
  same text must always give the same words and stems. Memory search and fact keys use
  them too.
- **Cleaned text** (`clean_text`): for the rule-based Eliza, which matches patterns on it
  and echoes fragments back. Case and punctuation are kept (names, sentence ends); only
  curly quotes and the contractions of the first and second person are expanded
  ("I'm" -> "I am") so reflection can swap them. `fold` compares two sentences.
- **Normalised text** (`normalize`): for the classifiers' rules (safety screen, intent,
  emotion). Lower case, every contraction expanded ("he's" -> "he is"), chat typos fixed
  ("kil" -> "kill", "suicde" -> "suicide"), runs of letters cut, sentence punctuation kept
  as separate tokens (`BOUNDARY_TOKENS`): a typo must never hide a crisis message.

`delight.text` is a different thing: it validates the text people send.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence, Set

# Laughter in a message as typed: "lol", "haha", "jk", a laughing or skull emoji.
# New here: someone who has just started, or is no app person ("first time using this",
# "never used one of these apps before", "just signed up… not really an app person"). A pattern
# for the act rules (on normalised text) and the offline help reply alike.
NEW_HERE_WORDS = (
    r"\bfirst time (?:using|on|here|trying)\b|\bnew (?:here|to this|to the app)\b"
    r"|\b(?:never|not) (?:used|tried|done) (?:one of )?(?:these|this|an?) (?:apps?|things?"
    r"|before)\b|\bjust (?:signed up|joined|downloaded (?:this|it|the app))\b"
    r"|\bnot (?:really )?(?:an? )?(?:app|tech|techy) person\b"
    # "not very good with these apps so be patient with me", "my daughter set this up for me"
    r"|\bnot (?:very |too |that |so )?good with (?:these |this |the )?(?:apps?|tech\w*|phones?"
    r"|computers?|things?)\b|\b(?:set|put) (?:this|it|the app) up for me\b"
)
NEW_HERE = re.compile(NEW_HERE_WORDS, re.IGNORECASE)
# A question about an animal's health ("my dog ate chocolate what do i do", "is it bad if my
# cat sneezes a lot"): an animal, something wrong with its body, and a question about it.
_PET = (
    r"\b(?:dog|doggo|pup|puppy|cat|kitten|kitty|rabbit|bunny|hamster|guinea pig|parrot|budgie"
    r"|pet|horse|tortoise)s?\b"
)
_UNWELL = (
    r"\b(?:ate|eaten|eating|swallowed|chewed|sneez\w*|vomit\w*|throw(?:s|ing)? up|threw up|puk\w*"
    r"|sick|limp\w*|cough\w*|diarrh\w*|scratch\w*|bleed\w*|lump|toxic|poison\w*|lethargic"
    r"|shaking|wheez\w*|not eating|won'?t eat|off (?:her|his|its) food)\b"
)
_ASKED = (
    r"(?:\bwhat (?:do|should) (?:i|we) do\b|\bshould (?:i|we)\b|\bis (?:it|that|this) (?:bad"
    r"|ok|okay|normal|dangerous|safe|serious)\b|\bwhy (?:does|do|is|did|won'?t)\b|\?"
    r"|\bcan (?:dogs|cats|rabbits)\b|\b(?:toxic|poisonous|safe) for\b)"
)
PET_HEALTH_ASKED = rf"(?=.*{_PET})(?=.*{_UNWELL})(?=.*{_ASKED})"
# ... something it ate that may harm it ("my dog ate chocolate what do i do").
PET_ATE_ASKED = rf"{PET_HEALTH_ASKED}(?=.*\b(?:ate|eaten|swallowed|chewed|toxic|poison\w*)\b)"
# Asked whether she speaks another language ("do u speak portuguese or only english").
OTHER_LANGUAGE_ASKED = (
    r"\b(?:do|can|could) (?:u|you) (?:speak|talk|understand|write|chat)(?: in)? (?!english\b)"
    r"(?:[a-z]+ish|french|portuguese|spanish|german|italian|dutch|arabic|hindi|urdu|chinese"
    r"|mandarin|japanese|korean|russian|greek|tagalog|afrikaans|[a-z]+ese|[a-z]+ian)\b"
)
# ... or told, not asked, of an animal ("Bokkie ate half a bar of dark chocolate… she is
# panting a lot"): a food that harms pets eaten, by a pet named or with a sign in its body;
# not the person's own snack, nor a child's.
_HARMS_PETS = (
    r"(?:chocolate|grapes?|raisins?|xylitol|onions?|garlic|rat poison|slug pellets?|antifreeze"
    r"|ibuprofen|paracetamol|lil(?:y|ies))"
)
PET_ATE_TOLD = (
    r"^(?!.*\b(?:i|we) (?:just |also )?(?:ate|had)\b)"
    r"(?!.*\b(?:son|daughter|kid|kids|baby|toddler|boy|girl|husband|wife|partner)\b)"
    rf"(?=.*\b(?:ate|eaten|got into|swallowed|chewed|scoffed)\b[^.?!]{{0,40}}\b{_HARMS_PETS}\b)"
    rf"(?=.*{_PET}|.*\b(?:she|he|it) (?:is|'s|seems|keeps|was|has been) [^.?!]{{0,20}}\b(?:panting"
    r"|vomit\w*|sick|shaking|trembling|drooling|restless|lethargic|throwing up)\b)"
)
# The vet out of reach when it matters ("the vet is closed on sunday what do i do").
VET_CLOSED = r"\bvets? (?:is |are |'s )?(?:closed|shut|not open|isn'?t open|aren'?t open)\b"
# A medicine, a supplement or a stimulant asked about ("is it ok to take melatonin every day",
# "is it bad to drink like 4 energy drinks a day"): a doctor's or a pharmacist's call.
_DOSED = (
    r"(?:melatonin|supplements?|vitamins?|pills?|tablets?|medication|meds|energy drinks?"
    r"|caffeine|red ?bulls?|monsters?|pre-?workout|painkillers?|ibuprofen|paracetamol"
    r"|antihistamines?|sleeping pills?|antidepressants?|creatine)"
)
DOSE_ASKED = (
    r"\bis (?:it|that|this) (?:ok|okay|bad|safe|fine|normal|healthy|dangerous|too much)"
    rf" (?:to|if i) (?:take|drink|have|use|mix|be on)\b[^.?!]{{0,40}}\b{_DOSED}"
    rf"|\b(?:how many|how much) {_DOSED}\b[^.?!]{{0,30}}\b(?:is (?:ok|okay|safe|too much)"
    r"|can i (?:take|have|drink)|should i)"
)
LAUGHTER = re.compile(
    r"\b(?:lol+|lmf?ao+|rofl|(?:ha){2,}h?a*|(?:he){2,}|(?:hi){2,}|(?:ja){2,}|(?:je){2,}|jk|jkjk"
    r"|ha ha|hah|xd|kkkk+|(?:wk){2,}|5555+)\b|(?:^|[.!?]\s*)ha\b"
    r"|[\U0001F602\U0001F923\U0001F480\U0001F606\U0001F605]",
    re.IGNORECASE,
)
# A small mishap told ("i just remembered i left the washing in the machine"): something
# spilled, broken, ruined or forgotten, or a facepalm or weary face.
MISHAP_TOLD = re.compile(
    r"\b(?:knock(?:ed|s)? (?:over|a|my|the)|spill(?:ed|t)|smash(?:ed)?|broke|broken|ruin(?:ed|s)"
    r"|soaked|dropped|burnt|burned|stained|nooo+|oh no)\b|[\U0001F926\U0001F62B]"
    r"|\b(?:remembered|realised|realized) i (?:left|forgot)\b|\bleft the (?:washing|oven|iron"
    r"|hob|tap|door|lights?|keys) (?:in|on|open|running)\b"
    # said with a sigh: "so thats going great", "off to a flying start then"
    r"|\b(?:so )?(?:that'?s|thats|this is) going (?:great|well|brilliantly)\b"
    r"|\boff to a (?:great|flying|brilliant) start\b",
    re.IGNORECASE,
)
# The same, or a loud crying face ("my cat just knocked water onto my sketchbook 😭"), which
# beside good news is tears of joy instead ("i got the job!!! 😭😭").
MISHAP = re.compile(MISHAP_TOLD.pattern + "|\U0001f62d", re.IGNORECASE)

# An injury told ("i did my ankle in", "tweaked my back lifting the shopping"): no deed,
# though its verb is past ("did my knee exercises" is one).
_BODY_PART = (
    r"(?:left |right |bad )?(?:ankle|knee|back|neck|shoulder|wrist|hamstring|calf|hip|foot|leg"
    r"|arm|elbow|hand|finger|toe|groin|achilles|muscle|ligament|acl|meniscus)s?\b"
)
BODY_PART = re.compile(_BODY_PART, re.IGNORECASE)
INJURY = re.compile(
    r"\b(?:did|done|hurt|injured|sprained|twisted|pulled|tore|torn|broke|broken|strained"
    rf"|tweaked|jarred|cricked|ricked|rolled|fractured|dislocated) (?:my|me) {_BODY_PART}"
    r"(?! (?:exercises?|stretch\w*|physio|rehab|routine|workout|rolls?|mobility|strength))"
    # how it is now ("my knee still clicks a bit on stairs"; soreness from effort is an ache)
    rf"|\bmy {_BODY_PART} (?:(?:still|really|kinda|a bit|is|are|has been|keeps?) )*"
    r"(?:hurts?|hurting|clicks?|clicking|swollen|twinges?|playing up|acting up"
    r"|giving me grief|niggl\w+)\b",
    re.IGNORECASE,
)


def word_set(text: str) -> frozenset[str]:
    """The words of a space-separated list, for the word tables written as one string."""
    return frozenset(text.split())


# -- words: embeddings, search and fact keys -------------------------------------------------

STOPWORDS = word_set(
    "a about above after again against all am an and any are as at be because been before "
    "being below between both but by can could did do does doing down during each few for "
    "from further had has have having he her here hers herself him himself his how i if in "
    "into is it its itself just me more most my myself no nor not now of off on once only or "
    "other our ours ourselves out over own same she should so some such than that the their "
    "theirs them themselves then there these they this those through to too under until up "
    "very was we were what when where which while who whom why will with would you your yours "
    "yourself yourselves im ive id ill dont cant wont isnt arent wasnt didnt doesnt s t"
)

_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES = ("ations", "ation", "ness", "ments", "ment", "ings", "ing", "ies", "ied", "edly",
             "ed", "ly", "es", "s")  # fmt: skip


def normalise_words(text: str) -> list[str]:
    """Lower-case ASCII words: accents folded, apostrophes dropped ("don't" -> "dont")."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return _WORD.findall(folded.replace("'", ""))


# The people and animals of a life: a model's words may name only those it was told of
# ("Run a half marathon with your sister" for someone with no sister in the facts).
RELATIONS = word_set(
    "sister sisters brother brothers mum mom mother dad father parents wife husband partner "
    "boyfriend girlfriend fiance fiancee son sons daughter daughters kids children child baby "
    "grandma gran nan grandad grandpa grandmother grandfather aunt uncle cousin niece nephew "
    "friend friends bestie boss manager colleague colleagues coworker coworkers neighbour "
    "neighbor flatmate roommate teacher coach doctor therapist dog cat puppy kitten"
)
# Capitalised words that name no one: a model may use them freely.
_COMMON_PROPER = word_set(
    "eliza delight monday tuesday wednesday thursday friday saturday sunday january february "
    "march april may june july august september october november december"
)
# A capitalised word in the middle of a sentence: a name (at a sentence's start any word is).
_MID_SENTENCE_NAME = re.compile(r"(?<=[a-z0-9,;:)]) +([A-Z][a-z]+(?:[-'][A-Za-z]+)?)\b")


def invented(text: str, known: str, *, names: bool = True) -> list[str]:
    """The people `text` names that `known` (what its writer was told) never mentions: a
    relation ("your sister"), and with `names` a name said mid-sentence ("with Dana")."""
    told = set(normalise_words(known))
    said = normalise_words(text)
    found = [word for word in said if word in RELATIONS and word not in told]
    if names:
        found += [
            name
            for name in _MID_SENTENCE_NAME.findall(text)
            if normalise_words(name)[0] not in told | _COMMON_PROPER
        ]
    return list(dict.fromkeys(found))


# The reason a model's words repeating their guide are refused (the offline words stand).
REPEATED = "repeated the offline words"


def repeats(text: str, guide: str) -> bool:
    """Whether a model's `text` is its `guide` (the offline words it was shown) over again,
    word for word: then the words are not the model's, whatever says so."""
    return normalise_words(text) == normalise_words(guide)


# Words Eliza never says to a person (a model's reply with one is taken back): a 135M model
# answered a tired nurse with "That's a bit of a lame comment".
# (Not words a kind reply uses too: "hopeless", "failure", "ashamed" as in "nothing to be
# ashamed of".)
HARSH = word_set(
    "lame stupid dumb idiot idiotic pathetic loser lazy useless worthless ridiculous "
    "disgusting moron"
)


def harsh_words(text: str) -> list[str]:
    """The words of HARSH that `text` says."""
    return [word for word in normalise_words(text) if word in HARSH]


# Words a model's text may say twice in a row of this many before it reads as a loop.
ECHO_WORDS = 5
# The reason a model's words that say the same thing twice are refused.
SAYS_IT_TWICE = "says the same words twice"


def says_twice(text: str) -> bool:
    """Whether `text` says a run of ECHO_WORDS words twice: a small model caught in a loop
    ("I'll be here whenever you want to come back, I'll be here whenever you want to come
    back."; a plan whose every mission was "One encouraging sentence about the plan. One
    encouraging sentence…")."""
    words = normalise_words(text)
    runs = [tuple(words[at : at + ECHO_WORDS]) for at in range(len(words) - ECHO_WORDS + 1)]
    return len(set(runs)) < len(runs)


def light_stem(word: str) -> str:
    """A deliberately small stemmer: enough to join "hiking", "hikes" and "hike".

    1. Leave short words and numbers alone.
    2. Strip the first matching suffix if at least three letters remain ("ies" -> "y").
    3. Drop a final "e" and undouble a final consonant ("running" -> "runn" -> "run").
    """
    if len(word) <= 3 or word.isdigit():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + ("y" if suffix in ("ies", "ied") else "")
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]
    return word


# -- cleaned text: the rule-based Eliza -----------------------------------------------------

# Only the forms reflection needs; "he's", "they're" and "we'll" stay as they are.
_PERSON_CONTRACTIONS: tuple[tuple[str, str], ...] = (
    (r"\bi'm\b", "I am"),
    (r"\bim\b", "I am"),
    (r"\bi've\b", "I have"),
    (r"\bi'd\b", "I would"),
    (r"\bi'll\b", "I will"),
    (r"\bcan't\b|\bcannot\b|\bcant\b", "can not"),
    (r"\bwon't\b", "will not"),
    (r"\bdon't\b|\bdont\b", "do not"),
    (r"\bdoesn't\b", "does not"),
    (r"\bdidn't\b", "did not"),
    (r"\bisn't\b", "is not"),
    (r"\baren't\b", "are not"),
    (r"\bwasn't\b", "was not"),
    (r"\bweren't\b", "were not"),
    (r"\bcouldn't\b", "could not"),
    (r"\bshouldn't\b", "should not"),
    (r"\bwouldn't\b", "would not"),
    (r"\bhaven't\b", "have not"),
    (r"\byou're\b", "you are"),
    (r"\byou've\b", "you have"),
    (r"\bit's\b", "it is"),
    (r"\bthat's\b", "that is"),
    (r"\bwhat's\b", "what is"),
    (r"\blet's\b", "let us"),
    (r"\bgonna\b", "going to"),
    (r"\bwanna\b", "want to"),
    # Typed without the apostrophe, where no other word is meant ("shes gonna hate it"; not
    # "its", "wont", "were", "well").
    # "thats been hard", "hes been poorly": has, not is
    (r"\b(that|it|he|she)(?:'s|s) been\b", r"\1 has been"),
    (r"\bive\b", "I have"),
    (r"\bshes\b", "she is"),
    (r"\bhes\b", "he is"),
    (r"\bthats\b", "that is"),
    (r"\bwhats\b", "what is"),
    (r"\byoure\b", "you are"),
    (r"\b(did|does|is|was|are|could|would|should|have|has)nt\b", r"\1 not"),
)
_PERSON_CONTRACTION_RES = tuple((re.compile(p, re.IGNORECASE), r) for p, r in _PERSON_CONTRACTIONS)


def clean_text(text: str) -> str:
    """Straight quotes, contractions expanded, single spaces; case is kept for names."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    for pattern, replacement in _PERSON_CONTRACTION_RES:
        text = pattern.sub(replacement, text)
    return re.sub(r"\s+", " ", text).strip()


def fold(text: str) -> str:
    """Lower case, every run of non-word characters one space: texts that fold alike say
    the same thing (how Eliza notices she is about to repeat herself)."""
    return re.sub(r"\W+", " ", text.lower()).strip()


# -- normalised text: the classifiers' rules ------------------------------------------------

_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018`\u00b4\u02bc", "'"))

# Order matters: specific forms before the generic "n't".
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern), repl)
    for pattern, repl in (
        (r"\b(can't|cant|cannot)\b", "can not"),
        (r"\b(won't|wont)\b", "will not"),
        (r"\bain't\b", "is not"),
        (r"\b(\w+)n't\b", r"\1 not"),
        (
            r"\b(do|does|did|is|was|were|would|could|should|have|has|had|are|must|need)nt\b",
            r"\1 not",
        ),
        (r"\b(i'm|im)\b", "i am"),
        (r"\b(it|that|what|there|he|she|who|how|where|here|everything|nothing)'s\b", r"\1 is"),
        (r"\b(whats|thats|hows|wheres|theres)\b", lambda m: m.group(1)[:-1] + " is"),
        (r"\b(tonight|today)'?s (?=the\b)", r"\1 is "),
        (r"\b(blade|razor|rope|noose|gun|knife)'?s (?=out\b|up\b|ready\b)", r"\1 is "),
        (r"\blet's\b", "let us"),
        (r"'re\b", " are"),
        (r"'ve\b", " have"),
        (r"\bive\b", "i have"),
        (r"'ll\b", " will"),
        (r"'d\b", " would"),
        (r"\b(youre|ur)\b", "you are"),
        (r"\bwanna\b", "want to"),
        (r"\bgonna\b", "going to"),
        (r"\bgotta\b", "got to"),
        (r"\bmy self\b", "myself"),
        (r"\bsewer slide\b", "suicide"),
        (r"\b2 (die|be dead|kill)\b", r"to \1"),
        (r"\bself-harm", "self harm"),
        (r"\bselfharm", "self harm"),
        # "sh" is self-harm where the words around it leave no other reading.
        (r"\bsh\b(?= (?:urges?|again|scars?|relapse|tonight|thoughts)\b)", "self harm"),
        (r"\b(clean from|relapsed on|urges? for) sh\b", r"\1 self harm"),
        # "unalive" with no one named after it is oneself.
        (
            r"\bunalive\b(?!\s+(?:him|her|them|you|it|my|his|their|the|a|this|that)\b)",
            "kill myself",
        ),
    )
)

# Common misspellings and chat shorthand, token by token. Safety words come first: a typo
# must never hide a crisis message.
_TYPOS: dict[str, str] = {
    "kil": "kill",
    "kll": "kill",
    "kiled": "killed",
    "killin": "killing",
    "kilin": "killing",
    "suicde": "suicide",
    "sucide": "suicide",
    "suiside": "suicide",
    "suicid": "suicide",
    "sucicide": "suicide",
    "suicdie": "suicide",
    "suicie": "suicide",
    "suecide": "suicide",
    "suicdal": "suicidal",
    "sucidal": "suicidal",
    "suicidle": "suicidal",
    "suisidal": "suicidal",
    "suicial": "suicidal",
    "sucicidal": "suicidal",
    "myslef": "myself",
    "mysefl": "myself",
    "myelf": "myself",
    "mysef": "myself",
    "myseld": "myself",
    "meself": "myself",
    "msyelf": "myself",
    "myslf": "myself",
    "mself": "myself",
    "myseelf": "myself",
    "su1c1d3": "suicide",
    "suic1de": "suicide",
    "suicid3": "suicide",
    "sewerslide": "suicide",
    "unalive": "kill",
    "unaliving": "killing",
    "unalived": "killed",
    "gnona": "going to",
    "gona": "going to",
    "ima": "i am going to",
    "brdige": "bridge",
    "agianst": "against",
    "btotle": "bottle",
    "shes": "she is",
    "hes": "he is",
    "hed": "he would",
    "bridgge": "bridge",
    "plils": "pills",
    "pils": "pills",
    "dieing": "dying",
    "dei": "die",
    "dy": "die",
    "jsut": "just",
    "jst": "just",
    "wnat": "want",
    "wnt": "want",
    "wan": "want",
    "waht": "what",
    "wat": "what",
    "teh": "the",
    "tonite": "tonight",
    "2nite": "tonight",
    "tonigt": "tonight",
    "tonihgt": "tonight",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "tomorow": "tomorrow",
    "tommorow": "tomorrow",
    "tommorrow": "tomorrow",
    "2moro": "tomorrow",
    "2day": "today",
    "evryone": "everyone",
    "everyon": "everyone",
    "evreyone": "everyone",
    "u": "you",
    "ppl": "people",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "cuz": "because",
    "coz": "because",
    "bc": "because",
    "rn": "right now",
    "idk": "i do not know",
    "od": "overdose",
    "realise": "realize",
    "realised": "realized",
    "realising": "realizing",
}

_PUNCT_RUN = re.compile(r"([.,!?;:])[.,!?;:]*")
_NON_WORD = re.compile(r"[^a-z0-9.,!?;: ]+")
_REPEATS = re.compile(r"(\w)\1{2,}")
_DOUBLE = re.compile(r"(\w)\1")
_SPACES = re.compile(r"\s+")
# A question, by its mark or its opening ("whats my streak", "is the garden open", "tell me
# about…"): one reading for every answer that needs a question to answer.
_QUESTION_OPENING = re.compile(
    r"\?|^\W*(?:what|whats|how|hows|which|where|when|is|are|am|can|could|may|might|will"
    r"|would|should|do|does|did|have|tell me|show me|i wonder|am i allowed)\b",
    re.IGNORECASE,
)
# Asking what to do, or wondering what if ("what should i paint first", "should i learn
# spanish", "what if i moved to leeds", "how do i…"): about a step not taken, so nothing
# in it is yet true of the person.
_ASKS_WHAT_TO_DO = re.compile(
    r"^\W*(?:(?:ok|so|hmm|and|but|also|btw|like)\W+)*(?:(?:what|where|when|how|which|why)\s+)?"
    r"(?:should|shall|could|can|do|would|will|might)\s+i\b|^\W*(?:what|and|but)?\s*if\s+i\b",
    re.IGNORECASE,
)
# What a question tells of the person as it stands ("can i eat bread if im coeliac").
_STATED_IN_A_QUESTION = re.compile(
    r"\b(?:if|because|since|as|when)\s+((?:i'?m|im|i am|i have|i'?ve|ive)\b.*)$", re.IGNORECASE
)


def asks(text: str) -> bool:
    """Whether `text` is put as a question (a question mark, or a question's opening)."""
    return bool(_QUESTION_OPENING.search(text))


def stated_in(clause: str) -> str:
    """What `clause` says as true of the person: all of it, unless it asks what to do or
    wonders what if, when only a state it gives as its reason remains ("im coeliac" of "can i
    eat bread if im coeliac"; "" of "what should i paint first")."""
    if not _ASKS_WHAT_TO_DO.search(clause):
        return clause
    reason = _STATED_IN_A_QUESTION.search(clause)
    return reason.group(1) if reason else ""


# The punctuation `normalize` keeps, each a token of its own: where clauses end.
BOUNDARY_TOKENS = frozenset(".,!?;:")

# Words whose doubled-letter typos ("diee", "byee") `normalize` repairs when no other
# vocabulary is given; the classifiers add their lexicon's words to these.
REPAIRABLE_WORDS = word_set(
    "die kill killing dead myself want end life live help hurt cut please so no yes now hi hey "
    "hello bye thanks"
)


def _squeeze(token: str, known: Set[str]) -> str:
    """Repair "diee" -> "die", "sadd" -> "sad": only when the short form is a known word."""
    if token in known or not _DOUBLE.search(token):
        return token
    single = _DOUBLE.sub(r"\1", token)
    return single if single in known else token


def normalize(text: str, *, known: Set[str] = REPAIRABLE_WORDS) -> str:
    """A canonical lower-case form of `text` for matching rules on.

    1. Unicode NFKC, lower case, typographic apostrophes -> "'".
    2. Expand contractions ("don't" -> "do not", "i'm"/"im" -> "i am", "wanna" -> "want to").
    3. Cut runs of three or more identical letters to two ("sooooo" -> "soo").
    4. Keep sentence punctuation as separate tokens (clause boundaries), drop the rest
       (emoji included: emotion reads them from the raw text).
    5. Per token: fix common typos ("kil", "suicde"), then repair doubled letters when
       that makes a `known` word.
    """
    text = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES).lower()
    text = text.replace("-", " ")
    for pattern, repl in _CONTRACTIONS:
        text = pattern.sub(repl, text)
    text = _REPEATS.sub(r"\1\1", text)
    text = _PUNCT_RUN.sub(lambda m: f" {m.group(1)} ", text)
    text = _NON_WORD.sub(" ", text)
    tokens = []
    for token in text.split():
        token = _TYPOS.get(token, token)
        tokens.append(_squeeze(token, known))
    return _SPACES.sub(" ", " ".join(tokens)).strip()


def listed(items: Sequence[str], last: str = "and") -> str:
    """Items as a sentence says them: "a", "a and b", "a, b and c" (`last` "or" to offer)."""
    said = list(items)
    return f" {last} ".join([", ".join(said[:-1]), said[-1]]) if len(said) > 1 else "".join(said)


INNER_OPEN, INNER_CLOSE = "\N{LEFT SINGLE QUOTATION MARK}", "\N{RIGHT SINGLE QUOTATION MARK}"


def quotes_nested(text: str) -> str:
    """Curly double quotes inside curly double quotes as single ones, as print sets them
    (a mission's title quoted inside what someone says)."""
    depth, out = 0, []
    for char in text:
        if char == "“":
            out.append(INNER_OPEN if depth else char)
            depth += 1
        elif char == "”" and depth:
            depth -= 1
            out.append(INNER_CLOSE if depth else char)
        else:
            out.append(char)
    return "".join(out)


_ONES = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINALS = (
    "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth", "twentieth",
)  # fmt: skip


def number_words(number: int) -> str:
    """A count as a sentence says it: words below a hundred ("forty-two"), digits above."""
    if number < 0 or number >= 100:
        return f"{number:,}"
    if number < len(_ONES):
        return _ONES[number]
    tens, ones = divmod(number, 10)
    return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")


def ordinal_words(number: int) -> str:
    """A day's place in a month in words ("ninth", "twenty-third", "thirty-first")."""
    if 0 < number < len(_ORDINALS):
        return _ORDINALS[number]
    tens, ones = divmod(number, 10)
    if not ones:
        return _TENS[tens][:-1] + "ieth"
    return f"{_TENS[tens]}-{_ORDINALS[ones]}"
