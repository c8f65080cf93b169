"""The offline planner's templates: data for offline.py.

A template is chosen by its cues (regular expressions over the goal's title and
description); a category default when none matches. "{goal}" is replaced by the person's
goal in their own words. Every template makes a plan within the bounds of plans.py (tests
check each one against PLAN_SCHEMA).
"""

from __future__ import annotations

from delight.ai.planning.plans import Stage, Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "running",
        "health",
        (r"\brun(ning)?\b", r"marathon", r"\b\d+ ?k\b", r"\bjog", r"couch to"),
        (
            (
                "Get ready to run",
                "Gear, a route and an honest starting point.",
                (
                    ("Check your shoes and lay out your running kit", 10, "low"),
                    ("Map a safe 3-5 km loop near home", 15, "low"),
                    ("Walk-run your loop and note how it felt", 25, "medium"),
                ),
            ),
            (
                "Base building",
                "Easy, regular runs that make running feel normal.",
                (
                    ("Easy conversational run", 25, "medium"),
                    ("Brisk walk with 5 short jogs", 20, "medium"),
                    ("Ten minutes of mobility after a run", 10, "low"),
                ),
            ),
            (
                "Longer runs",
                "Stretch one run a week a little further.",
                (
                    ("Long slow run, 10% longer than last week", 30, "high"),
                    ("Plan water and fuel for the long run", 10, "low"),
                    ("Strength circuit for runners: squats, lunges, calf raises", 20, "medium"),
                ),
            ),
            (
                "Speed and strength",
                "A little quality: strides, hills, tempo.",
                (
                    ("Six 20-second strides after an easy run", 20, "high"),
                    ("Hill repeats: 4 x 1 minute uphill", 25, "high"),
                    ("Foam-roll and stretch your legs", 15, "low"),
                ),
            ),
            (
                "Taper and race day",
                "Rest a little, rehearse, then {goal}.",
                (
                    ("Write your race-day plan: kit, pace, fuel", 15, "low"),
                    ("Shake-out run at easy pace", 15, "medium"),
                    ("Lay out everything for race morning", 10, "low"),
                ),
            ),
        ),
    ),
    Template(
        "strength",
        "health",
        (
            r"\bgym\b",
            r"strength",
            r"muscle",
            r"lift",
            r"push-?ups?",
            r"pull-?ups?",
            r"fit(ness)?\b",
        ),
        (
            (
                "Find your baseline",
                "Know where you start.",
                (
                    ("Test your max push-ups and squats and write them down", 15, "medium"),
                    ("Choose three days a week for training", 10, "low"),
                ),
            ),
            (
                "Learn the basic moves",
                "Good form before more weight.",
                (
                    ("Practise squat and hinge form with a mirror or video", 20, "medium"),
                    ("Learn a push and a pull movement", 20, "medium"),
                    ("Write a 20-minute full-body routine", 15, "low"),
                ),
            ),
            (
                "Train consistently",
                "Show up for short sessions.",
                (
                    ("Full-body session", 30, "high"),
                    ("Mobility and core session", 15, "low"),
                    ("Log your sets and how they felt", 10, "low"),
                ),
            ),
            (
                "Progress gradually",
                "Add a little every week.",
                (
                    ("Add one rep or a little weight to each exercise", 30, "high"),
                    ("Retest your baseline and compare", 15, "medium"),
                ),
            ),
        ),
    ),
    Template(
        "nutrition",
        "health",
        (r"\bweight\b", r"\beat(ing)?\b", r"diet", r"nutrition", r"\bcook", r"sugar", r"vegetable"),
        (
            (
                "Notice how you eat now",
                "No judgement, just data.",
                (
                    ("Write down what you ate today", 10, "low"),
                    ("List three foods you want more of", 10, "low"),
                ),
            ),
            (
                "Make the healthy choice easy",
                "Shape your kitchen and shopping.",
                (
                    ("Plan three simple meals for the week", 20, "medium"),
                    ("Write a shopping list around those meals", 15, "low"),
                    ("Prepare vegetables or snacks for two days", 25, "medium"),
                ),
            ),
            (
                "Build steady habits",
                "Small changes that last.",
                (
                    ("Cook one new healthy recipe", 30, "medium"),
                    ("Swap one sugary drink for water today", 10, "low"),
                    ("Eat one meal slowly, without screens", 20, "low"),
                ),
            ),
            (
                "Review and adjust",
                "Keep what works.",
                (
                    ("Review your week: energy, mood, cravings", 15, "low"),
                    ("Pick the next small change", 10, "low"),
                ),
            ),
        ),
    ),
    Template(
        "sleep",
        "health",
        (r"\bsleep", r"\bbed ?time\b", r"insomnia", r"\brest\b", r"wake up"),
        (
            (
                "Understand your sleep",
                "A week of honest notes.",
                (
                    ("Write down when you went to bed and woke up", 10, "low"),
                    ("List what keeps you up at night", 10, "low"),
                ),
            ),
            (
                "Set up your evening",
                "A wind-down routine you enjoy.",
                (
                    ("Choose a fixed bedtime and set a reminder", 10, "low"),
                    ("Create a 20-minute screen-free wind-down", 20, "low"),
                    ("Make the bedroom darker and cooler", 15, "medium"),
                ),
            ),
            (
                "Protect your days",
                "Daytime habits that help the night.",
                (
                    ("Get 15 minutes of morning daylight", 15, "low"),
                    ("Move for 20 minutes before the afternoon", 20, "medium"),
                    ("Stop caffeine after noon for a day", 10, "low"),
                ),
            ),
            (
                "Keep the rhythm",
                "Consistency beats perfection.",
                (
                    ("Review your sleep notes for the week", 15, "low"),
                    ("Adjust your routine by one thing", 10, "low"),
                ),
            ),
        ),
    ),
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
    ),
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
        (r"family", r"partner", r"\bkids?\b", r"children", r"parent", r"\bmom\b|\bdad\b", r"marri"),
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
