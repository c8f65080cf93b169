"""Which mission, goal or wish a message tells of: the flow it opens, and the missions
and goals it may name (a deed told in its words, by pointing, or by meaning)."""

from __future__ import annotations

import dataclasses
import re

from django.utils import timezone

from companion.dialogue import (
    COMPLETE_MISSION,
    LIGHT_VERBS,
    Choice,
    ConversationState,
    DialogueContext,
    DialogueState,
    SlotEnv,
    best_choice,
    bought_one,
    by_leading_verb,
    fits_better,
    fits_one,
    fitting,
    half_a_compound,
    measured_one,
    named_by_the_rest,
    named_by_topic_alone,
    names_its_topic_only,
    pointed_one,
    tells_a_bare_past,
    told_in_its_verb,
)
from companion.dialogue.cues import (
    asks_for_goal,
    asks_for_ideas,
    clauses,
    denies_done,
    is_question,
    names_mission,
    not_put_off,
    others_did,
    past_deed,
    plans_ahead,
    put_off,
    refers_back,
    reports_done,
    skips,
    states_goal,
    tells_history,
    wished_aim,
)
from companion.dialogue.deed_phrases import COUNT_ASKED, COUNT_FOR
from companion.dialogue.phrases import (
    ADJUST_WORDS,
    DATE_SAID_AGAIN,
    GOAL_NAMED,
    KEEP_DATE,
)
from companion.dialogue.shortfalls import (
    breaks_without,
    falls_short,
    had_without,
    kept_without,
    put_off_today,
)
from companion.turn.common import TurnDeps
from companion.turn.deed_meaning import clearly_meant, closest, fitting_by_meaning
from delight.ai.embeddings.vectors import Embedder
from delight.models import User
from goals.selectors import flow_choices, habit_choices, missions_done_today

# Asked "Do you mean “A” or “B”?", an answer that names neither in words ("the novel" for
# "Read 20 pages of Things Fall Apart") picks the one its meaning is this close to, this far
# ahead of the other (all-MiniLM-L6-v2 cosines: "the novel" 0.34 vs 0.18; "the book" 0.35
# vs 0.14; "the french one" 0.46 vs -0.02).
MEANT_CLOSE = 0.3
MEANT_LEAD = 0.12
MEANT_WORDS = 12


def meant_choice(dialogue: DialogueState, text: str, embedder: Embedder) -> str:
    """The offered title an answer means when its words name none ("" when none is clear).

    1. Only while a choice between offered titles waits, for an answer of a few words that
       shares no word with any of them.
    2. The answer's and the titles' embeddings: the closest title, when close enough and
       clearly ahead of the next.
    """
    offered = dialogue.offered
    if dialogue.state is not ConversationState.WAITING_FOR_SLOT or len(offered) < 2:
        return ""
    choices = [Choice(index, title) for index, title in enumerate(offered)]
    text = not_put_off(text)  # "the workout lol, glazing is tmrw": the workout
    if best_choice(text, choices) is not None or len(text.split()) > MEANT_WORDS:
        return ""
    ranked = closest(embedder, text, offered)
    (best, first), (second, _) = ranked[0], ranked[1]
    return offered[first] if best >= MEANT_CLOSE and best - second >= MEANT_LEAD else ""


_ADJUST_CUE = re.compile(
    r"\b(?:change|rename|move|push|postpone|adjust|update|edit|extend)\b.*\bgoal\b"
    r"|\bgoal\b.*\b(?:change|rename|move|push|postpone|adjust|update|edit|extend)\b"
    r"|\b(?:call|name)\s+(?:the|my)\s+(?:\w+\s+)?goal\b"  # "call the goal sort my sleep out"
    # "move it to april", "push the date back to october": the goal in focus, by its date.
    r"|\b(?:move|push|postpone|shift|change|make)\s+(?:it|that|the\s+(?:date|deadline))"
    r"(?:\s+back)?\s+(?:to|till|until)\b"
    # "can we make it a 5k instead": the goal in focus, made something else
    r"|\b(?:make|change|turn)\s+it\s+(?:into\s+)?(?:a\s+|an\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+instead\b",
    re.IGNORECASE,
)

# Which one it was, said of a deed already told ("yeah it was the loop one", "that was my
# stretching thing").
SAYS_WHICH_IT_WAS = re.compile(
    r"^\W*(?:(?:yeah|yes|yep|yup|ya|ok|aye)\W+)?(?:it|that|this) was (?:the|my) ", re.IGNORECASE
)
# The share of a mission's words a past deed must name to be taken as that mission done.
WEAK_FIT = 0.25
_POINTS = re.compile(r"\b(?:it|that|this|them)\b", re.IGNORECASE)
# The weight of the words a deed must share with each of two missions to be asked about: a
# word that only those two titles have ("a reading one": "Read 15 pages…", "Read one short…").
PAIR = 0.5
# A deed that names only its goal ("did my spanish") is asked about among that goal's open
# missions when there are at most this many (more would be no question to answer).
TOPIC_CHOICES = 3
# At most this many words, just after a mission was marked, may name another ("squats too").
FOLLOW_WORDS = 6
# A thing told as done by its state ("kitchen counter is clean!!", "the garlic is in the
# ground", "blackout curtains are up", "mat is out in the lounge", "ok NOW its deleted fr"): a
# weak sign of a deed, like the message's act.
_NUMBER = re.compile(r"\d")
_DONE_STATE = re.compile(
    r"\b(?:is|are|'s|s|its|thats)\s+(?:all\s+|finally\s+|now\s+)?(?:clean|spotless|tidy|sorted|planted"
    r"|in the ground|in the water|soaking|booked|paid|posted|ready|up|out|closed|shut|set up"
    r"|done|finished|deleted|sent|fixed|washed|in the bin|cancelled|canceled|bubbling)\b"
    r"(?!\s+(?:for|to|of|with|at|on|in|and)\b)",
    re.IGNORECASE,
)
# A state of the moment, not a deed ("craving now actually. ugh").
# A moment or a judgement, not a further deed ("the breathing bit looks impossible tbh" just
# after a mission was marked).
_MOMENT = re.compile(
    r"\b(?:now|rn|right now|atm|at the moment|currently|looks?|seems?|sounds?|impossible"
    r"|hard|scary|tough)\b",
    re.IGNORECASE,
)
# A wish that may become a goal: offered, not started ("Shall we make that a goal?").
OFFER_GOAL = "offer_goal"
# A deed told short of a mission's number ("read 12 pages" of "Read 20 pages"): no flow, met
# as part of it done.
FELL_SHORT = "fell_short"


def uncounted(text: str) -> str:
    """`text` without its ask to count what it tells ("i walked for like 15 mins, does that
    count": the walk, not “Count your drinks”; "can you mark the email one too": the email;
    "does that count for the walk one": mark the walk one)."""
    asked_for = COUNT_FOR.sub("mark ", text)  # "does that count for the walk one"
    return COUNT_ASKED.sub("", asked_for).strip() or text


def dialogue_context(user: User) -> DialogueContext:
    """What a flow's answers may name: open missions and today's habits not yet done (a
    habit's id says so), and active goals (ids and titles)."""
    missions, goals = flow_choices(user=user)
    habits = habit_choices(user=user, today=user.local_day(timezone.now()))
    return DialogueContext(
        missions=tuple(Choice(*m) for m in missions) + tuple(Choice(*h) for h in habits),
        goals=tuple(Choice(*goal) for goal in goals),
    )


def done_already(
    text: str, choices: DialogueContext, deps: TurnDeps, earlier: tuple[str, ...]
) -> bool:
    """Whether a mission report's words fit a mission done today better than any open one
    it could mark ("picked 5 books!!" after “Pick a daily reading time” was done is not
    “Finish the first book”): then it marks nothing. One she named just before is meant."""
    if any(m.title in said for m in choices.missions for said in earlier):
        return False
    last = deps.session_at_start.get("last_action") or {}
    if last.get("action") == "complete_mission" and SAYS_WHICH_IT_WAS.search(text):
        # "yeah it was the loop one" just after she marked the loop one: that one, unless an
        # open mission fits the words clearly better (then it was that one).
        just = (Choice(last["id"], last["title"]),)
        return fits_better(text, choices.missions, just) is None
    done = tuple(Choice(m.pk, m.title) for m in missions_done_today(user=deps.user))
    return bool(done) and fits_better(text, done, choices.missions) is not None


@dataclasses.dataclass(frozen=True)
class DeedSigns:
    """What a message's words say of a deed: told as the person's own (not asked, denied,
    planned, someone else's or history), reported done, naming a mission, the deed's words
    (strong or weak), a change to a goal, a bare past form."""

    told: bool
    done: bool
    mission: bool
    deed: str
    adjusts: bool
    bare: bool
    measured: bool = False  # a number told ("4200 today so far"), for a mission that counts

    def make_a_flow_possible(self) -> bool:
        signs = (self.done, self.mission, self.deed, self.adjusts, self.bare, self.measured)
        return any(signs)


def deed_signs(text: str, deps: TurnDeps, *, reported: bool) -> DeedSigns:
    """The signs of a deed in a message (flow_to_start's step 2).

    1. A question ("what are today's missions?") or a denial ("the crib isn't even
       finished") reports nothing done; nor does a plan ("step ups tomorrow") or someone
       else's deed ("she did the…"), unless the person's own deed is told in clauses of its
       own ("i texted shu fen today! … she replied with 10 voice notes").
    2. Strong signs: "done" words, a mission named, a past deed ("sanded the side panels").
    3. Weaker signs: the message's act, a few words just after a mission was marked
       ("squats too", "and the quiz"), a thing told done by its state; a skip cancels them,
       a thing kept without ("no coffee after 3 today!") is one.
    """
    deed_told = past_deed(text)
    own = deed_told or text
    told = not (
        is_question(uncounted(text))
        or denies_done(text)
        or plans_ahead(own)
        or others_did(own)
        or tells_history(own)
        or asks_for_ideas(text)
    )
    follows = len(text.split()) <= FOLLOW_WORDS and _marked_one(deps) and not _MOMENT.search(text)
    state = bool(_DONE_STATE.search(text))
    signs = (reported or follows or state) and not skips(text)
    weak = text if signs or kept_without(text) else ""
    deed = (deed_told or weak) if told else ""
    adjusts = bool(
        _ADJUST_CUE.search(text)
        or KEEP_DATE.search(text)  # "hmm actually keep april"
        or DATE_SAID_AGAIN.search(text)  # "wait i said end of june not july"
        or (GOAL_NAMED.search(text) and ADJUST_WORDS.search(text))
    )
    return DeedSigns(
        told=told,
        done=told and reports_done(text),
        mission=told and names_mission(text),
        deed=deed,
        adjusts=adjusts,
        # A past form with no subject ("foam rolled", "tyre pressure checked"): a deed only
        # in the verb of the mission it names.
        bare=told and not deed and tells_a_bare_past(text),
        measured=told and bool(_NUMBER.search(text)),
    )


def flow_to_start(
    text: str,
    intent: str,
    deps: TurnDeps,
    *,
    reported: bool = False,
    earlier: tuple[str, ...] = (),
    elsewhere: bool = False,
) -> tuple[str, DialogueContext]:
    """The flow a message opens ("" for none, OFFER_GOAL for a wish), and the missions and
    goals it may name.

    1. A goal asked for in words ("new health goal: …") or stated whole ("I want to run a
       half marathon in five months because …") opens create_goal.
    2. A mission reported done opens complete_mission when it names one of the person's
       open missions, or says "mission" and "done" ("I've done nothing today" does not); a
       weaker sign (the person's own deed in the past tense, `reported` by the message's act,
       or a few words just after she marked one) only when one mission clearly fits its
       words, or two do (she then asks which). Never a question, a denial, a plan, someone
       else's deed or a skip (deed_signs). A deed told only by pointing back ("k did that
       too") is the one mission that what was said just before (`earlier`, latest first)
       names (mission_flow).
    3. A change to a goal ("move my running goal to May", "my Spanish goal is too soon")
       opens adjust_goal when the person has a goal.
    4. A bare wish ("I want to learn Spanish") is offered as a goal, before the classifier's
       create_goal (which would ask "why?" of a mere wish) opens create_goal.
    5. Otherwise a deed told short of a mission's number is FELL_SHORT (nothing is marked).
    The missions and goals are read only when a sign makes a flow possible. A message that
    surely does something else (`elsewhere`: "ok i need to sleep, tomorrow 4am again.
    tchau") states no goal and makes no wish, unless it asks for a goal in so many words.
    """
    if asks_for_goal(text) or (states_goal(text) and not elsewhere):
        return "create_goal", DialogueContext()
    signs = deed_signs(text, deps, reported=reported)
    short = False
    if signs.make_a_flow_possible():
        choices, short = open_choices(text, dialogue_context(deps.user))
        if choices.missions and (
            started := mission_flow(text, signs, choices, deps, earlier=earlier, reported=reported)
        ):
            return started
        if signs.adjusts and choices.goals:
            return "adjust_goal", choices
    if (aim := wished_aim(text)) and not elsewhere and not only_points(aim):
        return OFFER_GOAL, DialogueContext()
    if intent == "create_goal":
        return "create_goal", DialogueContext()
    return (FELL_SHORT if short else ""), DialogueContext()


def open_choices(text: str, choices: DialogueContext) -> tuple[DialogueContext, bool]:
    """The missions a deed in `text` may mark, and whether it falls short of one.

    1. The mission it clearly names, else those it names in words, else all (it may name
       one by its meaning only): "42 cedis total" falls short of no "Put 50 cedis…" when it
       names "Write down every spend".
    2. A message that falls short of one of them ("did one set" of "Do 3 sets of 10
       squats", "tried to call ewa but…") or breaks one of doing without ("took coffee at
       5am" for "No coffee after 3am") tells of that one: it may mark none.
    3. Set aside the missions of doing without it had ("had a coke" for "No soda today") and
       those it puts off ("the tea i did not drink yet", "glazing is tmrw", "so no run
       today").
    """
    clear = best_choice(text, choices.missions)
    spoken = (
        [clear]
        if clear
        else [m for m in choices.missions if fits_one(text, (m,), 0.0)] or choices.missions
    )
    short = any(falls_short(text, m.title) for m in spoken)
    if short or any(breaks_without(text, m.title) for m in spoken):
        return dataclasses.replace(choices, missions=()), short
    held = _put_off(text, choices.missions)
    kept = tuple(
        m
        for m in choices.missions
        if not (had_without(text, m.title) or put_off_today(text, m.title)) and m not in held
    )
    return dataclasses.replace(choices, missions=kept), short


def mission_flow(
    text: str,
    signs: DeedSigns,
    choices: DialogueContext,
    deps: TurnDeps,
    *,
    earlier: tuple[str, ...],
    reported: bool,
) -> tuple[str, DialogueContext] | None:
    """complete_mission with the missions a deed may mark (one is its referent), or None.

    1. "ok i did the first one" after "A good first one: “Tune it”": that one.
    2. "ok did that, wrote down every time…" just after she named one: that one, whatever
       else the words might fit, unless the message names one itself ("did it. the 5k" just
       after "read 12 pages of the running book").
    3. "did my spanish", naming only a goal: that goal's open missions, and she asks.
    4. Done words and a mission named in its words (the flow's own extraction), or done
       words and "mission".
    5. "the setting up one, i cleared the corner": the one a pointer names.
    6. Else the missions the deed fits by words, by its verb, or by meaning (deed_fit).
    """
    done = signs.done
    if done and (first := _first_named(text, earlier, choices)):
        return _one(first, choices)
    if (
        done
        and refers_back(text)
        and (meant := best_choice(text, choices.missions) or _meant(earlier, choices))
    ):
        return _one(meant, choices)
    if (
        (done or signs.deed)
        and (best := best_choice(text, choices.missions, LIGHT_VERBS))
        and (siblings := _its_goals(text, best, choices))
    ):
        return "complete_mission", dataclasses.replace(choices, missions=siblings, ask=True)
    named = COMPLETE_MISSION.extract(text, SlotEnv(deps.today, choices)).values.get("mission")
    # "mission" and a title's words are a report with a sign of a deed; "those missions are
    # all about a pool tho, i swim in the sea" tells of no deed.
    told_mission = signs.mission and (signs.deed or reported)
    if ((done or told_mission) and named) or (done and signs.mission):
        # "i did the first mission! sorted my old paints": "paint" is the goal's word, not
        # which mission; she asks
        # (a pointer is meant: "does that count for the walk one")
        leaning = best_choice(text, choices.missions)
        ask = (
            leaning is not None
            and not pointed_one(text, choices.missions)
            and _by_topic_alone(text, leaning, choices)
        )
        return "complete_mission", dataclasses.replace(choices, ask=ask)
    if signs.deed and (pointed := pointed_one(text, choices.missions)):
        return _one(pointed, choices)
    if signs.measured and (measured := measured_one(text, choices.missions)):
        return _one(measured, choices)  # "4200 today so far" for "Count your steps…"
    if fit := deed_fit(text, signs, choices, deps, reported=reported):
        # Only the missions the deed fits are offered: "watered them. the peas can wait" is
        # the seedlings, not a question about the peas. One fit by meaning alone shares no
        # word the flow could find it by: it is the one meant ("rang her. talked for an
        # hour" for "Call one relative…").
        # Of several, she asks when only a word of their goal leans to one ("slept 6.5 hrs":
        # the sleep notes or the bedtime log, both a sleep goal's).
        referent = fit[0] if len(fit) == 1 else None
        leaning = best_choice(text, fit) if len(fit) > 1 else None
        ask = leaning is not None and _by_topic_alone(text, leaning, choices)
        several = dataclasses.replace(choices, missions=fit, referent=referent, ask=ask)
        return "complete_mission", several
    return None


def _one(mission: Choice, choices: DialogueContext) -> tuple[str, DialogueContext]:
    return "complete_mission", dataclasses.replace(choices, missions=(mission,), referent=mission)


def deed_fit(
    text: str, signs: DeedSigns, choices: DialogueContext, deps: TurnDeps, *, reported: bool
) -> tuple[Choice, ...]:
    """The missions a deed fits: by its words (or, told by pointing, "i just looked it up,
    the leisure centre has adults only…", by the words after it), by a bare past in a
    mission's verb, else by meaning; of several its words fit alike, the one the whole
    message clearly means."""
    deed = signs.deed
    fit = _fitting(deed, choices, told=text) if deed else ()
    if deed and not fit and (after := _said_after(text, deed)):
        fit = _fitting(after, choices, told=text)
    if (signs.bare or deed) and not fit and (one := told_in_its_verb(text, choices.missions)):
        fit = (one,)
    if deed and not fit:
        # Two close by meaning alone are asked about: the same meaning read again from the
        # whole message is no surer ("ugh couldnt sleep again, slept like 4 hours" had
        # marked "Write down when you went to bed…").
        # "i walked for 15 mins on my break" is not "Walk-run your loop…" by any measure.
        missions = tuple(m for m in choices.missions if not half_a_compound(text, m.title))
        return fitting_by_meaning(
            deed, missions, deps.engine.embedder, told=text, reported=reported
        )
    if len(fit) > 1 and (one := clearly_meant(text, fit, deps.engine.embedder)):
        return (one,)
    return fit


def _put_off(text: str, missions: tuple[Choice, ...]) -> set[Choice]:
    """The missions a clause that plans or denies names, unless another clause names them
    too ("ran today, will run again tomorrow"); with a clause that points back at the rest
    ("bought a card, havent written it yet"), the one the message names."""
    off, pointing = put_off(text)
    if not off:
        return set()
    held = {one for clause in off if (one := best_choice(clause, missions))}
    held -= {one for c in clauses(text) if c not in off and (one := best_choice(c, missions))}
    if pointing and (named := best_choice(text, missions)):
        held.add(named)
    return held


def _said_after(text: str, deed: str) -> str:
    """What follows a deed told by pointing ("looked it up"), when it is one clause."""
    at = text.lower().find(deed)
    return text[at + len(deed) :] if at >= 0 and _POINTS.search(deed) else ""


def _fitting(deed: str, choices: DialogueContext, *, told: str = "") -> tuple[Choice, ...]:
    """The one mission that clearly fits the deed's words, or the two or more that do (she
    then asks which); () when none does."""
    missions = choices.missions  # none when the message falls short of one (flow_to_start)
    # A deed named only by a common verb ("looked at my phone") fits no mission by it.
    one = fits_one(deed, missions, WEAK_FIT, LIGHT_VERBS) or bought_one(deed, missions)
    if one and not _by_topic_alone(deed, one, choices):
        return (one,)
    close = fitting(deed, missions, PAIR)
    led = by_leading_verb(deed, missions)
    if led and (len(close) < 2 or led in close):
        return (led,)
    if len(close) > 1 and (told_one := named_by_the_rest(deed, told, close)):
        # The deed fits several; the rest of the message says which ("did the chords thing,
        # G C and D": the one with G, C and D).
        return (told_one,)
    return tuple(close) if len(close) > 1 else ()


def _by_topic_alone(deed: str, one: Choice, choices: DialogueContext) -> bool:
    """Whether the deed names `one` only by words of its goal ("slept 6.5 hrs" of a sleep
    goal's "Review your sleep notes for the week")."""
    goal = next((g for g in choices.goals if g.id == one.goal), None)
    return goal is not None and named_by_topic_alone(deed, one, goal.title)


def _its_goals(deed: str, one: Choice, choices: DialogueContext) -> tuple[Choice, ...]:
    """The open missions of the goal `one` serves, when the deed names `one` only by its
    goal's words ("did my spanish": the Duolingo lesson or the Spanish podcast, she asks);
    () otherwise, or when the goal has no other open mission."""
    goal = next((g for g in choices.goals if g.id == one.goal), None)
    if goal is None or not names_its_topic_only(deed, one, goal.title):
        return ()
    siblings = tuple(m for m in choices.missions if m.goal == one.goal)
    return siblings if 1 < len(siblings) <= TOPIC_CHOICES else ()


# A wish whose aim is only "it" or "that" ("i'd like to get back into it", with nothing said
# before it to name): no goal to offer by that name.
# An aim that only points ("i want to do it"), once a clause of when or why is set aside
# ("write down my mother's recipes before i forget them" names what it wants).
_PRONOUN_ONLY = re.compile(r"\b(?:it|that|this|them)\W*$", re.IGNORECASE)
_WHEN_OR_WHY = re.compile(
    r"\s+(?:before|after|until|till|when|while|because|since|so|if|once)\s.*$", re.IGNORECASE
)


def only_points(aim: str) -> bool:
    return bool(_PRONOUN_ONLY.search(_WHEN_OR_WHY.sub("", aim)))


_THE_FIRST = re.compile(r"\bthe first (?:one|thing|mission)\b", re.IGNORECASE)
# "A good first one: “X”", or the first of a list she gave ("On your list today: X; Y; Z.").
_FIRST_OFFERED = re.compile(r"\bfirst one: “([^”]+)”|^On your list today: ([^;]+?)(?:;|\.\s)")


def _first_named(text: str, earlier: tuple[str, ...], choices: DialogueContext) -> Choice | None:
    """The mission she just called "a good first one", or listed first, when the person says
    they did "the first one"."""
    if not _THE_FIRST.search(text):
        return None
    for said in earlier:
        if named := _FIRST_OFFERED.search(said):
            title = named.group(1) or named.group(2)
            return next((m for m in choices.missions if m.title == title), None)
    return None


def _meant(earlier: tuple[str, ...], choices: DialogueContext) -> Choice | None:
    """The mission the latest of the messages said before names, if one does. A message
    that lists several ("On your list today: A; B; C") names none of them. Her replies name
    a mission by its title in quotes: their other words ("from a wish into a plan") name
    none."""
    for said in earlier:
        listed = [m for m in choices.missions if m.title.lower() in said.lower()]
        if len(listed) > 1:
            return None
        if listed:
            return listed[0]
        if not _QUOTED.search(said) and (found := best_choice(said, choices.missions)):
            return found
    return None


_QUOTED = re.compile(r"“[^”]+”")


def _marked_one(deps: TurnDeps) -> bool:
    """Her last action in this conversation marked a mission done."""
    last = deps.session_at_start.get("last_action") or {}
    return last.get("action") == "complete_mission"
