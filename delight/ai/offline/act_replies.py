"""Eliza's reply for a planned act (the turn decides the act; companion.turn.plan): a
greeting, sympathy that names the loss, listening that says back what happened, one concrete
suggestion that fits what she knows, specific kindness from real progress, an honest "I
can't do that here"…

Each function returns candidate replies, best first, or [] to let the keyword rules
(compose.py) answer. Every candidate still passes the language guard.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from delight.ai.offline import act_words as words
from delight.ai.offline import decline_words
from delight.ai.offline.act_input import ActInput, drawn
from delight.ai.offline.advice import advice_reply, asks_which_first, plan_not_listed
from delight.ai.offline.answers import learned_answer
from delight.ai.offline.banks import named, rotate
from delight.ai.offline.context import ReplyContext
from delight.ai.offline.facts import extract_facts
from delight.ai.offline.kindness import coach, harsh_on_self, hurt_told, kindness
from delight.ai.offline.losses import loss_in
from delight.ai.offline.progress_answers import progress
from delight.ai.offline.reflection import (
    capitalise,
    drop_openers,
    reflect,
    split_sentences,
    uncapitalise,
)
from delight.ai.offline.story_answers import story_answer
from delight.ai.offline.streak_answers import encouragement
from delight.ai.offline.world_answers import mission_zone_sentence, world_answer
from delight.ai.offline.zone_lines import ZoneNote
from delight.ai.text import (
    LAUGHTER,
    MISHAP,
    NEW_HERE,
    clean_text,
    listed,
    number_words,
)

# The longest first sentence said back whole ("Your manager tore apart your presentation in
# front of the whole team"); a longer one is not echoed.
SAID_MAX_WORDS = 16
CLAUSE_WORDS = 4  # a first clause this long says a whole thing back on its own
# A first sentence this short among others is a lead-in ("ok im back."), not the news.
BARE_WORDS = 3
_ILL = re.compile(r"(^|\b(?:maybe|then|so|ok|okay|and|think|prob|probably) )ill\b(?= \w)", re.I)
# A deed told without its "I" ("did my morning walk", "cleaned my room"): said back with it.
_NO_SUBJECT_DEED = re.compile(
    r"^(?:(?:finally|just|also|already)\s+)?(?:\w+ed|did|ran|went|made|wrote|read|took|sent|ate)"
    r"\s+my\b",
    re.IGNORECASE,
)
_NIGHT = re.compile(r"\b(?:night|nite|bed|sleep|goodnight)\b", re.IGNORECASE)
# A job lost is met before any other change (fact_noted).
_JOB_LOST = re.compile(
    r"\b(?:fired|sacked|let go|laid off|made redundant|lost my job)\b", re.IGNORECASE
)
_BIG_CHANGE = re.compile(
    r"\b(?:divorced?|divorcing|separated|split up|broke up|widowed|moved out|left home"
    r"|started uni|empty nest|(?:very|so|too) quiet|on my own now|lonely)\b",
    re.IGNORECASE,
)
# Worn out, told in passing ("long day lol. im a nurse, 12 hr shifts, feet are dead").
_WORN_OUT = re.compile(
    r"\b(?:long|rough|hard|tough|brutal|crazy|hectic|exhausting|killer)"
    r" (?:day|shift|week|night)s?\b"
    r"|\b(?:i'?m|im|i am|so|feeling|feel) (?:so |really |completely |totally |absolutely )?"
    r"(?:tired|exhausted|knackered|wiped|shattered|drained|wrecked|worn out)\b"
    r"|\bfeet (?:are|r) (?:dead|killing me)|\bdead on my feet\b",
    re.IGNORECASE,
)
_TO_BED = re.compile(r"\b(?:bed|sleep|kip|shut ?eye)\b", re.IGNORECASE)
_TO_WORK = re.compile(
    r"\b(?:my|the|a|night|late|early) (?:shift|shifts)\b|\b(?:off|going|heading|leaving)"
    r" (?:to|for) work\b|\bget ready for work\b",
    re.IGNORECASE,
)


def advice(given: ActInput) -> list[str]:
    return advice_reply(given.text, given.ctx, given.turn)


def greet(given: ActInput) -> list[str]:
    return drawn(words.GREET, given, "greet")


def goodbye(given: ActInput) -> list[str]:
    """Goodbye; goodnight to someone going to sleep; a good shift to someone off to work
    ("ok i have to get ready for my shift. night eliza" is no time to sleep well)."""
    bank: tuple[str, ...]
    # Off to bed before tomorrow's shift ("early shift tomorrow") is a goodnight first.
    if words.BE_RIGHT_BACK.search(given.text):
        bank = words.BACK_SOON  # "tiago just woke up screaming brb": back in a moment
    elif _TO_WORK.search(given.text) and not (_TO_BED.search(given.text)):
        bank = words.GOOD_SHIFT
    elif words.OFF_TO_DO.search(given.text) and not _NIGHT.search(given.text):
        bank = words.OFF_TO_DO_WORDS
    else:
        bank = words.GOODNIGHT if _NIGHT.search(given.text) else words.GOODBYE
    return drawn(bank, given, "goodbye")


def thanks_reply(given: ActInput) -> list[str]:
    """Thanks met; thanks said with news of their own ("yeah thanks. mums with her now")
    is no help to be glad of: she stays there for them."""
    rest = words.THANKS_WORDS.sub(" ", given.text).split()
    if len(rest) >= words.THANKS_AND_NEWS_WORDS:
        return drawn(words.THANKS_AND_NEWS, given, "thanks")
    return drawn(words.THANKS, given, "thanks")


def help_reply(given: ActInput) -> list[str]:
    """What she can do; asked again, the same in short (a reply said before is not repeated);
    asked whether she is a person, the truth first."""
    if _PERSON_ASKED.search(given.text):
        return [named(words.NOT_A_PERSON, given.ctx.name)]
    if NEW_HERE.search(given.text) and not given.ctx.goals:
        # "ive never used one of these apps before so bear with me": welcomed, not lectured
        return [named(words.NEW_HERE, given.ctx.name), named(words.HELP, given.ctx.name)]
    return [named(words.HELP, given.ctx.name), named(words.HELP_AGAIN, given.ctx.name)]


# Asked whether she is a person or a machine (not told "ur alright for a robot").
_PERSON_ASKED = re.compile(
    r"\b(?:are|r|is)\s+(?:you|u|ya|this|eliza)\s+(?:an?\s+|even\s+)?(?:real|human|person|bot"
    r"|robot|ai|computer|machine|program|chat\s?gpt|chat\s?bot)\b"
    r"|\b(?:you|u)\s+(?:is|are|r)\s+(?:an?\s+)?(?:real|human)\b"
    r"|\breal\s+person\s+or\b|\bor\s+(?:one\s+of\s+these\s+)?(?:a\s+)?(?:computer|robot|bot|machine)",
    re.IGNORECASE,
)


def resume(given: ActInput) -> list[str]:
    if not given.ctx.earlier:
        return [named(words.RESUME_NOTHING, given.ctx.name)]
    return drawn(words.RESUME, given, "resume", topic=given.ctx.earlier)


def _them(text: str) -> str:
    """How the one lost is spoken of: "my cat luna died, she was 17" is her, a grandad him."""
    if _SHE.search(text):
        return "her"
    return "him" if _HE.search(text) else "them"


_SHE = re.compile(
    r"\b(?:she|her|shes|she's|mum|mom|mother|sister|aunt|auntie|daughter|wife|grandma|gran|nan"
    r"|granny|grandmother|niece)\b",
    re.IGNORECASE,
)
_HE = re.compile(
    r"\b(?:he|him|his|hes|he's|dad|father|brother|uncle|son|husband|grandad|granddad|grandpa"
    r"|grandfather|nephew)\b",
    re.IGNORECASE,
)


_FEELING_NAMED = re.compile(
    r"\bi(?:'m| am|m)? (?:(?:just|so|really|a bit|kinda|kind of) )*(?:feel|feeling|felt)\b",
    re.IGNORECASE,
)


def sympathy(given: ActInput) -> list[str]:
    """Sympathy that names the loss ("I'm so sorry about your cat Pepper"), or the bad news."""
    loss = loss_in(given.text)
    if loss is not None:
        kind = "a pet you love" if loss.pet else "someone you love"
        values = {"who": loss.who, "kind": kind, "Who": capitalise(loss.name or loss.who),
                  "them": _them(f"{loss.who} {given.text}")}  # fmt: skip
        return drawn(words.SYMPATHY_DEATH, given, "loss", **values)
    if _DEATH.search(given.text):
        return drawn(words.SYMPATHY_GRIEF, given, "grief", them=_them(given.text))
    if hurt_told(given.text):
        return kindness(given)  # "tweaked my back lifting the shopping": sorry, go easy
    earlier = given.ctx.earlier
    if _UNWELL.search(given.text) and (loss_in(earlier) is not None or _DEATH.search(earlier)):
        # "he was 52. heart attack" just after a death told: how he died, not how he is
        return drawn(words.SYMPATHY_GRIEF, given, "grief", them=_them(earlier))
    if _UNWELL.search(given.text):
        # "she had a fall, shes 89": a worry for someone, not a disappointment.
        who = next((w for p, w in _WHO if p.search(given.text)), "they")
        doing = "is" if who in ("she", "he") else "are"
        return drawn(words.SYMPATHY_UNWELL, given, "unwell", who=who, doing=doing)
    return _built(
        given, listen(given, act="bad_news") + drawn(words.SYMPATHY_BAD_NEWS, given, "bad")
    )


# A death told: "passed" alone is a death only with a when after it ("passed this
# afternoon"; "passed my driving test" is none).
_DEATH = re.compile(
    r"\b(?:died|passed away|funeral|grieving|miss (?:him|her|them)|passed (?:on )?(?:this"
    r"|last|yesterday|today|tonight|overnight|earlier|peacefully|in (?:his|her|their) sleep))\b",
    re.IGNORECASE,
)
_UNWELL = re.compile(
    r"\b(?:had a fall|fell (?:over|down)|in hospital|in the hospital|hospitali[sz]ed|admitted"
    r"|diagnosed|surgery|operation|stroke|heart attack|ambulance|a&e|broke (?:his|her|their)"
    r"|(?:is|s|was) (?:really )?(?:ill|sick|poorly|unwell))\b",
    re.IGNORECASE,
)
_WHO = (
    (re.compile(r"\b(?:she|shes|her|mum|mom|mother|nan|gran|grandma|sister|wife|daughter"
                r"|aunt)\b", re.I), "she"),
    (re.compile(r"\b(?:he|hes|him|dad|father|grandad|grandpa|brother|husband|son|uncle)\b",
                re.I), "he"),
)  # fmt: skip


def listen(given: ActInput, act: str = "venting") -> list[str]:
    """Their words said back ("Your manager tore apart your presentation in front of the
    whole team: that sounds humiliating"), or what it sounds like when they don't echo well;
    asked not to talk about it, she leaves it be."""
    if words.RATHER_NOT.search(given.text):
        return drawn(words.LEFT_BE, given, "left-be")
    if words.WONT_REACH_OUT.search(given.text):
        return drawn(words.REACHING_OUT_EASED, given, "reaching-out")
    if words.HELPED.search(given.text) and not words.NOT_HELPED.search(given.text):
        return drawn(words.GLAD_IT_HELPED, given, "helped")
    if hurt_told(given.text):
        return kindness(given)  # hurt, or a doctor's news: sorry, go easy; taken seriously
    if words.DOUBTED.search(given.text) and not given.very_sad:
        return drawn(words.DOUBTED_WORDS, given, "doubted")
    if words.ACHE.search(given.text) and not given.very_sad:
        return drawn(words.ACHE_EASED, given, "ache")
    if words.PET_OFF.search(given.text) and not (given.very_sad or LAUGHTER.search(given.text)):
        return drawn(words.PET_WORRIED, given, "pet-off")
    if words.WHAT_A_DAY.search(given.text) and not given.very_sad:
        return drawn(words.WHAT_A_DAY_WORDS, given, "what-a-day")
    if LAUGHTER.search(given.text) and not given.very_sad and act == "venting":
        if words.COMPLAINT.search(given.text):
            return drawn(words.HEARD_LIGHT, given, "heard-light")
        # Laughing, with nothing to complain of ("hahaha my aunt cried the whole time").
        return drawn(words.HEARD_NEUTRAL_PLAIN, given, "neutral-plain")
    said = _said_back(given)
    feeling = _feeling(given.text, act) or "hard"
    # A feeling they named ("i feel a bit guilty…") is not asked about again.
    said_back = words.HEARD[1:] if _FEELING_NAMED.search(given.text) else words.HEARD
    heard = drawn(said_back, given, "heard", Said=said, feeling=feeling) if said else []
    return _built(given, heard + drawn(words.HEARD_PLAIN, given, "heard-plain", feeling=feeling))


def hear(given: ActInput) -> list[str]:
    """Listening: to a trouble as listen(); to something told with nothing heavy in it
    ("ok i will call dr patel", "hahaha my aunt cried the whole time"), their words said back
    lightly, with room to say more."""
    # A feeling word laughed about ("hahaha my aunt cried the whole time") is no trouble.
    felt = _feeling(given.text, "") and not LAUGHTER.search(given.text)
    asked_to_leave = words.RATHER_NOT.search(given.text)
    if given.troubled or felt or words.WONT_REACH_OUT.search(given.text) or asked_to_leave:
        return listen(given)
    if words.ACHE.search(given.text):
        return drawn(words.ACHE_EASED, given, "ache")
    said = _said_back(given)
    heard = drawn(words.HEARD_NEUTRAL, given, "neutral", Said=said) if said else []
    # "You feel like a fraud… How do you feel about that?" says "feel" twice.
    heard = [reply for reply in heard if not _FEEL.search(said) or reply.count("feel") < 2]
    return heard + drawn(words.HEARD_NEUTRAL_PLAIN, given, "neutral-plain")


_FEEL = re.compile(r"\bfeel", re.IGNORECASE)


def _built(given: ActInput, replies: list[str]) -> list[str]:
    """For a very heavy moment, what they have built, after the first reply (seed 000)."""
    extra = encouragement(given.ctx.streak) if given.very_sad else ""
    return [f"{replies[0]} {extra}", *replies] if extra and replies else replies


def relief(given: ActInput) -> list[str]:
    """Someone close recovering, or relief told, met as relief, whatever act it was read as."""
    return drawn(words.RECOVERING_GLAD, given, "recovering")


def calm(given: ActInput) -> list[str]:
    return drawn(words.CALM, given, "calm")


def celebrate(given: ActInput) -> list[str]:
    """Joy met, with what it taught her when it was a win ("I'll remember you ran 5 km")."""
    learned = learned_answer(extract_facts(given.text))
    opening = rotate(words.CELEBRATE_OPENERS, given.turn, "celebrate-open")[0]
    if learned:
        return [f"{named(opening, given.ctx.name)} {said}" for said in learned]
    said = _said_back(given)
    if said:
        return drawn(words.CELEBRATE, given, "celebrate", Said=said) + drawn(
            words.CELEBRATE_PLAIN, given, "celebrate-plain"
        )
    return drawn(words.CELEBRATE_PLAIN, given, "celebrate-plain")


# Asked whether it is all right ("is that ok", "is it bad if i skip") or not to be judged
# ("dont judge", "no judging pls"): reassurance is what is asked for.
def decline(given: ActInput) -> list[str]:
    found = next((said for asks, said in decline_words.DECLINE if asks.search(given.text)), "")
    return [named(found or decline_words.DECLINE_OTHER, given.ctx.name)]


def missions(given: ActInput) -> list[str]:
    """Today's missions (or why there are none), then the habits not ticked yet today."""
    ctx = given.ctx
    habits = listed([f"“{title}”" for title in ctx.habits_left])
    if not ctx.missions and (waiting := plan_not_listed(ctx)):
        said = waiting
    elif not ctx.missions and habits:
        return [named(words.ONLY_HABITS_LEFT, ctx.name, habits=habits)]
    elif not ctx.missions:
        said = named(words.MISSIONS_NONE, ctx.name)
    else:
        said = missions_today(
            ctx.missions, ctx.zones, counted=bool(words.HOW_MANY.search(given.text))
        )
    return [f"{said} {words.HABITS_LEFT.format(habits=habits)}" if habits else said]


def missions_today(
    missions: Sequence[str], zones: Sequence[ZoneNote], *, counted: bool = False
) -> str:
    """Today's missions (three at most), where one of them fits, and which to start with; a
    lone mission is named once, and offered, not chosen among; asked how many, counted."""
    shown = list(missions[:3])
    where = mission_zone_sentence(shown, zones)
    if counted:
        said = words.MISSION_ONE_COUNTED if len(shown) == 1 else words.MISSIONS_COUNTED
    else:
        said = words.MISSION_ONE if len(shown) == 1 else words.MISSIONS
    count = capitalise(number_words(len(shown)))
    return said.format(listed="; ".join(shown), where=f" {where}" if where else "", count=count)


def story(given: ActInput) -> list[str]:
    """Where the story is; liked in passing ("that story thing is kinda cute actually"), a
    thank-you, not the same summary again."""
    if given.ctx.story is not None and words.STORY_LIKED.search(given.text):
        return drawn(words.STORY_THANKS, given, "story-liked")
    answer = story_answer(given.text, given.ctx.story, asked=True)
    return [answer or words.STORY_NONE]


def world(given: ActInput) -> list[str]:
    answer = world_answer(given.text, given.ctx.zones, asked=True)
    return [answer or named(words.WORLD_NONE, given.ctx.name)]


def fact_noted(given: ActInput) -> list[str]:
    """What a statement taught her, said back ("So you have a dog called Biscuit."); when it
    taught her nothing she can keep, she listens (the keyword rules made "What would it mean
    to you to smoke you look at it?" of "when i want to smoke i look at it")."""
    learned = learned_answer(extract_facts(given.text))
    if hurt_told(given.text):
        # "i used to run a lot before i hurt my knee last year": the knee first (what was
        # learned is kept all the same)
        return kindness(given)
    if not learned and LAUGHTER.search(given.text) and not (given.very_sad or given.troubled):
        # "we live off pasta and fish fingers lol": told with a laugh, met lightly.
        return drawn(words.LAUGHED, given, "remarked")
    if not learned:
        return hear(given)
    learned = rotate(learned, given.turn, "learned")
    if _JOB_LOST.search(given.text):
        laughed = LAUGHTER.search(given.text)
        blow = named(words.JOB_LOST_LAUGHED if laughed else words.JOB_LOST, given.ctx.name)
        return [f"{blow} {said}" for said in learned]
    if _BIG_CHANGE.search(given.text):
        # "recently divorced and my daughter just started uni so the house is very quiet":
        # the change is met before the name is kept.
        quiet = re.search(r"\b(?:quiet|on my own|lonely|empty)\b", given.text, re.IGNORECASE)
        opening = named(words.BIG_CHANGE_QUIET if quiet else words.BIG_CHANGE, given.ctx.name)
        return [f"{opening} {said}" for said in learned]
    if _WORN_OUT.search(given.text):
        opening = named(words.WORN_OUT, given.ctx.name)
        return [f"{opening} {said}" for said in learned]
    return learned


def smalltalk(given: ActInput) -> list[str]:
    """Asked to talk about something else: gladly ([] leaves small talk to the rules)."""
    if _ELSE.search(given.text):
        return [named(words.SOMETHING_ELSE, given.ctx.name)]
    if _PERSON_ASKED.search(given.text):
        return [named(words.NOT_A_PERSON, given.ctx.name)]
    if _ABOUT_HER.search(given.text):
        return [named(words.ABOUT_HER, given.ctx.name)]
    if _ACKNOWLEDGED.match(given.text):
        return drawn(words.ACKNOWLEDGED, given, "acknowledged")
    if not _ASKS.search(given.text):
        # A remark in passing ("could murder a cold one right now haha"): met lightly; the
        # keyword rules asked it questions back ("Good question. What are you leaning
        # toward yourself?").
        if MISHAP.search(given.text):
            return drawn(words.MISHAP, given, "mishap")
        if hurt_told(given.text):
            return kindness(given)  # "i sprained my wrist last month tho so go easy on me lol"
        if words.DOUBTED.search(given.text):
            return drawn(words.DOUBTED_WORDS, given, "doubted")
        laughed = LAUGHTER.search(given.text)
        return drawn(words.LAUGHED if laughed else words.REMARKED, given, "remarked")
    return []


# A question or a request (a joke, a riddle): the keyword rules answer those.
_ASKS = re.compile(
    r"\?|\b(?:jokes?|riddles?|tell me|got any|any more|guess|what|whats|how|why|who|where"
    r"|when|which|do you|are you|can you|could you|would you|will you)\b",
    re.IGNORECASE,
)


# A question about her own likes ("do you like whales"): answered honestly, and turned back.
_ABOUT_HER = re.compile(
    r"^\W*(?:and |so )?(?:do|have|are|would) you (?:like|love|enjoy|prefer|ever|have a fav)",
    re.IGNORECASE,
)
# A short nod ("fair enough", "haha fair", "makes sense"): nothing to ask about.
_ACKNOWLEDGED = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|haha|lol|ah|oh|hm+|mm+)\W+)?(?:fair(?: enough)?|true|makes sense"
    r"|good point|cool|nice|fine|right|gotcha|got it|i see|noted|(?:that )?sounds (?:good|great"
    r"|fine|ok|okay)|perfect|great|lovely|brilliant|amazing)\W*$"
    r"|^\W*(?:lol\W+)?(?:ok(?:ay)?|k+|alright|aight|sure|yeah|yep|ya|mhm+|lol)\W*$",
    re.IGNORECASE,
)
_ELSE = re.compile(
    r"\b(?:talk about|chat about) (?:something|anything) (?:else|normal)\b|\bchange the subject\b",
    re.IGNORECASE,
)


def undo_nothing(given: ActInput) -> list[str]:
    return [named(words.UNDO_NOTHING, given.ctx.name)]


# Replies that answer with facts: the same question gets the same answer.
ANSWERS = frozenset({"help", "decline", "missions", "progress", "story", "world"})
COMPOSERS: dict[str, Callable[[ActInput], list[str]]] = {
    "greet": greet,
    "goodbye": goodbye,
    "thanks_reply": thanks_reply,
    "help": help_reply,
    "resume": resume,
    "sympathy": sympathy,
    "listen": hear,
    "calm": calm,
    "celebrate": celebrate,
    "advice": advice,
    "kindness": kindness,
    "coach": coach,
    "decline": decline,
    "missions": missions,
    "progress": progress,
    "story": story,
    "world": world,
    "undo": undo_nothing,
    "smalltalk": smalltalk,
    "fact_noted": fact_noted,
}


def act_reply(
    act: str,
    text: str,
    ctx: ReplyContext,
    *,
    turn: int,
    very_sad: bool = False,
    troubled: bool = True,
) -> list[str]:
    """Candidate replies for `act`, best first ([] when the keyword rules should answer).
    An answer of facts asked for again is given again, said as a repeat, rather than
    dropped for a reply never said before."""
    composer = COMPOSERS.get(act)
    if act in words.RELIEF_READS and (words.RECOVERING.search(text) or words.RELIEVED.search(text)):
        composer = relief  # "nan is sitting up and eating", "so relieved i cried": relief
    if composer is None:
        return []
    replies = composer(ActInput(text, ctx, turn, very_sad, troubled))
    if act in ANSWERS or (act == "advice" and asks_which_first(text)):
        replies += [words.REPEATED.format(answer=uncapitalise(reply)) for reply in replies]
    return replies


def _said_back(given: ActInput) -> str:
    """The person's first sentence in Eliza's words ("your manager tore apart your
    presentation…"), capitalised, names and initials as they are written ("Your sister
    Claire is in the ICU"); "" when it would not read well said back."""
    said = _first_said_back(given.text)
    if not said:
        return ""
    names = {fact.value for fact in extract_facts(given.text) if fact.value[:1].isupper()}
    names |= {name for memory in given.ctx.memories for name in words.NAMED.findall(memory)}
    for name in names:
        said = re.sub(rf"\b{re.escape(name)}\b", name, said, flags=re.IGNORECASE)
    return words.INITIALS.sub(lambda found: found.group().upper(), said)


def _first_said_back(text: str) -> str:
    # "maybe ill draw…": "ill" before a verb is "I'll", said back as "you'll".
    if harsh_on_self(text):
        return ""  # "im such a mess": never said back ("You are such a mess")
    plain = drop_openers(_ILL.sub(r"\1i'll", clean_text(text)))
    sentences = split_sentences(plain)
    if len(sentences) > 1 and len(sentences[0].split()) <= BARE_WORDS:
        sentences = sentences[1:]  # "ok im back. found the trainers…": the news, not "im back"
    if not sentences:
        return ""
    first = words.SAID_BACK_TAIL.sub("", sentences[0]) or sentences[0]  # "…, honestly"
    # "i miss my mom so much, she is in curitiba…": the clause before the comma says it.
    head = first.split(",")[0]
    first = head if len(head.split()) >= CLAUSE_WORDS else first
    said = reflect(f"i {first}" if _NO_SUBJECT_DEED.match(first) else first)
    if len(said.split()) < len(first.split()) - 1:
        return ""  # cut short to fit ("…if she sees you are still"): no echo at all
    if words.ODD_SAID_BACK.search(said) or LAUGHTER.search(said):
        return ""
    if not (3 <= len(said.split()) <= SAID_MAX_WORDS and re.search(r"\byour?\b", said)):
        return ""
    return capitalise(said)


def _feeling(text: str, act: str) -> str:
    found = next((feeling for pattern, feeling in words.FEELINGS if pattern.search(text)), "")
    return found or words.FEELING_BY_ACT.get(act, "")
