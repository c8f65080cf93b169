"""What kind of message this is, before any slot is read: a request for a goal, a wish
that could become one, a finished mission, a change to a goal, or something said in
passing that is plainly not an answer to the question asked."""

from __future__ import annotations

import re
from collections.abc import Sequence

from companion.dialogue.dates import find_date
from companion.dialogue.deed_phrases import (
    DONE,
    FEELING_FORMS,
    FUTURE,
    HAD_ACTIVITY,
    MISSION_WORD,
    NOT_DEEDS,
    NOT_DONE,
    OWN_DEED_LEAD,
    PAST_DONE,
    REFERS_BACK,
    SKIPPED,
)
from companion.dialogue.phrases import (
    ASKS_FOR_IDEAS,
    BARE_AIM,
    DESCRIBES,
    GOAL_LABELLED,
    GOAL_REQUEST,
    NOT_A_GOAL_REQUEST,
    QUESTION,
    REMARK,
    SELF_STATEMENT,
    SENTENCE_BREAK,
    TYPO_VOCABULARY,
    URGENT_WHEN,
    WHY_CLAUSE,
    WISH,
)
from companion.dialogue.wishes import (
    it_named,
    joins_a_wish,
    one_named,
    pastime_in,
    thought_of_as_wish,
)
from delight.ai.offline.facts.common import RELATIONS
from delight.ai.offline.kindness_words import OWN_PLAN
from delight.ai.text import INJURY

# Fewer words than this, with a question mark, are an unsure answer ("pottery?").
ASIDE_WORDS = 3
# The most words a goal's title said on its own may have (an aim said as a wish may ramble).
TITLE_MAX_WORDS = 12
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_AIM_END = re.compile(
    r"\s*[,;(]\s*(?:i|im|i'm|ive|i've|my|it|its|it's|we|cause|cos|used to|since|ever since"
    r"|back when|she|shes|she's|he|hes|he's|they|theyre|they're|like)\b|\s+(?:lol|haha)\b"
    # "learn some spanish before we go": the trip says when, not what
    r"|\s+before\s+(?:we|i)\s+(?:go|leave|fly|travel)\b"
    r"|[?!.]+(?:\s|$)"
    r"|,?\s+(?:but|though|tho)\b|\s+and\s+(?:never|still|always|just|keep)\b"
    r"|\s+for\s+(?:like\s+|about\s+|over\s+)?(?:\w+\s+)?(?:years?|months?|ages|a\s+while|ever)\b"
    rf"|\s+(?:{URGENT_WHEN})\b",
    re.I,
)
# A deed done by someone else: "she did", "they went".
_OTHERS_DEED = re.compile(
    # Not a time told by their doing ("i watched it while he napped").
    r"(?<!\bwhile )(?<!\bwhen )(?<!\bafter )(?<!\bbefore )(?<!\buntil )(?<!\bas )"
    r"\b(?:she|he|they)\s+(?:just\s+|also\s+)?(?:did|went|made|\w+ed)\b"
    # Someone's words ("mum said well drive after dinner") or their doing now ("dans cooking
    # tonight tho"): not the person's deed.
    r"|^\W*(?:my\s+)?(?!i\b)[a-z]+\s+(?:said|says)\b"
    r"|\b(?!(?:it|that|what|there|here|he|she|who|this|everything|nothing)'?s\b)[a-z]+'?s\s+"
    r"(?:cooking|making|doing|driving|taking|bringing|handling|sorting|picking)\b",
    re.I,
)
# One of theirs, a pet too, doing it ("my cat haggis just walked across the keyboard"),
# unless with them ("my sister ran it with me").
_THEIRS_DID = re.compile(
    rf"^\W*(?:my|our)\s+(?:{RELATIONS}|cat|dog|kitten|puppy|pet|kid|kids|baby)(?:\s+[a-z]+)?"
    r"\s+(?:just\s+|also\s+)?(?:did|went|made|ran|ate|sat|[a-z]+ed)\b",
    re.I,
)
# Where one clause of a message ends and another begins ("ellie joined in lol she did…").
_CLAUSE = re.compile(r"[.,;:!?()]+|\b(?:lol|lmao|haha+|but|and then)\b")


def clauses(text: str) -> list[str]:
    """The clauses of a message, as said ("ellie joined in", "she did…")."""
    return [c.strip() for c in _CLAUSE.split(text) if c and c.strip()]


def _near(word: str, known: str) -> bool:
    """One letter missing, one extra, or two swapped; never a different letter, so real
    words one letter apart ("went", "goat") stay as they are, nor an ending added
    ("healthy", "news", "goals" are words of their own)."""
    if abs(len(word) - len(known)) > 1 or word == known:
        return False
    if len(word) == len(known):
        diff = [i for i, (a, b) in enumerate(zip(word, known, strict=True)) if a != b]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == known[diff[1]]
    if len(word) > len(known):
        return any(word[:i] + word[i + 1 :] == known for i in range(len(word) - 1))
    return any(known[:i] + known[i + 1 :] == word for i in range(len(known)))


def fix_typos(text: str) -> str:
    """Set right the few words a request hangs on ("i wnat a new helth goal")."""

    def fix(match: re.Match[str]) -> str:
        word = match.group()
        if len(word) < 4:
            return word
        return next((known for known in TYPO_VOCABULARY if _near(word.lower(), known)), word)

    return re.sub(r"[A-Za-z]+", fix, text)


def asks_for_goal(text: str) -> bool:
    """A goal asked for in so many words ("new health goal: …", "help me set a goal")."""
    text = fix_typos(text)
    return bool(GOAL_REQUEST.search(text)) and not NOT_A_GOAL_REQUEST.search(text)


# A "so" that opens a message leads in; it is no purpose ("so i have been thinking…").
OPENING_SO = re.compile(r"^\W*(?:(?:ok|okay|and|well)[,\s]+)?so\b", re.IGNORECASE)


def wished_aim(text: str) -> str:
    """The aim in "I want to learn Spanish" ("" when the message is no such wish)."""
    if QUESTION.search(text):
        return ""
    # Sentence by sentence, and a wish joined on with "and i…": "ok cool. i want to get back
    # into drawing"; "so i got a guitar for my birthday and i really want to learn it".
    said_before = ""
    for sentence in _SENTENCES.split(fix_typos(text)):
        sentence = thought_of_as_wish(sentence)
        said_before, told = f"{said_before} {sentence}", said_before
        before, _, joined = sentence.partition(" and i ")
        # Only a thing just got, a pastime or a trip ahead told makes the joined wish a goal
        # ("im tired and i want to sleep" is no goal; "i used to run loads … and i really want
        # to get back into it" is, and "we're going to seville in may and i really want to
        # learn some spanish before we go").
        joined = joined if joins_a_wish(before) else ""
        # "honestly the big thing is i want to save up for a deposit": what leads up to it
        led = LEAD_UP.sub("", sentence, count=1)
        led = f"i want {led}" if led != sentence and led.lower().startswith("to ") else led
        if named := GOAL_LABELLED.match(sentence):  # "goal = pass calc 2 this time"
            led = f"i want to {sentence[named.end() :]}"
        parts = ((sentence, ""), (led if led != sentence else "", ""))
        for part, earlier in (*parts, (f"i {joined}" if joined else "", before)):
            if part and (wish := WISH.match(part)):
                # The aim, without what is said about it: "start running again, i used to…"
                aim = _AIM_END.split(wish["aim"], maxsplit=1)[0].strip()
                aim = _ALSO.sub("", aim)  # "learn to cook jollof properly too"
                # "i keep thinking i should do something": no aim a goal could hold; nor is
                # "i need to sleep before my shift tonight", a need of today.
                if _VAGUE_AIM.match(aim) or _TODAY_AIM.search(aim) or _MOMENT_AIM.match(aim):
                    return ""
                return one_named(it_named(aim, earlier), told)
    return ""


# Words that lead up to a wish: "the big thing is i want to…", "what i really want is to…".
LEAD_UP = re.compile(
    r"^\W*(?:(?:honestly|so|ok|okay|well|and|but|tbh|yeah)\W+)*(?:the\s+(?:big|main|real"
    r"|biggest|only|other)\s+thing\s+(?:is|for\s+me\s+is)|what\s+i\s+(?:really\s+)?want"
    r"\s+is)\s+(?:that\s+)?(?=i\b|to\b)",
    re.IGNORECASE,
)
# "too" and "as well" belong to the wish, not to the goal's title.
_ALSO = re.compile(r"\s+(?:too|as well|also)\b(?=\s*(?:[,.!]|$))", re.IGNORECASE)
_TODAY_AIM = re.compile(
    r"\b(?:tonight|today|this (?:morning|afternoon|evening)|right now|in a bit|asap|later"
    r"|before (?:my|the) (?:shift|work|school|meeting)|after (?:my|the) (?:shift|work|school))\b"
    r"|\bnow\W*$",
    re.IGNORECASE,
)
# A need of the moment, no goal ("i just want to sleep", "i want to go home"); "sleep
# better" is one.
_MOMENT_AIM = re.compile(
    r"^(?:sleep|rest|go (?:home|to bed|to sleep)|lie down|eat|cry|scream|nap|chill|relax"
    r"|sit down|be left alone|hide|curl up)\b(?!\s+(?:better|more|earlier|properly|well|\d))",
    re.IGNORECASE,
)
_VAGUE_AIM = re.compile(
    r"^\w+(?:\s+(?:about|with|to))?\s+(?:something|anything|stuff|things|it all)\b(?!\s+\w)",
    re.IGNORECASE,
)


def it_resolved(text: str, earlier: Sequence[str]) -> str:
    """`text` with the "it" of a wish named by a pastime told just before ("i'd like to get
    back into it" after "i used to paint loads" -> "…get back into painting"); `text` as it
    is otherwise."""
    aim = wished_aim(text)
    if not re.search(r"\bit\b", aim):
        return text
    for said in earlier:
        if pastime := pastime_in(said):
            return re.sub(r"\bit\b", pastime, text, count=1)
    return text


def aim_in(text: str) -> str:
    """The aim a message gives, as a wish ("i want to run 5k") or said on its own, as
    people answer ("like maybe just be able to run 5k without stopping, by march"); ""
    when it gives none."""
    if aim := wished_aim(text):
        return aim
    # "something like run a 5k without stopping?": a hedged answer, not a question.
    if (QUESTION.search(text) and not HEDGED.match(text)) or not (
        bare := BARE_AIM.match(fix_typos(text))
    ):
        return ""
    return _AIM_END.split(bare["aim"], maxsplit=1)[0].strip()


HEDGED = re.compile(r"^\W*(?:something\s+like|like|maybe|probably|i\s+guess)\b", re.IGNORECASE)


def states_goal(text: str) -> bool:
    """A wish stated whole, with a deadline or a reason: a goal without the word. (A "so"
    that opens the message is no reason: "so i have been thinking i want to…")"""
    reasons = OPENING_SO.sub("", text)
    return bool(wished_aim(text)) and bool(find_date(text) or WHY_CLAUSE.search(reasons))


def reports_done(text: str) -> bool:
    """Something finished, said outright ("done!", "I did it") or as a past deed for a
    mission ("just called my grandma for the mission")."""
    if DONE.search(text):
        return True
    return bool(MISSION_WORD.search(text) and PAST_DONE.search(text)) and not QUESTION.search(text)


# The most words of a clause that only names the deed just told ("did it, the stretches").
NAMING_WORDS = 3


def past_deed(text: str) -> str:
    """When a clause tells the person's own deed in the past tense ("sanded the side
    panels", "ok did 10 min of the mobility stuff"): those clauses, each with a few words
    that name it just after ("did it, the calf stretches"), and nothing else ("did the
    yoga, not the curry" -> "did the yoga"; "barely slept, work is piling up" -> "barely
    slept": the work is no deed); "" when none does (someone else's deed, "she did the
    downward dog"; a feeling, "too knackered"; a deed after a "not" or itself a skip,
    "mobility tho... skipped")."""
    clauses = [c.strip() for c in _CLAUSE.split(text.lower()) if c.strip()]
    # "i reply all customer already… one lady want to return": the plan is another clause's
    today = bool(_DONE_TODAY.search(text))
    kept: list[str] = []
    for at, clause in enumerate(clauses):
        names_last = (
            kept
            and clauses[at - 1] == kept[-1]
            and len(clause.split()) <= NAMING_WORDS
            and not SKIPPED.search(clause)
        )
        present = today and not FUTURE.search(clause) and _present_deed(clause)
        if INJURY.search(clause):
            continue  # "i did my ankle in last year": hurt, nothing done
        if _own_deed(clause) or present or names_last or HAD_ACTIVITY.search(clause):
            kept.append(clause)
    return " ".join(kept)


def refers_back(text: str) -> bool:
    """A deed told only by pointing back ("k did that too"): which one it was is in what
    was said just before."""
    return bool(REFERS_BACK.search(text))


def skips(text: str) -> bool:
    """Something skipped or not done is said ("prob not the curry", "skipped")."""
    return bool(SKIPPED.search(text))


def others_did(text: str) -> bool:
    """The deed told is someone else's ("she did the downward dog on rufus", "vikram did the
    dishes tonight", "my husband did the dishes")."""
    if _OTHERS_DEED.search(text):
        return True
    if _THEIRS_DID.search(text) and not _WITH_THEM.search(text):
        return True
    # In any clause: "the receipts. they are done. well, Flor did them, i was teaching"; a
    # deed done with them is theirs too ("lena did it with me").
    return any(
        (found := _SUBJECT_DID.match(clause.strip())) is not None
        and found[1].lower() not in _OWN_OR_WHEN
        and not _WITH_THEM.search(clause)
        for clause in _CLAUSE.split(text)
    )


_WITH_THEM = re.compile(r"\b(?:with me|with us|together|me too|us both|both of us)\b", re.I)


# "<someone> did…" at the start of a message: whose deed it is is in its first word.
_SUBJECT_DID = re.compile(r"^\W*(?:my\s+)?([a-z]+)\s+(?:just\s+|also\s+|actually\s+)?did\b", re.I)
_OWN_OR_WHEN = OWN_DEED_LEAD | {
    "i", "we", "ive", "weve", "u", "you", "tonight", "yesterday", "night", "who", "what",
    "which", "how", "why", "when", "where", "that", "this", "it", "mission",
    # words said before one's own "did" ("aye did the full 30 mins")
    "aye", "ya", "yah", "yup", "yess", "yesss", "wow", "woo", "boom", "phew", "honestly",
    "tbh", "legit", "literally", "basically", "totally", "mate", "bro", "dude", "ha", "hehe",
    "welp", "ugh", "meh", "aight", "alright", "sure", "fine", "nope", "nah", "hey", "hi",
    "eliza", "guess", "and", "but", "also", "actually", "properly", "never", "not",
}  # fmt: skip


# Someone else's habit ("he swims every morning", "she always runs").
_OTHERS_HABIT = re.compile(
    r"\b(?:he|she|they)\s+(?:always\s+|usually\s+|still\s+|just\s+)?(?!is\b|was\b|has\b)"
    r"[a-z]+[^s\W]s\b",
    re.IGNORECASE,
)


def about_others(text: str) -> bool:
    """What someone else did or does ("she did…", "he swims every morning")."""
    return others_did(text) or bool(_OTHERS_HABIT.search(text))


# A life's history, not a step taken now ("walked miles every day for 30 years", "i nearly
# drowned on holiday when i was 8").
_HISTORY = re.compile(
    r"\b(?:for (?:\d+|\w+) (?:years|decades)|years ago|every day for|used to|back (?:then|in the"
    r" day)|all my life|my whole life|when i was (?:a kid|young|little|younger|\d+|a child"
    r"|a teenager|at school)|every (?:single )?time|so far|in total|over the (?:past|last))\b",
    re.IGNORECASE,
)


_NOW = re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening)|just now)\b", re.I)


def tells_history(text: str) -> bool:
    """A life's history told, and nothing of today ("held off the first fag till half 7
    today. used to be before i even got the boots on" is a step today)."""
    return bool(_HISTORY.search(text)) and not _NOW.search(text)


def _own_deed(clause: str) -> bool:
    """A past verb of the person's own in `clause`, with no "not" or "skipped" before it."""
    words = re.findall(r"[a-z']+", clause)
    for at, word in enumerate(words):
        if SKIPPED.fullmatch(word) or word in NOT_DEEDS:
            return False
        lead = words[at - 1] if at else ""
        if lead in ("nearly", "almost"):
            continue  # "i nearly drowned": nothing done
        if word in FEELING_FORMS or not PAST_DONE.fullmatch(word):
            continue
        if word in _WISHED and words[at + 1 : at + 2] == ["to"]:
            continue  # "still wanted to throw the buggy at him": a wish, not a deed
        if lead == "and" and not _OWN_SUBJECT & set(words[:at]):
            continue  # "gary called and asked…", "the baboons came and pulled…": theirs
        if not lead or lead in OWN_DEED_LEAD or lead.endswith("ly"):
            return True
        if _perfect(words, at):
            return True  # "i have walked to the bakery this morning"
    return False


_OWN_SUBJECT = frozenset({"i", "we", "ive", "i've", "weve", "we've"})


def _perfect(words: list[str], at: int) -> bool:
    """The past form at `at` is the person's own in the present perfect ("ive finished",
    "we have walked"); "ive got a dodgy knee" has, it does not do."""
    lead = words[at - 1] if at else ""
    if words[at] == "got" or lead not in ("have", *_OWN_SUBJECT):
        return False
    return lead != "have" or words[at - 2 : at - 1] in (["i"], ["we"])


# Today's deed told in the present, as many who learned English write it ("today i transfer
# the 1000 to the card", "i move the 15 lucas to savings this morning", "i reply all customer
# already"): a verb of their own, in a message that says it is done today.
_DONE_TODAY = re.compile(
    r"\b(?:today|this morning|this afternoon|already|last night|earlier|just now)\b", re.I
)
_PRESENT_DEED = re.compile(
    r"\b(?:i|we)\s+(?:already\s+|just\s+|also\s+)?([a-z]{2,})\b"
    # the subject left out, a verb the same in the past ("put the 50 in the box this morning")
    r"|^\W*(?:(?:ok|so|and|also|just|finally)\s+)*(put|set|cut|read|shut)\b"
)
# Present verbs after "i" that tell no deed ("i want", "i feel", "i think").
_NO_DEED_VERBS = frozenset({
    "am", "was", "want", "wanna", "need", "have", "feel", "think", "know", "like", "love",
    "hate", "will", "can", "cant", "must", "should", "would", "could", "might", "may", "wish",
    "hope", "try", "plan", "dont", "do", "did", "didnt", "mean", "guess", "see", "hear",
    "get", "got", "wonder", "forgot", "forget", "miss", "missed", "skip", "skipped", "still",
    "really", "just", "also", "only", "never", "not", "had", "has", "is", "are",
    "suppose", "understand", "remember", "believe", "say", "said", "ask", "told", "tell",
    "promise", "swear", "reckon", "mind", "go", "gonna", "going", "hav", "im", "ll", "ve",
})  # fmt: skip


def _present_deed(clause: str) -> bool:
    """A verb of their own in the present tense ("i transfer the 1000"), not one that tells a
    wish, a thought or a feeling."""
    found = _PRESENT_DEED.search(clause)
    verb = found[found.lastindex or 1] if found else ""
    return bool(verb) and verb not in _NO_DEED_VERBS and not SKIPPED.search(clause)


# Past verbs that, before "to", tell a wish or a duty, not a deed.
_WISHED = frozenset({"wanted", "needed", "meant", "planned", "hoped", "wished", "intended"})


# A plan said not to be happening: "i dont think ill have time this week", "i wont get to it",
# "ill skip the stretching today" (a rest, not a first small step).
_NO_PLAN = re.compile(
    r"\b(?:(?:do|did)\s*n[o']?t\s+think\s+i\w*|won'?t|will\s+not|can'?t|cannot|not\s+going\s+to"
    r"|not\s+gonna|no\s+time|never|skip(?:ping)?|give\s+(?:it|\w+)\s+a\s+miss)\b",
    re.IGNORECASE,
)


def states_plan(text: str) -> bool:
    """A plan of their own, told, not asked about ("ok ill write the bio first"), and not
    said not to be happening ("i dont think ill have time this week")."""
    return bool(OWN_PLAN.search(text)) and not is_question(text) and not _NO_PLAN.search(text)


def plans_ahead(text: str) -> bool:
    """Something still to do: "tomorrow", "later", "I'll", "going to"; a wish that only
    describes a thing ("wrote down five books i want to read next") plans nothing."""
    return bool(FUTURE.search(_DESCRIBED_BY_A_WISH.sub(" ", text)))


# "five books i want to read next", "the places i'd like to see": what a thing is, not a plan.
_DESCRIBED_BY_A_WISH = re.compile(
    r"\b(?:books?|things?|films?|movies?|places?|songs?|shows?|recipes?|ones?|stuff|words?"
    r"|people|goals?)\s+(?:that\s+)?i\s+(?:want|need|have|would\s+like|'?d\s+like|would\s+love)"
    r"\s+to\s+\w+(?:\s+next)?",
    re.IGNORECASE,
)


def denies_done(text: str) -> bool:
    """ "Not finished yet", "I haven't done it", "isn't even finished": nothing was done."""
    return bool(NOT_DONE.search(text))


# A deed said not to be done yet: "the tea i did not drink yet", "havent written it yet". A
# verb of the mind ("didnt think i would") denies no deed.
_NOT_YET = re.compile(
    r"\b(?:did\s*n[o']?t|did\s+not|have\s*n[o']?t|have\s+not|has\s*n[o']?t|has\s+not|never"
    r"|not\s+yet)\s+(?:(?:even|really|actually|yet|quite)\s+)?(?!(?:think|thought|expect|want"
    r"|feel|felt|know|knew|mean|meant|realise|realize|believe|care|like|mind|enjoy|enjoyed"
    r"|love|hate|stop|stopped|need|needed|have|had|get|got)\b)[a-z]+",
    re.IGNORECASE,
)
_YET = re.compile(r"\byet\b", re.IGNORECASE)


def put_off(text: str) -> tuple[list[str], bool]:
    """The clauses of `text` that put a deed off, a plan ("glazing is tmrw") or a denial ("the
    watercolor i did not try"), and whether one of them points back at what the rest names
    ("bought a card, havent written it yet"): the missions they name are not done."""
    off = [c for c in clauses(text) if plans_ahead(c) or _NOT_YET.search(c) or NOT_DONE.search(c)]
    pointing = any(_POINTS_BACK.search(c) and (_YET.search(c) or NOT_DONE.search(c)) for c in off)
    return off, pointing


_POINTS_BACK = re.compile(r"\b(?:it|that|them|this)\b", re.IGNORECASE)


def not_put_off(text: str) -> str:
    """`text` without the clauses that put a deed off ("the workout lol, glazing is tmrw" ->
    "the workout"), or all of it when every clause does."""
    off, _ = put_off(text)
    kept = [c for c in clauses(text) if c not in off]
    return " ".join(kept) if off and kept else text


def names_mission(text: str) -> bool:
    return bool(MISSION_WORD.search(text))


# A reason told about their life, as an answer to "Shall we make it a goal?" ("my girlfriend
# hates the smell and i get out of breath"): a statement of some length about themselves or
# someone close.
_TELLS_REASON = re.compile(
    r"^\W*(?:(?:and|well|honestly|tbh|because|cos|cause|coz)\W+)*(?:i|im|i'm|i've|ive|my|we|"
    r"we're|our|it|its|it's|the|he|she|they|his|her|their"
    # A purpose: "mostly to meet people", "so i can…", "just to have something of my own".
    r"|(?:(?:mostly|mainly|partly|just|really|probably)\s+)?to\s+(?!be\s+honest\b)[a-z]+)\b",
    re.IGNORECASE,
)
REASON_WORDS = 6


def tells_a_reason(text: str) -> bool:
    """A statement about their life long enough to be the reason for a goal just offered."""
    return (
        len(text.split()) >= REASON_WORDS
        and bool(_TELLS_REASON.search(text))
        and not is_question(text)
    )


def is_question(text: str) -> bool:
    """A question, in any of its sentences ("huh ok. what are todays missions")."""
    return any(QUESTION.search(part.strip()) for part in [text, *_SENTENCES.split(text)])


def asks_for_ideas(text: str) -> bool:
    """A request for an idea or a tip ("give me a tip for…", "should i…", "any ideas")."""
    return bool(ASKS_FOR_IDEAS.search(text))


_I_FIRST = re.compile(r"^\W*(?:(?:ok|so|and|also)\W+)?i\s", re.IGNORECASE)


def is_aside(text: str, *, free_text: bool) -> bool:
    """Plainly not an answer to a slot's question.

    1. A question of a few words, a remark in passing ("lol …", "btw …") or a request for
       an idea ("give me a tip for…") never is.
    2. For a free-text slot (a title) a statement about oneself ("I'm so tired") or a thing
       described ("integration by parts is my nemesis 😭") is not one either, nor a deed of
       their own told ("i wrote down when i went to bed"), nor a text with a question or a
       second sentence inside ("It is possible to write in german? ok", "The mission said 5
       minutes. I did 7"); a why may well be a statement about oneself, so the caller
       decides what applies.
    """
    # "pottery?" is an unsure answer, not a question about something else; "give me a tip
    # for reading french" asks for something else, whatever mission it names.
    if (is_question(text) and len(text.split()) >= ASIDE_WORDS) or REMARK.match(text):
        return True
    if asks_for_ideas(text):
        return True
    inner = text.strip().rstrip("?!. ")
    # A long message that says no aim is a story, not a title ("oh and correction pickle's
    # not a full greyhound she's a lurcher, jas keeps correcting me").
    rambles = len(text.split()) > TITLE_MAX_WORDS and not aim_in(text)
    return free_text and (
        bool(SELF_STATEMENT.match(text) or DESCRIBES.search(text))
        or bool(_I_FIRST.match(text) and past_deed(text))
        or "?" in inner
        or bool(SENTENCE_BREAK.search(inner))
        or rambles
    )
