"""What keeps a deed from counting for a mission: told short of its number, a try that did
not come off, a ceiling gone over, or the very thing a mission of doing without forbids."""

from __future__ import annotations

import re

from companion.dialogue.phrases import NUMBER_WORDS
from delight.ai.offline.kindness_words import HALTED, ONLY_TRIED

# Numbers in words, without the articles ("like a young man" counts nothing).
_COUNT_WORDS = [w for w in NUMBER_WORDS if w.isalpha() and w not in ("a", "an")]
# Words that tell a deed stopped short of its number ("got to 12", "only managed 2"); "like"
# only as a hedge before a number ("got like 4"), not a likeness ("felt like a young man").
_SHORT = re.compile(
    r"\b(?:got to|only|managed|made it to|gave up|stopped at|as far as)\b"
    r"|\blike\s+(?=(?:\d+|" + "|".join(_COUNT_WORDS) + r")\b)"
    r"|\bwell,?\s+(?=\d)",  # a figure put right: "put money in the jar now. well 3k"
    re.IGNORECASE,
)
# A number, with thousands written out or short ("5,000", "3k").
_COUNT = re.compile(r"\b(\d{1,3}(?:,\d{3})+|\d+)(k)?\b", re.IGNORECASE)
# A number and the word it counts ("2 hand studies", "one set", "3 sets of 10").
_COUNTED = re.compile(
    r"\b(\d+|" + "|".join(w for w in NUMBER_WORDS if w.isalpha() and len(w) > 2) + r")"
    r"\s+([a-z]{3,})",
    re.IGNORECASE,
)


def _counted(text: str) -> dict[str, int]:
    """What a text counts, by the counted word's stem ("3 sets of 10" -> {"set": 3})."""
    found: dict[str, int] = {}
    for number, word in _COUNTED.findall(text):
        amount = int(number) if number.isdigit() else NUMBER_WORDS[number.lower()]
        found.setdefault(word.lower().rstrip("s")[:5], amount)
    return found


def falls_short(text: str, title: str) -> bool:
    """A deed told as less than the mission's number ("got to 12 and my arms gave up" for
    "Do 20 push-ups"; "did one set" for "Do 3 sets of 10 squats"; "did 2 hand studies" for
    "Draw 3 hand studies"), a try that did not come off, or one stopped partway ("fell asleep
    halfway"): tried, not done."""
    if (ONLY_TRIED.search(text) or HALTED.search(text)) and not _CAME_OFF.search(text):
        return True
    if _LIMIT.search(title):
        # "Smoke no more than 5 cigarettes": less is the point, more breaks it ("coffee 4"
        # for "Max 3 cups of coffee").
        return _over_limit(text, title)
    if _SHORT.search(text) and any(int(a) < int(b) for a, b in _PART_OF.findall(text)):
        return True  # "only got like 4 panels out of 12"
    if _HALF.search(text):
        return True  # "did the seated ones but only half the sheet"
    # A time of day is no number to reach ("tea at 10:30", "no screens after 11pm"), nor
    # one denied ("read 12 pages. not 20").
    said = _numbers(_NOT_NUMBER.sub(" ", _CLOCK.sub(" ", text)), short_thousands=True)
    asked = _numbers(_CLOCK.sub(" ", title))
    if said and asked and max(said) >= max(asked):
        return False  # "the other 8 push ups… so thats 20 total"
    if _SHORT.search(text) and said and asked:
        return True
    wanted = _counted(title)
    return any(stem in wanted and n < wanted[stem] for stem, n in _counted(text).items())


def _numbers(text: str, *, short_thousands: bool = False) -> list[int]:
    """The numbers in `text`, "5,000" as 5000; "3k" as 3000 where `short_thousands` (said
    of money in a message), else not read ("couch to 5k" in a title is a distance)."""
    return [
        int(n.replace(",", "")) * (1000 if k else 1)
        for n, k in _COUNT.findall(text)
        if short_thousands or not k
    ]


# Half of it done: "only half the sheet", "did half the questions", "half of it".
_HALF = re.compile(r"\b(?:only|just|did|got through|managed)\s+(?:like\s+)?half\b", re.I)
_NOT_NUMBER = re.compile(r"\bnot\s+(?:even\s+)?\d+\b", re.IGNORECASE)
# A part of a whole counted: "4 panels out of 12", "3 of 5".
_PART_OF = re.compile(r"\b(\d+)\s+(?:[a-z]+\s+)?(?:out\s+of|of)\s+(?:the\s+)?(\d+)\b", re.I)
_NUMBER = r"(\d+|" + "|".join(w for w in NUMBER_WORDS if w.isalpha()) + r")"


def _amounts_of(text: str, things: set[str]) -> list[int]:
    """The amounts said of a thing, by its words' first four letters: just before one ("4
    cups", "2 beers") or just after it ("coffee 4", "beer: one"; not "zero beer, one tea")."""
    plain = _CLOCK.sub(" ", text.lower())
    said = re.findall(rf"\b{_NUMBER}\s+([a-z]+)|\b([a-z]+)\s*[:=-]?\s*{_NUMBER}\b", plain)
    return [
        int(n) if n.isdigit() else NUMBER_WORDS.get(n, 0)
        for before, thing, named, after in said
        for n, word in ((before, thing), (after, named))
        if n and word[:4] in things
    ]


def _over_limit(text: str, title: str) -> bool:
    """An amount of the limited thing over the title's ceiling ("coffee 4" for "Max 3 cups of
    coffee")."""
    ceiling = _numbers(_CLOCK.sub(" ", title))
    things = {w[:4] for w in re.findall(r"[a-z]{3,}", title.lower())} - {"more", "less"}
    return bool(ceiling) and any(n > max(ceiling) for n in _amounts_of(text, things))


def had_without(text: str, title: str) -> bool:
    """Something had, told with no word of going without ("had a coke"), which a mission of
    doing without ("No soda today") can never be: it is no deed of that mission's."""
    return bool(
        _WITHOUT_TITLE.match(title) and _HAD.search(text) and not _WENT_WITHOUT.search(text)
    )


def breaks_without(text: str, title: str) -> bool:
    """A mission of doing without told broken: its thing had ("took coffee at 5am to stay
    awake" for "No coffee after 3am", "had some rice from my officemate's plate"), its verb
    done ("i ordered koshary" for "Don't order delivery today"), or what it is instead of
    done ("I bought rice from mama put" for "Eat home food instead of buying lunch"), with no
    word of going without ("no coffee after 3 today", "tea instead", "didn't buy")."""
    if _did_instead(text, title):
        return True
    kept = _WITHOUT_TITLE.match(title)
    if kept is None:
        return False
    thing = kept["thing"][:4].lower()
    if any(n >= 1 for n in _amounts_of(text, {thing})):
        return True  # "beer: one." for "No beer on weekdays"
    if _WENT_WITHOUT.search(text):
        return False
    if _done_verb(text, kept["thing"]):
        return True
    if not had_without(text, title):
        return False
    return re.search(rf"\b{re.escape(thing)}", text.lower()) is not None


# What a mission is instead of: "Cook lunch at home instead of buying" (buy).
_INSTEAD_OF = re.compile(r"\binstead of (?P<verb>[a-z]{3,}?)(?:ing)\b", re.IGNORECASE)
# Past forms a verb's stem does not make.
_IRREGULAR = {
    "buy": ("bought",), "eat": ("ate", "eaten"), "drink": ("drank", "drunk"), "take": ("took",),
    "get": ("got",), "have": ("had",), "spend": ("spent",),
}  # fmt: skip


def _done_verb(text: str, verb: str, *, present: bool = False) -> bool:
    """`verb` said done in the past ("ordered"), or with `present` as some write it too ("i
    buy empanada"; a doing-without title's thing may be a noun: "coffee" is no deed), and
    not denied just before ("didn't buy", "no buying")."""
    verb = verb.lower()
    forms = {f"{verb}ed", f"{verb}d", f"{verb}ing", *_IRREGULAR.get(verb, ())}
    forms |= {verb, f"{verb}s"} if present else set()
    said = "|".join(re.escape(form) for form in sorted(forms))
    plain = text.lower().replace("\u2019", "'")
    return bool(re.search(rf"\b(?:{said})\b", plain)) and not re.search(
        rf"\b(?:didn'?t|did not|don'?t|do not|not|never|no|without)\s+(?:\w+\s+)?(?:{said})\b",
        plain,
    )


def _did_instead(text: str, title: str) -> bool:
    """What the mission is instead of, done and not denied ("i bought rice" for "Eat home
    food instead of buying lunch"; not "didn't buy anything")."""
    instead = _INSTEAD_OF.search(title)
    return instead is not None and _done_verb(text, instead["verb"], present=True)


def put_off_today(text: str, title: str) -> bool:
    """A mission said not done today in a few words of its own ("so no run today. no way.",
    "run no today", "the strumming i don't do today"): no deed of it. Not a day kept
    without the thing of a mission of doing without ("no soda today" for "No soda today")."""
    if _WITHOUT_TITLE.match(title):
        return False
    named = {w[:4] for w in re.findall(r"[a-z]{3,}", title.lower())} - _LIGHT
    for clause in re.split(r"[.!?;,]+", text.lower()):
        if _NOT_TODAY.search(clause):
            words = {w[:4] for w in re.findall(r"[a-z]{3,}", _NOT_TODAY.sub(" ", clause))}
            if words & named:
                return True
    return False


_NOT_TODAY = re.compile(
    r"^\W*(?:so\s+|and\s+|but\s+)?no\s+(?=[a-z]+\s+(?:today|tonight)\b)"
    r"|\bno\s+(?:today|tonight)\b"
    r"|\b(?:don'?t|do not|won'?t|will not|not gonna|not going to)\s+(?:do\s+)?(?:it\s+)?"
    r"(?:today|tonight)\b",
    re.IGNORECASE,
)
# Words of a title too common to name it.
_LIGHT = {"with", "the", "for", "and", "your", "one", "some", "today", "minu", "time"}


def kept_without(text: str) -> bool:
    """A day kept without something told ("no coffee after 3 today!", "zero soda all day"):
    a sign of a mission of doing without done."""
    return bool(_KEPT_WITHOUT.search(text))


_KEPT_WITHOUT = re.compile(
    r"^\W*(?:(?:ok|so|and|also|yay)\W+)?(?:no|zero|0|not a single|not one)\s+[a-z]+\b"
    r"(?=[^.!?]*\b(?:today|all day|tonight|since|after|this (?:morning|afternoon|evening)))",
    re.IGNORECASE,
)
# A mission of doing without, and its thing: "No rice on my break meal", "Avoid sugary drinks".
_WITHOUT_TITLE = re.compile(
    r"^\s*(?:no|zero|avoid|skip|stay off|cut out|do not|don'?t)\s+"
    r"(?:(?:eat|drink|have|use|buy|touch)\s+)?(?P<thing>[a-z]{3,})",
    re.IGNORECASE,
)
_WENT_WITHOUT = re.compile(
    r"\b(?:no|not|never|didn'?t|didnt|did not|without|avoided|skipped|resisted|stayed off|zero"
    r"|none|instead|held off|kept off)\b",
    re.IGNORECASE,
)
_HAD = re.compile(r"\b(?:had|took|ate|drank|drunk|smoked|bought|grabbed|caved|gave in)\b", re.I)


_CLOCK = re.compile(r"\b\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)\b|\b\d{1,2}[:.]\d{2}\b", re.IGNORECASE)
# A title whose number is a ceiling, not a target.
_LIMIT = re.compile(
    r"\b(?:no more than|at most|max(?:imum)?|under|less than|fewer than|below)\b", re.IGNORECASE
)
# A try that came off after all ("it destroyed me but i finished it").
_CAME_OFF = re.compile(
    r"\bbut (?:i )?(?:finished|did it|managed|got (?:it|there)|made it|nailed|done)\b",
    re.IGNORECASE,
)
