"""What Eliza says when asked for something out of her reach (act_replies.decline): the words
of each kind of request and the honest answer to it, first match wins. Data."""

from __future__ import annotations

import re

from delight.ai.text import (
    DOSE_ASKED,
    OTHER_LANGUAGE_ASKED,
    PET_ATE_ASKED,
    PET_ATE_TOLD,
    PET_HEALTH_ASKED,
    VET_CLOSED,
)

# A book, film or show: asked what it is about or whether it is any good.
REVIEW_ASKED = (
    r"\bis (?:it|that|this|the (?:book|film|movie|show|series)) (?:any good|good|worth (?:reading"
    r"|watching|it))\b|\bwhat'?s (?:the )?[\w' ]{2,40} about\b"
)
# Out of reach, honestly: what she cannot do, and what she can instead.
DECLINE: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), words)
    for pattern, words in (
        (
            # A review asked for ("whats the thursday murder club about, is it any good"):
            # before buying and booking, whose "book" it shares.
            REVIEW_ASKED,
            "I haven't read or watched it myself{n}, so I can't say if it's good: I don't see "
            "reviews from here. Whoever recommended it is your best guide, or the first chapter "
            "is. What made you pick it up?",
        ),
        (
            OTHER_LANGUAGE_ASKED,
            "I'm best in English{n}, so I'll answer in English. Write however comes naturally, "
            "though: a word or two in your own language is fine.",
        ),
        (
            VET_CLOSED,
            "If your vet is closed{n}, an out-of-hours or emergency vet will answer now: ring "
            "them, say what happened, how much and when, and go if they say so.",
        ),
        (
            r"\bweather\b|\bforecast\b|\brain\b|\bsunny\b|\btemperature\b",
            "I can't check the weather from here{n}: I don't see live information like "
            "forecasts. A weather app will know. Is the weather getting in the way of a plan?",
        ),
        (
            r"\bopen\b|\bopening (?:times|hours)\b|\bclos(?:e|es|ed|ing)\b",
            "I can't check opening times from here{n}: the place's website or a maps app will "
            "have them. Planning a visit?",
        ),
        (
            r"\bmusic\b|\bsongs?\b|\bplaylist\b|\bspotify\b|\btunes?\b|\bplay\b",
            "I can't play music from here{n}: your music app will do that better. What would "
            "you put on?",
        ),
        (
            r"\bremind\b",
            "I can only remind you of your habits{n}, at a time you choose: for anything else "
            "your phone's alarm will hold it better than I can. When you've done it, tell me and "
            "I'll count it.",
        ),
        (
            r"\btime is it in\b|\btime zone\b",
            "I can't look up the time in other places{n}: your phone's world clock will know. "
            "Is something there on your mind?",
        ),
        (
            r"\bnews\b|\bheadlines?\b|\bscores?\b|\bwho won\b|\belection\b|\bstocks?\b",
            "I can't see the news or live scores{n}: I only know what's here between us. Is "
            "something in the news on your mind?",
        ),
        (
            r"\bbook\b|\border\b|\bbuy\b|\breserve\b|\bdeliver",
            "I can't book or buy things for you{n}, but I can help you plan it. Shall I note it "
            "as a small mission so it doesn't slip?",
        ),
        (
            # Asking her to call for help is asking for help: the lines that answer come first.
            r"\bcall (?:someone|somebody|anyone|anybody|for help|an ambulance|911|999|112|988)\b",
            "I can't make calls myself{n}, but people can answer right now: your local emergency "
            "number if you're in danger, or a crisis line: in the US call or text 988, in the UK "
            "and Ireland call Samaritans on 116 123. Is there someone you trust you could call?",
        ),
        (
            r"\btext\b|\bemail\b|\bmessage\b|\bcall\b|\bsend\b|\btell (?:her|him|them|my)\b",
            "I can't send messages to anyone for you{n}, but I can help you work out what to "
            "say. Who is it for?",
        ),
        (
            # An animal's health ("my dog ate chocolate what do i do"): the vet, at once if
            # it may have eaten something harmful.
            rf"{PET_ATE_ASKED}|{PET_ATE_TOLD}",
            "I can't judge what's harmful for an animal from here{n}. If it may have eaten "
            "something bad for it, ring your vet or an emergency vet now rather than waiting "
            "to see: they'll want to know what, how much, and when.",
        ),
        (
            PET_HEALTH_ASKED,
            "I can't judge an animal's health from here{n}: your vet is the one to ask. If it "
            "keeps on, or they seem off in themselves, it's worth booking them in.",
        ),
        (
            r"\bdoctor\b|\bdiagnos|\bmedic|\bsymptom|\bprescri|\bdose\b|\brash\b|\bpain"
            r"|\binfected\b|\bserious\b|\bnormal\b|\bantihistamine|\btablets?\b|\bpills?\b"
            rf"|\bshould i (?:be )?worr|\bmelatonin\b|\bsupplements?\b|\bvitamins?\b|{DOSE_ASKED}",
            "I can't judge health questions from here{n}: a doctor, pharmacist or vet is the "
            "right person, and if it feels urgent, don't wait. I can help you keep track of what "
            "you notice, though.",
        ),
    )
)
DECLINE_OTHER = (
    "That's outside what I can do from here{n}: I don't have access to the internet or other "
    "apps. I can help with your goals, your missions, or just listen. What would help?"
)
