"""Plan templates for connection goals (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "friends",
        "connection",
        (r"friend", r"lonel", r"social", r"\bmeet\b", r"community", r"volunteer"),
        (
            (
                "Look around",
                "Who is already in your life.",
                (
                    ("List five people you would like to see more", 10, "low"),
                    ("Find one group or event near you", 15, "low"),
                ),
            ),
            (
                "Reach out",
                "Small, warm steps.",
                (
                    ("Send a friendly message to one person", 10, "low"),
                    ("Invite someone for a coffee or a walk", 10, "medium"),
                ),
            ),
            (
                "Show up",
                "Be there in person.",
                (
                    ("Go to one group event or meetup", 30, "high"),
                    ("Ask someone a question about their life and listen", 20, "medium"),
                ),
            ),
            (
                "Keep in touch",
                "Friendships grow with rhythm.",
                (
                    ("Set a monthly reminder to check in with people", 10, "low"),
                    ("Plan a shared activity", 20, "medium"),
                ),
            ),
        ),
    ),
    Template(
        "family",
        "connection",
        (
            r"family",
            r"partner|\bwife\b|husband|girlfriend|boyfriend|date night",
            r"\bkids?\b",
            r"children",
            r"parent",
            r"\bmom\b|\bdad\b",
            r"marri",
        ),
        (
            (
                "Notice the moments",
                "Where connection already happens.",
                (
                    ("Write down when you last felt close to them", 10, "low"),
                    ("Ask what they would enjoy doing together", 10, "low"),
                ),
            ),
            (
                "Make time",
                "Protected time, together.",
                (
                    ("Block one evening a week for each other", 10, "low"),
                    ("Share a meal without phones", 30, "medium"),
                ),
            ),
            (
                "Deepen",
                "Listen, appreciate, share.",
                (
                    ("Tell them one thing you appreciate about them", 10, "low"),
                    ("Plan a small surprise", 20, "medium"),
                    ("Have a real conversation about a hope or worry", 30, "high"),
                ),
            ),
            (
                "Keep the ritual",
                "Make it part of life.",
                (
                    ("Review what you enjoyed together this month", 15, "low"),
                    ("Choose your next shared plan", 15, "medium"),
                ),
            ),
        ),
    ),
)
