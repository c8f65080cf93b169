"""What stopped being true: a loss ("my cat Miso died"), a job left ("I quit my job at
the firm", "i quit amazon"), a new job begun ("starting at a gym as a strength coach") and a
baby born (which ends "Jess is pregnant"). Each fact takes the key of what it ends, or
names it, so the memory it supersedes (kept as history, closed) is never said as current
again."""

from __future__ import annotations

import datetime as dt
import re

from delight.ai.offline.facts.common import article, fact, thing, third_person
from delight.ai.offline.facts.identity import no_name
from delight.ai.offline.losses import loss_in
from delight.ai.types import ExtractedFact

_KIND = re.compile(
    r"\b(cat|dog|puppy|kitten|rabbit|bunny|hamster|guinea pig|budgie|parrot|horse|pony|fish"
    r"|tortoise)\b"
)
_KINDS = {"puppy": "dog", "kitten": "cat", "bunny": "rabbit", "pony": "horse"}
_RELATIVE = re.compile(
    r"\b(mum|mom|mother|dad|father|grandma|grandmother|grandad|grandpa|grandfather|nan|gran"
    r"|granny|husband|wife|partner|son|daughter|brother|sister|uncle|aunt|cousin|friend"
    r"|best friend|boyfriend|girlfriend)\b"
)
_LEFT_JOB = re.compile(
    r"\bI (?:just |finally |have |had )?(?:quit|left|lost|handed in my notice at) my job"
    r"(?: (?P<how>as|at) (?P<what>.+))?"
    r"|\bI (?:do not|don't|no longer) work (?P<how2>at|for|as) (?P<where>.+?)(?: any ?more)?$"
    r"|\bI (?:was|got) (?:fired|laid off|made redundant|let go)(?: (?P<how3>from) (?P<from>.+))?"
    r"|^\W*(?:so |well |ok |guess what\W* )?I (?:just |finally )?quit(?:\W*$|!)",
    re.IGNORECASE,
)
# "i quit amazon": a place left; never a habit, a pastime or a school ("i quit sugar",
# "quit smoking", "i quit the team").
_QUIT_PLACE = re.compile(
    r"\bI (?:just |finally |have |officially )?quit (?!(?:my job|smoking|drinking|vaping|sugar"
    r"|caffeine|coffee|alcohol|booze|meat|dairy|carbs|gluten|junk|social|instagram|tiktok"
    r"|twitter|facebook|the gym|gym|school|uni|college|the course|the class|the team|the band"
    r"|the club|the choir|my diet|the diet|weed|cigarettes|nicotine|gambling|it|that|this"
    r"|again|today|now|yesterday|for|on|after|before|because|and|but|so|lol|haha)\b)"
    r"(?P<place>(?!\w+ing\b)[\w&'-]+(?: [\w&'-]+)?)\s*(?=[.,!;?]|$)",
    re.IGNORECASE,
)
# A new job begun or about to begin: a role said ("starting at a gym as a strength coach",
# "i start as a nurse at St Mary's on monday"), or a job got ("i got a job at the library").
# "starting at 6", "starting with the easy one" begin no job.
_ROLE_START = re.compile(
    r"\b(?:start(?:ing)?|begin(?:ning)?)(?: (?:a|my) new job| work| my new role)?"
    r"(?: at (?P<at>(?:an? |the )?[a-z&' -]+?))? as (?:an? )?(?P<as>[\w -]+?)"
    r"(?: at (?P<at2>(?:an? |the )?[\w&' -]+?))?"
    r"(?= next| on | in | from | tomorrow| this| soon|[.,!;?]|$)",
    re.IGNORECASE,
)
_JOB_GOT = re.compile(
    r"\b(?:got|landed|accepted|was offered|got offered) (?:a|the) (?:new )?job"
    r"(?: as (?:an? )?(?P<as>[\w -]+?))?(?: (?:at|with) (?P<at>(?:an? |the )?[\w&' -]+?))?"
    r"(?= next| on | in | from | tomorrow| this| soon|[.,!;?]|$)",
    re.IGNORECASE,
)
# A baby born: "baby came early", "she was born on tuesday", "jess gave birth".
_BORN = re.compile(
    r"\b(?:(?:the |our |my )?baby (?:came|arrived|is here|was born)|(?:he|she|they) (?:was|were)"
    r" born|gave birth|had the baby|had our baby|had a (?:baby|little) (?:girl|boy))\b",
    re.IGNORECASE,
)


def new_job(clause: str) -> list[ExtractedFact]:
    """A job begun or about to begin: it takes the job's keys, ending the old one."""
    found = _ROLE_START.search(clause) or _JOB_GOT.search(clause)
    if not found or not (found["at"] or found["as"]):
        return []
    where = thing(found["at"] or found.groupdict().get("at2") or "", 6)
    job = thing(found["as"] or "", 5)
    said = " ".join(
        part
        for part in (f"as {article(job)}" if job else "", f"at {where}" if where else "")
        if part
    )
    facts = [fact(f"Starting a new job {said}", "personal", "occupation", 0.8, "work", "change",
                  value=job or where)]  # fmt: skip
    if where:
        facts.append(fact(f"Starting at {where}", "personal", "employer", 0.8, "work", "change",
                          value=where))  # fmt: skip
    return facts


# A birth only as a time of life ("i used to paint every weekend before the baby came"): no
# news of a birth today.
_SINCE_THE_BABY = re.compile(
    r"\b(?:before|since|after|until|till)\s+(?:the |our |my )?baby (?:came|arrived|was born)\b",
    re.IGNORECASE,
)


def birth(clause: str, *, today: dt.date) -> list[ExtractedFact]:
    """A baby born: it ends what was said of the pregnancy (the memory service closes it)."""
    if not _BORN.search(clause) or _SINCE_THE_BABY.search(clause):
        return []
    return [fact(f"Their baby was born in {today:%B %Y}", "personal", "", 0.85, "family",
                 "birth", "change")]  # fmt: skip


# "Today was my last day at Hartley": the place named, never a school term or a holiday.
_LAST_DAY = re.compile(
    r"\b(?:today|yesterday|friday|it) (?:was|is) my last day (?:at|with)"
    r" (?!(?:school|uni|college|the gym|camp|work before)\b)(?P<last>[\w&' ]+?)"
    r"(?= before| until|[.,!;]|$)(?! before| until)",
    re.IGNORECASE,
)


def losses(clause: str, *, today: dt.date) -> list[ExtractedFact]:
    """A death, keyed like what it ends ("pet:cat", "relation:grandma"); one whose kind is
    unsaid ("Miso died") carries the name, and the memory service closes what holds it."""
    loss = loss_in(clause)
    if loss is None:
        return []
    if not loss.who.lower().startswith("your ") and _no_one_of_theirs(loss.who, clause):
        return []  # "…was died", "somebody passed away", "mr. smith passed away"
    when = _when(clause, today)
    said = third_person(loss.who.replace("your ", "my ", 1))
    # "Their cat Miso died in May 2026"; a name alone reads as "Lost Miso in May 2026"; no
    # date when none was said (a loss told today may be years old).
    content = f"{said} died" if said.startswith("their") else f"Lost {said}"
    content += f" in {when}" if when else ""
    lowered = loss.who.lower()
    if kind := _KIND.search(lowered):
        key = f"pet:{_KINDS.get(kind.group(1), kind.group(1))}"
    elif relative := _RELATIVE.search(lowered):
        key = f"relation:{relative.group(1).replace(' ', '_')}"
    else:
        key = ""
    return [fact(content, "personal", key, 0.85, "loss", value=loss.name or said)]


_SOMEONE = frozenset(
    {"somebody", "someone", "everyone", "everybody", "nobody", "anyone", "anybody", "people",
     "he", "she", "they", "him", "her"}
)  # fmt: skip


def _no_one_of_theirs(who: str, clause: str) -> bool:
    """A loss told by a word alone that names no one of theirs: a common word, someone
    unnamed, or a Mr or Mrs (a neighbour, a patient)."""
    word = who.lower()
    titled = re.search(rf"\b(?:mr|mrs|ms|miss|dr)\.?\s+{re.escape(who)}\b", clause, re.I)
    return no_name(word) or word in _SOMEONE or bool(titled)


# When a loss was, as said ("last year", "3 years ago", "in 2019", "yesterday", "a month
# ago", "in september"); else "" (unsaid).
_YEAR = re.compile(r"\bin ((?:19|20)\d\d)\b")
_YEARS_AGO = re.compile(r"\b(a|one|two|three|four|five|\d+) years? ago\b", re.IGNORECASE)
_NUMBERS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def _when(clause: str, today: dt.date) -> str:
    if year := _YEAR.search(clause):
        return year.group(1)
    if re.search(r"\blast year\b", clause, re.IGNORECASE):
        return str(today.year - 1)
    if ago := _YEARS_AGO.search(clause):
        count = ago.group(1).lower()
        return str(today.year - _NUMBERS.get(count, int(count) if count.isdigit() else 1))
    if re.search(r"\b(?:last month|a month ago)\b", clause, re.IGNORECASE):
        return f"{today.replace(day=1) - dt.timedelta(days=1):%B %Y}"
    if _LATELY.search(clause):
        return f"{today:%B %Y}"
    if named := _MONTH.search(clause):
        month = _MONTHS.index(named.group(1).lower()[:3]) + 1
        in_year = today.year if month <= today.month else today.year - 1
        return f"{dt.date(in_year, month, 1):%B %Y}"
    return ""


_LATELY = re.compile(
    r"\b(?:today|tonight|yesterday|this (?:morning|afternoon|evening|week|month)|last night"
    r"|last week(?:end)?|on (?:mon|tues|wednes|thurs|fri|satur|sun)day"
    r"|(?:a|one|two|three|four|five|six|\d) (?:days?|weeks?) ago"
    r"|(?:just|recently) (?:died|passed))",
    re.IGNORECASE,
)
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
_MONTH = re.compile(
    r"\bin (january|february|march|april|may|june|july|august|september|october|november"
    r"|december)\b",
    re.IGNORECASE,
)


def job_left(clause: str) -> list[ExtractedFact]:
    """A job they left: it ends what they did and where ("No longer works at Amazon")."""
    if last_day := _LAST_DAY.search(clause):
        what = thing(last_day["last"], 6)
        return [
            fact(f"No longer works at {what}", "personal", "employer", 0.85, "work", "change",
                 value=what),
            fact("Left their job", "personal", "occupation", 0.85, "work", "change", value=what),
        ]  # fmt: skip
    found = _LEFT_JOB.search(clause)
    if not found:
        if left := _QUIT_PLACE.search(clause):
            return _left_place(thing(left["place"], 6))
        return []
    what = thing(found["what"] or found["where"] or found["from"] or "", 6)
    how = (found["how"] or found["how2"] or found["how3"] or "").lower()
    # A job lost (fired, laid off) is not a job left: the note says which.
    verb = "Lost" if _LOST_JOB.search(found.group(0)) else "Left"
    if how == "as":
        return [fact(f"{verb} their job as {what}", "personal", "occupation", 0.85, "work",
                     "change", value=what)]  # fmt: skip
    return _left_place(what, verb)


_LOST_JOB = re.compile(r"\b(?:lost|fired|laid off|made redundant|let go)\b", re.IGNORECASE)


def _left_place(what: str, verb: str = "Left") -> list[ExtractedFact]:
    ended = f"No longer works at {what}" if what else f"{verb} their job"
    return [
        fact(ended, "personal", "employer", 0.85, "work", "change", value=what),
        fact(f"{verb} their job", "personal", "occupation", 0.85, "work", "change", value=what),
    ]
