"""Plan templates for health goals (see the package docstring)."""

from __future__ import annotations

from goals.planning.plans import PlannedHabit, Template

TEMPLATES: tuple[Template, ...] = (
    # First, so a goal that names both ("cut back on the beers in the week and walk more")
    # gets the harder half; its walks are in it too.
    Template(
        "drinking less",
        "health",
        (
            r"\b(?:drink|drinking)\s+less\b(?!\s+(?:soda|pop|fizzy|coke|cola|coffee|tea|energy))",
            r"\b(?:cut|cutting)\s+(?:back|down)\b.*\b(?:drink\w*|alcohol|beers?|booze|wine|pints?)\b",
            r"\bless\s+(?:beer|booze|alcohol|wine)\b",
            # not "stop drinking soda" (nor "drink less coffee": its words name no drink)
            r"\b(?:quit|stop|give\s+up)\s+(?:drinking|alcohol|(?:the\s+)?booze|beer)\b"
            r"(?!\s+(?:soda|pop|fizzy|coke|cola|coffee|tea|energy|juice|sugary|so\s+much\s+coffee))",
            r"\b(?:sober|dry\s+(?:january|july|month)|alcohol[- ]free|drink[- ]free)\b",
        ),
        (
            (
                "See where you are",
                "An honest count, no judgement.",
                (
                    ("Count your drinks this week: no judgement, just the number", 10, "low"),
                    ("Note when you reach for a drink, and what set it off", 10, "low"),
                    ("Write down, in one sentence, why {goal} matters to you", 10, "low"),
                ),
            ),
            (
                "Set your drink-free nights",
                "Decide ahead, so the evening doesn't decide for you.",
                (
                    (
                        "Pick two weeknights to be drink-free and put them in your calendar",
                        10,
                        "low",
                    ),
                    ("Stock the fridge with something you like that isn't alcohol", 15, "low"),
                    ("Tell someone at home about your drink-free nights", 10, "low"),
                ),
            ),
            (
                "Swap the habit",
                "Something else in the moment you'd usually pour one.",
                (
                    ("Swap your first drink after work for a cuppa or a soft drink", 10, "low"),
                    ("Take a 15-minute walk when you'd usually open a drink", 15, "low"),
                    (
                        "Plan what you'll do instead at your trickiest time of the evening",
                        10,
                        "low",
                    ),
                ),
            ),
            (
                "More nights like that",
                "Drink-free nights becoming the usual ones.",
                (
                    ("Have three drink-free weeknights in one week", 30, "medium"),
                    ("Try an alcohol-free beer or wine you haven't had before", 10, "low"),
                    ("On a night out, have a glass of water between drinks", 15, "medium"),
                ),
            ),
            (
                "Make it your normal",
                "Looking back, on your way to {goal}.",
                (
                    ("Count your drinks again and compare with your first week", 10, "low"),
                    ("Note what helped most on your drink-free nights", 10, "low"),
                    ("Plan next month's drink-free nights", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Drink-free evening", 3),
    ),
    Template(
        "walking",
        "health",
        (r"\bwalk(s|ing)?\b", r"\bsteps\b", r"\bstroll"),
        (
            (
                "Find your starting point",
                "What an ordinary day looks like, and a walk from your door.",
                (
                    ("Count your steps on an ordinary day (phone or watch)", 10, "low"),
                    ("Pick a flat 15-minute walking loop from your door", 10, "low"),
                    ("Put comfy shoes and a rain layer by the door", 10, "low"),
                ),
            ),
            (
                "A walk most days",
                "Short, easy walks that fit the day you already have.",
                (
                    ("Take a 10-minute walk after one meal", 10, "low"),
                    ("Walk 15 minutes at an easy, chatty pace", 15, "low"),
                    ("Walk one errand you would usually drive", 20, "low"),
                ),
            ),
            (
                "A little further",
                "Add a few minutes at a time, never a big jump.",
                (
                    ("Add five minutes to your usual walk", 20, "medium"),
                    ("Walk 20 minutes with someone (or the dog)", 20, "low"),
                    ("Try a new route of about 2 km", 25, "medium"),
                ),
            ),
            (
                "Brisk and steady",
                "A bit of pace, and looking after your joints.",
                (
                    ("Walk ten minutes briskly, a little out of breath", 10, "medium"),
                    ("Take the stairs instead of the lift all day today", 10, "low"),
                    ("Gentle calf and hip stretches after a walk", 10, "low"),
                ),
            ),
            (
                "Make it your habit",
                "Walking most days, on your way to {goal}.",
                (
                    ("Reach your step target on three days this week", 30, "medium"),
                    ("One longer weekend walk of half an hour or more", 30, "medium"),
                    ("Look back at your step counts and note what helped", 10, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Go for a walk", 7),
    ),
    Template(
        "running",
        "health",
        (r"\brun(ning)?\b", r"marathon", r"\b\d+ ?k\b(?! ?steps)", r"\bjog", r"couch to"),
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
        practice=PlannedHabit("Run", 3),
    ),
    Template(
        "swimming",
        "health",
        (r"\bswim", r"\bpool\b", r"breaststroke|front crawl|freestyle|backstroke", r"\blengths\b"),
        (
            (
                "At home in the water",
                "Calm, shallow water first: no rush, no deep end.",
                (
                    ("Find your pool's quiet or adults-only sessions", 10, "low"),
                    ("Walk a width of the shallow end and back", 20, "low"),
                    ("Blow bubbles with your mouth in the water, ten times", 15, "low"),
                ),
            ),
            (
                "Face in, breathing out",
                "The water on your face becomes ordinary.",
                (
                    ("Put your face in for a count of three, five times", 15, "medium"),
                    ("Float on your back, holding the side", 20, "medium"),
                    ("Book one lesson with an adult swimming teacher", 10, "low"),
                ),
            ),
            (
                "Floating and gliding",
                "Let the water hold you.",
                (
                    ("Star float on your front for five seconds", 20, "medium"),
                    ("Push off the wall and glide with your face in", 20, "medium"),
                    ("Kick a width holding a float", 20, "medium"),
                ),
            ),
            (
                "First strokes",
                "Arms, legs and breath together.",
                (
                    ("Swim a width with a float under one arm", 25, "high"),
                    ("Practise breathing to the side, holding the wall", 15, "medium"),
                    ("Swim a width on your own", 25, "high"),
                ),
            ),
            (
                "Lengths",
                "From widths to lengths, then {goal}.",
                (
                    ("Swim one length at your own pace", 25, "high"),
                    ("Swim two lengths with a rest between", 30, "high"),
                    ("Plan a swim at the beach with someone who swims", 15, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Swim", 2),
    ),
    # Swimming outdoors (the sea, a lake, a winter dip): cold water and tides, not lengths of a
    # pool. After "swimming", so a goal that only says "swim" learns in the pool.
    Template(
        "open water",
        "health",
        (
            r"\bswim",
            r"\b(?:sea|ocean|lake|loch|lough|river|beach|open water|wild)\b",
            r"\bcold water\b|\bdips?\b|\btow ?float\b|\bwinter\b",
        ),
        (
            (
                "Safe before brave",
                "Where and when to get in, and who is with you.",
                (
                    ("Find a lifeguarded beach or a local swimming group", 10, "low"),
                    ("Check tide times and the water temperature before you go", 10, "low"),
                    ("Pack a tow float, a bright hat and warm layers for after", 10, "low"),
                ),
            ),
            (
                "First dips",
                "In slowly, out while it still feels good.",
                (
                    ("Walk in to your waist and breathe slowly for a minute", 15, "low"),
                    ("A two-minute dip with someone close by", 20, "medium"),
                    ("Warm up after: dry off, layers on, a hot drink", 15, "low"),
                ),
            ),
            (
                "Used to the cold",
                "The cold becomes familiar, a few minutes at a time.",
                (
                    (
                        "Swim along the shore for five minutes, never out of your depth",
                        20,
                        "medium",
                    ),
                    ("End one shower with thirty seconds of cold water", 10, "low"),
                    ("Note how you felt in the water and an hour after", 10, "low"),
                ),
            ),
            (
                "Every week",
                "A swim a week, whatever the season brings, on your way to {goal}.",
                (
                    ("Put this week's swim in your calendar, with a back-up day", 10, "low"),
                    ("Swim about a minute per degree of water temperature, no more", 20, "medium"),
                    ("Join a group swim or bring a friend along", 20, "low"),
                ),
            ),
        ),
        practice=PlannedHabit("Swim outdoors", 1),
    ),
    Template(
        "quitting",
        "health",
        (
            r"\bsmok",
            r"\bvap(?:e|es|ing)\b",
            r"cigarette|nicotine|\bpods?\b",
        ),
        (
            (
                "Know the habit",
                "A few days of honest notes, no judgement.",
                (
                    ("Note each time you reach for it today, and what set it off", 10, "low"),
                    ("List your three biggest triggers", 10, "low"),
                    ("Write down, in one sentence, why {goal} matters to you", 10, "low"),
                ),
            ),
            (
                "Get ready",
                "Set a quit day and line up your help.",
                (
                    ("Pick a quit day and put it in your calendar", 10, "low"),
                    ("Tell one person you trust about your quit day", 10, "low"),
                    ("Ask a pharmacist about nicotine replacement options", 15, "low"),
                ),
            ),
            (
                "Cut down first",
                "Fewer, later, and never on autopilot.",
                (
                    ("Push your first one of the day back by an hour", 10, "medium"),
                    ("Make one trigger place a no-go zone", 10, "medium"),
                    ("Swap one craving for a glass of water and a short walk", 10, "medium"),
                ),
            ),
            (
                "Quit day and after",
                "One day at a time: cravings pass in minutes.",
                (
                    ("Clear out everything you used on quit day", 10, "medium"),
                    ("Ride out one craving: wait ten minutes and breathe", 10, "high"),
                    ("Count the money saved this week and plan a treat", 10, "low"),
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
        practice=PlannedHabit("Strength workout", 3),
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
        (r"\bsleep", r"\bbed ?time\b|\bin bed\b|\bbed by\b", r"insomnia", r"\brest\b", r"wake up"),
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
                    ("Charge your phone outside the bedroom tonight", 10, "low"),
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
        practice=PlannedHabit("In bed by your bedtime", 7),
    ),
)
