"""What the person does: their job, employer and studies."""

from __future__ import annotations

import re

from delight.ai.offline.facts.common import (
    CLAUSE_END,
    article,
    fact,
    place_named,
    thing,
    third_person,
)
from delight.ai.text import word_set
from delight.ai.types import ExtractedFact

_NOT_JOBS = word_set(
    "person fan lover beginner runner believer member user procrastinator perfectionist "
    "overthinker worrier reader learner introvert extrovert adult kid mess failure quitter "
    "morning night owl bird"
)
_JOBS = word_set(
    "nurse doctor chef cook lawyer artist architect dentist pilot plumber electrician "
    "carpenter pharmacist therapist scientist journalist economist accountant consultant "
    "student assistant analyst engineer developer designer teacher writer manager founder "
    "freelancer barista cashier firefighter police officer paramedic mechanic farmer "
    "programmer researcher professor lecturer musician photographer translator tutor "
    "veterinarian vet surgeon coach librarian secretary clerk receptionist waiter waitress "
    "driver baker butcher entrepreneur intern dev sysadmin carer midwife cleaner builder "
    "postman postwoman hairdresser physio physiotherapist optician psychologist paralegal "
    "radiographer caregiver courier bartender tailor welder"
)


# Chat words after what was said ("im a teacher btw"): not part of the job.
_CHAT_TAIL = re.compile(
    r"\s+(?:btw|tbh|lol|haha|fyi|too|as well|actually|now|these days|nowadays)\b(?=[,.!]|$)",
    re.I,
)


def occupation(clause: str) -> list[ExtractedFact]:
    """A job ("I work as…", "I'm a nurse"), an employer ("I work at…") or studies."""
    found = re.search(
        r"\bI (?:work|am working)(?: nights| days| shifts| part[ -]time| full[ -]time)? as"
        r" (?:an? )?(.+)",
        clause,
        re.I,
    )
    if found:
        # The job ends where the clause or an "and" does ("a nurse and my shifts are long,
        # no time for cooking": no job "nurse and my shifts are", no employer "cooking").
        said = re.split(r"\s+and\s+", CLAUSE_END.split(found.group(1), maxsplit=1)[0])[0]
        job, _, employer = ([*re.split(r"\s+(at|for)\s+", said, maxsplit=1), "", ""])[:3]
        job = thing(job, 5)
        facts = [_job(job, 0.85)]
        if employer:
            facts.append(_employer(thing(employer, 6)))
        return facts
    clause = _CHAT_TAIL.sub("", clause)
    found = re.search(
        # "I'm Tess, a librarian in Galway": the job beside the name.
        r"\bI am (?:[A-Za-z'-]+,\s+)?(?:an? )((?:(?!(?:in|at|for|on)\b)[\w-]+ ){0,3}[\w-]+?)"
        r"(?: by (?:profession|trade))?(?: (?:at|for) (.+)| (?:in|on) [\w' -]+)?(?:,.*)?$",
        clause,
        re.I,
    )
    if found:
        # Lower case, but an acronym kept as written ("a UX designer").
        job = " ".join(w if len(w) > 1 and w.isupper() else w.lower() for w in found[1].split())
        last = job.split()[-1]
        if _SAYS_HOW.match(job):
            return []  # "a terrible dancer", "an emotional eater": how they are, not a job
        if last in ("student", "major", "undergrad", "undergraduate"):
            return [_student(job, found.group(2))]
        if last not in _NOT_JOBS and (last in _JOBS or re.search(r"(?:er|or|ist|ian|eer)$", last)):
            employer = found.group(2)
            return [_job(job, 0.7), *([_employer(thing(employer, 6))] if employer else [])]
    # "i do payroll for a care company in manchester": a field of work, and where.
    found = _FIELD.search(clause)
    if found:
        field = found["field"].lower()
        told = fact(f"Works in {field}", "personal", "occupation", 0.75, "work", value=field)
        employer = found["employer"]
        return [told, *([_employer(thing(employer, 8))] if employer else [])]
    # "i work in retail": a field of work.
    found = _WORKS_IN_FIELD.search(clause)
    if found:
        field = found["field"].lower()
        return [fact(f"Works in {field}", "personal", "occupation", 0.75, "work", value=field)]
    found = re.search(
        r"\bI (?:work|am working)(?: \w+)? (?:at|for) (?!my job\b|home\b)(.+)"
        # "i work in a call centre in glasgow": a place of work
        r"|\bI (?:work|am working)(?: \w+)? in ((?:an?|the) (?!(?:morning|evening|afternoon|day"
        r"|night|week|meantime)\b).+)"
        r"|\bI (?:run|manage|own) (an? (?:\w+ )?(?:business|shop|store|restaurant|cafe|bakery"
        r"|company|firm|bar|pub|salon|gym|studio|farm|practice|agency|startup)\b.*)",
        clause,
        re.I,
    )
    if found:
        said = next(group for group in found.groups() if group)
        return [_employer(thing(said, 8))]
    # "i teach yoga part time": a teacher of the craft, when it is said to be work.
    if taught := _TEACHES_CRAFT.search(clause):
        return [_job(f"{taught['craft'].lower()} teacher", 0.8)]
    # "i teach year 4", "i teach maths at a secondary": a teacher, whatever they teach.
    if re.search(r"\bI (?:teach|am teaching) (?:year|reception|primary|secondary|maths|math"
                 r"|english|science|music|art|history|french|spanish|pe|kids|children|at)\b",
                 clause, re.I):  # fmt: skip
        return [_job("teacher", 0.8)]
    found = re.search(r"\bI retired from (.+)", clause, re.I)
    if found:
        former = thing(found.group(1), 6)
        return [fact(f"Retired from {third_person(former)}", "personal", "occupation", 0.8, "work",
                     value=former)]  # fmt: skip
    found = re.search(r"\bI (?:am studying|study|studied) (.+)", clause, re.I)
    if found:
        subject = thing(found.group(1), 6)
        return [
            fact(
                f"Studies {subject}", "personal", "studies", 0.75, "learning", "work", value=subject
            )
        ]
    return []


_TEACHES_CRAFT = re.compile(
    r"\bI (?:also )?(?:teach|am teaching) (?P<craft>yoga|pilates|piano|guitar|violin|swimming"
    r"|dance|ballet|salsa|spin|zumba|fitness|boxing|karate|judo|tennis|cooking|pottery)"
    # as work, not a pastime ("i teach yoga on sundays")
    r"(?: classes)? (?:part[ -]time|full[ -]time|for a living|professionally|for work)\b",
    re.IGNORECASE,
)
_FIELD = re.compile(
    r"\bI (?:also )?do (?P<field>payroll|accounts|bookkeeping|admin|hr|marketing|sales|recruitment"
    r"|finance|social media|customer service|reception|logistics|security|deliveries"
    r"|web design|graphic design|data entry|it support)\b(?: (?:for|at) (?P<employer>an? [^,.!?]+?"
    r"|[A-Z][^,.!?]+?))?(?=\s+(?:so|and|but)\b|[,.!?]|$)",
    re.IGNORECASE,
)


_WORKS_IN_FIELD = re.compile(
    r"\bI (?:work|am working) in (?P<field>retail|hospitality|it|tech|finance|healthcare|health"
    r"|construction|sales|marketing|education|admin|hr|insurance|banking|logistics|care"
    r"|social care|pharma|accounting|recruitment|customer service|law|publishing|media)\b"
    r"(?!\s+(?:shop|store|company|firm|office|centre|center|department|team)\b)",
    re.IGNORECASE,
)


def _placed(said: str) -> str:
    """ "a care company in manchester" with the place written as a name."""
    what, found, where = said.rpartition(" in ")
    return f"{what} in {place_named(where)}" if found and what else said


# A word before "…er" that says how someone is, not what they do for a living.
_SAYS_HOW = re.compile(
    r"^(?:terrible|awful|bad|good|great|big|huge|emotional|hard|heavy|light|picky|fussy|slow"
    r"|fast|quick|natural|born|total|complete|real|people|team|night|early|late|stress)\b"
)


def _student(said: str, school: str | None) -> ExtractedFact:
    """What they study, not a job: "I am a student (at…)", "i am an engineering major"."""
    subject = re.sub(r"\s*\b(?:student|major|undergrad|undergraduate)$", "", said).strip()
    content = f"Studies {subject}" if subject else "Is a student"
    if school:
        content += f" at {thing(school, 6)}"
    return fact(content, "personal", "studies", 0.75, "learning", "work", value=subject or said)


def _job(job: str, confidence: float) -> ExtractedFact:
    job = _placed(job)  # "a care assistant in leeds": the place written as a name
    return fact(f"Works as {article(job)}", "personal", "occupation", confidence, "work", value=job)


def _employer(employer: str) -> ExtractedFact:
    employer = _placed(employer)  # "a primary school in birmingham": the place as a name
    return fact(f"Works at {employer}", "personal", "employer", 0.8, "work", value=employer)


# How their work goes, said in passing: where they work from, how long, a school they go to,
# a business of their own. Keyed "work:<what>" (About you's work section), beside the job.
_SCHOOL = re.compile(
    r"\bI (?:am going|go|started|am starting|just started) (?:to )?(med|medical|law|nursing|art"
    r"|grad|graduate|business|drama|film|design|cooking|culinary|dental|vet|veterinary|beauty"
    r"|music|flight|driving) school\b",
    re.IGNORECASE,
)
# Not a wish ("i wish i could work from home").
_FROM_HOME = re.compile(
    r"\bI (?!(?:could|would|want|wish|hope|might|should|can|may)\b)(?:\w+ )?work (?:from|at)"
    r" home\b",
    re.IGNORECASE,
)
_HOURS = re.compile(
    r"\bI (?:have to |usually |often |always )?work (?:like |about |around )?(\d{1,2}|twelve"
    r"|ten|eleven|fourteen|sixteen)[ -]hours? (?:a|per|every) (day|week|shift|night)\b",
    re.IGNORECASE,
)
# "my company" is where they work, mostly; a business to start or one they had is none now.
_OWN_BUSINESS = re.compile(
    r"(?<!mind )(?<!start )(?<!starting )(?<!open )(?<!create )(?<!had )\bmy (?:own |small "
    r"|little |family )?(business|shop|restaurant|cafe|salon|bakery|store|studio)\b"
    r"(?! (?:is my business|idea|plan|card|suit|project|trip|class|degree|major))",
    re.IGNORECASE,
)


_DEGREE = re.compile(
    r"\bI(?: am|'m|m)? (?:doing|studying for|working on|in the middle of|finishing) (?:my|a|an)"
    r" (?P<degree>masters?|master's|phd|doctorate|degree|bachelors?|bachelor's|mba|msc)\b"
    r"(?P<rest> (?:in|at|on) [a-zà-ÿ][\w' ]*?)?(?=\s+(?:and|but|so|which)\b|[,.!?]|$)",
    re.IGNORECASE,
)
_NIGHTS = re.compile(
    r"\bI (?:usually |mostly |always |only )?(?:work|do) (?:nights|night shifts?|the night shift"
    r"|nightshifts?)\b|\bI(?:'m| am|m) on (?:nights|night shifts?)\b",
    re.IGNORECASE,
)


def work_life(clause: str) -> list[ExtractedFact]:
    """'i am going to med school', 'i am doing my masters in lisbon', 'i work from home', 'i
    work nights', 'i have to work 12 hours per day', 'my business has suffered': what their
    work or study is like."""
    if degree := _DEGREE.search(clause):
        said = degree["degree"].lower().replace("masters", "master's").replace("phd", "PhD")
        said = _placed(f"{said}{degree['rest'] or ''}")
        return [fact(f"Is doing a {said}", "personal", "studies", 0.75, "learning", "work",
                     value=said)]  # fmt: skip
    if school := _SCHOOL.search(clause):
        kind = school.group(1).lower()
        return [fact(f"Goes to {kind} school", "personal", "studies", 0.75, "learning", "work",
                     value=f"{kind} school")]  # fmt: skip
    found: list[ExtractedFact] = []
    if _FROM_HOME.search(clause):
        found.append(fact("Works from home", "personal", "work:place", 0.7, "work"))
    if _NIGHTS.search(clause):
        found.append(fact("Works nights", "personal", "work:hours", 0.7, "work"))
    if hours := _HOURS.search(clause):
        said = f"Works {hours.group(1)}-hour {hours.group(2).lower()}s"
        found.append(fact(said, "personal", "work:hours", 0.7, "work"))
    if own := _OWN_BUSINESS.search(clause):
        said = f"Runs their own {own.group(1).lower()}"
        found.append(fact(said, "personal", "work:business", 0.7, "work", value=own.group(1)))
    return found
