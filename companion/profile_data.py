"""The tables of the "About you" page: how the learned profile is laid out and worded.

Data only; the logic that reads it is in companion/about.py (the page's read model) and
companion/services/profile.py (edits). Keys are read by their prefix (the part before ":"),
so a new kind of fact ("pet:dog", "diet:shellfish") lands in a section without code changes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """A profile field backed by one keyed memory.

    `keys`: the memory keys that can hold it, the first one used for a new memory;
    `prefixes`: how the memory's sentence begins before the value ("Lives in " Leeds);
    `phrase`: the sentence a value edited by the person is kept as, with "a" or "an" before
    the value when `article` ("Works as a nurse"); `question`: the edit form's label.
    """

    name: str
    keys: tuple[str, ...]
    prefixes: tuple[str, ...]
    phrase: str
    question: str
    article: bool = False


@dataclass(frozen=True)
class Section:
    """One card of the page: the keyed memories whose key prefix is one of `prefixes`, and
    the profile field shown first when `field` is set."""

    slug: str
    title: str
    prefixes: tuple[str, ...]
    field: str = ""
    empty: str = "Nothing yet."


FIELDS = {
    "name": Field("name", ("name",), ("Name is ",), "Name is {}", "What should Eliza call you?"),
    "location": Field(
        "location", ("location", "place:home"), ("Lives in ",), "Lives in {}", "Where do you live?"
    ),
    "occupation": Field(
        "occupation",
        ("occupation", "work:job"),
        ("Works as a ", "Works as an ", "Works as "),
        "Works as {}",
        "What do you do for a living?",
        article=True,
    ),
}

# Memories under these prefixes are what the person likes; they feed the profile's interests.
INTEREST_KEY_PREFIX = "likes"
INTEREST_PREFIXES = ("Loves ", "Likes ", "Enjoys ")
INTEREST_PHRASE = "Likes {}"

SECTIONS = (
    Section("name", "What to call you", ("name",), field="name", empty="Eliza does not know it."),
    Section(
        "home",
        "Where you live",
        ("location", "place", "home", "hometown"),
        field="location",
        empty="Eliza does not know where you live.",
    ),
    Section(
        "work",
        "Your work and studies",
        ("occupation", "work", "job", "employer", "studies", "school"),
        field="occupation",
        empty="Eliza does not know what you do.",
    ),
    Section(
        "people",
        "People in your life",
        ("person", "relation", "people", "family", "partner", "friend"),
        empty="Nobody yet. Tell Eliza about the people who matter to you.",
    ),
    Section(
        "interests",
        "What you like and dislike",
        (INTEREST_KEY_PREFIX, "interest", "hobby", "dislikes"),
        empty="Nothing yet.",
    ),
)
# Keyed memories no section claims (pets, diet, routines, preferences …).
OTHER_SECTION = Section("other", "Other things Eliza knows", (), empty="Nothing else yet.")

STYLE_QUESTION = "How do you write to Eliza?"

# How a person writes, as the profile keeps it (learning.communication_style) and as the
# page says it.
STYLES = {
    "brief": "In short messages",
    "conversational": "In an easy, chatty way",
    "detailed": "In long, detailed messages",
    "expressive": "With lots of feeling: emoji and exclamation marks",
}
