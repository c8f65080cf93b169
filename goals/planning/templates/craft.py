"""Plan templates for craft goals (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import PlannedHabit, Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "calm",
        "health",
        (r"meditat", r"stress", r"anxi", r"mindful", r"\bcalm", r"yoga", r"breath"),
        (
            (
                "Start small",
                "A few quiet minutes a day.",
                (
                    ("Try a 10-minute guided breathing exercise", 10, "low"),
                    ("Pick a regular time and place to practise", 10, "low"),
                ),
            ),
            (
                "Build the practice",
                "Gently longer, gently more often.",
                (
                    ("Meditate for 15 minutes", 15, "low"),
                    ("Take a mindful 20-minute walk", 20, "medium"),
                    ("Journal for 10 minutes about what you noticed", 10, "low"),
                ),
            ),
            (
                "Use it when it matters",
                "Calm in the hard moments.",
                (
                    ("Write down your three biggest stress triggers", 15, "low"),
                    ("Plan a 2-minute reset for each trigger", 15, "medium"),
                ),
            ),
            (
                "Make it yours",
                "Keep what helps.",
                (
                    ("Try a 20-minute yoga or stretching session", 20, "medium"),
                    ("Review the month and choose your routine", 15, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Meditate", 7, 10, "minutes"),
    ),
    Template(
        "writing",
        "craft",
        (r"\bwrit", r"novel", r"\bbook\b", r"\bblog", r"stor(y|ies)", r"poem", r"essay"),
        (
            (
                "Find the idea",
                "Know what you want to say.",
                (
                    ("Free-write for 15 minutes about {goal}", 15, "low"),
                    ("Write a one-paragraph premise", 20, "medium"),
                    ("Read a short piece you admire and note why it works", 20, "low"),
                ),
            ),
            (
                "Outline",
                "A map before the journey.",
                (
                    ("List the main parts or chapters", 20, "medium"),
                    ("Sketch the opening and the ending", 25, "medium"),
                ),
            ),
            (
                "Write the first draft",
                "Messy is fine; finished beats perfect.",
                (
                    ("Write 300 words without editing", 25, "high"),
                    ("Write the next scene or section", 30, "high"),
                    ("Note open questions for later", 10, "low"),
                ),
            ),
            (
                "Revise",
                "Make it clear and make it yours.",
                (
                    ("Read the draft aloud and mark weak spots", 25, "medium"),
                    ("Rewrite one section", 30, "high"),
                ),
            ),
            (
                "Share it",
                "Let it meet a reader.",
                (
                    ("Ask one person to read it", 10, "low"),
                    ("Polish and publish or submit", 30, "medium"),
                ),
            ),
        ),
        practice=PlannedHabit("Write", 7, 300, "words"),
    ),
    Template(
        "music",
        "craft",
        (r"guitar", r"piano", r"\bsing", r"music", r"violin", r"drum", r"ukulele", r"\bsong"),
        (
            (
                "Set up to practise",
                "Make picking up the instrument effortless.",
                (
                    ("Put the instrument where you can see it and tune it", 10, "low"),
                    ("Choose one song you would love to play", 10, "low"),
                ),
            ),
            (
                "Fundamentals",
                "Posture, technique, the first shapes.",
                (
                    ("Practise posture and basic technique", 20, "medium"),
                    ("Learn three basic chords or scales", 25, "medium"),
                    ("Play slowly with a metronome", 15, "medium"),
                ),
            ),
            (
                "Your first song",
                "Put it together.",
                (
                    ("Learn the first section of your song", 25, "high"),
                    ("Practise the hardest change 20 times", 15, "medium"),
                    ("Play the whole song slowly", 20, "medium"),
                ),
            ),
            (
                "Play for someone",
                "Music is for sharing.",
                (
                    ("Record yourself and listen back", 15, "low"),
                    ("Play your song for a friend", 15, "medium"),
                ),
            ),
        ),
        practice=PlannedHabit("Music practice", 7, 15, "minutes"),
    ),
    Template(
        "visual",
        "craft",
        (r"draw", r"paint", r"sketch", r"photograph", r"\bart\b", r"illustrat", r"design"),
        (
            (
                "Gather tools and inspiration",
                "Start with what you have.",
                (
                    ("Set up a small space with your materials", 15, "low"),
                    ("Collect five pieces that inspire you", 15, "low"),
                ),
            ),
            (
                "Practise the basics",
                "Lines, shapes, light.",
                (
                    ("Draw or shoot simple objects for 20 minutes", 20, "medium"),
                    ("Study one technique from a tutorial", 25, "medium"),
                ),
            ),
            (
                "Make a small piece",
                "Finish something.",
                (
                    ("Make a 30-minute study", 30, "high"),
                    ("Note what you would change next time", 10, "low"),
                ),
            ),
            (
                "Build a body of work",
                "Repetition and reflection.",
                (
                    ("Make another piece on the same theme", 30, "high"),
                    ("Share one piece with someone", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Sketch", 3),
    ),
    Template(
        "coding",
        "craft",
        (
            r"\bcod(e|ing)\b",
            r"program",
            r"python",
            r"\bapp\b",
            r"website",
            r"software",
            r"\bgame\b",
        ),
        (
            (
                "Scope the project",
                "Small enough to finish.",
                (
                    ("Write what {goal} should do in five bullet points", 15, "low"),
                    ("Cut the list to the smallest useful version", 15, "medium"),
                ),
            ),
            (
                "Set up",
                "Tools ready, first line written.",
                (
                    ("Set up the project and run a hello-world", 25, "medium"),
                    ("Put it under version control", 10, "low"),
                ),
            ),
            (
                "Build the core",
                "One feature at a time.",
                (
                    ("Build the first feature", 30, "high"),
                    ("Write a test or a quick check for it", 20, "medium"),
                    ("Fix one rough edge", 20, "medium"),
                ),
            ),
            (
                "Polish and share",
                "Let someone use it.",
                (
                    ("Write a short README", 15, "low"),
                    ("Show it to one person and note feedback", 15, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Code", 3, 30, "minutes"),
    ),
)
