"""Plan templates for growth goals (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import PlannedHabit, Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "trip",
        "growth",
        (
            r"\btrip\b|\btravel|\bholiday\b|\bvacation\b|\bbackpack|\binterrail|\babroad\b",
            # "go to japan", not "go to the gym", "go to yoga" or "go to bed earlier".
            r"\bgo(?:ing)? (?:to|back to) (?!(?:the|a|an|my|more|bed|work|gym|sleep|school|uni"
            r"|college|university|church|mass|class|classes|lessons?|therapy|counselling|yoga"
            r"|pilates|dance|dancing|parkrun|practice|training|meetings?|concerts?|gigs?|every"
            r"|at|it|them|him|her)\b)[a-z]+",
            r"\bsee the world\b|northern lights|aurora",
            r"\bvisit (?:all|every|\d+)\b|\b(?:states|countries)\b",
        ),
        (
            (
                "Picture the trip",
                "What you most want from it, and when.",
                (
                    ("Write down the three things you most want to see or do", 10, "low"),
                    ("Pick rough dates and how long you'll go for", 10, "low"),
                    ("Check your passport's expiry date and the visa rules", 10, "low"),
                ),
            ),
            (
                "Know the cost",
                "One honest total, so the saving has a number.",
                (
                    ("Look up return flights for your dates and note the price", 20, "low"),
                    ("Estimate a day's spending there: a bed, food, getting around", 20, "medium"),
                    ("Add it all up into one total for the trip", 15, "low"),
                ),
            ),
            (
                "Save for it",
                "A pot of its own that fills without you thinking about it.",
                (
                    ("Open a separate savings pot for the trip", 15, "low"),
                    ("Set a standing order on payday for your monthly amount", 10, "low"),
                    ("Cut one regular cost this month and move it to the pot", 15, "medium"),
                ),
            ),
            (
                "Plan the route",
                "A rough shape, and the one thing you'd hate to miss.",
                (
                    ("Sketch a rough route, place by place", 25, "medium"),
                    ("Book the first thing you'd hate to miss", 20, "medium"),
                    ("Learn ten useful phrases in the local language", 20, "medium"),
                ),
            ),
            (
                "Get ready to go",
                "The bookings and the bag, then {goal}.",
                (
                    ("Book your flights", 30, "medium"),
                    ("Sort out travel insurance", 20, "low"),
                    ("Write a packing list", 15, "low"),
                ),
            ),
        ),
    ),
    Template(
        "language",
        "growth",
        (
            r"spanish|french|german|italian|japanese|chinese|mandarin|portuguese|korean|arabic",
            r"language|\benglish\b",
            r"fluent|conversational",
            r"vocabular",
        ),
        (
            (
                "Set up your learning",
                "Tools and a reason.",
                (
                    ("Choose one course or app and one textbook", 15, "low"),
                    ("Write why {goal} matters to you", 10, "low"),
                ),
            ),
            (
                "Foundations",
                "Sounds, basic grammar, first words.",
                (
                    ("Learn 10 everyday words with flashcards", 15, "low"),
                    ("Complete one beginner lesson", 25, "medium"),
                    ("Practise pronunciation by shadowing audio", 15, "medium"),
                ),
            ),
            (
                "Daily practice",
                "A little every day.",
                (
                    ("Review flashcards", 10, "low"),
                    ("Listen to a podcast or video for learners", 20, "low"),
                    ("Write five sentences about your day", 15, "medium"),
                ),
            ),
            (
                "Speak",
                "Use it with people.",
                (
                    ("Book or join a conversation exchange", 15, "medium"),
                    ("Have a 20-minute conversation", 20, "high"),
                ),
            ),
        ),
        practice=PlannedHabit("Language practice", 7, 15, "minutes"),
    ),
    Template(
        "study",
        "growth",
        (r"\bexam", r"certif", r"course", r"degree", r"\bstudy", r"\blearn", r"\brevis"),
        (
            (
                "Map what to learn",
                "Know the territory.",
                (
                    ("List the topics {goal} covers", 20, "medium"),
                    ("Rate your confidence in each topic", 15, "low"),
                ),
            ),
            (
                "Plan your study",
                "Time on the calendar.",
                (
                    ("Block study sessions in your calendar", 10, "low"),
                    ("Gather the materials you need", 15, "low"),
                ),
            ),
            (
                "Learn actively",
                "Read, summarise, test yourself.",
                (
                    ("Study one topic and summarise it in your words", 30, "high"),
                    ("Make flashcards for what you learned", 15, "medium"),
                    ("Explain one idea out loud as if teaching", 15, "medium"),
                ),
            ),
            (
                "Practise and review",
                "Retrieval beats rereading.",
                (
                    ("Do a practice set or quiz", 30, "high"),
                    ("Review your mistakes", 20, "medium"),
                ),
            ),
        ),
    ),
    Template(
        "career",
        "growth",
        (
            r"\bjob\b",
            r"career",
            r"promotion",
            r"interview",
            r"\bcv\b",
            r"resume",
            r"portfolio",
        ),
        (
            (
                "Get clear on the target",
                "Which role, which places.",
                (
                    ("Write what your ideal next role looks like", 20, "medium"),
                    ("List ten organisations you would like to work for", 20, "medium"),
                ),
            ),
            (
                "Prepare your materials",
                "A CV and story that fit.",
                (
                    ("Update your CV's most recent role", 30, "high"),
                    ("Write your two-minute introduction", 20, "medium"),
                ),
            ),
            (
                "Reach out",
                "Conversations open doors.",
                (
                    ("Message one person in your target field", 15, "medium"),
                    ("Apply to one role", 30, "high"),
                ),
            ),
            (
                "Interview practice",
                "Be ready when it counts.",
                (
                    ("Prepare three stories of your achievements", 25, "medium"),
                    ("Do a mock interview out loud", 30, "high"),
                ),
            ),
        ),
    ),
)
