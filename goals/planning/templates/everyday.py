"""Plan templates for the goals people set most that fit no single craft or sport: reading,
money, home, cooking, a garden, a knack to master, a habit to break, and a number of health
to move (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import PlannedHabit, Template

TEMPLATES: tuple[Template, ...] = (
    Template(
        "reading",
        "growth",
        (r"\bread(ing)?\b", r"\bbo?o?ks\b|\bbooks?\b|\bnovels\b", r"\bchapters?\b", r"library"),
        (
            (
                "Choose what to read",
                "A short list you actually want to read.",
                (
                    ("Write down five books you'd love to read next", 15, "low"),
                    ("Get the first one from a library, a shop or an app", 20, "low"),
                ),
            ),
            (
                "Make room for reading",
                "A time and a place that are for the book.",
                (
                    ("Pick a daily reading time and set a reminder", 10, "low"),
                    ("Read for 20 minutes with your phone in another room", 20, "low"),
                    ("Keep the book where you'll see it tonight", 10, "low"),
                ),
            ),
            (
                "Find your pace",
                "Pages a day that add up to the number you want.",
                (
                    ("Work out how many pages a day your target needs", 10, "low"),
                    ("Read 30 minutes and note the page you reached", 30, "medium"),
                    ("Finish the first book and start the next the same day", 30, "medium"),
                ),
            ),
            (
                "Keep it going",
                "A tally to be proud of.",
                (
                    ("Write three lines about the last book you finished", 10, "low"),
                    ("Count the books finished so far and check your pace", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Read", 7, 20, "pages"),
    ),
    Template(
        "money",
        "growth",
        (
            r"\bsav(e|ing|ings)\b",
            r"\bdebt\b|credit card|\bloans?\b|pay (?:it )?off",
            r"\bmoney\b|\bbudget|\bspend|\$|£|€|\bfund\b",
            r"\bretire|\binvest",
        ),
        (
            (
                "Know your numbers",
                "Where the money comes from and where it goes.",
                (
                    ("List last month's income and every regular bill", 20, "low"),
                    ("Sort a month of spending into needs, wants and saving", 30, "medium"),
                    ("Write the amount you want and the date you want it by", 10, "low"),
                ),
            ),
            (
                "Make a plan",
                "A monthly amount that gets you there.",
                (
                    (
                        "Divide the amount by the months left: your monthly target",
                        10,
                        "low",
                    ),
                    ("Choose two spends to cut back this month", 15, "low"),
                    ("Write a simple budget for next month", 25, "medium"),
                ),
            ),
            (
                "Make it automatic",
                "Money moves before you can spend it.",
                (
                    ("Set up a standing order on payday for your monthly amount", 15, "low"),
                    ("Cancel one subscription you don't use", 10, "low"),
                    ("Wait 48 hours before any unplanned buy over a set amount", 10, "medium"),
                ),
            ),
            (
                "Check in monthly",
                "See it grow, and adjust.",
                (
                    ("Check your balance against the plan", 15, "low"),
                    ("Move any money left at month's end to the goal", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Write down what you spent", 7),
    ),
    Template(
        "home",
        "growth",
        (
            r"declutter|tidy|\borgani[sz]|konmari|clean (?:out|up)|sort (?:out|through)",
            r"garage|attic|closet|wardrobe|apartment|flat\b|house|room\b|drawers?|photos|albums?",
            r"\bscan(?:ned|ning)?\b|label",
        ),
        (
            (
                "Pick the first space",
                "Small enough to finish in an afternoon.",
                (
                    ("Walk through your home and list the spaces that bother you most", 15, "low"),
                    ("Choose the smallest one and take a 'before' photo", 10, "low"),
                ),
            ),
            (
                "Sort it",
                "Keep, give, recycle, bin.",
                (
                    ("Set up four boxes: keep, give away, recycle, bin", 10, "low"),
                    ("Sort the first space for 30 minutes with a timer", 30, "high"),
                    ("Take the give-away box to a charity shop", 20, "medium"),
                ),
            ),
            (
                "One space at a time",
                "The same method, room by room.",
                (
                    ("Sort the next space for 30 minutes", 30, "high"),
                    ("Give everything you keep a place it lives", 20, "medium"),
                ),
            ),
            (
                "Keep it clear",
                "Ten minutes a day, so it stays done.",
                (
                    ("Do a 10-minute evening reset", 10, "low"),
                    ("Take the 'after' photo and compare", 10, "low"),
                ),
            ),
        ),
    ),
    Template(
        "cooking",
        "craft",
        (r"\bcook", r"recipes?|dinners?|meals?|bak(e|ing)|meal ?prep"),
        (
            (
                "Choose what to cook",
                "Dishes you'd be happy to eat every week.",
                (
                    ("Pick three recipes you'd love to be able to make", 15, "low"),
                    ("Write one shopping list for all three", 15, "low"),
                ),
            ),
            (
                "Cook the first one",
                "Follow the recipe exactly, the first time.",
                (
                    ("Shop for the first recipe", 30, "medium"),
                    ("Cook it, start to finish", 30, "high"),
                    ("Note one thing to do differently next time", 10, "low"),
                ),
            ),
            (
                "Make it a routine",
                "A cooking night in your week.",
                (
                    ("Choose a regular cooking night and put it in your calendar", 10, "low"),
                    ("Cook the second recipe", 30, "high"),
                    ("Cook a double batch and keep half for later", 30, "high"),
                ),
            ),
            (
                "Grow your list",
                "Each new dish makes the next easier.",
                (
                    ("Cook the third recipe for someone else", 30, "high"),
                    ("Add two new recipes to your list", 15, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Cook a meal at home", 3),
    ),
    Template(
        "garden",
        "craft",
        (r"garden", r"\bgrow\b|\bplants?\b|seeds?|tomato|herbs?|vegetables?|allotment|balcony"),
        (
            (
                "Plan the plot",
                "What grows where you are.",
                (
                    ("Check how many hours of sun your spot gets", 10, "low"),
                    ("Choose three easy plants for your space and season", 20, "low"),
                ),
            ),
            (
                "Get set up",
                "Pots, soil and seeds.",
                (
                    ("Buy pots or a bed, compost and seeds or seedlings", 30, "medium"),
                    ("Plant the first ones and water them in", 30, "medium"),
                ),
            ),
            (
                "Tend it",
                "A little care, often.",
                (
                    ("Water and check your plants for five minutes", 10, "low"),
                    ("Feed them and pull out any weeds", 15, "medium"),
                    ("Note what's growing well and what isn't", 10, "low"),
                ),
            ),
            (
                "Harvest and learn",
                "Enjoy it, then plan the next season.",
                (
                    ("Pick and eat your first harvest", 15, "low"),
                    ("Write down what you'd grow again next season", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Time in the garden", 3),
    ),
    Template(
        "knack",
        "craft",
        (
            r"juggl|rubik|whistl|cartwheel|handstand|skateboard|yo-?yo|card tricks?|magic tricks?",
            r"\bchess\b|teach (?:my|the) (?:dog|puppy)|train (?:my|the) (?:dog|puppy)",
            r"under \d+ ?(?:min|minute|sec|second)s?\b|memori[sz]e",
        ),
        (
            (
                "Break it down",
                "Every knack is a few small moves.",
                (
                    ("Watch one good tutorial and write down its steps", 20, "low"),
                    ("Try the very first step for 10 minutes", 10, "medium"),
                ),
            ),
            (
                "Practise little and often",
                "Ten minutes a day beats an hour a week.",
                (
                    ("Practise for 10 minutes", 10, "medium"),
                    ("Practise the step you find hardest, slowly", 15, "medium"),
                    ("Film or time yourself once, to see where you are", 10, "low"),
                ),
            ),
            (
                "Put it together",
                "The steps, in one go.",
                (
                    ("Try the whole thing five times and count the successes", 15, "high"),
                    ("Fix the one thing that fails most", 15, "medium"),
                ),
            ),
            (
                "Show it",
                "Proof that you did it.",
                (
                    ("Do it for someone, or record your best attempt", 10, "medium"),
                    ("Choose the next challenge, a little harder", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Practise", 7, 15, "minutes"),
    ),
    Template(
        "habit",
        "health",
        (
            r"\b(?:stop|quit|cut (?:down|back)|less|no more|break|kick)\b",
            r"scroll|phone|screen|social media|instagram|tiktok|netflix|gaming|snack|late\b",
            r"procrastinat|bit(e|ing) my nails|swear",
        ),
        (
            (
                "Know the habit",
                "When it happens, and what sets it off.",
                (
                    ("Note each time it happens today, and what came just before", 10, "low"),
                    ("List your three biggest triggers", 10, "low"),
                ),
            ),
            (
                "Make it harder",
                "Put a little distance between you and it.",
                (
                    ("Change one thing around you so it takes more effort", 15, "medium"),
                    ("Choose what you'll do instead when the urge comes", 10, "low"),
                ),
            ),
            (
                "Replace it",
                "A better habit in the same spot.",
                (
                    ("Do the replacement once when the urge comes", 10, "medium"),
                    ("Have one day with the habit at half its usual", 10, "high"),
                    ("Tell someone what you're changing", 10, "low"),
                ),
            ),
            (
                "Keep it off",
                "A slip is a day, not the end.",
                (
                    ("Count the days you kept it off this week", 10, "low"),
                    ("Write down what helped most, for the hard days", 10, "low"),
                ),
            ),
        ),
    ),
    Template(
        "health check",
        "health",
        (
            r"blood pressure|cholesterol|blood sugar|\bbmi\b|resting heart",
            r"\bwater\b|hydrat",
            r"\bdoctor|\bgp\b|check-?up",
        ),
        (
            (
                "Know your starting point",
                "A number to measure from.",
                (
                    ("Measure and write down where you are today", 10, "low"),
                    (
                        "Book a check-up with your doctor or pharmacist",
                        15,
                        "low",
                    ),
                ),
            ),
            (
                "One change at a time",
                "Small, daily, easy to keep.",
                (
                    ("Choose one daily change that moves the number", 10, "low"),
                    ("Set a reminder for it at the same time each day", 10, "low"),
                    ("Keep a glass or bottle of water where you work", 10, "low"),
                ),
            ),
            (
                "Move more",
                "Movement helps almost every number.",
                (
                    ("Take a brisk 20-minute walk", 20, "medium"),
                    ("Swap one sitting hour for a standing or walking one", 15, "medium"),
                ),
            ),
            (
                "Measure again",
                "See what changed, and keep what works.",
                (
                    ("Measure again at the same time of day as the first", 10, "low"),
                    ("Write down what helped and choose the next change", 10, "low"),
                ),
            ),
        ),
    ),
)
