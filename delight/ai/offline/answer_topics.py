"""Which remembered facts answer which question: data for answers.py.

A topic is found by the words of the question; it is answered by the memories whose key
starts with one of its prefixes. `about` is how Eliza names the topic when she does not know it yet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Topic:
    name: str
    asks: re.Pattern[str]
    prefixes: tuple[str, ...]
    about: str


def _topic(name: str, asks: str, prefixes: tuple[str, ...], about: str) -> Topic:
    return Topic(name, re.compile(asks, re.I), prefixes, about)


TOPICS: tuple[Topic, ...] = (
    _topic("name", r"\bmy (?:own )?name\b|\bwho am i\b|\bwhat am i called\b", ("name",),
           "your name"),
    _topic("where", r"\bwhere\b|\b(?:live|lives|living|city|town|country|home|flat|house|based"
           r"|moved|grew up|raised|hometown)\b", ("location", "hometown"), "where you live"),
    _topic("pets", r"\b(?:pets?|dogs?|cats?|animals?|pupp(?:y|ies)|kittens?|hamsters?|rabbits?"
           r"|guinea pigs?|parrots?|fish|breed)\b", ("pet:",), "your pets"),
    _topic("family", r"\b(?:family|relatives|siblings?|sisters?|brothers?|mum|mom|mother|dad"
           r"|father|parents|wife|husband|partner|boyfriend|girlfriend|kids|children|sons?"
           r"|daughters?|grand\w+|nephews?|nieces?|cousins?|aunt|uncle|in laws?|friends?"
           r"|roommate|flatmate|people)\b", ("relation:",), "your family and friends"),
    _topic("work", r"\b(?:work|works|job|career|for a living|profession|boss|office|company"
           r"|employer|studies|study|studied|degree|university)\b",
           ("occupation", "employer", "studies"), "your work"),
    _topic("food", r"\b(?:eat|eating|food|foods|allerg\w*|diet|dairy|gluten|vegetarian|vegan"
           r"|intoleran\w*|drink)\b", ("food:",), "what you eat"),
    _topic("health", r"\b(?:health|healthy|medical|condition|conditions|illness|medication"
           r"|knees?|back|injur\w*|diabet\w*|asthma|operation|surgery|body)\b",
           ("health:", "food:"), "your health"),
    _topic("fears", r"\b(?:scared|afraid|fears?|terrified|frighten\w*|phobias?|scares)\b",
           ("fear:",), "what frightens you"),
    _topic("wins", r"\b(?:wins?|proud|achiev\w*|accomplish\w*|success\w*|did i do well)\b",
           ("win:", "done:"), "your wins"),
    _topic("likes", r"\b(?:likes?|loves?|enjoy|hobby|hobbies|favou?rite|interests?|into|fun"
           r"|music|band|team|prefer|play|instrument|sport|support|learning)\b",
           ("likes:", "prefers:", "hobby:", "learning:", "team"), "what you enjoy"),
    _topic("goals", r"\b(?:goals?|plans?|dreams?|aims?|working towards?)\b", ("goal:",),
           "your goals"),
    _topic("age", r"\b(?:how old|my age|birthday|born)\b", ("age", "birthday"),
           "your birthday"),
    _topic("car", r"\b(?:car|cars|drive|drives|vehicle|motorbike|scooter)\b", ("car",),
           "what you drive"),
)  # fmt: skip

# Who a question can be about ("my sister", "she"): the relation keys' words.
RELATION_WORDS = re.compile(
    r"\b(wife|husband|partner|boyfriend|girlfriend|son|daughter|sister|brother|mother|mom|mum"
    r"|father|dad|grandma|grandmother|grandpa|grandfather|grandson|granddaughter|aunt|uncle"
    r"|cousin|nephew|niece|best friend|friend|roommate|flatmate|boss|colleague)\b",
    re.I,
)
# The same relative under another word: a question about "mom" finds "mum".
SAME_RELATION = {"mom": "mum", "mother": "mum", "father": "dad"}
PET_WORDS = re.compile(r"\b(dog|cat|rabbit|hamster|guinea pig|parrot|bird|fish|horse)s?\b", re.I)
# A question about the person as a whole ("what do you remember about me?").
ABOUT_THEM = re.compile(r"\b(?:me|myself|about me|on me|our last|so far|everything)\b", re.I)
# Asked for a name: a relative's name, not where they live.
# Words that only name ("is called") or own ("you have a son"): a phrase with nothing else
# is said by a longer one ("your son is called Theo").
NAMING_WORDS = {
    "is",
    "are",
    "called",
    "named",
    "name",
    "s",
    "you",
    "your",
    "have",
    "has",
    "a",
    "an",
}
ASKS_NAME = re.compile(r"\b(?:name|names|called)\b", re.I)
PRONOUNS = re.compile(r"\b(she|her|he|him|his|they|them|their)\b", re.I)

# What Eliza says, in her own words.
FOUND_ONE = (
    "You told me {0}.",
    "I remember: {0}.",
)
FOUND_MANY = (
    "Here's what I remember: {0}.",
    "From what you've told me: {0}.",
)
UNKNOWN = (
    "I don't know that yet — you haven't told me about {0}. I'd love to hear, if you'd like "
    "to share.",
    "Honestly, I don't know — you haven't mentioned {0} to me yet.",
)
UNKNOWN_THAT = ("I don't think you've told me that yet. I'd love to know, if you'd like to share.",)
UNKNOWN_ANYTHING = (
    "I don't know much about you yet — we're only getting started. Tell me anything you'd "
    "like me to remember.",
)
LEARNED = (
    "Thank you for telling me — I'll remember that {0}.",
    "Got it: {0}. I'll keep that in mind.",
)
