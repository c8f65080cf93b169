"""The plan for a goal no template's cues match: a sound general plan per value category."""

from __future__ import annotations

from goals.planning.plans import Stage

# When no cue matches: a sound general plan for the goal's value category.
CATEGORY_DEFAULTS: dict[str, tuple[Stage, ...]] = {
    "health": (
        (
            "Know your starting point",
            "An honest look at where you are.",
            (
                ("Write down why {goal} matters to you", 10, "low"),
                ("Note your current habits around {goal}", 15, "low"),
            ),
        ),
        (
            "First small habit",
            "One change you can keep.",
            (
                ("Choose one tiny daily habit toward {goal}", 10, "low"),
                ("Do a 20-minute session toward {goal}", 20, "medium"),
            ),
        ),
        (
            "Build momentum",
            "Regular, gently harder.",
            (
                ("Do a 30-minute session toward {goal}", 30, "high"),
                ("Prepare what tomorrow's session needs", 10, "low"),
                ("Stretch and recover", 15, "low"),
            ),
        ),
        (
            "Check progress",
            "Look back, adjust, celebrate.",
            (
                ("Compare with your starting point", 15, "low"),
                ("Choose the next step up", 10, "low"),
            ),
        ),
    ),
    "craft": (
        (
            "Define the piece",
            "What will exist when you are done.",
            (
                ("Describe the finished result of {goal} in a paragraph", 15, "low"),
                ("Collect three examples you admire", 20, "low"),
            ),
        ),
        (
            "Learn the skills",
            "The techniques the piece needs.",
            (
                ("List the skills {goal} needs", 15, "medium"),
                ("Practise the skill you are least sure of", 25, "medium"),
            ),
        ),
        (
            "Make a first version",
            "Rough and complete.",
            (
                ("Work on the first version for 30 minutes", 30, "high"),
                ("Work on the next part", 30, "high"),
                ("Write down what is not working yet", 10, "low"),
            ),
        ),
        (
            "Refine and share",
            "Improve it, then show it.",
            (
                ("Improve the weakest part", 25, "high"),
                ("Show it to someone and ask for one piece of feedback", 15, "medium"),
            ),
        ),
    ),
    "growth": (
        (
            "Understand the goal",
            "What success means.",
            (
                ("Write what {goal} will change for you", 10, "low"),
                ("Find one good resource on it", 20, "low"),
            ),
        ),
        (
            "Learn the basics",
            "Steady, small sessions.",
            (
                ("Study for 25 minutes and take notes", 25, "medium"),
                ("Summarise what you learned in three sentences", 10, "low"),
            ),
        ),
        (
            "Practise",
            "Use it, not just read it.",
            (
                ("Apply what you learned to a real situation", 30, "high"),
                ("Reflect on what was hard", 10, "low"),
            ),
        ),
        (
            "Review",
            "Consolidate and plan the next step.",
            (
                ("Review your notes from the start", 20, "medium"),
                ("Decide the next thing to learn", 10, "low"),
            ),
        ),
    ),
    "connection": (
        (
            "Reflect",
            "Who and why.",
            (
                ("Write who {goal} is about and why it matters", 10, "low"),
                ("Recall a good moment you shared", 10, "low"),
            ),
        ),
        (
            "Reach out",
            "The first small step.",
            (
                ("Send a warm message", 10, "low"),
                ("Suggest a time to meet or call", 10, "medium"),
            ),
        ),
        (
            "Spend time together",
            "Be present.",
            (
                ("Have a 30-minute call or meeting", 30, "high"),
                ("Listen more than you talk for one conversation", 20, "medium"),
            ),
        ),
        (
            "Keep it going",
            "A rhythm that lasts.",
            (
                ("Plan the next time together", 10, "low"),
                ("Reflect on how the connection feels now", 15, "low"),
            ),
        ),
    ),
}
