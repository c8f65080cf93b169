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
                ("Write down why this goal matters to you, in one sentence", 10, "low"),
                ("Note what you do now, for a day, that helps or gets in the way", 15, "low"),
            ),
        ),
        (
            "First small habit",
            "One change you can keep.",
            (
                ("Choose one tiny daily step toward it and when you'll do it", 10, "low"),
                ("Do that step today, and tick it off", 15, "medium"),
            ),
        ),
        (
            "Build momentum",
            "Regular, gently harder.",
            (
                ("Do your step every day this week", 15, "medium"),
                ("Make it a little bigger on one day", 20, "high"),
                ("Prepare what tomorrow's step needs tonight", 10, "low"),
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
                ("Describe the finished result in a paragraph", 15, "low"),
                ("Collect three examples you admire", 20, "low"),
            ),
        ),
        (
            "Learn the skills",
            "The techniques the piece needs.",
            (
                ("List the skills it needs, and the one you're least sure of", 15, "medium"),
                ("Practise that skill for 25 minutes", 25, "medium"),
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
            "Picture it done",
            "What will be different, and how you'll know.",
            (
                ("Write down what will be different when you get there", 10, "low"),
                ("Choose one thing you can see or count that says you made it", 10, "low"),
            ),
        ),
        (
            "Find the first step",
            "Big goals start small.",
            (
                ("List every step you can think of, big and small", 15, "low"),
                ("Do the smallest one today", 20, "medium"),
            ),
        ),
        (
            "Make it regular",
            "A little, often.",
            (
                ("Block two short sessions for it in your week", 10, "low"),
                ("Do one session and note what helped", 30, "high"),
                ("Ask someone who has done it for one tip", 15, "medium"),
            ),
        ),
        (
            "Look back and adjust",
            "Keep what works.",
            (
                ("Check how far you've come since the start", 15, "low"),
                ("Choose the next step, a little bigger", 10, "low"),
            ),
        ),
    ),
    "connection": (
        (
            "Reflect",
            "Who and why.",
            (
                ("Write down who this is about and why it matters to you", 10, "low"),
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
                ("Reflect on how the connection feels now", 10, "low"),
            ),
        ),
    ),
}
