"""What a note says once it gathers several of its kind (nudges.services.notification_give):
the title counts them, the body is the latest one's."""

from __future__ import annotations

# By notification kind: the title of a note that holds `n` (2 or more) of them.
GATHERED_TITLES = {
    "story": "{n} new passages of your story",
    "insight": "Eliza noticed {n} things",
    "milestone": "{n} streak milestones reached",
    "highlight": "{n} highlight reels to see",
    "plan_ready": "{n} plans ready for your review",
    "quest": "{n} hidden quests found",
}
# Its body, from the latest one's title and body: a passage's opening, an insight's words,
# the latest milestone or reel by its title.
GATHERED_BODIES = {
    "story": "{body}",
    "insight": "{body}",
    "milestone": "The latest: {title}",
    "highlight": "The latest: {title}",
    "plan_ready": "The latest: {title}",
    "quest": "The latest: {title}",
}
