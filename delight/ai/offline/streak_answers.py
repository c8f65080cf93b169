"""Questions about the person's streaks, answered from their streak note, whose line a
model reads as

    Streak: 5 days in a row; longest 9; strength 42%; freezes held 1; consistency 64% rising;
    health 3; growth 2

(the consistency part — the last ended day's index and its 30-day direction — only once a
day has ended since the person joined).

"What's my streak?" → "You're on a 5-day streak — your longest is 9 days. …" Every number
comes from the note, which the turn wrote from the person's own days; a streak that is
resting is said kindly, never as a loss.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from delight.ai.text import asks

_ASKS = re.compile(
    r"\b(?:streaks?|in a row|consecutive|how consistent|consistency|habit strength)\b", re.I
)
_CONSISTENCY = re.compile(r"\b(?:consistent|consistency|habit strength)\b", re.I)
TRENDS = ("rising", "steady", "easing")
DAY_ONE = "Day one of your streak: a mission done today, and tomorrow makes two."
VERY_SAD = 0.7  # seed 000: sadness above this shows the person their progress


@dataclass(frozen=True)
class StreakNote:
    current: int
    longest: int
    strength: int  # percent, 0 to 100
    freezes: int
    categories: tuple[tuple[str, int], ...] = ()  # (value category, current days), busiest first
    consistency: int | None = None  # the last ended day's consistency index, percent
    trend: str = "steady"  # its direction over 30 days: one of TRENDS


def streak_line(note: StreakNote) -> str:
    """The line's text after "Streak: " (see the module docstring)."""
    categories = "".join(f"; {name} {days}" for name, days in note.categories)
    consistency = (
        f"; consistency {note.consistency}% {note.trend}" if note.consistency is not None else ""
    )
    return (
        f"{note.current} day{'s' if note.current != 1 else ''} in a row; longest {note.longest}; "
        f"strength {note.strength}%; freezes held {note.freezes}{consistency}{categories}"
    )


def asks_about_streak(text: str) -> bool:
    """Whether a message asks about their streak or how consistent they have been."""
    return bool(_ASKS.search(text) and asks(text))


def names_streak(text: str) -> bool:
    """Whether a message speaks of their streak, asked or not ("streak", "is my streak still
    alive")."""
    return bool(_ASKS.search(text))


# "whats a streak even for", "how do streaks work": what one is, not how long theirs is.
_WHAT_IS = re.compile(
    r"\bwhat(?:'?s| is| are) (?:a |the )?streaks?\b(?! now| at| today| so far| like| on)"
    r"|\bhow do(?:es)? (?:the |a )?streaks? work\b|\bstreaks? (?:even )?for\b",
    re.IGNORECASE,
)
STREAK_EXPLAINED = (
    "A streak counts the days in a row you finish at least one mission, on your own clock. "
    "It's there to make showing up visible, not to punish a miss: the habit strength beside "
    "it drops only a little for one missed day, and a freeze can cover a day off."
)


# "can i do them at night tho i finish at like 11pm", "does it count if i do it after
# midnight": whether a late mission still counts for the day.
_LATE = re.compile(
    r"\b(?:do|finish|tick off) (?:them|it|these|missions?|my missions?|the missions?)"
    r" (?:at night|late|after (?:work|my shift|midnight|\d+(?:pm)?)|before bed|in the evenings?)"
    r"|\bcounts? if i (?:do|finish) (?:it|them) (?:late|at night|after midnight)",
    re.IGNORECASE,
)
LATE_EXPLAINED = (
    "Yes: any hour of your day counts. Your day runs on your own clock and ends only when "
    "your next one begins (you can set when your day starts in Settings), so a mission done "
    "after a late shift still counts for today."
)


def streak_answer(text: str, note: StreakNote | None, *, asked: bool = False) -> str:
    """The answer to a question about streaks ("" when it is no such question).

    1. No streak note, or not a question about streaks (unless the turn knows it was
       `asked`): no answer.
    2. Nothing credited yet: how a streak starts.
    3. A resting streak (0 today): the longest, and that one mission starts the next.
    4. A live streak: its length, the longest, the categories under way (unless one, as
       long as the streak), freezes held; its first day said as one.
    5. Always the habit strength, which one missed day never makes zero; asked how
       consistent they are, the consistency index leads (the strength, in words, before
       the first day has ended).
    """
    if _WHAT_IS.search(text):
        return STREAK_EXPLAINED
    if _LATE.search(text):
        return LATE_EXPLAINED
    if note is None or not (asked or asks_about_streak(text)):
        return ""
    if _CONSISTENCY.search(text) and note.longest:
        return _consistency(note)
    if note.longest == 0:
        return (
            "You haven't started a streak yet. Finish one mission today and day one begins — "
            "it counts on your own clock."
        )
    if note.current == 0:
        parts = [
            f"Your streak is resting right now; your longest so far is {_days(note.longest)}. "
            "One finished mission today starts a new one."
        ]
    else:
        longest = (
            "your best yet"
            if note.current >= note.longest
            else (f"your longest is {_days(note.longest)}")
        )
        parts = [
            DAY_ONE if note.current == note.longest == 1
            else f"You're on a {note.current}-day streak — {longest}."
        ]  # fmt: skip
        kinds = [(name, days) for name, days in note.categories if days]
        going = [f"{name} {_days(days)}" for name, days in kinds]
        # One kind as long as the streak itself ("health 1 day" of a 1-day streak) says no more.
        if going and (len(kinds) > 1 or kinds[0][1] != note.current):
            parts.append(f"By kind: {', '.join(going)}.")
        if note.freezes:
            held = "a freeze" if note.freezes == 1 else f"{note.freezes} freezes"
            parts.append(f"You hold {held}, so a missed day won't break it.")
    parts.append(f"Your habit strength is {note.strength}% — one missed day never wipes it out.")
    return " ".join(parts)


def _consistency(note: StreakNote) -> str:
    """How consistent they have been: the index and its direction, or the strength in
    words, then the streak."""
    now = (
        f"You've kept it up {_days(note.current)} in a row."
        if note.current
        else f"You're between streaks; your longest was {_days(note.longest)}."
    )
    if note.consistency is not None:
        direction = {
            "rising": "and rising over the last month",
            "easing": "a quieter stretch lately, and one mission lifts it",
        }.get(note.trend, "and steady over the last month")
        return (
            f"Your consistency for the last full day was {note.consistency}% — {direction}. "
            f"Habit strength {note.strength}%. {now}"
        )
    how = (
        "steady and strong"
        if note.strength >= 70
        else "building nicely"
        if note.strength >= 40
        else "just getting started"
    )
    return f"Your consistency is {how}: habit strength {note.strength}%. {now}"


def _days(count: int) -> str:
    return f"{count} day{'s' if count != 1 else ''}"


def encouragement(note: StreakNote | None) -> str:
    """A gentle look at what they have built, for a heavy moment (seed 000: sadness above
    0.7 shows progress to encourage); "" when there is nothing built yet to show."""
    if note is None or not note.longest:
        return ""
    built = (
        f"{_days(note.current)} in a row right now"
        if note.current
        else f"a streak of {_days(note.longest)} behind you"
    )
    return (
        f"When it feels heavy, it may help to remember what you've built: {built}, and a "
        f"habit strength of {note.strength}% that a hard day doesn't erase."
    )
