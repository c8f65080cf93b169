"""What a habit's reminder says (data, and the function that picks from it): the habit by
its own name, and what a tick today keeps or starts; never a number the person did not earn."""

from __future__ import annotations

from goals.selectors.habits import HabitReminder

TITLE = "{title}: a small tick for today"
STREAK = {
    "days": "You're on {n} days in a row. A tick today keeps it going.",
    "weeks": "You've kept it {n} weeks running.",
}
# One of each, said as one ("1 days in a row" was seen in a reminder).
STREAK_ONE = {
    "days": "You're on 1 day in a row. A tick today makes it two.",
    "weeks": "You've kept it 1 week so far.",
}
FIRST_DAY = "Today can start a streak. It only takes a moment."
WEEK = "{done} of {needed} this week so far."
ONE_MORE_THIS_WEEK = "One more this week keeps your week."
AIM = "Aim: {target}."


def reminder_words(reminder: HabitReminder) -> tuple[str, str]:
    """(title, body) of the reminder."""
    habit, streak = reminder.habit, reminder.streak
    parts = []
    if reminder.week_done is not None:
        needed = habit.times_per_week or 1
        parts.append(WEEK.format(done=reminder.week_done, needed=needed))
        if needed - reminder.week_done == 1:
            parts.append(ONE_MORE_THIS_WEEK)
    if streak.current:
        said = STREAK_ONE if streak.current == 1 else STREAK
        parts.append(said[streak.unit].format(n=streak.current))
    elif reminder.week_done is None:
        parts.append(FIRST_DAY)
    if habit.target is not None:
        parts.append(AIM.format(target=" ".join(filter(None, [str(habit.target), habit.unit]))))
    return TITLE.format(title=habit.title), " ".join(parts)
