"""What the goals app announces (delight.events): sent once the change has committed."""

from __future__ import annotations

from django.dispatch import Signal

# A goal's plan was saved. Facts: goal (Goal), description (str: the plan in one sentence).
plan_saved = Signal()

# A mission session ended. Facts: session (MissionSession, with its mission), notes and
# reflection (str, what the person wrote; either may be "").
session_ended = Signal()

# A mission was completed (once: completing twice is refused). Facts: mission (Mission, with
# its user and goal), at (aware datetime).
mission_completed = Signal()

# A mission's completion was taken back (the person said they had not done it yet): it is
# open again and its day's activity is gone. Facts: mission (Mission, with its user; its
# `reopened` counts this one), at (aware datetime).
mission_reopened = Signal()

# A goal was marked completed. Facts: goal (Goal, with its user), at (aware datetime).
goal_completed = Signal()

# A streak reached a milestone (7, 14, 30, 100 or 365 days), announced once. Facts: user
# (User), category (str, "" for the overall streak), days (int), reached_on (date).
streak_milestone = Signal()

# Eliza noticed something new in a person's progress (goals.progress.insights), announced
# once per insight key. Facts: user (User), kind (str, a ProgressInsight.Kind value), key
# (str, what makes it new: "trend:2026-W10"), text (str, the words the person reads).
insight_found = Signal()

# Past activity was imported (Loop Habit Tracker, a JSON list) and added at least one event.
# Facts: user (User), first_date (date: the earliest local date it added; whatever is
# counted per day from then on, such as the consistency index, is out of date).
history_imported = Signal()

# The person did something meaningful (a message to Eliza, a mission started or finished, a
# focus session), announced for every one. Facts: user (User), kind (str, an
# ActivityEvent.Kind value), at (aware datetime), returning (bool: it ends an absence of
# selectors.AWAY_AFTER or more, with a mission done before it; selectors.activity_ends_absence).
activity = Signal()

# A person's progress was counted again after their habit days changed (the recount job,
# goals.services.recount: once for a burst of ticks, never in the request). Facts: user
# (User).
progress_recounted = Signal()

# A day of a habit became done (ticked, or a skip turned into done; today or a past day).
# Facts: habit (Habit, with its user), day (date: the person's day it was done on), at
# (aware datetime: when it was ticked).
habit_done = Signal()

# A day of a habit is no longer done (unticked, or changed to skipped). Facts: habit (Habit,
# with its user), day (date).
habit_undone = Signal()

# A habit's own streak is at a milestone (goals.services.recount.HABIT_MILESTONES of its
# unit), announced by the person's recount while it is (a receiver keeps it once: the start
# and length make its key). Facts: habit (Habit, with its user), length (int), unit (str:
# "days" or "weeks"), started_on (date: the streak's first day, or its first week's Monday;
# with the length, what makes the milestone one).
habit_milestone = Signal()
