"""One small, concrete suggestion per kind of question (act_replies.advice): data.

Each topic: the words of a question it answers, then suggestions; a suggestion carries what
it contains (peanut, nut, dairy, gluten, egg, fish, shellfish, meat, sesame, soy) so one that
the person cannot eat, by what Eliza remembers, is never offered.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What a remembered fact rules out: "allergic to peanuts", "lactose intolerant", "vegan".
RESTRICTIONS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(contains.split()))
    for pattern, contains in (
        (r"\bpeanut", "peanut"),
        (r"\btree ?nuts?\b|\bnut allerg|\ballergic to nuts\b|\bnuts\b", "nut peanut"),
        (r"\blactose\b|\bdairy\b|\bmilk allerg", "dairy"),
        (r"\bcoeliac\b|\bceliac\b|\bgluten\b|\bwheat\b", "gluten"),
        (r"\bvegan\b", "dairy egg meat fish shellfish"),
        (r"\bvegetarian\b", "meat fish shellfish"),
        (r"\bshellfish\b|\bprawns?\b|\bshrimp\b", "shellfish"),
        (r"\begg allerg|\ballergic to eggs?\b|\beggs?\b", "egg"),
        (r"\bsesame\b", "sesame"),
        (r"\bsoy\b|\bsoya\b", "soy"),
        (r"\bfish\b", "fish"),
        (r"\bdiabet", "sugar"),
    )
)


@dataclass(frozen=True)
class Suggestion:
    words: str
    contains: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Topic:
    asks: re.Pattern[str]
    suggestions: tuple[Suggestion, ...]


def _topic(pattern: str, *suggestions: tuple[str, str] | str) -> Topic:
    made = tuple(
        Suggestion(s) if isinstance(s, str) else Suggestion(s[0], frozenset(s[1].split()))
        for s in suggestions
    )
    return Topic(re.compile(pattern, re.IGNORECASE), made)


TOPICS: tuple[Topic, ...] = (
    _topic(
        r"\bveg\b|\bvegetables?\b|\bveggies?\b|\bpicky\b|\bfussy\b|\bgreens?\b"
        r"|\bwon'?t eat\b|\bwont eat\b|\bsneak\w*\b",
        "Blend carrot, courgette or peppers into a tomato sauce: it disappears into pasta, and "
        "nobody has to be told.",
        "Put one small piece of a new veg on the plate with no pressure to eat it. Children "
        "often need ten or more tries before a food feels safe.",
        "Let them help wash, tear or stir the veg. Children are far more likely to eat what "
        "they made themselves.",
    ),
    # Steps ("i dont know how many steps i do normally, is there an easy way to find out").
    _topic(
        r"\bsteps?\b(?=.{0,60}\b(?:count|find out|know|track|check|measure|how many|more|up)\b)"
        r"|\bhow many steps\b|\bstep count\b|\bpedometer\b|\b(?:more|extra) steps\b",
        "To find out how many steps you normally do, look at your phone: the Health app on an "
        "iPhone, or Google Fit or Samsung Health on Android, counts them already.",
        "To get more steps in, add them where the day already walks you: the far end of the car "
        "park, the stairs, a lap of the block at lunch. Small detours add up fast.",
    ),
    # Out of breath when starting to move more ("is it normal to be this out of breath").
    _topic(
        r"\bout of breath\b|\bbreathless\w*\b|\b(?:lungs?|chest) (?:is|are) (?:struggling|burning"
        r"|on fire)\b|\bpuffed out\b|\bwinded\b",
        "Getting out of breath is normal when you're starting out: go at a pace where you "
        "could still talk, and it eases within a few weeks. Chest pain, dizziness or "
        "breathlessness that doesn't settle with rest is different: see your GP about that.",
    ),
    # Kit for running or walking ("how much should i spend on running shoes"): before money,
    # which "spend" would otherwise reach.
    _topic(
        r"\b(?:running|walking|hiking|gym) (?:shoes|trainers|kit|gear|boots|socks)\b"
        r"|\b(?:new|buy|buying|get|getting) (?:some )?(?:runners|trainers)\b",
        "If you can, get them fitted at a running shop: a mid-priced pair that feels right "
        "from the first step beats an expensive one. Try them on in the afternoon, when your "
        "feet are a little bigger.",
        "Comfort first, price second: the pair that feels like nothing on your feet in the "
        "shop is the one. Last season's colours are often half the price and just as good.",
    ),
    _topic(
        r"\bsav(?:e|ing)\b[^.?!]*\b(?:money|month|week|pay|trip|holiday)\b|\bbudget\w*\b"
        r"|\bhow much (?:should|do|can) i (?:save|put (?:away|aside))\b|\bbad with money\b"
        r"|\bspend(?:ing)? (?:less|too much|so much|on|money)\b|\bspending\b|\btakeaways?\b"
        r"|\btake ?outs?\b|\bimpulse buy\w*",
        "Work it backwards: a rough cost for the whole thing, divided by the months until "
        "you need it. That's your monthly number, and a standing order on payday moves it "
        "before you can spend it.",
        "Start with one automatic move: the day you're paid, move a fixed amount into a "
        "separate pot, even a small one. A habit that runs itself beats a big plan.",
        "Look at last month's spending and pick one thing to trim, like takeaway coffees or "
        "a subscription. Put exactly that amount into your savings pot each week.",
        "To stop spending on takeaways, decide your takeaway nights in advance (one a week, "
        "say) and keep a "
        "ten-minute meal in the cupboard for the other nights: most takeaways are bought "
        "tired, not hungry.",
    ),
    _topic(
        r"\brecip(?:e|ie)s?\b|\bprotein\b|\bmeals?\b|\bdinner\b|\bcook(?:ing)?\b|\bmeal prep\b",
        (
            "Scrambled eggs on toast with a handful of spinach: ten minutes, plenty of protein.",
            "egg gluten",
        ),
        (
            "Tuna mixed with sweetcorn and a spoon of yoghurt, rolled in a wrap.",
            "fish dairy gluten",
        ),
        ("Chickpeas fried with cumin and spinach, over microwave rice: cheap and filling.", ""),
        ("Tofu stir-fried with frozen veg and a splash of soy sauce, over rice.", "soy"),
        ("A rice bowl with black beans, salsa and shredded chicken: make two, keep one.", "meat"),
        ("Greek yoghurt with oats and berries: protein you can eat standing up.", "dairy"),
    ),
    _topic(
        # cold water, not the freezer ("how do i not freeze to death in the water lol")
        r"\bcold water\b|\b(?:sea|winter|wild|open water|cold) swim\w*|\bin the (?:sea|ocean)\b"
        r"|\bfreez\w* (?:to death )?(?:in|at) the (?:water|sea|beach|lake)\b",
        "Go in slowly and breathe out long through the first minute, until the cold shock"
        " passes; keep it short at first (a minute or two is plenty in winter water), swim"
        " where others are, and have warm layers and a hot drink ready for after.",
    ),
    _topic(
        r"\bfreez\w*|\bleft ?overs?\b|\bleftover\b|\bbatch cook\w*|\bmeal prep\w*",
        "Let it cool, then freeze it in portions within two hours of cooking. It keeps about"
        " three months; thaw it in the fridge overnight and reheat it until piping hot.",
        "Freeze it flat in bags, a portion each: it thaws fast, and a future dinner is already"
        " made.",
    ),
    _topic(
        r"\bsnacks?\b|\beat\b|\bfood\b|\bhungry\b|\brefuel\b|\bbreakfast\b|\blunch\b",
        ("A banana and a handful of pretzels: quick carbs, easy on the stomach.", "gluten"),
        (
            "Toast with peanut butter and a sliced banana: carbs and a little protein.",
            "peanut gluten",
        ),
        ("Greek yoghurt with berries and a drizzle of honey.", "dairy sugar"),
        ("An apple with a small handful of almonds.", "nut"),
        ("Rice cakes with banana and a little honey: light, and easy on the stomach.", "sugar"),
        ("Hummus with carrot and cucumber sticks.", "sesame"),
        ("A boiled egg and an orange.", "egg"),
        ("A glass of chocolate milk: an old favourite after exercise.", "dairy sugar"),
        ("A bowl of oats with banana and cinnamon (made with water or oat milk).", ""),
    ),
    _topic(
        r"\bswim\w*|\bfreestyle\b|\bfront crawl\b|\bbreath\w* (?:sideways|to the side)\b"
        r"|\bswallow\w* (?:water|the pool|half the pool)\b",
        "Breathe out slowly through your nose while your face is in the water, then roll your "
        "head with your body so one goggle stays under: only a quick breath in is left to take.",
        "Practise at the wall first: hold it, face in, blow bubbles, turn to breathe, ten times. "
        "Add the kick once that feels easy.",
    ),
    _topic(
        r"\b(?:double|long|night|late|split|back to back|12 ?h(?:ou)?r|twelve hour)\s+shifts?\b"
        r"|\bdoubles\b|\bshifts? back to back\b|\bon my feet all day\b",
        "Eat a proper meal before the shift and keep two small snacks and a water bottle for "
        "the middle of it: much of the crash in a long shift is hunger and thirst, not hours.",
        "Take your break off your feet and away from the noise, even ten minutes: a real "
        "pause does more than pushing through.",
        "Guard the sleep between shifts: phone charging outside the bedroom, a dark, cool "
        "room, and bed as soon as you can once you're home.",
    ),
    _topic(
        r"\bsay(?:ing)? no\b|\bturn(?:ing)? (?:it|them|him|her) down\b|\bextra shifts?\b"
        r"|\bovertime\b|\bboundar(?:y|ies)\b"
        r"|\bwithout (?:looking|seeming|sounding) (?:lazy|rude)\b",
        "Keep it short and kind, with no long reasons: “I can't take that on right now, I'm at "
        "my limit.” A plain no, said once, is not lazy; it is how you keep doing well what you "
        "already do.",
        "If a flat no feels too hard, offer the smaller thing you can do: “Not this month, but "
        "I could help with one thing next month.” Then stop talking and let it land.",
    ),
    _topic(
        r"\bmanager\b|\bboss\b|\bsupervisor\b|\bteam lead\b|\bcolleague\b|\bcoworker\b"
        r"|\bhead chef\b|\bchef\b|\bforeman\b|\bline manager\b",
        "Write down the one or two points that stung most, then ask for ten minutes to go "
        "through them: “I'd like to understand what you'd want different next time.” Going "
        "in with questions keeps it about the work, not about you.",
        "Give it a night before you answer. Then pick one concrete thing to ask about, so the "
        "conversation has somewhere to go.",
    ),
    _topic(
        r"\bpassed away\b|\bdied\b|\bfuneral\b|\bgrie(?:f|ving)\b|\btaking it (?:really )?hard\b"
        r"|\blost (?:her|his|their|my) ",
        "You don't need the right words: “I'm here, and I miss him too” is enough. Sitting "
        "with them, or a cup of tea together, says the rest.",
        "Ask about a memory rather than how they're coping: “What do you keep thinking about?” "
        "gives the grief somewhere to go.",
    ),
    # Keeping in touch with someone far away ("should i write to her again, proper letters"):
    # before writing craft, which "write" would otherwise reach, and before quarrels.
    _topic(
        r"\bwrit(?:e|ing) (?:to|back to) (?:her|him|them|my|your)\b|\bletters? to\b"
        r"|\bproper letters?\b|\b(?:keep|keeping|stay|staying|get|getting)(?: back)? in touch\b"
        r"|\breach(?:ing)? out to\b"
        r"|\breconnect|\bcall (?:her|him|them) more\b|\bhaven'?t (?:spoken|talked) in\b",
        "Keep the first letter or message short: one small thing from your week and one "
        "question for them. The one that's easy to answer is the one that gets answered.",
        "Pick a day that's theirs, say the first Sunday of the month, and write or call then. "
        "A rhythm you both know does more than one long catch-up.",
    ),
    _topic(
        r"\bmy ex\b|\bex(?:-| )?(?:boyfriend|girlfriend|husband|wife|partner)\b|\bbroke up\b"
        r"|\bbreak ?up\b",
        "You don't owe an ex a reply, and certainly not tonight. If you do answer, wait until "
        "tomorrow and keep it short and kind; if you don't, that's an answer too.",
        "Ask yourself what you'd want from the conversation: if it's nothing, a reply can wait. "
        "Talk it over with a friend you trust before you answer.",
    ),
    _topic(
        r"\bflatmate\b|\broommate\b|\bhousemate\b|\bneighbou?r\b|\bpartner\b|\bsister\b"
        r"|\bbrother\b|\bmum\b|\bmom\b|\bdad\b|\bfriend\b"
        # whether to speak up at all ("should i say something or just let it go")
        r"|\bsay something\b|\bspeak up\b|\bbring it up\b|\blet it (?:go|slide)\b|\bconfront",
        "Pick a calm moment and name one specific thing, not everything: “Could we sort out "
        "the dishes after dinner?” One small agreement goes further than a big talk.",
        "Start with how it feels for you rather than what they do wrong: “I get stressed "
        "when…” tends to open a conversation instead of a defence.",
    ),
    _topic(
        r"\bwrit(?:e|ing)\b|\bnovel\b|\bdraft\b|\bchapter\b|\bpoems?\b|\bjournal",
        "Write badly on purpose for ten minutes: a first draft's only job is to exist. Stop "
        "mid-sentence, so tomorrow starts easy.",
        "Keep a notebook where you wait for the kettle and write while it boils: three "
        "sentences a day add up to a chapter a month.",
    ),
    # How to set a limit on an app ("how do i even set an app limit on android").
    _topic(
        r"\b(?:app|time|screen ?time) limits?\b|\bapp timers?\b"
        r"|\blimit (?:on )?(?:tiktok|instagram|the apps?|apps)\b",
        "On Android: Settings, then Digital Wellbeing & parental controls, then Dashboard; tap "
        "the app and set an app timer. On an iPhone: Settings, then Screen Time, then App "
        "Limits. Start with a limit you'd barely notice, then trim it.",
    ),
    # The phone first thing ("how do i stop grabbing my phone the second i wake up").
    _topic(
        r"\b(?:grab\w*|check\w*|reach\w* for|pick\w* up|scroll\w*|on) (?:my |the )?phone\b"
        r"[^.?!]{0,40}\b(?:wake|woke|waking|morning|get up)\b"
        r"|\b(?:wake|woke|waking|morning)\b[^.?!]{0,30}\b(?:grab|check|reach for|scroll)\w*"
        r" (?:my |the )?phone\b",
        "Give the phone a bed outside the bedroom and a cheap alarm clock the job of waking "
        "you. Put a glass of water or your book where the phone used to be, so your hand finds "
        "something else first.",
    ),
    # Off the phone ("any ideas for getting off my phone at night"): before sleep, whose
    # night-shift tip shares "phone" and "night".
    _topic(
        r"\b(?:off|away from|put down|down|less on|stop (?:using|checking)) (?:my |the )?phone\b"
        r"|\bscroll\w*|\btiktok\b|\binstagram\b|\bscreen ?time\b|\bon my phone\b",
        "Charge your phone outside the bedroom and put a cheap alarm clock by the bed: the "
        "scroll can't start if the phone isn't within reach.",
        "Set a wind-down time on your phone (Screen Time or Digital Wellbeing) that greys the "
        "apps out at night: a little friction is often enough to put it down.",
    ),
    # Reading more, asked about in words that also speak of being tired ("any tips for reading
    # more when im this tired"): before sleep, whose "tired" would reach it first.
    _topic(
        r"\b(?:read(?:ing)? more|more reading|tips? for reading|(?:get|getting) back into reading"
        r"|read(?:ing)? when)\b",
        "On tired nights, make it tiny: five pages, with the book already open on your pillow. "
        "Tired reading still counts, and five pages often turn into twenty.",
        "Swap one scroll for a few pages: when you reach for your phone in bed, pick up the "
        "book instead, just until the chapter ends.",
    ),
    # A mind that will not switch off ("its more my brain wont switch off"): before sleep in
    # general, whose dark-room tips they may have already.
    _topic(
        r"\b(?:brain|mind|head|thoughts?)\b[^.?!]{0,20}\b(?:won'?t|wont|can'?t|cant|doesn'?t"
        r"|doesnt|never) (?:switch off|stop|shut up|turn off|quiet(?:en)? down|slow down|settle)\b"
        r"|\bracing (?:mind|thoughts)\b|\boverthink\w* (?:at night|in bed)\b",
        "Before you lie down, write everything going round your head on paper, with one next "
        "step beside each; it tells your brain it's safe to let go until later.",
        "When the thoughts start, give them somewhere boring to go: count back from 300 in "
        "threes, or picture a walk you know well, step by step. Lost count? Start again.",
    ),
    # A walk when it rains ("my wife says i should walk in the mall when it rains. is that a
    # good idea"): yes, indoors counts.
    _topic(
        r"\b(?:walk\w*|run\w*|jog\w*|exercis\w*)\b[^.?!]{0,40}\b(?:rain\w*|mall|indoors?"
        r"|inside|bad weather)\b|\b(?:rain\w*|mall)\b[^.?!]{0,40}\bwalk\w*",
        "On rainy days, walk indoors: a mall, a covered market or the stairs at home. Same "
        "habit, dry feet, and it counts just the same.",
    ),
    # Something kind to do tonight after a hard day ("give me one thing i can do tonight that
    # isnt crying into pasta").
    _topic(
        r"\b(?:one thing|something|anything)\b[^.?!]{0,20}\b(?:tonight|this evening)\b"
        r"|\b(?:after|on) (?:a|this|such a) (?:bad|rough|awful|horrible|long|hard|shit) day\b",
        "Make tonight small and kind: something warm to eat, one episode or album you love, "
        "and bed a little early. A bad day doesn't need fixing tonight.",
        "Step outside for ten minutes, even just round the block, then something warm to eat. "
        "Moving a little and eating properly take the edge off most hard days.",
    ),
    # Awake at the wheel after a long shift ("tips for staying awake on the drive home after
    # 12 hrs"): safety first, before sleep, whose "awake" would reach it first.
    _topic(
        r"\b(?:stay\w*|keep\w*) (?:awake|alert)\b[^.?!]{0,40}"
        r"\b(?:driv\w*|drive|car|wheel|road)\b"
        r"|\b(?:driv\w*|drive|wheel)\b[^.?!]{0,40}\b(?:awake|alert|drowsy|nod(?:ding)? off"
        r"|falling asleep)\b",
        "If you're that tired, the safest fix is not to drive drowsy: a 15 to 20 minute nap in "
        "the car park before you set off, or a lift, a taxi or the bus home. Windows down and "
        "music don't keep a tired brain safe for long.",
    ),
    # Fitting a goal around work ("what would you suggest for someone who works nights"):
    # before sleep, which "nights" would otherwise not reach, and before the manager.
    _topic(
        r"\b(?:works?|working|on) (?:nights|night shifts?|shifts|lates|earlies|long hours)\b"
        r"|\bshift ?work(?:er)?\b|\bfit (?:it|this|that|them|\w+) (?:in|around)\b"
        r"|\b(?:no|never have|dont have|don't have) (?:the )?time\b|\bbusy (?:schedule|week)\b",
        "Tie it to something that already happens every shift: ten minutes on your break, or "
        "on the way home before you sleep. The same slot each time makes it automatic.",
        "Plan it for your days off and count work days as a bonus: two good sessions a week "
        "beat a daily plan that your rota keeps breaking.",
    ),
    _topic(
        r"\b(?:a)?sleep(?:ing|s)?\b|\bslept\b|\bdaylight\b|\binsomnia\b|\btired\b(?! of)"
        r"|\bbed ?time\b|\bawake\b"
        r"|\bwak(?:e|ing) up (?:at|in the night)\b",
        "Try a wind-down alarm thirty minutes before bed: screens away, lights low, the same "
        "small routine each night.",
        "If you're still awake after twenty minutes, get up and read something dull in dim "
        "light, then try again. Lying there fighting it keeps the mind busy.",
        "To sleep in daylight after a night shift, make the room night: blackout curtains or "
        "an eye mask, earplugs, and the phone face down in another room.",
    ),
    _topic(
        r"\bpaint\w*|\bdraw(?:ing|s)?\b|\bsketch\w*|\bwatercolou?rs?\b|\bacrylics?\b"
        r"|\bbrush(?:es)?\b|\bcanvas\w*|\bart supplies\b|\bpencils?\b|\bgouache\b",
        "For cheap supplies, a student-grade pan set of twelve colours, one round brush (a "
        "size 8) and a pad of cold-pressed watercolour paper are all you need. Spend on the "
        "paper before the paints: it matters more.",
        "Paint something simple that sits still first, like one piece of fruit, a mug or the "
        "view from a window. One object, ten minutes, and no rescuing it afterwards.",
        "Do five small studies instead of one big picture: postcard size, ten minutes each. "
        "Small and many teaches faster than one precious piece.",
        "Copy a corner of a painting you love, just for practice: it's how painters have "
        "always learned, and it takes the blank page away.",
    ),
    _topic(
        r"\bphotos?\b|\bphotograph\w*|\bpictures?\b|\bcamera\b|\bcomposition\b|\bshots?\b"
        r"(?=.{0,40}\b(?:boring|better|flat|dull|interesting|improve|nicer|good)\b)"
        r"|\b(?:street|portrait|landscape) (?:photos?|photography|shots?)\b",
        "Get closer than feels comfortable, then wait: let a person walk into your frame "
        "instead of chasing them. A scene with someone passing through tells a story.",
        "Give yourself one rule for a whole walk, like only shadows, only the colour red or "
        "only hands. A limit makes you look harder, and the photos get more interesting.",
        "Shoot from somewhere unusual: crouch low, or frame the scene through a doorway or a "
        "window. The same street looks new from knee height.",
    ),
    _topic(
        r"\bguitar\b|\bpiano\b|\bukulele\b|\bviolin\b|\binstrument\b|\bchords?\b"
        r"|\bscales\b|\bsing(?:ing)?\b|\bkeyboard\b|\bdrums?\b|\bpractis\w*|\bpractic\w*",
        "Practise little and often: ten minutes a day beats an hour on Sunday. Start with the "
        "one bit you keep fumbling, slowly, five times.",
        "Play the tricky part at half speed until it's clean, then nudge the tempo up. Slow "
        "and right builds speed faster than fast and wrong.",
    ),
    _topic(
        r"\bspanish\b|\bfrench\b|\bgerman\b|\bitalian\b|\bjapanese\b|\bportuguese\b"
        r"|\bmandarin\b|\blanguages?\b|\bvocab\w*|\bduolingo\b|\bfluent\w*|\bgrammar\b",
        "Ten minutes a day at the same time beats a long weekly session: five new words, each "
        "said out loud in a sentence about your own life.",
        "Watch something you already know well, in the new language with its subtitles: you "
        "know the story, so your ear can do the work.",
        "Label a few things at home with sticky notes in the new language, and swap them for "
        "new ones each week.",
    ),
    _topic(
        r"\bbooks?\b|\bread(?:ing)? more\b|\breading\b|\bpages\b|\bkindle\b",
        "Keep the book where your phone usually sits, and read ten pages before bed. A page "
        "count is easier to keep than a time.",
        "Pick something you actually want to read, not what you feel you should: a gripping "
        "book builds the habit for you.",
    ),
    _topic(
        r"\bprocrastinat|\bmotivat|\bget started\b|\bstart\b|\blazy\b|\bstuck\b|\bput off\b",
        "Shrink the first step until it's almost silly: open the file and write one sentence, "
        "or put your shoes by the door. Starting is the hard part.",
        "Set a timer for ten minutes and promise yourself you can stop when it rings. Most "
        "days you won't want to.",
    ),
    _topic(
        r"\bstudy\b|\bexams?\b|\brevis|\bhomework\b|\bessay\b|\bthesis\b",
        "Try 25 minutes of focused work with your phone in another room, then a 5-minute "
        "break. Three rounds is a real session.",
        "Test yourself instead of re-reading: cover your notes and write down what you "
        "remember. It sticks far better.",
    ),
    _topic(
        r"\bstretch\w*|\bflexib\w*|\btoe touch|\bhamstrings?\b|\bcalf\b|\bcalves\b|\byoga\b",
        "Hold each stretch for about 30 seconds and breathe out slowly into it: a mild pull, "
        "never pain, and no bouncing. Two rounds per side is plenty.",
        "Stretch after you move, while your muscles are warm, not cold first thing: it feels "
        "easier and does more.",
    ),
    _topic(
        r"\bfinger ?tips?\b|\bcallus\w*|\bfinger pain\b|\bfingers?\b(?=.{0,30}\b(?:hurt|hurts"
        r"|hurting|sore|pain|ache|aching|killing|raw|blisters?|burn|burning)\b)",
        "Sore fingertips are normal at the start: they harden into calluses in two or three "
        "weeks. Play little and often, and stop before it stings.",
    ),
    _topic(
        r"\b(?:clicking|clicks|clicked|cracking|popping)\b"
        r"|\b(?:knees?|hips?|ankles?|joints?|shoulders?)\b(?=.{0,30}\b(?:click|crack|pop)\w*)",
        "A joint that clicks without pain is usually nothing to worry about. If it hurts, swells "
        "or gives way, ease off that exercise and get it looked at.",
    ),
    _topic(
        r"\bsore\b|\bsoreness\b|\baching\b|\bachy\b|\blegs? (?:r|are|is) (?:dead|jelly|done)"
        r"|\b(?:knees?|hips?|ankles?|joints?|back|shins?)\b(?=.{0,30}\b(?:hurt|hurts|hurting|killing"
        r"|sore|aching|ache|achy|unhappy|happy|bad|playing up|grumbling)\b)"
        r"|\b(?:about|for|with) my (?:knees?|hips?|ankles?|joints?|back|shins?)\b",
        "Keep moving gently today: an easy walk and a few slow stretches ease soreness better "
        "than resting still. A sharp pain is different: that one deserves a rest and a doctor.",
    ),
    _topic(
        r"\bcravings?\b|\burges?\b|\bvap(?:e|es|ing)\b|\bsmok\w*|\bcigs?\b|\bcigarettes?\b"
        r"|\bnicotine\b",
        "A craving peaks and passes in a few minutes: name it (“there's the craving”), breathe "
        "out slowly three times, and give your hands something to do until it goes.",
        "Keep something in reach for that moment: water, gum or a mint. Hands and mouth busy "
        "for five minutes gets you past the worst of it.",
    ),
    _topic(
        r"\bswim\w*|\bpool\b|\bunderwater\b|\bwater\b(?:\W+\w+){0,3}\W+(?:face|head|nose|eyes)\b"
        r"|\b(?:face|head) (?:in|under) the water\b|\bfloat(?:ing)?\b",
        "Stand in water to your chest, hold the side, and breathe out slowly through your mouth "
        "as you lower your chin in: blowing bubbles keeps the water out, so there is nothing "
        "to hold your breath against.",
        "Put your face in for a count of three, then stand up. Do it five times: the panic "
        "shrinks each time your body learns it can always stand up.",
    ),
    _topic(
        r"\bpanic\w*|\bfreak(?:ing)? out\b|\bscared\b|\bafraid\b|\bfrightened\b|\bnervous\b",
        "When it rises, breathe out slowly, longer out than in, three times: a long breath out "
        "tells your body there is no emergency.",
        "Do the scary thing in a smaller size first, on purpose, a few times in a row: "
        "fear shrinks with practice, not with waiting.",
    ),
    # How far a first run should be ("is that ok for a first one or too long", said of a 3.5k
    # loop): walk-run it, distance later.
    _topic(
        r"\b(?:too (?:long|far)|how far|how long)\b[^.?!]*\b(?:first|loop|run|route|km|k)\b"
        r"|\b(?:first (?:one|run|loop|time)|loop|route)\b[^.?!]*\btoo (?:long|far)\b",
        "For a first run back, any loop is fine if you walk-run it: jog a minute, walk two, and "
        "turn for home while it still feels easy. Distance can come later; the habit comes "
        "first.",
        "Start with half of it: out for ten minutes, walk-running, and back. If it felt easy, "
        "next time go a little further. Finishing wanting more is the point.",
    ),
    # A first timed run ("whats a parkrun even like for a beginner"): before running in
    # general, and before music, whose "practice" the message before may share.
    _topic(
        r"\bpark ?run\b|\b(?:first|a|my) (?:5k|10k|fun run|race)\b|\brace day\b",
        "A parkrun is a free, timed 5k on Saturday mornings, and walkers are welcome: someone "
        "always finishes last on purpose (the tail walker). Start near the back, go at a pace "
        "you could talk at, and let this first run be a practice.",
        "On the day, eat something small two hours before and start slower than feels right: "
        "most first races go too fast in the first kilometre. Finishing comfortably is the "
        "win.",
    ),
    _topic(
        r"\brun\b|\brunning\b|\bjog\b|\bworkout\b|\bgym\b|\bexercise\b|\bfit\b",
        "Go slower than feels necessary: a pace you could chat at builds the habit without "
        "wrecking your legs.",
        "Lay out your kit the night before, so tomorrow's first step is already done.",
    ),
    _topic(
        r"\bmarking\b|\bgrading\b|\bmocks\b|\bpaperwork\b|\binbox\b|\bemails\b|\breports\b"
        r"|\bworkload\b|\bpile of\b|\bbacklog\b|\blosing my mind\b",
        "Split it into small batches: ten at a time, then five minutes away from the desk. "
        "Counting batches done feels better than staring at the pile.",
        "Do the two easiest first to get moving, and set a stop time tonight: a fresh hour "
        "tomorrow beats a tired one now.",
    ),
    _topic(
        r"\bstress\w*\b|\boverwhelm\w*\b|\btoo much\b|\bso much to do\b|\bbusy\b",
        "Write down everything on your mind, then circle just one thing for the next hour. "
        "The rest can wait on the paper.",
        "Take a five-minute walk without your phone. It won't fix the list, but it resets the "
        "head that has to face it.",
    ),
)
