"""Offline classifiers: the safety screen, intent and emotion. Pure Python, no network.

These are the default providers when no model is configured, and the safety screen runs
before any model in every mode: it must be fast, predictable and explainable to staff.

Public API (the rest of `delight.ai` imports exactly these):

- `screen_safety(text)`  -> SafetyResult   level 0 none, 1 concern, 2 high risk, 3 imminent
- `classify_intent(text)` -> IntentResult   one of INTENTS with a confidence
- `detect_emotion(text)`  -> EmotionResult  a score for each of EMOTIONS, summing to 1

Every regex is compiled at import; a call is a handful of regex scans over a short string.
The labelled sets in `tests/delight/ai/data/` are the specification; extend them when a
rule changes.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from delight.ai.types import EMOTIONS, INTENTS, EmotionResult, IntentResult, SafetyResult

_DATA_DIR = Path(__file__).resolve().parent / "data"

# ---------------------------------------------------------------------------------------
# Text normalisation (shared)
# ---------------------------------------------------------------------------------------

_APOSTROPHES = str.maketrans(dict.fromkeys("\u2019\u2018`\u00b4\u02bc", "'"))

# Order matters: specific forms before the generic "n't".
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
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
        (r"\bself-harm", "self harm"),
        (r"\bselfharm", "self harm"),
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
_BOUNDARY_TOKENS = frozenset(".,!?;:")

# Words whose doubled-letter typos ("diee", "happyy") we repair; filled in once the
# lexicon is loaded (see _load_lexicon).
_VOCAB: set[str] = {
    "die",
    "kill",
    "killing",
    "dead",
    "myself",
    "want",
    "end",
    "life",
    "live",
    "help",
    "hurt",
    "cut",
    "please",
    "so",
    "no",
    "yes",
    "now",
    "hi",
    "hey",
    "hello",
    "bye",
    "thanks",
}


def _squeeze(token: str) -> str:
    """Repair "diee" -> "die", "happyy" -> "happy": only when the short form is a known word."""
    if token in _VOCAB or not _DOUBLE.search(token):
        return token
    single = _DOUBLE.sub(r"\1", token)
    return single if single in _VOCAB else token


def normalize(text: str) -> str:
    """Return a canonical lower-case form of `text` that every rule below runs on.

    1. Unicode NFKC, lower case, typographic apostrophes -> "'".
    2. Expand contractions ("don't" -> "do not", "i'm"/"im" -> "i am", "wanna" -> "want to").
    3. Cut runs of three or more identical letters to two ("sooooo" -> "soo").
    4. Keep sentence punctuation as separate tokens (clause boundaries), drop the rest
       (emoji included: emotion reads them from the raw text).
    5. Per token: fix common typos ("kil", "suicde"), then repair doubled letters.
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
        tokens.append(_squeeze(token))
    return _SPACES.sub(" ", " ".join(tokens)).strip()


def _token_starts(text: str) -> list[int]:
    """Character offset of each token of a normalised string."""
    starts, pos = [], 0
    for token in text.split(" "):
        starts.append(pos)
        pos += len(token) + 1
    return starts


# ---------------------------------------------------------------------------------------
# Safety screen
# ---------------------------------------------------------------------------------------

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
class _Rule:
    name: str
    kind: str
    pattern: re.Pattern[str]
    negatable: bool = True  # False when the pattern already contains its own negation


def _rules(kind: str, *specs: tuple[str, str] | tuple[str, str, bool]) -> list[_Rule]:
    out = []
    for spec in specs:
        name, pattern = spec[0], spec[1]
        negatable = spec[2] if len(spec) > 2 else True
        out.append(_Rule(name, kind, re.compile(pattern), negatable))
    return out


_SAFETY_RULES: list[_Rule] = [
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
_SAFETY_EXCLUSIONS: tuple[re.Pattern[str], ...] = tuple(
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

_NEGATORS = frozenset({"not", "never", "nor"})
# "can not stop", "not sure": the negator does not negate what follows.
_NEGATION_BREAKERS = frozenset({"stop", "help", "sure", "wait", "know", "only", "even"})
_CLAUSE_BREAKS = frozenset(
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
_NEGATION_WINDOW = 4

_FIRST_PERSON = frozenset({"i", "me", "my", "myself", "we"})
_THIRD_PRONOUNS = frozenset(
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
_THIRD_NOUNS = frozenset(
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
_PERSON_LOOKBACK = 6

_FICTION = re.compile(
    r"\b(?:book|books|novel|film|movie|series|character|characters|plot|essay|story|theme"
    r"|themes|episode|hamlet|lyrics|song|documentary|article|poem|scene|protagonist|author"
    r"|chapter|anime|manga|13 reasons why|romeo|juliet)\b"
)
_PAST = re.compile(
    r"\b(?:used to|years ago|months ago|in the past|when i was (?:younger|a teen|a teenager"
    r"|in school|a kid|\d+)|back in (?:school|college|uni|high school))\b"
)
_RECOVERY = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|a|a few) (?:years?|months?|weeks?) clean\b"
    r"|\bclean (?:since|for)\b|\bin recovery\b|\brecovered\b|\btherapy (?:really )?helped\b"
    r"|\b(?:better|doing well|okay|fine) now\b"
)
_RELAPSE = re.compile(r"\b(?:again|relapsed|relapse|relapsing|started back)\b")
_TIME = re.compile(
    r"\b(?:tonight|tomorrow|this (?:morning|afternoon|evening|weekend|week)|on (?:mon|tues"
    r"|wednes|thurs|fri|satur|sun)day|(?:mon|tues|wednes|thurs|fri|satur|sun)day (?:night"
    r"|morning|evening)|in (?:a|an|one|two|a few|\d+) (?:minutes?|hours?|mins?)|at midnight"
    r"|at \d+|later today|right now|after (?:everyone|they|my \w+) (?:is |are |goes |go"
    r" |has |have )?(?:asleep|gone|leaves|left|to bed)|this time)\b"
)
_INTENT = re.compile(
    r"\b(?:going to|will|plan to|planning to|about to|am doing it|am ending it|decided"
    r"|ready to|doing it|do it)\b"
)


@dataclass(frozen=True)
class _Signal:
    rule: _Rule
    phrase: str
    person: str  # "first" | "third" | "none"
    past: bool


def _overlaps_exclusion(text: str, start: int, end: int) -> bool:
    for pattern in _SAFETY_EXCLUSIONS:
        for m in pattern.finditer(text):
            if m.start() < end and start < m.end():
                return True
    return False


def _clause_before(tokens: list[str], index: int, limit: int) -> list[str]:
    """Up to `limit` tokens before `index`, stopping at a clause boundary."""
    out: list[str] = []
    for i in range(index - 1, max(-1, index - 1 - limit), -1):
        token = tokens[i]
        if token in _BOUNDARY_TOKENS or token in _CLAUSE_BREAKS:
            break
        out.append(token)
    return out  # nearest first


def _is_negated(tokens: list[str], index: int) -> bool:
    before = _clause_before(tokens, index, _NEGATION_WINDOW)
    if before and before[0] == "no":
        return True
    for pos, token in enumerate(before):
        if token in _NEGATORS:
            following = before[pos - 1] if pos > 0 else tokens[index]
            return following not in _NEGATION_BREAKERS
    return False


def _person(tokens: list[str], index: int, phrase: str) -> str:
    """Who the signal is about: the pronouns inside the match, else the nearest subject."""
    words = set(phrase.split())
    if words & _FIRST_PERSON:
        return "first"
    if words & _THIRD_PRONOUNS:
        return "third"
    for token in _clause_before(tokens, index, _PERSON_LOOKBACK):
        if token in _FIRST_PERSON:
            return "first"
        if token in _THIRD_PRONOUNS or token in _THIRD_NOUNS:
            return "third"
    return "none"


def _clause_text(tokens: list[str], index: int) -> str:
    """The clause around token `index` (split on punctuation and "but")."""
    lo = index
    while lo > 0 and tokens[lo - 1] not in _BOUNDARY_TOKENS and tokens[lo - 1] != "but":
        lo -= 1
    hi = index
    while hi < len(tokens) and tokens[hi] not in _BOUNDARY_TOKENS and tokens[hi] != "but":
        hi += 1
    return " ".join(tokens[lo:hi])


def _find_signals(text: str) -> list[_Signal]:
    tokens = text.split(" ")
    starts = _token_starts(text)
    recovered = bool(_RECOVERY.search(text)) and not _RELAPSE.search(text)
    signals = []
    for rule in _SAFETY_RULES:
        for m in rule.pattern.finditer(text):
            if _overlaps_exclusion(text, m.start(), m.end()):
                continue
            index = _token_index(starts, m.start())
            if rule.negatable and _is_negated(tokens, index):
                continue
            clause = _clause_text(tokens, index)
            past = recovered or (bool(_PAST.search(clause)) and not _RELAPSE.search(text))
            signals.append(_Signal(rule, m.group(0), _person(tokens, index, m.group(0)), past))
    return signals


def _token_index(starts: list[int], offset: int) -> int:
    index = 0
    for i, start in enumerate(starts):
        if start > offset:
            break
        index = i
    return index


_WEIGHTS = {IDEATION: 2, SELF_HARM: 2, HINT: 1}


def screen_safety(text: str) -> SafetyResult:
    """Screen one message for suicide and self-harm risk. Level 0 none .. 3 imminent.

    1. Normalise (lower case, contractions, typos such as "kil"/"suicde", repeated letters).
    2. Run the weighted rules: ideation and self-harm (weight 2), indirect hints (weight 1),
       acts in progress and lethal means at hand (imminent alone), escalators (plan, means,
       place), and concern phrases (hopelessness, worthlessness).
    3. Drop a match when an idiom exclusion overlaps the same span ("cut myself shaving",
       "career suicide", "jump rope"), or when a negator ("not", "never") sits up to four
       tokens before it in the same clause ("I would never hurt myself").
    4. Attribute each match to a person: pronouns inside it, else the nearest subject before
       it ("my friend said she ..." is third person). Mark it past when its clause says
       "used to"/"years ago", or the message speaks of recovery ("2 years clean"), unless it
       also says "again" or "relapsed".
    5. Score first-person, present signals: an act or means at hand -> 3; weight >= 2 -> 2,
       and 3 if an escalator or a time with an intent ("going to ... tonight") is present;
       a single hint -> 1, 2 with an escalator, 3 with lethal means or a plan and a time.
       Finality phrases ("this is it", "I'm done") only count next to an escalator.
    6. Everything else caps at 1: past signals (recovery), concern phrases, and other
       people. Third-person risk is level 1 (2 when it is imminent) with a reason that says
       it is about someone else, so the companion can help the person help their friend
       instead of treating them as the one in crisis. Third-person or impersonal mentions in
       a question about a book or film are ignored (level 0).
    """
    norm = normalize(text)
    if not norm:
        return SafetyResult(0, "")
    signals = _find_signals(norm)
    if not signals:
        return SafetyResult(0, "")
    fiction = bool(_FICTION.search(norm))
    escalated = any(s.rule.kind == ESCALATOR for s in signals)
    timed = bool(_TIME.search(norm) and _INTENT.search(norm))

    present = [s for s in signals if s.person != "third" and not s.past]
    if fiction:
        present = [s for s in present if s.person == "first"]
    third = [s for s in signals if s.person == "third" and not s.past and not fiction]
    past = [s for s in signals if s.past and s.rule.kind in (IDEATION, SELF_HARM, HINT, ACT)]

    level, reason, matched = _score_first_person(present, escalated, timed)
    if level >= 2:
        return SafetyResult(level, reason, matched)

    third_risk = [s for s in third if s.rule.kind in _WEIGHTS or s.rule.kind in (ACT, MEANS)]
    if third_risk:
        imminent = any(s.rule.kind in (ACT, MEANS) for s in third_risk) or escalated or timed
        phrases = _phrases(third_risk)
        if imminent:
            return SafetyResult(
                2, "someone else may be in immediate danger (third person)", phrases
            )
        return SafetyResult(1, "concern about someone else's safety (third person)", phrases)
    if past:
        return SafetyResult(
            1, "past self-harm or suicidal thoughts, now in recovery", _phrases(past)
        )
    if level == 1:
        return SafetyResult(level, reason, matched)
    concern = [s for s in present if s.rule.kind == CONCERN]
    if concern:
        return SafetyResult(1, "signs of distress (hopelessness, worthlessness)", _phrases(concern))
    return SafetyResult(0, "")


def _phrases(signals: Iterable[_Signal]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(s.phrase for s in signals))


def _score_first_person(
    present: list[_Signal], escalated: bool, timed: bool
) -> tuple[int, str, tuple[str, ...]]:
    acts = [s for s in present if s.rule.kind == ACT]
    if acts:
        return 3, "imminent danger: self-harm may be under way", _phrases(acts)
    means = [s for s in present if s.rule.kind == MEANS]
    if means:
        return 3, "imminent danger: lethal means at hand", _phrases(means)
    extras = [s for s in present if s.rule.kind == ESCALATOR]
    # "this is it", "I'm done": only a warning sign next to a plan, means or place.
    risky = [
        s for s in present if s.rule.kind in _WEIGHTS and (extras or s.rule.name != "finality")
    ]
    weight = sum(_WEIGHTS[s.rule.kind] for s in risky)
    harm = any(s.rule.kind == SELF_HARM for s in risky)
    explicit = any(s.rule.kind in (IDEATION, SELF_HARM) for s in risky)
    if weight >= 2:
        if escalated or timed:
            what = "self-harm" if harm and not _has_ideation(risky) else "suicidal thoughts"
            return (
                3,
                f"imminent danger: {what} with a plan, means or time",
                _phrases([*risky, *extras]),
            )
        if not explicit:
            return 2, "indirect signs of suicidal thinking", _phrases(risky)
        if harm and not _has_ideation(risky):
            return 2, "self-harm", _phrases(risky)
        return 2, "suicidal ideation", _phrases(risky)
    if weight == 1:
        if any(s.rule.name == "has means" for s in extras) or (escalated and timed):
            return (
                3,
                "imminent danger: warning signs with a plan and a time",
                _phrases([*risky, *extras]),
            )
        if escalated:
            return (
                2,
                "indirect signs of suicidal thinking with a plan or means",
                _phrases([*risky, *extras]),
            )
        return 1, "a possible indirect warning sign", _phrases(risky)
    return 0, "", ()


def _has_ideation(signals: Iterable[_Signal]) -> bool:
    return any(s.rule.kind == IDEATION for s in signals)


# ---------------------------------------------------------------------------------------
# Intent
# ---------------------------------------------------------------------------------------

# (intent, weight, pattern) on normalised text. Weights near 3 are strong cues that decide
# alone; weights near 1 only tip a balance.
_INTENT_FEATURES: tuple[tuple[str, float, re.Pattern[str]], ...] = tuple(
    (intent, weight, re.compile(pattern))
    for intent, weight, pattern in (
        # create_goal
        ("create_goal", 3.5, r"\bnew goal\b"),
        (
            "create_goal",
            3.5,
            r"\b(?:create|make|set|add|start|register|setup|set up|track|open"
            r"|begin) (?:up )?(?:a |an |another |one more )?(?:new )?goal\b",
        ),
        (
            "create_goal",
            3.0,
            r"\b(?:create|make|set|add|start|track|set up) (?:a|an|another"
            r"|one more|new) (?:new )?\w+ goal\b",
        ),
        (
            "create_goal",
            3.0,
            r"\b(?:make|set) (?:it|that|this) (?:up )?(?:as )?(?:a|my) (?:new )?"
            r"goal\b|\bas a (?:new )?goal\b|\badd goal\b",
        ),
        ("create_goal", 2.5, r"\bmy (?:new )?goal (?:is|will be) to\b"),
        (
            "create_goal",
            1.5,
            r"\b(?:can you|could you|please) (?:add|create|set up|save)"
            r" (?:it|that|this)\b",
        ),
        (
            "create_goal",
            1.0,
            r"\bi (?:want|would like|have decided|decided|plan) to (?:start"
            r"|learn|run|lose|save|read|write|build|become|get|finish)\b",
        ),
        # goal_discussion
        ("goal_discussion", 2.5, r"\b(?:my|the|this|that|our) (?:\w+ ){0,2}goals?\b"),
        ("goal_discussion", 1.5, r"\bgoals\b"),
        ("goal_discussion", 2.0, r"\bprogress\b|\bon track\b|\bmilestones?\b"),
        (
            "goal_discussion",
            1.5,
            r"\bhow (?:am i|is my|are my) (?:\w+ )?(?:doing|going)\b"
            r"|\bhow is my\b",
        ),
        ("goal_discussion", 1.5, r"\b(?:talk|chat|talking) about\b|\bdiscuss\b|\breview\b"),
        (
            "goal_discussion",
            1.2,
            r"\b(?:struggling|stuck|behind|failing|falling behind|too"
            r" ambitious|realistic|deadline|pause|archive|give up on)\b",
        ),
        (
            "goal_discussion",
            1.0,
            r"\bbreak (?:\w+ ){0,3}down\b|\bupdate on\b|\bhalf marathon\b"
            r"|\bmarathon\b",
        ),
        # mission_request
        ("mission_request", 3.0, r"\bmissions?\b"),
        ("mission_request", 3.5, r"\bwhat should i (?:do|work on|start with|focus on|tackle)\b"),
        (
            "mission_request",
            3.0,
            r"\bwhat is next\b|\bwhat next\b|\bnext (?:task|mission|step"
            r"|thing|challenge)\b|\bwhat is on my (?:plate|list)\b",
        ),
        (
            "mission_request",
            3.0,
            r"\b(?:give|get|find|show) me (?:something|a mission|a task"
            r"|an? (?:easy|quick|small) (?:win|task|thing))\b",
        ),
        (
            "mission_request",
            3.0,
            r"\b(?:suggest|pick|recommend) (?:a task|something|a mission"
            r"|what)\b",
        ),
        (
            "mission_request",
            2.0,
            r"\b(?:i have|i have got|got|i got) (?:\d+|half an|an|a"
            r" few|twenty|ten|thirty|fifteen) (?:minutes|mins|min|hours?"
            r"|hour)\b|\bhalf an hour\b|\bin \d+ (?:minutes|mins|min)\b",
        ),
        (
            "mission_request",
            2.0,
            r"\bwhat can i do\b|\bsomething (?:small|quick|easy|to do|to"
            r" work on)\b|\beasy win\b|\bnext on my list\b|\bon my list\b"
            r"|\btasks?\b|\bto do list\b",
        ),
        ("mission_request", 3.0, r"\b(?:do|work on|tackle|focus on) next\b"),
        ("mission_request", 0.8, r"\b(?:today|tonight|this afternoon|this morning|now)\b"),
        # reflection
        (
            "reflection",
            3.5,
            r"\b(?:realized|realize|noticed|learned|learnt|discovered)\b"
            r"|\bcome to (?:realize|see|understand)\b|\boccurred to me\b"
            r"|\btaught me\b",
        ),
        (
            "reflection",
            3.5,
            r"\b(?:thinking|reflecting|reflected) (?:about|on)\b|\blooking back"
            r"\b|\bwhen i look back\b|\breflecting\b|\bthinking about it\b",
        ),
        (
            "reflection",
            3.0,
            r"\b(?:it )?(?:hit|struck|dawned on) me\b|\bturns out\b"
            r"|\bi see now\b|\blooking at (?:this|last|the last|the past)"
            r" (?:week|month|year|few)\b",
        ),
        ("reflection", 2.0, r"\b(?:more|less|better) than i (?:expected|thought)\b"),
        (
            "reflection",
            2.5,
            r"\bnoticing\b|\bi wonder (?:if|why|whether)\b|\bi think (?:i|my"
            r"|maybe)\b|\bmaybe (?:i|the|my)\b",
        ),
        (
            "reflection",
            1.2,
            r"\bi (?:always|tend to|usually|often|never) \w+"
            r"|\bbecause i\b|\bwhen i\b|\bholds? me back\b|\bmy best\b",
        ),
        ("reflection", 1.0, r"\binteresting\b|\bfunny how\b|\bit seems\b"),
        (
            "reflection",
            1.5,
            r"\bi (?:feel|am|get|work) (?:calmer|happier|better|more \w+|less"
            r" \w+)\b[^.!?]*\b(?:when|on days|if|after)\b",
        ),
        # small_talk
        (
            "small_talk",
            3.5,
            r"^(?:hi|hey|hello|hiya|heya|yo|sup|howdy|greetings|morning"
            r"|evening|good (?:morning|afternoon|evening|night|day))\b",
        ),
        (
            "small_talk",
            3.5,
            r"\bhow are you\b|\bhow is it going\b|\bhow are things\b|\bwhat is"
            r" up\b|\bhow have you been\b|\bhow is your day\b",
        ),
        ("small_talk", 3.5, r"\b(?:thanks|thank you|cheers|thank u|much appreciated)\b"),
        (
            "small_talk",
            3.5,
            r"\b(?:bye|goodbye|see you|see ya|good night|goodnight|talk later"
            r"|gotta go|ttyl|later)\b",
        ),
        (
            "small_talk",
            3.5,
            r"\bnice to meet you\b|\byou are (?:the best|funny|great|awesome"
            r"|amazing|sweet|kind|lovely|cool|a star)\b|\bhave a (?:great|nice"
            r"|good|lovely) (?:day|evening|night|weekend)\b",
        ),
        (
            "small_talk",
            2.5,
            r"^(?:ok|okay|cool|nice|great|sure|alright|k|yes|yeah|yep|no|nope"
            r"|lol|haha)(?: (?:ok|okay|cool|nice|great|thanks))?$",
        ),
        ("small_talk", 1.0, r"\b(?:lol|haha|hehe|lmao)\b|\beliza\b"),
        # question
        (
            "question",
            1.8,
            r"^(?:what|how|why|who|when|where|which|is|are|can|could|does|do"
            r"|should|will|would|did)\b",
        ),
        ("question", 1.0, r"\?$|\? "),
        (
            "question",
            3.0,
            r"\bhow (?:are|is|do|does|did) (?:\w+ ){1,3}(?:picked|chosen|work|works"
            r"|calculated|decided|computed|generated|made|counted|unlocked|selected"
            r"|scored)\b",
        ),
        (
            "question",
            1.5,
            r"\bwhat is (?:a|an|the)\b|\bhow (?:do|does|can|long|many|much|often)"
            r"\b|\bexplain\b|\bdifference between\b|\bstand for\b|\bwho (?:wrote"
            r"|is|was|invented)\b|\bwhat does\b|\bwhat time\b|\bwhy do\b",
        ),
        (
            "question",
            1.0,
            r"\b(?:streak|streaks|essence|zones?|dci|consistency index|hidden"
            r" quests?|quests?|notifications?|settings|account|export|data"
            r"|password|app)\b",
        ),
    )
)
_WORDISH = re.compile(r"[a-z]{2,}")
_VOWELS = re.compile(r"[aeiouy]")
_INTENT_THRESHOLD = 1.5


def classify_intent(text: str) -> IntentResult:
    """Classify what the person wants from this turn.

    1. Normalise the text (same as the safety screen).
    2. Sum the weights of every matching cue per intent (strong cues ~3, weak cues ~1).
    3. With no cue above the threshold, or text with no real words (gibberish such as
       "asdf", "lkjhgf", a lone number or emoji), answer "other".
    4. Otherwise take the best intent. Confidence grows with the strength of the best score
       and with its margin over the runner-up: ties and weak signals give low confidence.
    """
    norm = normalize(text)
    scores = dict.fromkeys(INTENTS, 0.0)
    for intent, weight, pattern in _INTENT_FEATURES:
        if pattern.search(norm):
            scores[intent] += weight
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)
    (best, top), (_, second) = ranked[0], ranked[1]
    if top < _INTENT_THRESHOLD:
        return IntentResult("other", _other_confidence(norm, top))
    strength = 1.0 - math.exp(-top / 2.5)
    share = top / (top + second)
    confidence = 0.25 + 0.72 * strength * (2 * share - 1) ** 0.5
    return IntentResult(best, round(min(0.97, max(0.3, confidence)), 3))


def _other_confidence(norm: str, top: float) -> float:
    """Sure when the text has no real words, unsure when some weak cue matched."""
    words = [w for w in _WORDISH.findall(norm) if _VOWELS.search(w)]
    base = 0.85 if len(words) <= 2 else 0.6
    return round(max(0.3, base - 0.2 * top), 3)


# ---------------------------------------------------------------------------------------
# Emotion
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Lexicon:
    words: dict[str, dict[str, float]]
    phrases: dict[tuple[str, ...], dict[str, float]]
    emoji: re.Pattern[str]
    emoji_weights: dict[str, dict[str, float]]
    intensifiers: dict[str, float]
    downtoners: dict[str, float]
    max_phrase: int


def _load_lexicon() -> _Lexicon:
    raw = json.loads((_DATA_DIR / "emotion_lexicon.json").read_text(encoding="utf-8"))
    words: dict[str, dict[str, float]] = {}
    phrases: dict[tuple[str, ...], dict[str, float]] = {}
    for key, weights in [*raw["words"].items(), *raw["phrases"].items()]:
        parts = tuple(normalize(key).split())
        if len(parts) == 1:
            words[parts[0]] = weights
        elif parts:
            phrases[parts] = weights
    emoji = raw["emoji"]
    # ASCII emoticons need a space (or the start) before them: "https://" is not ":/".
    alternatives = [
        (re.escape(e) if not e.isascii() else rf"(?<![\w/:]){re.escape(e)}")
        for e in sorted(emoji, key=len, reverse=True)
    ]
    _VOCAB.update(words)
    _VOCAB.update(raw["intensifiers"])
    return _Lexicon(
        words=words,
        phrases=phrases,
        emoji=re.compile("|".join(alternatives), re.IGNORECASE),
        emoji_weights={k.lower(): v for k, v in emoji.items()},
        intensifiers=raw["intensifiers"],
        downtoners=raw["downtoners"],
        max_phrase=max((len(p) for p in phrases), default=1),
    )


_LEXICON = _load_lexicon()
_EMOTION_NEGATORS = frozenset({"not", "never", "no", "hardly", "without", "nor"})
# Where a negated emotion goes: "not happy" reads as sad, "not sad" as mildly happy, and
# "not scared" as calm rather than afraid.
_NEGATION_SHIFT = {
    "joy": {"sadness": 0.9},
    "sadness": {"joy": 0.4, "neutral": 0.4},
    "love": {"sadness": 0.6},
    "anger": {"neutral": 0.6},
    "fear": {"neutral": 0.6},
    "surprise": {"neutral": 0.6},
}
_CONTRAST = frozenset({"but", "though", "however", "yet"})
_NEUTRAL_BASE = 0.75
_SUFFIXES = (
    ("ing", ""),
    ("ing", "e"),
    ("ed", ""),
    ("ed", "e"),
    ("d", ""),
    ("es", ""),
    ("s", ""),
    ("ly", ""),
    ("ily", "y"),
    ("ied", "y"),
    ("ies", "y"),
)
_CAPS_WORD = re.compile(r"\b[A-Z]{3,}\b")


def _word_weights(token: str) -> dict[str, float] | None:
    """Look a token up, then try a light stemming ("worrying" -> "worry")."""
    found = _LEXICON.words.get(token)
    if found is not None:
        return found
    for suffix, repl in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 3:
            found = _LEXICON.words.get(token[: -len(suffix)] + repl)
            if found is not None:
                return found
    return None


def _match_at(tokens: list[str], i: int) -> tuple[int, dict[str, float] | None]:
    """Longest lexicon entry starting at token i: (tokens consumed, weights)."""
    for size in range(min(_LEXICON.max_phrase, len(tokens) - i), 1, -1):
        weights = _LEXICON.phrases.get(tuple(tokens[i : i + size]))
        if weights is not None:
            return size, weights
    return 1, _word_weights(tokens[i])


def _words_and_breaks(norm: str) -> tuple[list[str], list[bool]]:
    """Words without punctuation, and whether a punctuation mark came just before each."""
    words: list[str] = []
    breaks: list[bool] = []
    pending = False
    for token in norm.split():
        if token in _BOUNDARY_TOKENS:
            pending = True
            continue
        words.append(token)
        breaks.append(pending)
        pending = False
    return words, breaks


def _modifiers(tokens: list[str], breaks: list[bool], i: int) -> tuple[float, bool]:
    """Intensity multiplier and negation from up to three words before position i."""
    scale, negated = 1.0, False
    for back in range(1, 4):
        j = i - back
        if j < 0 or breaks[j + 1] or tokens[j] in _CONTRAST:
            break
        token = tokens[j]
        if back <= 2 and token in _LEXICON.intensifiers:
            scale *= _LEXICON.intensifiers[token]
        elif back <= 2 and token in _LEXICON.downtoners:
            scale *= _LEXICON.downtoners[token]
        elif token in _EMOTION_NEGATORS and tokens[j + 1] not in _NEGATION_BREAKERS:
            negated = True
    return scale, negated


def detect_emotion(text: str) -> EmotionResult:
    """Score the seven emotions of one message from our own lexicon.

    1. Read emoji and emoticons from the raw text ("😭", ":)") and count "!" and "?!".
    2. Normalise and walk the tokens, matching the longest lexicon phrase first ("fed up",
       "can not believe", "heart is racing") and otherwise a word, with light stemming.
    3. Scale each hit by intensifiers/downtoners just before it ("so", "really", "a bit"),
       and by 1.3 after a contrast ("but ..."), where the feeling that counts usually is.
    4. A negator up to three tokens before a hit moves its weight: "not happy" -> sadness,
       "not scared" -> neutral.
    5. Punctuation: "!" amplifies the leading emotion; "?!" adds surprise; shouting in
       capitals amplifies everything a little.
    6. Neutral starts at a fixed baseline, so it wins when there is little or no signal;
       the scores are normalised to sum to 1, and dominant is the highest.
    """
    scores = dict.fromkeys(EMOTIONS, 0.0)
    for m in _LEXICON.emoji.finditer(text):
        for label, weight in _LEXICON.emoji_weights[m.group(0).lower()].items():
            scores[label] += weight
    tokens, breaks = _words_and_breaks(normalize(text))
    contrast = 1.0
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in _CONTRAST:
            contrast = 1.3
        size, weights = _match_at(tokens, i)
        if weights:
            scale, negated = _modifiers(tokens, breaks, i)
            for label, weight in weights.items():
                value = weight * scale * contrast
                if negated:
                    for target, share in _NEGATION_SHIFT[label].items():
                        scores[target] += value * share
                else:
                    scores[label] += value
        i += size
    _apply_punctuation(text, scores)
    scores["neutral"] += _NEUTRAL_BASE
    total = sum(scores.values())
    normalised = {label: round(value / total, 4) for label, value in scores.items()}
    dominant = max(EMOTIONS, key=lambda label: scores[label])
    return EmotionResult(normalised, dominant)


def _apply_punctuation(text: str, scores: dict[str, float]) -> None:
    if "?!" in text or "!?" in text:
        scores["surprise"] += 1.0
    bangs = min(text.count("!"), 3)
    emotional = {k: v for k, v in scores.items() if k != "neutral" and v > 0}
    if bangs and emotional:
        lead = max(emotional, key=lambda label: emotional[label])
        scores[lead] *= 1.0 + 0.15 * bangs
    elif bangs:
        scores["joy"] += 0.2 * bangs
        scores["surprise"] += 0.2 * bangs
    if _CAPS_WORD.search(text) and emotional:
        for label in emotional:
            scores[label] *= 1.2


__all__ = ["classify_intent", "detect_emotion", "normalize", "screen_safety"]
