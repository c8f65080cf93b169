"""What Eliza's reply will do (its act), from what the message does and how the person feels.

The message's act (delight.ai.classifiers.acts) says what the person is doing: greeting,
asking what she remembers, grieving, venting, asking for advice… The reply's act follows it,
with the feeling first: sadness, grief, fear or anger is never answered with a celebration
or a joke, and a message read with little confidence gets listening, not a guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.dialogue.cues import (
    asks_for_ideas,
    denies_done,
    past_deed,
    plans_ahead,
    reports_done,
    states_plan,
    tells_history,
)
from companion.turn.common import HEAVY
from companion.turn.senses import SENSE
from delight.ai.classifiers.acts import RULE_CONFIDENCE
from delight.ai.classifiers.emotion import detect_emotion
from delight.ai.offline import extract_facts, loss_in
from delight.ai.offline.advice import advice_answers
from delight.ai.offline.facts.common import IN_PASSING, RELATIONS
from delight.ai.offline.kindness import (
    asks_leave,
    asks_reassurance,
    doubts_they_can,
    harsh_on_self,
    tells_a_miss,
    tells_tired,
)
from delight.ai.text import LAUGHTER, MISHAP, MISHAP_TOLD

# A message's act read with less confidence than this is not acted on: the reply listens.
SURE = 0.45
# Replies that cost little when the reading was wrong: taken on a weaker reading (a goodbye
# only with a word of leaving in it).
GENTLE = frozenset({"listen", "smalltalk", "greet", "goodbye", "thanks_reply"})
GENTLE_SURE = 0.25
# Small talk read less surely than this is listened to: on the tuned half of the blind
# conversations, a small-talk reading under 0.6 was answered well by listening 21 times in
# 30 and by small talk 12; over it, by small talk 19 in 19 ("bit of a rubbish day tbh" read
# as small talk at 0.5 is a trouble told).
SMALL_TALK_SURE = 0.6
# Acts precise enough that asking for an idea in their words does not make them advice
# ("what do you remember about my diet, any ideas?" is still a memory question).
PRECISE_ACTS = frozenset(
    {"memory_question", "undo", "progress_question", "story_question", "world_question",
     "missions_question", "help", "resume", "greeting", "goodbye", "thanks", "goal_create",
     "goal_adjust", "mission_done", "out_of_scope"}
)  # fmt: skip
# A question: "?" at the end, or a question word first ("and where does she live").
QUESTION_SAID = re.compile(
    r"\?\s*\W*$|^\W*(?:(?:and|so|but|ok|okay|oh|hey|wait)[,\s]+)*(?:what|whats|what's|where"
    r"|when|who|whos|why|how|hows|which|do|does|did|is|are|can|could|would|will|should)\b",
    re.IGNORECASE,
)
HEAVY_FEELINGS = ("sadness", "fear", "anger")
JOYFUL_FEELINGS = ("joy", "love", "surprise")
# A celebration costs most when it is wrong ("today was heavy. my father was admitted"
# read as good news at 0.55): it needs a surer reading than other replies, or joy in the
# words, and no heavy feeling at even this strength.
CELEBRATE_SURE = 0.6
CELEBRATE_JOY = 0.3
CELEBRATE_SHADOW = 0.3

# The reply act for each message act, when nothing overrules it.
REPLY_FOR = {
    "greeting": "greet",
    "goodbye": "goodbye",
    "thanks": "thanks_reply",
    "help": "help",
    "resume": "resume",
    "memory_question": "memory_answer",
    "share_fact": "fact_noted",
    "good_news": "celebrate",
    "bad_news": "sympathy",
    "grief": "sympathy",
    "venting": "listen",
    "worry": "listen",
    "advice_request": "advice",
    "kindness_request": "kindness",
    "progress_question": "progress",
    "story_question": "story",
    "world_question": "world",
    "missions_question": "missions",
    "out_of_scope": "decline",
    "small_talk": "smalltalk",
    "question": "coach",
    "reflection": "listen",
    "undo": "undo",
    "mission_done": "celebrate",  # no mission of theirs fits: what they did is still good
    "goal_create": "goal_step",
    "goal_adjust": "goal_step",
    "affirm": "smalltalk",
    "deny": "smalltalk",
}
# The reply act a strategy gives when no act was planned.
ACT_OF_STRATEGY = {"celebrate": "celebrate", "calm": "calm", "acknowledge": "listen",
                   "coach": "coach", "clarify": "question"}  # fmt: skip
# Strategies for the reply acts that carry a feeling; small talk carries none ("yes" read
# as joy is no news to celebrate).
STRATEGY_OF_ACT = {"sympathy": "acknowledge", "listen": "acknowledge", "calm": "calm",
                   "celebrate": "celebrate", "smalltalk": "coach", "coach": "coach"}  # fmt: skip
# Replies that only listen, nod or note: a plan of their own told lightly gets backing instead.
BACKABLE = frozenset({"listen", "smalltalk", "fact_noted"})
# Replies that would jar against a heavy feeling, and what they become.
LIGHT = {"celebrate": "sympathy", "smalltalk": "listen", "greet": "listen", "fact_noted": "listen"}


# A fear that is someone else's ("he is worried about me") or for someone close ("i worry
# about graham") is listened to: a breathing step is for the person's own fright.
_FEARING = r"(?:worried|worrying|anxious|scared|afraid|nervous|concerned|panicking|frightened)"
OTHERS_FEAR = re.compile(
    rf"\b(?:he|she|they|hes|shes|theyre|he's|she's|they're|(?:{RELATIONS}) (?:is|was|gets|got))"
    rf"\s+(?:\w+\s+)?{_FEARING}\b|\b(?:worr(?:y|ied|ying)|scared|afraid|anxious|nervous"
    rf"|concerned)\s+(?:about|for)\s+(?:him|her|them|his|their|my (?:{RELATIONS})"
    rf"|(?-i:[A-Z])\w+)\b",
    re.IGNORECASE,
)
# A loss told this many turns back still colours the reply: nothing is celebrated after it.
MOURNING_TURNS = 8


@dataclass(frozen=True)
class Feeling:
    dominant: str
    scores: dict[str, float]

    @property
    def heavy(self) -> bool:
        return any(self.scores.get(name, 0.0) >= HEAVY for name in HEAVY_FEELINGS)

    @property
    def clear(self) -> bool:
        """A feeling (not neutral) that reads strongly enough to answer on its own."""
        return self.dominant not in ("neutral", "") and self.scores.get(self.dominant, 0.0) >= HEAVY

    @property
    def joyful(self) -> bool:
        return any(self.scores.get(name, 0.0) >= CELEBRATE_JOY for name in JOYFUL_FEELINGS)

    @property
    def shadowed(self) -> bool:
        """A heavy feeling in the message, even a faint one."""
        return any(self.scores.get(name, 0.0) >= CELEBRATE_SHADOW for name in HEAVY_FEELINGS)

    @property
    def afraid(self) -> bool:
        return self.dominant == "fear" and self.scores.get("fear", 0.0) >= HEAVY


# Facts that teach nothing about who the person is: said in passing, or a deed done ("i did a
# tiny sketch of the cat": a win to meet, not a fact to note).
NOT_TAUGHT = (*IN_PASSING, "done:")
# Acts a message that teaches a fact about the person is often mistaken for.
TEACHING = frozenset({"share_fact", "reflection", "grief", "venting", "worry", "small_talk"})


def tells_a_deed(text: str) -> bool:
    """Something done is told: outright or as a past deed, not a plan or a denial ("step ups
    tomorrow, my legs are done for"; "i keep staring at the document")."""
    told = reports_done(text) or bool(past_deed(text))
    return told and not (plans_ahead(text) or denies_done(text))


def sure_of(act: str, confidence: float, text: str, *, by: str = "meaning") -> float:
    """How sure the reading of `act` is, once its words are checked against it (SENSE; a
    mission reported done must tell a deed): "sorry im all over the place tonight" read as
    a goodbye is not sure at all. A rule's reading stands: its words are what the rule was
    written for."""
    if by == "rule" or not text:
        return confidence
    if act == "mission_done":
        return confidence if tells_a_deed(text) else 0.0
    if act == "share_fact" and QUESTION_SAID.search(text):
        return 0.0  # a fact is told, not asked ("and where does she live?")
    sense = SENSE.get(act)
    return confidence if sense is None or sense.search(text) else 0.0


# A thanks that opens a message with more in it ("thank you. we were close, he taught me to
# fish"): the rest is what to answer.
_THANKS_LEAD = re.compile(
    r"^\W*(?:ok(?:ay)?\W+)?(?:thanks|thank you|thank u|thx|ty|cheers)(?: so much| a lot)?\W+",
    re.IGNORECASE,
)
MORE_WORDS = 4
# The more is about their life, not more thanks ("thank you dear. youre good company").
_TELLS = re.compile(r"\b(?:i|im|i'm|we|my|our|he|she|they|his|her)\b", re.IGNORECASE)


def says_more_than_thanks(text: str) -> bool:
    lead = _THANKS_LEAD.match(text)
    rest = text[lead.end() :] if lead else ""
    return len(rest.split()) >= MORE_WORDS and bool(_TELLS.search(rest))


# Places of the real world, whose opening times she cannot know ("is the pool open on
# sundays"): no question about her story's world, unless it names that world.
_REAL_PLACE = re.compile(
    r"\b(?:pool|gym|shops?|store|supermarket|tesco|asda|aldi|lidl|library|bank|post office"
    r"|pharmacy|chemist|cafe|caf\u00e9|restaurant|pub|bar|museum|cinema|leisure centre|doctors?"
    r"|gp|dentist|school|church|mosque|temple|market|mall|council|station)\b",
    re.IGNORECASE,
)
_HER_WORLD = re.compile(r"\b(?:world|zones?|arena|observatory|commons|valley)\b", re.I)


def about_a_real_place(text: str) -> bool:
    return bool(_REAL_PLACE.search(text)) and not _HER_WORLD.search(text)


def act_understood(act: str, confidence: float, text: str, *, by: str) -> tuple[str, float, str]:
    """The message's act, how surely, and by what, once its words are checked against it
    (sure_of); a question about a real place's opening times is out of her reach, read as
    surely as a rule reads ("is the pool open on sundays" is no question about her world)."""
    if act == "world_question" and about_a_real_place(text):
        return "out_of_scope", RULE_CONFIDENCE, "rule"
    return act, sure_of(act, confidence, text, by=by), by


# The strategy a clear feeling sets when the reply's act leaves it open.
STRATEGY_OF_FEELING = {"fear": "calm", "sadness": "acknowledge", "anger": "acknowledge",
                       "joy": "celebrate", "love": "celebrate"}  # fmt: skip


def strategy_of(act: str, feeling: Feeling) -> str:
    """The reply's strategy: its act's, else the feeling's, else coaching."""
    return STRATEGY_OF_ACT.get(act) or STRATEGY_OF_FEELING.get(feeling.dominant, "coach")


@dataclass(frozen=True)
class Heard:
    """What the turn knows of a message when it plans the reply."""

    text: str
    act: str  # what the message does, as read
    confidence: float  # how surely, checked against its words (sure_of)
    feeling: Feeling
    by: str = ""  # "rule" or "meaning"
    teaches: bool = False  # it tells a fact about the person
    grieving: bool = False  # it tells of a loss
    mourning: bool = False  # a loss told a few turns ago is fresh
    tender: bool = False  # a crisis reply was given a few turns ago
    before: str = ""  # what Eliza's reply before it did


def hear(
    text: str,
    *,
    act: str,
    confidence: float,
    by: str,
    dominant: str,
    scores: Mapping[str, float],
    mourning: bool = False,
    tender: bool = False,
    before: str = "",
) -> Heard:
    """A message as the turn knows it when it plans the reply: the fact and the loss in it
    read offline (a model's extraction here would spend a call the turn makes later)."""
    feeling = Feeling(dominant, dict(scores))
    if act == "good_news" and feeling.heavy:
        feeling = _happy_tears(text, feeling)
    return Heard(
        text=text, act=act, confidence=confidence, by=by, feeling=feeling,
        teaches=any(f.key and not f.key.startswith(NOT_TAUGHT) for f in extract_facts(text)),
        grieving=loss_in(text) is not None, mourning=mourning, tender=tender, before=before,
    )  # fmt: skip


def _happy_tears(text: str, feeling: Feeling) -> Feeling:
    """Good news told with crying faces ("i got the job!!! 😭😭"): when the tears alone made it
    heavy, they are tears of joy; words of sorrow keep it heavy ("passed my test but 😭")."""
    joyful = detect_emotion(text, tears_of_joy=True)
    read = Feeling(joyful.dominant, dict(joyful.scores))
    return feeling if read.shadowed else read


# Her idea answered with why it does not fit ("i have blackout blinds already lol, its more
# my brain wont switch off"): another idea is asked for.
NOT_THAT_IDEA = re.compile(
    r"\b(?:already (?:have|got|do|did|tried)|tried that|done that|it'?s more|its more|the"
    r" problem is|more that|more like|thing is)\b",
    re.IGNORECASE,
)


def another_idea_asked(heard: Heard) -> bool:
    """Just after her advice, the person says why it does not fit, and advice knows the
    matter they name instead."""
    said = heard.text
    return heard.before == "advice" and bool(NOT_THAT_IDEA.search(said)) and advice_answers(said)


def reply_planned(heard: Heard) -> tuple[str, str]:
    """The reply's act and strategy by the rules: reply_act, its strategy, then tempered."""
    if another_idea_asked(heard):
        return "advice", strategy_of("advice", heard.feeling)
    act = reply_act(
        heard.act, heard.confidence, heard.feeling, text=heard.text, grieving=heard.grieving,
        teaches=heard.teaches, mourning=heard.mourning, by=heard.by,
    )  # fmt: skip
    return tempered(
        act, strategy_of(act, heard.feeling), text=heard.text, mourning=heard.mourning,
        tender=heard.tender,
    )  # fmt: skip


def reply_act(
    act: str,
    confidence: float,
    feeling: Feeling,
    *,
    text: str = "",
    grieving: bool = False,
    teaches: bool = False,
    mourning: bool = False,
    by: str = "meaning",
) -> str:
    """The reply's act ("" leaves it to the emotion's strategy; `by`: what read `act`).

    1. A message that teaches a fact (a pet, a relative, a city…) and tells of no loss:
       what she learned, said back, when it reads as telling or is unsure. Asked whether
       something is all right ("is that ok", "dont judge"): kindness, reassuring, unless
       advice knows the matter ("is that normal, the finger pain": the answer). Read as
       an undo with nothing of hers to take back, or as a mission done that none fitted, a
       mission missed or done in part is met without blame.
    2. The act's reply (REPLY_FOR); a question that asks for an idea gets one suggestion.
       (`confidence` is already checked against the words: sure_of, once a turn.)
    3. An act read with too little confidence: "" for a question or when a clear feeling's
       strategy can answer (celebrate joy, calm fear, acknowledge sadness), else listening;
       a gentle reply (listening, small talk) needs less confidence.
    4. Worry with real fear gets a calming step; a plan of their own told lightly (not in
       a heavy feeling, nor while a loss told a few turns ago is fresh: `mourning`), where
       she would only listen, nod or note it, gets backing (kindness).
    5. The feeling first: a celebration needs a sure reading or joy in the words, and no
       heavy feeling at all (else she listens); a light reply to a heavy feeling, or to a
       message that speaks of a loss, becomes sympathy or listening.
    """
    mishap = is_mishap(act, confidence, text)
    if teaches and not grieving and not mishap and (act in TEACHING or confidence < SURE):
        return "fact_noted"
    if act == "undo" and (by != "rule" or not ASKS_UNDO.search(text)) and tells_a_miss(text):
        # Nothing of hers to take back (the turn tried first): "i didnt do the chords one"
        # tells of a mission missed.
        return "kindness"
    if act == "mission_done" and tells_a_miss(text):
        # No mission was marked (the turn tried first): "did one set. knee wasnae having it"
        # is a part done, seen, not a win to celebrate.
        return "kindness"
    # Whether they can do it at all outranks what it reads as ("do you think i can actually
    # do this" read as asking for help got what she can do).
    precise = act in PRECISE_ACTS and confidence >= SURE and not doubts_they_can(text)
    # Leave to skip asked for is never a list of missions, unless a rule read it so.
    if asks_reassurance(text) and (not precise or (asks_leave(text) and by != "rule")):
        # "is that normal, the finger pain": a matter advice knows is answered, not soothed;
        # "im rubbish at stretching" is met with kindness first, whatever advice knows.
        answered = advice_answers(text) and not (harsh_on_self(text) or asks_leave(text))
        return "advice" if answered else "kindness"
    if act == "thanks" and SENSE["goodbye"].search(text):
        return "goodbye"  # "ok gonna go make pasta. thanks eliza": thanked on the way out
    if act == "thanks" and says_more_than_thanks(text):
        act, confidence = "", 0.0
    reply = REPLY_FOR.get(act, "")
    if (act not in PRECISE_ACTS or confidence < SURE) and asks_for_ideas(text):
        reply, confidence = "advice", max(confidence, SURE)
    if act == "question" and _ASKS_HOW.search(text) and advice_answers(text):
        # "how do people even breathe sideways…": a how-to advice has words for.
        reply, confidence = "advice", max(confidence, SURE)
    unsure = not act or confidence < _sure_enough(reply)
    light = not (feeling.heavy or grieving or mourning)
    if (
        (unsure or reply in BACKABLE)
        and light
        and (states_plan(text) or tells_a_miss(text) or tells_tired(text))
    ):
        # Backing: "Good plan. Let me know how it goes."; something missed is
        # met without blame: "No harm done. Tomorrow is a fresh go…".
        return "kindness"
    if (unsure or reply in TOLD) and light and _achieved(text, feeling):
        # "ok i emailed the cardiff community choir", "made the veggie pasta sauce tonight,
        # kwame ate it all": a step of their own taken, told plainly, is met as one.
        return "celebrate"
    if unsure:
        if act == "good_news" and feeling.joyful and not (feeling.shadowed or grieving):
            return "celebrate"  # "OMG my sister… signed us both up!!!": joy in the words
        # Unsure what it does: a question, or a feeling that reads clearly, is answered by
        # the emotion's strategy (which answers from memory too); a light remark made with a
        # laugh gets a light word back ("my mom is literally going to kill me if she sees
        # im still up drawing lol"); else she listens.
        # While a loss is fresh she listens rather than probe the feeling ("i keep expecting
        # her on the bed" was asked "How do you feel about that?").
        if (feeling.clear and not (grieving or mourning)) or QUESTION_SAID.search(text):
            return ""
        return "smalltalk" if light and LAUGHTER.search(text) else "listen"
    if act == "worry" and feeling.afraid and not OTHERS_FEAR.search(text):
        reply = "calm"
    return feeling_first(reply, feeling, grieving=grieving, mishap=mishap, confidence=confidence)


# Asked how something is done ("how do people even breathe sideways", "how can i…").
_ASKS_HOW = re.compile(
    r"^\W*(?:(?:ok|so|but|and|wait|hmm)\W+)*how (?:do|can|should|would|does) (?:i|you|people"
    r"|one|we|anyone)\b",
    re.IGNORECASE,
)


def is_mishap(act: str, confidence: float, text: str) -> bool:
    """A mishap told lightly ("my cat biscuit just knocked water onto my sketchbook 😭"): met
    as a mishap; the fact in it (a cat called Biscuit) is kept all the same."""
    return act == "small_talk" and confidence >= SMALL_TALK_SURE and bool(MISHAP.search(text))


def feeling_first(
    reply: str, feeling: Feeling, *, grieving: bool, mishap: bool, confidence: float
) -> str:
    """`reply`, unless it would jar: a light reply to a heavy feeling or a loss becomes
    sympathy or listening; a celebration needs no heavy feeling at all, and a sure reading
    (`confidence`) or joy in the words."""
    if reply in LIGHT and (feeling.heavy or grieving) and not mishap:
        reply = "sympathy" if grieving else LIGHT[reply]
    if reply == "celebrate" and (
        feeling.shadowed or (confidence < CELEBRATE_SURE and not feeling.joyful)
    ):
        reply = "listen"
    return reply


# Deeds that are steps taken ("made", "emailed", "booked"), not mishaps ("ate a whole pizza").
_STEP_TAKEN = re.compile(
    r"\b(?:made|cooked|baked|finished|completed|went|ran|walked|swam|wrote|emailed|called|rang"
    r"|booked|signed up|joined|practi[sc]ed|cleaned|tidied|fixed|built|planted|sorted|learned"
    r"|learnt|tried)\b",
    re.IGNORECASE,
)


# Replies to a message that only tells something, which a step taken told in it outranks.
TOLD = frozenset({"fact_noted", "smalltalk"})


def _achieved(text: str, feeling: Feeling) -> bool:
    """A step of their own taken (not a question), told without a heavy feeling (a faint
    one laughed off)."""
    if QUESTION_SAID.search(text):
        return False
    easy = not feeling.shadowed or bool(LAUGHTER.search(text))
    recent = not tells_history(text)
    return easy and recent and bool(_STEP_TAKEN.search(text)) and tells_a_deed(text)


def _sure_enough(reply: str) -> float:
    """How sure the reading must be for `reply` to be given."""
    if reply == "smalltalk":
        return SMALL_TALK_SURE
    return GENTLE_SURE if reply in GENTLE else SURE


# Replies too light for the turns after a crisis reply ("i dont know. i dont want to call
# anyone" was met with "Goals are easier when they're specific").
TENDER_LIGHT = frozenset({"coach", "smalltalk", "celebrate"})


def tempered(
    act: str, strategy: str, *, text: str, mourning: bool, tender: bool = False
) -> tuple[str, str]:
    """The reply's act and strategy, tempered by what was said before and by whose fear it
    is: no celebration while a loss told a few turns ago is fresh, nothing light (coaching,
    small talk, celebration) in the turns after a crisis reply (`tender`), no breathing step
    for someone else's worry (OTHERS_FEAR), and a mishap is never celebrated."""
    planned = act or ACT_OF_STRATEGY[strategy]
    if planned == "celebrate" and MISHAP_TOLD.search(text):
        # "oh my god i just remembered i left the washing in the machine": never celebrated
        return "smalltalk", "acknowledge"
    if (
        (planned == "celebrate" and mourning)
        or (planned in TENDER_LIGHT and tender)
        or (planned == "calm" and OTHERS_FEAR.search(text))
    ):
        return "listen", "acknowledge"
    return planned, strategy


def mourning_after(age: int | None, *, grieving: bool) -> int | None:
    """Turns since a loss was last told (or a crisis reply given): 0 when this message tells
    one, None once it is MOURNING_TURNS old."""
    if grieving:
        return 0
    return None if age is None or age + 1 >= MOURNING_TURNS else age + 1


# Taking back asked for in so many words ("undo that", "can you take it back", "untick it").
ASKS_UNDO = re.compile(
    r"\bundo\b|\btake (?:it|that|this) (?:back|off)\b|\bun(?:tick|mark|check)\b", re.IGNORECASE
)


# What a message does that is never an answer to a flow's question, and how sure that
# reading must be to set the question aside: a rule's (0.95), or the model's when it leaves
# no doubt ("he's getting old and i want to hear his stories" reads as grief at 0.63, and is
# the answer to "why does it matter?").
ELSEWHERE = frozenset(
    {"greeting", "goodbye", "thanks", "help", "resume", "memory_question", "kindness_request",
     "progress_question", "story_question", "world_question", "missions_question",
     "out_of_scope"}
)  # fmt: skip
ELSEWHERE_SURE = 0.9
# Acts whose message is no goal, whatever the intent model reads ("undo", "bye").
NOT_A_GOAL = ELSEWHERE | {"undo", "mission_done", "deny", "affirm", "bad_news", "venting",
                         "worry"}  # fmt: skip


# The most words of a "never mind" answered with "nothing to cancel".
CANCEL_WORDS = 3
# "Undo" takes back her last action only this many turns after it: later, the person has
# moved on and an "undo" means something else.
UNDO_TURNS = 3


def aged_action(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """Her last action one turn older, or None once it is too old to undo."""
    if not last or last.get("age", 0) + 1 >= UNDO_TURNS:
        return None
    return {**last, "age": last.get("age", 0) + 1}
