"""What Eliza says of habits made and reminders set by chat (data, apart from the logic in
companion/turn/habits.py)."""

from __future__ import annotations

OFFER = "Shall I make “{title}” a habit, {how}? You'd tick it off on Today, with one tap."
MADE = "Done: “{title}” is one of your habits now, {how}. Tick it on Today when it's done."
# Said after MADE when no reminder was asked for with the yes.
REMIND_TIP = "Want a reminder? Tell me a time, like “remind me at 7:30”."
MADE_FAILED = "I couldn't add it just now: you can add it on your Habits page."
REMINDED = (
    "Done: I'll remind you of “{title}” at {at} on your clock, on the days it asks for, unless "
    "it's done already."
)
REMINDER_TOO = "I'll remind you at {at} on your clock, unless it's done already."
REMINDED_FAILED = "I couldn't set that reminder just now: you can add it on the habit's page."
QUIET_HELD = (
    "That's in your quiet hours, so it comes when they end, at {end}: you can change them in "
    "Settings."
)
WHICH_REMINDED = "Happy to remind you at {at}. Which habit is it for: {titles}?"
