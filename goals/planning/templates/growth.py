"""Plan templates for growth goals (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "language",
        "growth",
        (
            r"spanish|french|german|italian|japanese|chinese|mandarin|portuguese|korean|arabic",
            r"language",
            r"fluent",
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
    ),
    Template(
        "study",
        "growth",
        (r"\bexam", r"certif", r"course", r"degree", r"\bstudy", r"\blearn", r"\bread"),
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
        (r"\bjob\b", r"career", r"promotion", r"interview", r"\bcv\b", r"resume", r"portfolio"),
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
